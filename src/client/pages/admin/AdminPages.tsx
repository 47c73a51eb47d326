import { Navigate, useLocation, useOutletContext } from 'react-router';
import { Activity, AlertTriangle, DollarSign, UserPlus, Users, Wrench, type LucideIcon } from 'lucide-react';
import { formatPrice } from '@/shared/plans';
import { isBuiltinRole, roleLabel, ROLES, type StaffRole } from '@/shared/roles';
import { Sparkline } from '@/client/components/charts/TimeChart';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { PageSpinner } from '@/client/components/ui/spinner';
import { useAdminDashboard, type AdminDashboardResponse } from '@/client/features/admin/api';
import NotFoundPage from '../NotFoundPage';
import { LoadFailed, num, RefreshButton } from './analytics-parts';
import type { AdminOutletContext } from './AdminLayout';
import { adminItemsForPath, adminNavFor, adminTitle, visibleAdminItem } from './nav';
import { usePageTitle } from '@/client/lib/title';
import { AdminHeading as Heading, NoAccess } from './parts';

interface Tile {
  key: string;
  label: string;
  value: string;
  /** What the sparkline shows, when it is not the value itself per day. */
  trend: string;
  series: number[];
  icon: LucideIcon;
  color?: string;
  format: (n: number) => string;
}

function StatTile({ tile }: { tile: Tile }) {
  const Icon = tile.icon;
  return (
    <div className="flex flex-col gap-2 rounded-xl border bg-card p-4" data-testid={`stat-${tile.key}`}>
      <div className="flex items-center justify-between gap-3">
        <span className="text-sm font-medium text-muted-foreground">{tile.label}</span>
        <Icon className="size-5 text-primary" aria-hidden="true" />
      </div>
      <p className="text-2xl font-bold tabular-nums sm:text-3xl" data-testid={`stat-${tile.key}-value`}>
        {tile.value}
      </p>
      <Sparkline values={tile.series} color={tile.color} />
      <p className="text-xs text-muted-foreground">{tile.trend}, last 30 days</p>
    </div>
  );
}

function tilesOf(d: AdminDashboardResponse): Tile[] {
  const tiles: Tile[] = [
    { key: 'users', label: 'Users', value: num(d.users.value), trend: 'Accounts at the end of each day', series: d.users.series, icon: Users, format: num },
    {
      key: 'signups',
      label: 'New sign-ups today',
      value: num(d.signups.value),
      trend: 'Sign-ups per day',
      series: d.signups.series,
      icon: UserPlus,
      format: num,
    },
    {
      key: 'sessions',
      label: 'Active sessions',
      value: num(d.activeSessions.value),
      trend: 'Sessions started per day',
      series: d.activeSessions.series,
      icon: Activity,
      format: num,
    },
    { key: 'calls', label: 'Tool calls today', value: num(d.toolCalls.value), trend: 'Calls per day', series: d.toolCalls.series, icon: Wrench, format: num },
    {
      key: 'errors',
      label: 'Errors today',
      value: num(d.errors.value),
      trend: 'Failed calls per day',
      series: d.errors.series,
      icon: AlertTriangle,
      color: '#dc2626',
      format: num,
    },
  ];
  for (const r of d.revenue ?? []) {
    const money = (n: number) => formatPrice(n, r.currency);
    tiles.push({
      key: `revenue-${r.currency}`,
      label: `Revenue this month${(d.revenue?.length ?? 0) > 1 ? ` (${r.currency.toUpperCase()})` : ''}`,
      value: money(r.monthToDate),
      trend: 'Net revenue per day',
      series: r.series,
      icon: DollarSign,
      color: '#16a34a',
      format: money,
    });
  }
  return tiles;
}

/**
 * /admin: the dashboard every staff role opens (GET /api/admin/dashboard). Revenue appears only when the server sent
 * it, i.e. for roles holding 'revenue:read'. Each figure has a 30-day sparkline; the table below holds the same series.
 */
export function AdminDashboard() {
  const { role, permissions } = useOutletContext<AdminOutletContext>();
  // A custom role without the dashboard lands on the first page it has (/admin is where staff sign-in leads).
  if (!permissions.includes('dashboard:read')) {
    const first = adminNavFor(role, permissions)[0]?.items[0];
    return first ? <Navigate to={first.path} replace /> : <NoAccess title="Admin Dashboard" />;
  }
  return <Dashboard role={role} />;
}

function Dashboard({ role }: { role: StaffRole }) {
  const q = useAdminDashboard();
  // Dashboard or Super Dashboard: both live at /admin; each role sees the one its permissions give.
  const title = visibleAdminItem('/admin', role)?.title ?? 'Admin Dashboard';
  const heading = (
    <Heading title={title} description="Accounts, sessions, tool use and revenue on this server.">
      <RefreshButton onClick={() => void q.refetch()} busy={q.isFetching} />
    </Heading>
  );
  if (q.isPending) return <PageSpinner label="Loading the dashboard" />;
  if (q.isError)
    return (
      <>
        {heading}
        <LoadFailed error={q.error} what="The dashboard" retry={() => void q.refetch()} />
      </>
    );
  const d = q.data;
  const tiles = tilesOf(d);
  const counts = new Map(d.usersByRole.map((r) => [r.role, Number(r.users)]));
  // the built-in roles always, then any custom role that has accounts
  const roleRows = [...ROLES, ...[...counts.keys()].filter((r) => !isBuiltinRole(r)).sort()];
  return (
    <>
      {heading}
      <p className="-mt-4 mb-4 text-xs text-muted-foreground">Figures as of {new Date(d.generatedAt).toLocaleString()}; days are UTC.</p>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {tiles.map((t) => (
          <StatTile key={t.key} tile={t} />
        ))}
      </div>
      <details className="mt-4 rounded-xl border bg-card p-4 text-sm">
        <summary className="cursor-pointer font-medium text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          Show table: the 30-day series behind the sparklines
        </summary>
        <div className="mt-3 max-h-96 overflow-auto">
          <table className="w-full text-right text-xs" data-testid="dashboard-series">
            <caption className="sr-only">Dashboard figures per UTC day, last 30 days</caption>
            <thead className="sticky top-0 bg-muted">
              <tr>
                <th scope="col" className="px-2 py-1.5 text-left font-medium">
                  Day
                </th>
                {tiles.map((t) => (
                  <th key={t.key} scope="col" className="px-2 py-1.5 font-medium">
                    {t.trend}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {d.days.map((day, i) => (
                <tr key={day} className="border-t">
                  <th scope="row" className="whitespace-nowrap px-2 py-1 text-left font-normal">
                    {day}
                  </th>
                  {tiles.map((t) => (
                    <td key={t.key} className="px-2 py-1 tabular-nums">
                      {t.format(t.series[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle className="text-lg">Users by role</CardTitle>
        </CardHeader>
        <CardContent>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-border text-muted-foreground">
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Role
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Users
                  </th>
                </tr>
              </thead>
              <tbody>
                {roleRows.map((r) => (
                  <tr key={r} className="border-b border-border last:border-0">
                    <td className="py-2 pr-4">{roleLabel(r)}</td>
                    <td className="py-2 text-right tabular-nums">{(counts.get(r) ?? 0).toLocaleString()}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </CardContent>
      </Card>
    </>
  );
}

/** Any other /admin/* page: title and a plain notice; hidden sections say so; unknown paths are 404. */
export function AdminSection() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  usePageTitle(adminTitle(path));
  const items = adminItemsForPath(path);
  if (items.length === 0) return <NotFoundPage />;
  const item = visibleAdminItem(path, role);
  if (!item) return <NoAccess title={items[0].title} />;
  return (
    <>
      <Heading title={item.title} description={item.description} />
      <div className="rounded-xl border border-dashed border-border bg-card p-8 text-center text-muted-foreground">This section is not available yet.</div>
    </>
  );
}
