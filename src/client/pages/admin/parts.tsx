import { useEffect, useState, type ReactNode } from 'react';
import type { useSearchParams } from 'react-router';
import { Search, ShieldAlert, type LucideIcon } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { messageOf } from '@/client/lib/api';
import { cn } from '@/client/lib/utils';

/**
 * The pieces every admin page shares: its heading, the no-access notice, the Previous/Next pager and the list
 * pages' search box, filter select, load-error notice and empty state.
 */

export function AdminHeading({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {description && <p className="mt-1 text-muted-foreground">{description}</p>}
      </div>
      {children}
    </div>
  );
}

/** Shown on a page the role's permissions do not open (the menu does not offer it; this covers typed addresses). */
export function NoAccess({ title }: { title: string }) {
  return (
    <>
      <AdminHeading title={title} />
      <div role="alert" className="flex items-center gap-2 rounded-xl border border-border bg-card p-5 text-sm">
        <ShieldAlert className="h-5 w-5 text-destructive" aria-hidden="true" />
        Your role does not have access to this section.
      </div>
    </>
  );
}

/**
 * Previous/Next under a paged table; `summary` says which rows are shown (each page words it its own way), or, given
 * `shown` (the rows on this page) instead, it reads "1–25 of 1,234".
 */
export function Pager({
  offset,
  pageSize,
  total,
  onOffset,
  summary,
  shown = 0,
}: {
  offset: number;
  pageSize: number;
  total: number;
  onOffset: (offset: number) => void;
  summary?: ReactNode;
  shown?: number;
}) {
  const num = (n: number) => n.toLocaleString('en-US');
  return (
    <div className="mt-3 flex items-center justify-between text-sm text-muted-foreground">
      <span>{summary ?? `${num(offset + 1)}–${num(offset + shown)} of ${num(total)}`}</span>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - pageSize))}>
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={offset + pageSize >= total} onClick={() => onOffset(offset + pageSize)}>
          Next
        </Button>
      </div>
    </div>
  );
}

/** The list pages' search box (label, magnifier icon, type=search input). `hideLabel` keeps the label for screen readers only. */
export function SearchField({
  id,
  label = 'Search',
  value,
  onChange,
  placeholder,
  describedBy,
  hideLabel = false,
}: {
  id: string;
  label?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  describedBy?: string;
  hideLabel?: boolean;
}) {
  return (
    <>
      <Label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      <div className={hideLabel ? 'relative' : 'relative mt-1'}>
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          maxLength={200}
          className="pl-9"
          aria-describedby={describedBy}
        />
      </div>
    </>
  );
}

/** A labelled filter `<select>`; `children` are its options (the "any" option first). */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 block h-10 rounded-lg border border-input bg-background px-2 text-sm"
      >
        {children}
      </select>
    </div>
  );
}

/** A list that failed to load: the server's message (or "<what> could not be loaded.") and a Try again button. */
export function LoadError({ error, what, retry, className }: { error: unknown; what: string; retry: () => void; className?: string }) {
  return (
    <div role="alert" className={cn('flex flex-wrap items-center gap-3 text-sm text-red-600 dark:text-red-400', className ?? 'rounded-xl border bg-card p-5')}>
      {messageOf(error, `${what} could not be loaded.`)}
      <Button variant="outline" size="sm" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

/** An empty list: icon and message, with a button to clear the filters when `onClear` is given. */
export function EmptyList({
  icon: Icon,
  testId,
  onClear,
  clearLabel = 'Clear filters',
  children,
}: {
  icon: LucideIcon;
  testId?: string;
  onClear?: () => void;
  clearLabel?: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground" data-testid={testId}>
      <Icon className="mx-auto mb-2 size-6" aria-hidden />
      {children}
      {onClear && (
        <div className="mt-3">
          <Button variant="outline" size="sm" onClick={onClear}>
            {clearLabel}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Typing pauses this long before the search runs, so each key press is not a request. */
const SEARCH_DELAY_MS = 300;

/** The list's address with some filters changed; a new filter starts again at the first page (unless `keepOffset`). */
export function withChanges(prev: URLSearchParams, changes: Record<string, string>, keepOffset = false): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const [k, v] of Object.entries(changes)) {
    if (v) next.set(k, v);
    else next.delete(k);
  }
  if (!keepOffset && !('offset' in changes)) next.delete('offset');
  return next;
}

/** The search box's text, written to the address after a short pause (and at once on Enter). */
export function useDebouncedSearch(params: URLSearchParams, setParams: ReturnType<typeof useSearchParams>[1]) {
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  useEffect(() => {
    if (typed.trim() === q) return;
    // The address as it is when the pause ends, not useSearchParams' `prev`, which is the address of the render that
    // set this timer: a row opened during the pause (?ticket=…) would be written away again.
    const timer = setTimeout(
      () => setParams(withChanges(new URLSearchParams(window.location.search), { q: typed.trim() }), { replace: true }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [typed, q, setParams]);
  return { q, typed, setTyped };
}

export interface SegmentedOption<T extends string | number> {
  value: T;
  label: ReactNode;
  /** A tooltip, e.g. the long form of a short label. */
  title?: string;
}

/**
 * A row of toggle buttons choosing one value (a period, a queue view, a status), announced as a group of pressed /
 * not-pressed buttons. `wrap` lets a long row wrap on a phone instead of scrolling.
 */
export function Segmented<T extends string | number>({
  label,
  value,
  options,
  onChange,
  wrap = false,
}: {
  label: string;
  value: T;
  options: SegmentedOption<T>[];
  onChange: (v: T) => void;
  wrap?: boolean;
}) {
  return (
    <div role="group" aria-label={label} className={cn('rounded-lg border bg-card p-1', wrap ? 'flex flex-wrap gap-1' : 'inline-flex')}>
      {options.map((o) => (
        <button
          key={String(o.value)}
          type="button"
          aria-pressed={value === o.value}
          title={o.title}
          onClick={() => onChange(o.value)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            value === o.value ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
