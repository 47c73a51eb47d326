import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { cn } from '@/client/lib/utils';

/**
 * Charts of the staff pages, drawn by uPlot (docs/decisions/0004-charts.md). A canvas says nothing to a screen
 * reader, so every chart here carries its figures as a table in the DOM (a "Show table" disclosure), and the canvas
 * itself is hidden from assistive technology.
 */

/** The theme's colours, read from the CSS variables and read again when the admin area switches light/dark. */
export function useChartColors() {
  const read = () => {
    const css = typeof window === 'undefined' ? null : getComputedStyle(document.documentElement);
    const v = (name: string, fallback: string) => css?.getPropertyValue(name).trim() || fallback;
    return {
      primary: v('--primary', '#4f46e5'),
      destructive: v('--destructive', '#c81e1e'),
      success: v('--success', '#15803d'),
      muted: v('--muted-foreground', '#526077'),
      grid: v('--border', '#e2e8f0'),
    };
  };
  const [colors, setColors] = useState(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setColors(read()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return colors;
}

/** Distinct colours for several series (plans, tools); the first is the theme's primary. */
export const PALETTE = ['#4f46e5', '#0891b2', '#16a34a', '#d97706', '#db2777', '#7c3aed', '#64748b', '#dc2626'];

/** A uPlot instance in a box that follows its container's width. */
function UPlotBox({
  options,
  data,
  height,
  className,
}: {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height: number;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = () => Math.max(120, Math.floor(el.clientWidth));
    const plot = new uPlot({ ...options, width: width(), height }, data, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [options, data, height]);
  // @container (inline-size containment): the canvas drawn at the old width must not hold the box open, or a page
  // made narrower (a phone turned, a window dragged) keeps its charts, and so scrolls sideways, until reloaded.
  return <div ref={box} aria-hidden="true" className={cn('@container w-full min-w-0', className)} />;
}

export type XFormat = 'day' | 'week' | 'month' | 'minute';

const utc = (ts: number) => uPlot.tzDate(new Date(ts * 1e3), 'Etc/UTC');

/** How an x value (Unix seconds) is written in the table. */
export function formatX(ts: number, kind: XFormat): string {
  const iso = new Date(ts * 1000).toISOString();
  if (kind === 'minute') return `${iso.slice(11, 16)} UTC`;
  if (kind === 'month') return iso.slice(0, 7);
  if (kind === 'week') return `Week of ${iso.slice(0, 10)}`;
  return iso.slice(0, 10);
}

/** Unix seconds of a YYYY-MM-DD (UTC) day or an ISO instant. */
export function toSeconds(dayOrIso: string): number {
  return Date.parse(dayOrIso.length === 10 ? `${dayOrIso}T00:00:00Z` : dayOrIso) / 1000;
}

export interface ChartSeries {
  label: string;
  values: number[];
  color?: string;
  /** Bars (counts per bucket; the default, and only for the first series) or a line. */
  kind?: 'bars' | 'line';
}

const num = (n: number) => n.toLocaleString('en-US');

/**
 * A chart over time (days, weeks, months or minutes, in UTC), bars or lines, with its figures as a table under a
 * "Show table" disclosure. `x` holds Unix seconds.
 */
export function TimeChart({
  title,
  x,
  xFormat,
  series,
  format = num,
  axisFormat,
  height = 220,
  tableOpen = false,
  note,
  testId,
}: {
  title: string;
  x: number[];
  xFormat: XFormat;
  series: ChartSeries[];
  format?: (n: number) => string;
  /** The value axis's labels (default: `format`, shortened to 1.2k / 3.4M past 10,000). */
  axisFormat?: (n: number) => string;
  height?: number;
  /** Show the table open (a page whose chart is the only view of its numbers). */
  tableOpen?: boolean;
  note?: ReactNode;
  testId?: string;
}) {
  const id = useId();
  const colors = useChartColors();
  const data = useMemo<uPlot.AlignedData>(() => [x, ...series.map((s) => s.values)], [x, series]);
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(() => {
    const axis = {
      stroke: colors.muted,
      grid: { stroke: colors.grid, width: 1 },
      ticks: { stroke: colors.grid, width: 1 },
      font: '11px system-ui, sans-serif',
    };
    return {
      tzDate: utc,
      cursor: { drag: { x: false, y: false } },
      legend: { show: true, live: true },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] } },
      axes: [axis, { ...axis, size: 56, values: (_u, splits) => splits.map((v) => (axisFormat ? axisFormat(v) : compact(v, format))) }],
      series: [
        { label: xFormat === 'minute' ? 'Minute' : 'Date', value: (_u, v) => (v == null ? '—' : formatX(v, xFormat)) },
        ...series.map((s, i) => {
          const color = s.color ?? (i === 0 ? colors.primary : PALETTE[i % PALETTE.length]);
          // The first series may be bars; later ones are drawn as lines over them, so no bar hides another.
          const bars = i === 0 && (s.kind ?? 'bars') === 'bars';
          return {
            label: s.label,
            stroke: color,
            width: bars ? 0 : 2,
            fill: bars ? color : undefined,
            points: { show: !bars && x.length <= 14 },
            value: (_u: uPlot, v: number | null) => (v == null ? '—' : format(v)),
            paths: bars ? uPlot.paths.bars!({ size: [0.7, 48], align: 0 }) : undefined,
          };
        }),
      ],
    };
  }, [colors, series, format, axisFormat, xFormat, x]);

  const empty = series.every((s) => s.values.every((v) => !v));
  return (
    <figure className="grid gap-2" data-testid={testId}>
      <figcaption id={`${id}-title`} className="text-sm font-medium text-muted-foreground">
        {title}
      </figcaption>
      {note && <p className="text-xs text-muted-foreground">{note}</p>}
      {empty ? (
        <p role="status" className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          Nothing to chart in this period: every value is zero.
        </p>
      ) : (
        <UPlotBox options={options} data={data} height={height} className="text-xs" />
      )}
      <details className="text-sm" open={tableOpen || undefined}>
        <summary className="cursor-pointer rounded text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          Show table
        </summary>
        <div className="mt-2 max-h-80 overflow-auto rounded-lg border">
          <table className="w-full text-left text-xs" aria-labelledby={`${id}-title`}>
            <thead className="sticky top-0 bg-muted">
              <tr>
                <th scope="col" className="px-2 py-1.5 font-medium">
                  {xFormat === 'minute' ? 'Minute' : xFormat === 'month' ? 'Month' : xFormat === 'week' ? 'Week' : 'Day'}
                </th>
                {series.map((s) => (
                  <th key={s.label} scope="col" className="px-2 py-1.5 text-right font-medium">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {x.map((ts, i) => (
                <tr key={ts} className="border-t">
                  <th scope="row" className="whitespace-nowrap px-2 py-1 font-normal">
                    {formatX(ts, xFormat)}
                  </th>
                  {series.map((s) => (
                    <td key={s.label} className="px-2 py-1 text-right tabular-nums">
                      {format(s.values[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** Axis labels: 1.2k, 3.4M, so a narrow axis still fits them. */
export function compact(v: number, format: (n: number) => string = num): string {
  if (Math.abs(v) >= 1_000_000) return `${+(v / 1_000_000).toFixed(1)}M`;
  if (Math.abs(v) >= 10_000) return `${+(v / 1000).toFixed(1)}k`;
  return Number.isInteger(v) ? format(v) : '';
}

/** A small trend line with no axes (a dashboard card's sparkline); the card's table holds its figures. */
export function Sparkline({ values, color, height = 40 }: { values: number[]; color?: string; height?: number }) {
  const colors = useChartColors();
  const stroke = color ?? colors.primary;
  const data = useMemo<uPlot.AlignedData>(() => [values.map((_, i) => i), values], [values]);
  const options = useMemo<Omit<uPlot.Options, 'width' | 'height'>>(
    () => ({
      cursor: { show: false },
      legend: { show: false },
      // The series' own span, not from zero: a total of 100,000 growing by 100 a day should not draw a flat line.
      scales: { x: { time: false }, y: { range: (_u, min, max) => (max > min ? [min - (max - min) * 0.1, max + (max - min) * 0.1] : [min - 1, max + 1]) } },
      axes: [{ show: false }, { show: false }],
      series: [{}, { stroke, width: 2, fill: `${stroke}22`, points: { show: false } }],
      padding: [4, 2, 2, 2],
    }),
    [stroke],
  );
  return <UPlotBox options={options} data={data} height={height} />;
}
