import { useState, type FormEvent, type ReactNode } from 'react';
import { Download, RefreshCw } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { PageSpinner, Spinner } from '@/client/components/ui/spinner';
import { messageOf } from '@/client/lib/api';
import { cn } from '@/client/lib/utils';
import type { DayRange } from '@/client/features/admin/analytics-api';

/** Pieces the analytics pages share: the date-range form, figure cards, the error notice and a table with inline bars. */

export const num = (n: number) => n.toLocaleString('en-US');

/** YYYY-MM-DD of the UTC day `offset` days from today. */
export function utcDayOffset(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** The range the analytics pages open with: the last 30 UTC days, today included (the server's default too). */
export function last30Days(): DayRange {
  return { from: utcDayOffset(-29), to: utcDayOffset(0) };
}

const PRESETS = [
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
  { label: '90 days', days: 90 },
] as const;

/**
 * From/to dates (UTC days, both included) with quick presets. The range applies when the form is submitted, so typing
 * a date does not send a request per keystroke. An empty field leaves that end to the server's default.
 */
export function DayRangeForm({ value, onChange, children }: { value: DayRange; onChange: (r: DayRange) => void; children?: ReactNode }) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setError('The start date must not be after the end date.');
      return;
    }
    setError(null);
    onChange(draft);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3 rounded-xl border bg-card p-4" aria-label="Date range">
      <div className="grid gap-1">
        <Label htmlFor="range-from">From</Label>
        <Input
          id="range-from"
          type="date"
          value={draft.from}
          max={draft.to || undefined}
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          className="w-40"
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="range-to">To</Label>
        <Input
          id="range-to"
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          className="w-40"
        />
      </div>
      <Button type="submit">Apply</Button>
      <div role="group" aria-label="Quick ranges" className="flex flex-wrap gap-1">
        {PRESETS.map((p) => (
          <Button
            key={p.days}
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              const r = { from: utcDayOffset(-(p.days - 1)), to: utcDayOffset(0) };
              setDraft(r);
              setError(null);
              onChange(r);
            }}
          >
            Last {p.label}
          </Button>
        ))}
      </div>
      {children && <div className="ml-auto flex flex-wrap gap-2">{children}</div>}
      {error && (
        <p role="alert" className="w-full text-sm text-destructive">
          {error}
        </p>
      )}
      <p className="w-full text-xs text-muted-foreground">Days are UTC; both dates are included.</p>
    </form>
  );
}

/** A link styled as a button that downloads a CSV. */
export function CsvLink({ href, children = 'Download CSV' }: { href: string; children?: ReactNode }) {
  return (
    <a
      href={href}
      download
      className="inline-flex h-9 items-center gap-2 rounded-lg border border-input bg-background px-3 text-sm font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Download className="size-4" aria-hidden />
      {children}
    </a>
  );
}

export function RefreshButton({ onClick, busy, label = 'Refresh' }: { onClick: () => void; busy: boolean; label?: string }) {
  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={busy}>
      {busy ? <Spinner /> : <RefreshCw aria-hidden />} {label}
    </Button>
  );
}

export function LoadFailed({ error, what, retry }: { error: unknown; what: string; retry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border bg-card p-5 text-sm text-red-600 dark:text-red-400">
      {messageOf(error, `${what} could not be loaded.`)}{' '}
      <Button variant="link" className="h-auto p-0" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">
      {children}
    </div>
  );
}

/** Summary figures as a definition list of cards. */
export function Figures({ items }: { items: { label: string; value: string; sub?: string }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map((c) => (
        <div key={c.label} className="rounded-xl border bg-card p-4">
          <dt className="text-sm text-muted-foreground">{c.label}</dt>
          <dd className="mt-1 break-words text-lg font-bold tabular-nums sm:text-2xl">{c.value}</dd>
          {c.sub && <dd className="text-xs text-muted-foreground">{c.sub}</dd>}
        </div>
      ))}
    </dl>
  );
}

export function Section({ title, children, className, actions }: { title: string; children: ReactNode; className?: string; actions?: ReactNode }) {
  return (
    <section className={cn('rounded-xl border bg-card p-4 sm:p-5', className)} aria-label={title}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export interface BarColumn<T> {
  label: string;
  value: (row: T) => number;
  format?: (n: number) => string;
}

/**
 * A table whose first figure column also draws a bar (its share of the largest row): a chart and its data table in
 * one. The bar is decoration; the numbers are in the cells.
 */
export function BarTable<T>({
  caption,
  rows,
  rowKey,
  rowLabel,
  columns,
  labelHeader,
  testId,
}: {
  caption: string;
  rows: T[];
  rowKey: (row: T) => string;
  rowLabel: (row: T) => ReactNode;
  columns: BarColumn<T>[];
  labelHeader: string;
  testId?: string;
}) {
  const first = columns[0];
  const max = Math.max(1, ...rows.map((r) => first.value(r)));
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[28rem] text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b text-left text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              {labelHeader}
            </th>
            <th scope="col" className="w-[30%] py-2 pr-3 font-medium">
              <span className="sr-only">Share of the largest</span>
            </th>
            {columns.map((c) => (
              <th key={c.label} scope="col" className="py-2 pl-3 text-right font-medium">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)} className="border-b last:border-0">
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                {rowLabel(r)}
              </th>
              <td className="py-2 pr-3" aria-hidden="true">
                <span className="block h-2.5 rounded bg-muted">
                  <span className="block h-2.5 rounded bg-primary" style={{ width: `${Math.max(1, (first.value(r) / max) * 100)}%` }} />
                </span>
              </td>
              {columns.map((c) => (
                <td key={c.label} className="whitespace-nowrap py-2 pl-3 text-right tabular-nums">
                  {(c.format ?? num)(c.value(r))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The page's heading actions and content fade while the next range loads over the previous one. */
export function Busy({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <div aria-busy={busy} className={cn('space-y-6 transition-opacity', busy && 'opacity-60')}>
      {children}
    </div>
  );
}

/**
 * An analytics query's three states: a spinner on the first load, the error with a retry, then the body, faded while
 * the next range loads over the previous one (placeholder data).
 */
export function QueryView<T>({
  q,
  what,
  children,
}: {
  q: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; isPlaceholderData: boolean; refetch: () => unknown };
  /** e.g. "Usage statistics": the spinner says "Loading usage statistics", the error "Usage statistics could not be loaded." */
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (q.isPending) return <PageSpinner label={`Loading ${what.toLowerCase()}`} />;
  if (q.isError || q.data === undefined) return <LoadFailed error={q.error} what={what} retry={() => void q.refetch()} />;
  return <Busy busy={q.isPlaceholderData}>{children(q.data)}</Busy>;
}
