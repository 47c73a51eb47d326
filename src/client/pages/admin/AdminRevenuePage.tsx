import { useMemo, useState } from 'react';
import { useOutletContext } from 'react-router';
import { formatPrice } from '@/shared/plans';
import type { StaffRole } from '@/shared/roles';
import { compact, TimeChart, toSeconds } from '@/client/components/charts/TimeChart';
import { cn } from '@/client/lib/utils';
import { useAdminRevenue, type AdminRevenueResponse } from '@/client/features/admin/analytics-api';
import { BarTable, Figures, QueryView, RefreshButton, Section, num } from './analytics-parts';
import { visibleAdminItem } from './nav';
import { AdminHeading as Heading, NoAccess, Segmented } from './parts';

const MONTH_CHOICES = [6, 12, 24] as const;

/** /admin/revenue ('revenue:read'): revenue per month, MRR by plan, new and churned subscriptions. */
export default function AdminRevenuePage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const item = visibleAdminItem('/admin/revenue', role);
  if (!item) return <NoAccess title="Revenue" />;
  return <Revenue title={item.title} description={item.description} />;
}

function Revenue({ title, description }: { title: string; description: string }) {
  const [months, setMonths] = useState<number>(12);
  const q = useAdminRevenue(months);
  return (
    <>
      <Heading title={title} description={description}>
        <div className="flex flex-wrap items-center gap-2">
          <Segmented label="Months shown" value={months} onChange={setMonths} options={MONTH_CHOICES.map((m) => ({ value: m, label: `${m} months` }))} />
          <RefreshButton onClick={() => void q.refetch()} busy={q.isFetching} />
        </div>
      </Heading>
      <QueryView q={q} what="Revenue">
        {(data) => <RevenueBody data={data} />}
      </QueryView>
    </>
  );
}

function RevenueBody({ data }: { data: AdminRevenueResponse }) {
  const money = useMemo(() => (n: number) => formatPrice(n, data.currency), [data.currency]);
  const x = useMemo(() => data.months.map((m) => toSeconds(`${m.month}-01`)), [data]);
  const revenueSeries = useMemo(
    () => [
      { label: 'Net revenue', values: data.months.map((m) => m.net), color: '#16a34a' },
      { label: 'Refunds', values: data.months.map((m) => m.refunds), kind: 'line' as const, color: '#dc2626' },
    ],
    [data],
  );
  const subsSeries = useMemo(
    () => [
      { label: 'New subscriptions', values: data.months.map((m) => m.newSubscriptions) },
      { label: 'Churned subscriptions', values: data.months.map((m) => m.churnedSubscriptions), kind: 'line' as const, color: '#dc2626' },
    ],
    [data],
  );
  const current = data.months[data.months.length - 1];
  const subscribers = data.mrr.byPlan.reduce((s, p) => s + p.subscribers, 0);
  return (
    <>
      <Figures
        items={[
          { label: 'MRR', value: money(data.mrr.total), sub: `${num(subscribers)} paying subscriptions` },
          { label: `Net revenue ${current.month}`, value: money(current.net), sub: `${money(current.gross)} received, ${money(current.refunds)} refunded` },
          { label: `New in ${current.month}`, value: num(current.newSubscriptions), sub: 'subscriptions' },
          { label: `Churned in ${current.month}`, value: num(current.churnedSubscriptions), sub: 'subscriptions' },
        ]}
      />
      {data.otherCurrencies.length > 0 && (
        <p className="text-sm text-muted-foreground">
          Figures are in {data.currency.toUpperCase()}; payments in {data.otherCurrencies.map((c) => c.toUpperCase()).join(', ')} are not included.
        </p>
      )}
      <div className="grid gap-6 xl:grid-cols-2">
        <Section title="Revenue per month">
          <TimeChart
            title={`Net revenue and refunds per month (${data.currency.toUpperCase()})`}
            x={x}
            xFormat="month"
            series={revenueSeries}
            format={money}
            axisFormat={(v) => (Math.abs(v) >= 1_000_000 ? compact(v / 100) : money(v).replace(/\.00$/, ''))}
            testId="chart-revenue"
          />
        </Section>
        <Section title="New and churned subscriptions">
          <TimeChart title="New and churned subscriptions per month" x={x} xFormat="month" series={subsSeries} testId="chart-subscriptions" />
        </Section>
      </div>
      <Section title="MRR by plan">
        {data.mrr.byPlan.length === 0 ? (
          <p className="text-sm text-muted-foreground">No paid subscription is active.</p>
        ) : (
          <BarTable
            caption="Monthly recurring revenue per plan"
            labelHeader="Plan"
            rows={data.mrr.byPlan}
            rowKey={(r) => r.plan}
            rowLabel={(r) => r.name}
            columns={[
              { label: 'MRR', value: (r) => r.mrr, format: money },
              { label: 'Subscribers', value: (r) => r.subscribers },
              { label: 'Cancelling', value: (r) => r.cancelling },
            ]}
            testId="mrr-by-plan"
          />
        )}
        {data.complimentary > 0 && (
          <p className="mt-2 text-xs text-muted-foreground">{num(data.complimentary)} paid plans granted free of charge by staff are not in MRR.</p>
        )}
      </Section>
      <Section title="Months">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-right text-sm" data-testid="revenue-months">
            <caption className="sr-only">Revenue, refunds and subscriptions per month</caption>
            <thead className="border-b text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                {['Month', 'Received', 'Refunds', 'Net', 'Subscriptions', 'Packs', 'New', 'Churned'].map((h, i) => (
                  <th key={h} scope="col" className={cn('px-2 py-2 font-medium', i === 0 && 'text-left')}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...data.months].reverse().map((m) => (
                <tr key={m.month} className="border-b tabular-nums last:border-0">
                  <th scope="row" className="px-2 py-2 text-left font-medium">
                    {m.month}
                  </th>
                  <td className="px-2 py-2">{money(m.gross)}</td>
                  <td className="px-2 py-2">{money(m.refunds)}</td>
                  <td className="px-2 py-2 font-medium">{money(m.net)}</td>
                  <td className="px-2 py-2">{money(m.subscriptions)}</td>
                  <td className="px-2 py-2">{money(m.packs)}</td>
                  <td className="px-2 py-2">{num(m.newSubscriptions)}</td>
                  <td className="px-2 py-2">{num(m.churnedSubscriptions)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
      <Section title="How these figures are counted">
        <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
          <li>Revenue is what payments brought in during the month (failed payments excluded), less the refunds made that month. Months are UTC.</li>
          <li>MRR is the sum of the monthly prices of the active subscriptions paid through a payment provider. Plans granted by staff are left out.</li>
          <li>
            New: a subscription payment from an account that made no subscription payment in the 45 days before it, so a first purchase or a customer coming
            back, never a renewal.
          </li>
          <li>
            Churned: a subscription payment that no other followed within 45 days, from an account that is not subscribed now. The account is counted in the
            month its paid period ended, or in the month a full refund of that payment ended the plan early.
          </li>
        </ul>
      </Section>
    </>
  );
}
