/** Small display helpers shared by the account, usage and pricing pages. */

/**
 * Share of `used` in `total` as a percentage: 0 when the total is 0 or less, never above 100
 * (an account that spent pack credits past its allowance still shows a full meter, not 140 %).
 */
export function percentage(used: number, total: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(used) || used <= 0) return 0;
  return Math.min(100, (used / total) * 100);
}

/** 12,345: digits grouped in threes by hand, as the first Intl call of a page costs tens of milliseconds on a phone. */
export function formatNumber(n: number): string {
  const r = Math.round(n);
  if (Number.isNaN(r)) return 'NaN';
  if (!Number.isFinite(r)) return r > 0 ? '∞' : '-∞';
  const digits = String(Math.abs(r)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return r < 0 ? `-${digits}` : digits;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "16 Nov 2026", the UTC day: the same on the server that renders a page and in every reader's time zone (no Intl, as above). */
export function formatUtcDay(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** 1.2K, 3.4M: for chart axes and tight spaces. */
export function formatCompact(n: number): string {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(n);
}

/** A date as "Nov 23, 2026". Billing dates are instants; they are shown in UTC so every reader sees the same day. */
export function formatDate(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(d);
}

/** A date and time, in the reader's time zone (activity lists). */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(d);
}

/** "YYYY-MM-DD" (UTC day of the usage history) as "Nov 23". */
export function formatDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(d);
}

/** A probability with two decimals ("95.12%"), as the detector reports it. */
export function percent(p: number): string {
  return `${(p * 100).toFixed(2)}%`;
}

/**
 * A probability as a whole percent ("95%"), for gauges, chips and tooltips where two decimals are noise. A probability
 * short of certainty never reads as certain: 0.9957 is "99%", not "100%" (and 0.004 is "1%").
 */
export function wholePercent(p: number): string {
  const n = Math.round(p * 100);
  return `${p > 0 && p < 1 ? Math.min(99, Math.max(1, n)) : n}%`;
}
