/** Small display helpers shared by the account, usage and pricing pages. */

/**
 * Share of `used` in `total` as a percentage: 0 when the total is 0 or less, never above 100
 * (an account that spent pack credits past its allowance still shows a full meter, not 140 %).
 */
export function percentage(used: number, total: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(used) || used <= 0) return 0;
  return Math.min(100, (used / total) * 100);
}

export function formatNumber(n: number): string {
  return Math.round(n).toLocaleString('en-US');
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
