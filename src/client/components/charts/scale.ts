/** Pure helpers behind the stacked bar chart: axis scaling, day filling and stacking (unit-tested). */

/** The smallest "nice" number (1, 2, 2.5 or 5 times a power of ten) at or above `max`; 1 for an empty chart. */
export function niceCeiling(max: number): number {
  if (!Number.isFinite(max) || max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    const candidate = step * power;
    if (candidate >= max - power * 1e-9) return candidate;
  }
  return 10 * power;
}

/** Evenly spaced ticks from 0 to `ceiling` inclusive. */
export function axisTicks(ceiling: number, intervals = 4): number[] {
  return Array.from({ length: intervals + 1 }, (_, i) => (ceiling * i) / intervals);
}

/** Every UTC day of the window ending `today`, oldest first, as YYYY-MM-DD. */
export function dayRange(days: number, today: Date): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: Math.max(0, days) }, (_, i) => new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

export interface Series {
  key: string;
  label: string;
  color: string;
}

export interface StackedBar {
  label: string;
  total: number;
  segments: { key: string; value: number; y0: number; y1: number }[];
}

/** Segments of each bar in series order, each from y0 to y1 in data units; zero values are left out. */
export function stackBars(rows: { label: string; values: Record<string, number> }[], series: readonly Series[]): StackedBar[] {
  return rows.map((row) => {
    let y = 0;
    const segments = [];
    for (const s of series) {
      const value = row.values[s.key] ?? 0;
      if (value <= 0) continue;
      segments.push({ key: s.key, value, y0: y, y1: y + value });
      y += value;
    }
    return { label: row.label, total: y, segments };
  });
}

/**
 * Series keys by total, largest first. Beyond `max` series the rest are merged into `otherKey`, so the
 * legend and colours stay readable however many tools were used.
 */
export function rankSeries(totals: Record<string, number>, max: number, otherKey = 'other'): { keys: string[]; merged: string[] } {
  const ranked = Object.entries(totals)
    .filter(([, v]) => v > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k]) => k);
  if (ranked.length <= max) return { keys: ranked, merged: [] };
  return { keys: [...ranked.slice(0, max - 1), otherKey], merged: ranked.slice(max - 1) };
}
