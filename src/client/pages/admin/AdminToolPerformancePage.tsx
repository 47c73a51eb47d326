import { useState } from 'react';
import { useOutletContext } from 'react-router';
import { Gauge, RefreshCw } from 'lucide-react';
import { ANALYTICS_RANGES, RANGE_LABELS } from '@/shared/api/admin-analytics';
import type { StaffRole } from '@/shared/roles';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { PageSpinner, Spinner } from '@/client/components/ui/spinner';
import { messageOf } from '@/client/lib/api';
import { cn } from '@/client/lib/utils';
import { useToolPerformance, type AnalyticsRange, type ToolPerformanceResponse, type ToolPerformanceRow } from '@/client/features/admin/analytics-api';
import { visibleAdminItem } from './nav';
import { AdminHeading as Heading, NoAccess, Segmented } from './parts';

const SHORT_RANGE: Record<AnalyticsRange, string> = { '24h': '24 h', '7d': '7 days', '30d': '30 days' };

/** /admin/tool-performance ('usage:read'): calls, latency percentiles, error rate and engines per tool. */
export default function AdminToolPerformancePage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const item = visibleAdminItem('/admin/tool-performance', role);
  if (!item) {
    return <NoAccess title="Tool Performance" />;
  }
  return <ToolPerformance title={item.title} description={item.description} />;
}

const ms = (v: number | null) => (v === null ? '—' : v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${v.toLocaleString('en-US')} ms`);
const pct = (r: number) => `${(r * 100).toFixed(r > 0 && r < 0.01 ? 2 : 1)}%`;
const num = (n: number) => n.toLocaleString('en-US');

function ToolPerformance({ title, description }: { title: string; description: string }) {
  const [range, setRange] = useState<AnalyticsRange>('7d');
  const q = useToolPerformance(range);
  return (
    <>
      <Heading title={title} description={description}>
        <div className="flex flex-wrap items-center gap-2">
          <Segmented
            label="Time range"
            value={range}
            onChange={setRange}
            options={ANALYTICS_RANGES.map((r) => ({ value: r, label: SHORT_RANGE[r], title: RANGE_LABELS[r] }))}
          />
          <Button variant="outline" size="sm" onClick={() => void q.refetch()} disabled={q.isFetching} aria-label="Refresh">
            {q.isFetching ? <Spinner /> : <RefreshCw />} <span className="hidden sm:inline">Refresh</span>
          </Button>
        </div>
      </Heading>

      {q.isPending ? (
        <PageSpinner label="Loading tool performance" />
      ) : q.isError ? (
        <div role="alert" className="rounded-xl border bg-card p-5 text-sm text-red-600 dark:text-red-400">
          {messageOf(q.error, 'Tool performance could not be loaded.')}{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void q.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div aria-busy={q.isPlaceholderData} className={cn('space-y-6 transition-opacity', q.isPlaceholderData && 'opacity-60')}>
          <Summary data={q.data} />
          {q.data.tools.length === 0 ? (
            <div className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">
              <Gauge className="mx-auto mb-2 size-6" aria-hidden /> No tool was used in the {RANGE_LABELS[q.data.range].toLowerCase()}.
            </div>
          ) : (
            <>
              <P95Bars tools={q.data.tools} />
              <PerformanceTable data={q.data} />
            </>
          )}
        </div>
      )}
    </>
  );
}

function Summary({ data }: { data: ToolPerformanceResponse }) {
  const { calls, errors, rejected } = data.totals;
  const cards = [
    { label: 'Calls', value: num(calls) },
    { label: 'Error rate', value: calls > 0 ? pct(errors / calls) : '—', sub: `${num(errors)} failed` },
    { label: 'Refused', value: num(rejected), sub: `since ${data.rejectedSince} (UTC days)` },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {cards.map((c) => (
        <div key={c.label} className="rounded-xl border bg-card p-4">
          <dt className="text-sm text-muted-foreground">{c.label}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums">{c.value}</dd>
          {c.sub && <dd className="text-xs text-muted-foreground">{c.sub}</dd>}
        </div>
      ))}
    </dl>
  );
}

/** p95 per tool as plain bars; the same figures are in the table below, so the chart is hidden from screen readers. */
function P95Bars({ tools }: { tools: ToolPerformanceRow[] }) {
  const timed = tools.filter((t) => t.p95Ms !== null);
  if (timed.length === 0) return null;
  const max = Math.max(...timed.map((t) => t.p95Ms ?? 0), 1);
  return (
    <section className="rounded-xl border bg-card p-5" aria-labelledby="p95-heading">
      <h2 id="p95-heading" className="mb-3 text-base font-semibold">
        p95 latency per tool
      </h2>
      <ul className="space-y-2" aria-hidden="true">
        {[...timed]
          .sort((a, b) => (b.p95Ms ?? 0) - (a.p95Ms ?? 0))
          .map((t) => (
            <li key={t.tool} className="grid grid-cols-[minmax(0,7rem)_1fr_auto] items-center gap-3 text-sm sm:grid-cols-[minmax(0,11rem)_1fr_auto]">
              <span className="truncate" title={t.name}>
                {t.name}
              </span>
              <span className="h-3 rounded bg-muted">
                <span className="block h-3 rounded bg-primary" style={{ width: `${Math.max(1, ((t.p95Ms ?? 0) / max) * 100)}%` }} />
              </span>
              <span className="min-w-16 whitespace-nowrap text-right tabular-nums text-muted-foreground">{ms(t.p95Ms)}</span>
            </li>
          ))}
      </ul>
      <p className="sr-only">The table below lists the same p95 figures.</p>
    </section>
  );
}

function PerformanceTable({ data }: { data: ToolPerformanceResponse }) {
  return (
    <div className="overflow-x-auto rounded-xl border bg-card">
      <table className="w-full text-sm" data-testid="tool-performance-table">
        <caption className="sr-only">
          Calls, latency, errors and engines per tool, {RANGE_LABELS[data.range].toLowerCase()}. Latency is of successful calls.
        </caption>
        <thead className="border-b bg-muted/40 text-left text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="sticky left-0 bg-[color-mix(in_oklab,var(--color-muted)_40%,var(--color-card))] px-4 py-2 font-medium">
              Tool
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              Calls
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              p50
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              p95
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              Error rate
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              Refused
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Engines
            </th>
          </tr>
        </thead>
        <tbody>
          {data.tools.map((t) => (
            <tr key={t.tool} className="border-b align-top last:border-0">
              <th scope="row" className="sticky left-0 bg-card px-4 py-3 text-left font-medium">
                {t.name}
                {t.name !== t.tool && <div className="text-xs font-normal text-muted-foreground">{t.tool}</div>}
              </th>
              <td className="px-4 py-3 text-right tabular-nums">{num(t.calls)}</td>
              <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums">{ms(t.p50Ms)}</td>
              <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums">{ms(t.p95Ms)}</td>
              <td className={cn('whitespace-nowrap px-4 py-3 text-right tabular-nums', t.errorRate >= 0.05 && 'font-semibold text-red-600 dark:text-red-400')}>
                {t.calls > 0 ? pct(t.errorRate) : '—'}
                {t.errors > 0 && <div className="text-xs font-normal text-muted-foreground">{num(t.errors)} failed</div>}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">
                {num(t.rejected)}
                {Object.entries(t.rejectedByReason).map(([reason, n]) => (
                  <div key={reason} className="whitespace-nowrap text-xs text-muted-foreground">
                    {reason.replaceAll('_', ' ')}: {num(n)}
                  </div>
                ))}
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-wrap gap-1">
                  {t.engines.length === 0
                    ? '—'
                    : t.engines.map((e) => (
                        <Badge key={e.engine} variant="secondary" className="whitespace-nowrap font-normal">
                          {e.engine} · {num(e.calls)}
                        </Badge>
                      ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
