import { useId } from 'react';
import { BarChart3 } from 'lucide-react';
import { cn } from '@/client/lib/utils';
import { axisTicks, niceCeiling, stackBars, type Series } from './scale';

export type { Series };

export interface ChartRow {
  /** Short label under the bar (e.g. "Nov 23"). */
  label: string;
  values: Record<string, number>;
}

/**
 * A stacked bar chart in plain SVG, with a legend and the same numbers as a table for screen readers
 * and keyboard users. Bars are laid out in percentages, so the chart fills any width down to a phone's.
 */
export function StackedBarChart({
  title,
  rows,
  series,
  unit,
  format = (n) => n.toLocaleString('en-US'),
  formatAxis = format,
  emptyMessage,
  categoryLabel = 'Day',
}: {
  title: string;
  /** Header of the table's first column. */
  categoryLabel?: string;
  rows: ChartRow[];
  series: readonly Series[];
  /** What the values count, for the table header and tooltips (e.g. "characters"). */
  unit: string;
  format?: (n: number) => string;
  formatAxis?: (n: number) => string;
  emptyMessage: string;
}) {
  const id = useId();
  const bars = stackBars(rows, series);
  const max = Math.max(0, ...bars.map((b) => b.total));
  if (max === 0) {
    return (
      <div
        role="status"
        className="flex min-h-48 flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground"
        data-testid="chart-empty"
      >
        <BarChart3 className="size-6 text-muted-foreground/70" aria-hidden />
        {emptyMessage}
      </div>
    );
  }
  const ceiling = niceCeiling(max);
  const ticks = axisTicks(ceiling);
  const n = bars.length;
  const gap = n > 40 ? 0.1 : 0.2;
  const pct = (v: number) => `${(v / ceiling) * 100}%`;
  // fewer day labels on a phone; counted from the right, so the latest bar (today) is always labelled
  // (the phone's labels are a subset of the wide ones, so they never collide)
  const labelEveryWide = Math.max(1, Math.ceil(n / 7));
  const labelEveryNarrow = labelEveryWide * 2;
  const colorOf = new Map(series.map((s) => [s.key, s]));
  const used = series.filter((s) => bars.some((b) => b.segments.some((seg) => seg.key === s.key)));

  return (
    <figure className="grid gap-3" data-testid="stacked-bar-chart">
      <div className="flex gap-2">
        <div aria-hidden className="relative h-52 w-11 shrink-0 text-right text-[11px] tabular-nums text-muted-foreground">
          {ticks.map((t) => (
            <span key={t} className="absolute right-0 -translate-y-1/2" style={{ top: `${100 - (t / ceiling) * 100}%` }}>
              {formatAxis(t)}
            </span>
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <svg role="img" aria-labelledby={`${id}-title`} className="block h-52 w-full overflow-visible">
            <title id={`${id}-title`}>{`${title}: ${bars.length} bars, the table below lists the values`}</title>
            {ticks.map((t) => (
              <line key={t} x1="0" x2="100%" y1={`${100 - (t / ceiling) * 100}%`} y2={`${100 - (t / ceiling) * 100}%`} stroke="var(--border)" strokeWidth={1} />
            ))}
            {bars.map((bar, i) =>
              bar.segments.map((seg) => (
                <rect
                  key={`${i}-${seg.key}`}
                  x={`${((i + gap / 2) / n) * 100}%`}
                  width={`${((1 - gap) / n) * 100}%`}
                  y={`${100 - (seg.y1 / ceiling) * 100}%`}
                  height={pct(seg.value)}
                  fill={colorOf.get(seg.key)?.color}
                >
                  <title>{`${bar.label} · ${colorOf.get(seg.key)?.label ?? seg.key}: ${format(seg.value)} ${unit}`}</title>
                </rect>
              )),
            )}
          </svg>
          <div aria-hidden className="relative mt-1 h-4 text-[11px] text-muted-foreground">
            {bars.map((bar, i) => {
              const narrow = (n - 1 - i) % labelEveryNarrow === 0;
              return narrow || (n - 1 - i) % labelEveryWide === 0 ? (
                <span
                  key={i}
                  // the first and last labels are aligned to the edges so they are not cut off
                  className={cn('absolute whitespace-nowrap', i > 0 && i < n - 1 && '-translate-x-1/2', !narrow && 'hidden sm:block')}
                  style={i === n - 1 ? { right: 0 } : i === 0 ? { left: 0 } : { left: `${((i + 0.5) / n) * 100}%` }}
                >
                  {bar.label}
                </span>
              ) : null;
            })}
          </div>
        </div>
      </div>
      <figcaption>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Legend">
          {used.map((s) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span className="inline-block size-3 rounded-sm" style={{ background: s.color }} aria-hidden />
              {s.label}
            </li>
          ))}
        </ul>
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer rounded text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          Show the data as a table
        </summary>
        <div className="mt-2 max-h-80 overflow-auto rounded-lg border">
          <table className="w-full text-left text-xs">
            <caption className="sr-only">{title}</caption>
            <thead className="sticky top-0 bg-muted">
              <tr>
                <th scope="col" className="px-2 py-1.5 font-medium">
                  {categoryLabel}
                </th>
                {used.map((s) => (
                  <th key={s.key} scope="col" className="px-2 py-1.5 text-right font-medium">
                    {s.label}
                  </th>
                ))}
                <th scope="col" className="px-2 py-1.5 text-right font-medium">
                  Total {unit}
                </th>
              </tr>
            </thead>
            <tbody>
              {bars.map((bar, i) => (
                <tr key={i} className="border-t">
                  <th scope="row" className="px-2 py-1 font-normal whitespace-nowrap">
                    {bar.label}
                  </th>
                  {used.map((s) => (
                    <td key={s.key} className="px-2 py-1 text-right tabular-nums">
                      {format(rows[i].values[s.key] ?? 0)}
                    </td>
                  ))}
                  <td className="px-2 py-1 text-right font-medium tabular-nums">{format(bar.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
