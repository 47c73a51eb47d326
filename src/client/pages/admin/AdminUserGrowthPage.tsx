import { useMemo, useState } from 'react';
import { useOutletContext } from 'react-router';
import { GROWTH_PERIODS, type GrowthPeriod } from '@/shared/api/admin-analytics';
import type { StaffRole } from '@/shared/roles';
import { TimeChart, toSeconds } from '@/client/components/charts/TimeChart';
import { useUserGrowth, type AdminUserGrowthResponse } from '@/client/features/admin/analytics-api';
import { Figures, QueryView, RefreshButton, Section, num } from './analytics-parts';
import { visibleAdminItem } from './nav';
import { AdminHeading as Heading, NoAccess, Segmented } from './parts';

const PERIOD_LABELS: Record<GrowthPeriod, string> = { day: 'Daily', week: 'Weekly', month: 'Monthly' };
const SPAN: Record<GrowthPeriod, string> = { day: 'last 30 days', week: 'last 26 weeks', month: 'last 12 months' };

/** /admin/user-growth ('usage:read'): sign-ups, active users and accounts by day, week or month. */
export default function AdminUserGrowthPage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const item = visibleAdminItem('/admin/user-growth', role);
  if (!item) return <NoAccess title="User Growth" />;
  return <UserGrowth title={item.title} description={item.description} />;
}

function UserGrowth({ title, description }: { title: string; description: string }) {
  const [period, setPeriod] = useState<GrowthPeriod>('day');
  const q = useUserGrowth(period);
  return (
    <>
      <Heading title={title} description={description}>
        <div className="flex flex-wrap items-center gap-2">
          <Segmented label="Period" value={period} onChange={setPeriod} options={GROWTH_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))} />
          <RefreshButton onClick={() => void q.refetch()} busy={q.isFetching} />
        </div>
      </Heading>
      <QueryView q={q} what="User growth">
        {(data) => <GrowthBody data={data} />}
      </QueryView>
    </>
  );
}

function GrowthBody({ data }: { data: AdminUserGrowthResponse }) {
  const x = useMemo(() => data.rows.map((r) => toSeconds(r.start)), [data]);
  const activity = useMemo(
    () => [
      { label: 'Sign-ups', values: data.rows.map((r) => r.signups) },
      { label: 'Active users', values: data.rows.map((r) => r.activeUsers), kind: 'line' as const, color: '#0891b2' },
    ],
    [data],
  );
  const totals = useMemo(() => [{ label: 'Accounts', values: data.rows.map((r) => r.totalUsers), kind: 'line' as const }], [data]);
  const last = data.rows[data.rows.length - 1];
  const signups = data.rows.reduce((s, r) => s + r.signups, 0);
  const unit = data.period === 'day' ? 'today' : data.period === 'week' ? 'this week' : 'this month';
  return (
    <>
      <Figures
        items={[
          { label: 'Accounts', value: num(last?.totalUsers ?? 0) },
          { label: `Sign-ups, ${SPAN[data.period]}`, value: num(signups) },
          { label: `Sign-ups ${unit}`, value: num(last?.signups ?? 0) },
          { label: `Active users ${unit}`, value: num(last?.activeUsers ?? 0) },
        ]}
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <Section title="Sign-ups and active users">
          <TimeChart
            title={`Sign-ups and active users, ${PERIOD_LABELS[data.period].toLowerCase()} (UTC)`}
            x={x}
            xFormat={data.period}
            series={activity}
            note="Active users: distinct accounts that used a tool or signed in during the period."
            testId="chart-growth"
          />
        </Section>
        <Section title="Accounts">
          <TimeChart
            title="Accounts at the end of each period"
            x={x}
            xFormat={data.period}
            series={totals}
            testId="chart-accounts"
            note="From the accounts on record: deleted accounts are not counted."
          />
        </Section>
      </div>
    </>
  );
}
