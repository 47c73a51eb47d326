import { useState } from 'react';
import { Link, useOutletContext } from 'react-router';
import type { StaffRole } from '@/shared/roles';
import { useAdminUsage, usageCsvUrl, type AdminUsageResponse, type DayRange } from '@/client/features/admin/analytics-api';
import { BarTable, CsvLink, DayRangeForm, EmptyState, Figures, QueryView, Section, last30Days, num } from './analytics-parts';
import { visibleAdminItem } from './nav';
import { AdminHeading as Heading, NoAccess } from './parts';

/** Plan ids as staff read them. */
export function planLabel(plan: string): string {
  if (plan === 'anonymous') return 'Visitors (no account)';
  if (plan === 'unknown') return 'Unknown';
  return plan.charAt(0).toUpperCase() + plan.slice(1).replaceAll('_', ' ');
}

/** /admin/usage ('usage:read'): tool use by plan and by tool, and the accounts that use the tools most. */
export default function AdminUsagePage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const item = visibleAdminItem('/admin/usage', role);
  if (!item) return <NoAccess title="Usage Monitoring" />;
  return <UsageMonitoring title={item.title} description={item.description} />;
}

function UsageMonitoring({ title, description }: { title: string; description: string }) {
  const [range, setRange] = useState<DayRange>(last30Days);
  const q = useAdminUsage(range);
  return (
    <>
      <Heading title={title} description={description} />
      <div className="space-y-6">
        <DayRangeForm value={range} onChange={setRange}>
          <CsvLink href={usageCsvUrl(range)}>CSV by day, tool and plan</CsvLink>
        </DayRangeForm>
        <QueryView q={q} what="Usage">
          {(data) => <UsageBody data={data} />}
        </QueryView>
      </div>
    </>
  );
}

export function UsageFigures({ data }: { data: AdminUsageResponse }) {
  const t = data.totals;
  return (
    <Figures
      items={[
        { label: 'Calls', value: num(t.calls), sub: `${data.from} to ${data.to}` },
        { label: 'Characters', value: num(t.characters), sub: 'of successful calls' },
        { label: 'Errors', value: num(t.errors), sub: t.calls ? `${((t.errors / t.calls) * 100).toFixed(1)}% of calls` : undefined },
        { label: 'Callers', value: num(t.accounts + t.visitors), sub: `${num(t.accounts)} accounts, ${num(t.visitors)} visitors` },
      ]}
    />
  );
}

function UsageBody({ data }: { data: AdminUsageResponse }) {
  if (data.totals.calls === 0)
    return (
      <>
        <UsageFigures data={data} />
        <EmptyState>
          No tool was used from {data.from} to {data.to}.
        </EmptyState>
      </>
    );
  return (
    <>
      <UsageFigures data={data} />
      <div className="grid gap-6 xl:grid-cols-2">
        <Section title="By plan">
          <BarTable
            caption="Calls and characters per plan"
            labelHeader="Plan"
            rows={data.byPlan}
            rowKey={(r) => r.plan}
            rowLabel={(r) => planLabel(r.plan)}
            columns={[
              { label: 'Calls', value: (r) => r.calls },
              { label: 'Characters', value: (r) => r.characters },
            ]}
            testId="usage-by-plan"
          />
          <p className="mt-2 text-xs text-muted-foreground">
            The plan the caller had when the request ran; older requests count under the account’s current plan.
          </p>
        </Section>
        <Section title="By tool">
          <BarTable
            caption="Calls, characters and errors per tool"
            labelHeader="Tool"
            rows={data.byTool}
            rowKey={(r) => r.tool}
            rowLabel={(r) => r.name}
            columns={[
              { label: 'Calls', value: (r) => r.calls },
              { label: 'Characters', value: (r) => r.characters },
              { label: 'Errors', value: (r) => r.errors },
            ]}
            testId="usage-by-tool"
          />
        </Section>
      </div>
      <Section title="Top accounts">
        {data.topAccounts.length === 0 ? (
          <p className="text-sm text-muted-foreground">Only visitors without an account used the tools in this range.</p>
        ) : (
          <BarTable
            caption="The accounts with the most characters in the range"
            labelHeader="Account"
            rows={data.topAccounts}
            rowKey={(r) => r.userId}
            rowLabel={(r) => (
              <>
                <Link to={`/admin/users/${r.userId}`} className="text-primary hover:underline">
                  {r.username}
                </Link>
                <div className="text-xs font-normal text-muted-foreground">
                  {r.email} · {planLabel(r.plan)}
                </div>
              </>
            )}
            columns={[
              { label: 'Characters', value: (r) => r.characters },
              { label: 'Calls', value: (r) => r.calls },
            ]}
            testId="usage-top-accounts"
          />
        )}
      </Section>
    </>
  );
}
