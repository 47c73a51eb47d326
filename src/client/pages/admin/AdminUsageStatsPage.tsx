import { useMemo, useState } from 'react';
import { useOutletContext } from 'react-router';
import type { StaffRole } from '@/shared/roles';
import { TimeChart, toSeconds } from '@/client/components/charts/TimeChart';
import { useAdminUsage, usageCsvUrl, type AdminUsageResponse, type DayRange } from '@/client/features/admin/analytics-api';
import { CsvLink, DayRangeForm, EmptyState, QueryView, Section, last30Days, num } from './analytics-parts';
import { planLabel, UsageFigures } from './AdminUsagePage';
import { visibleAdminItem } from './nav';
import { AdminHeading as Heading, NoAccess } from './parts';

/** /admin/usage-statistics ('usage:read'): calls, characters and errors per day, and calls per tool and plan. */
export default function AdminUsageStatsPage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const item = visibleAdminItem('/admin/usage-statistics', role);
  if (!item) return <NoAccess title="Usage Statistics" />;
  return <UsageStatistics title={item.title} description={item.description} />;
}

function UsageStatistics({ title, description }: { title: string; description: string }) {
  const [range, setRange] = useState<DayRange>(last30Days);
  const q = useAdminUsage(range);
  return (
    <>
      <Heading title={title} description={description} />
      <div className="space-y-6">
        <DayRangeForm value={range} onChange={setRange}>
          <CsvLink href={usageCsvUrl(range)} />
        </DayRangeForm>
        <QueryView q={q} what="Usage statistics">
          {(data) => <StatsBody data={data} />}
        </QueryView>
      </div>
    </>
  );
}

function StatsBody({ data }: { data: AdminUsageResponse }) {
  const x = useMemo(() => data.byDay.map((d) => toSeconds(d.day)), [data]);
  const calls = useMemo(
    () => [
      { label: 'Calls', values: data.byDay.map((d) => d.calls) },
      { label: 'Errors', values: data.byDay.map((d) => d.errors), kind: 'line' as const, color: '#dc2626' },
    ],
    [data],
  );
  const characters = useMemo(() => [{ label: 'Characters', values: data.byDay.map((d) => d.characters) }], [data]);
  const plans = useMemo(() => data.byPlan.map((p) => p.plan), [data]);
  const tools = data.byTool;
  const cell = useMemo(() => new Map(data.byToolPlan.map((r) => [`${r.tool}|${r.plan}`, r])), [data]);

  return (
    <>
      <UsageFigures data={data} />
      {data.totals.calls === 0 ? (
        <EmptyState>
          No tool was used from {data.from} to {data.to}.
        </EmptyState>
      ) : (
        <>
          <div className="grid gap-6 xl:grid-cols-2">
            <Section title="Calls per day">
              <TimeChart title="Calls and errors per day (UTC)" x={x} xFormat="day" series={calls} testId="chart-calls" />
            </Section>
            <Section title="Characters per day">
              <TimeChart title="Characters of successful calls per day (UTC)" x={x} xFormat="day" series={characters} testId="chart-characters" />
            </Section>
          </div>
          <Section title="Calls by tool and plan">
            <div className="overflow-x-auto">
              <table className="w-full min-w-[32rem] text-sm" data-testid="usage-tool-plan">
                <caption className="sr-only">Calls per tool (rows) and plan (columns), with characters beneath</caption>
                <thead className="border-b text-left text-xs uppercase tracking-wide text-muted-foreground">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Tool
                    </th>
                    {plans.map((p) => (
                      <th key={p} scope="col" className="px-3 py-2 text-right font-medium">
                        {planLabel(p)}
                      </th>
                    ))}
                    <th scope="col" className="py-2 pl-3 text-right font-medium">
                      All plans
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {tools.map((t) => (
                    <tr key={t.tool} className="border-b last:border-0">
                      <th scope="row" className="py-2 pr-3 text-left font-medium">
                        {t.name}
                      </th>
                      {plans.map((p) => {
                        const c = cell.get(`${t.tool}|${p}`);
                        return (
                          <td key={p} className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                            {c ? num(c.calls) : '—'}
                            {c && <div className="text-xs text-muted-foreground">{num(c.characters)} chars</div>}
                          </td>
                        );
                      })}
                      <td className="whitespace-nowrap py-2 pl-3 text-right font-medium tabular-nums">
                        {num(t.calls)}
                        <div className="text-xs font-normal text-muted-foreground">{num(t.characters)} chars</div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Section>
        </>
      )}
    </>
  );
}
