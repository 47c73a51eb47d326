import { useLocation, useOutletContext } from 'react-router';
import { Activity, Users } from 'lucide-react';
import { ROLES, type StaffRole } from '@/shared/roles';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { PageSpinner } from '@/client/components/ui/spinner';
import { useAdminOverview } from '@/client/features/admin/api';
import NotFoundPage from '../NotFoundPage';
import { adminItemsForPath, visibleAdminItem } from './nav';
import { AdminHeading as Heading, NoAccess } from './parts';

function Stat({ label, value, icon: Icon }: { label: string; value: number; icon: typeof Users }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-4 pb-2">
        <CardDescription className="font-medium">{label}</CardDescription>
        <Icon className="h-5 w-5 text-primary" aria-hidden="true" />
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold tabular-nums">{value.toLocaleString()}</p>
      </CardContent>
    </Card>
  );
}

/** /admin: real numbers from GET /api/admin/overview (every staff role may read them). */
export function AdminDashboard() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const q = useAdminOverview();
  // Dashboard or Super Dashboard: both live at /admin; each role sees the one its permissions give.
  const title = visibleAdminItem('/admin', role)?.title ?? 'Admin Dashboard';
  if (q.isLoading) return <PageSpinner label="Loading the overview" />;
  if (q.isError || !q.data)
    return (
      <>
        <Heading title={title} />
        <p role="alert" className="text-destructive">
          The overview could not be loaded. {q.error?.message}
        </p>
      </>
    );
  const counts = new Map(q.data.usersByRole.map((r) => [r.role, Number(r.users)]));
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return (
    <>
      <Heading title={title} description="Accounts and sessions on this server." />
      <div className="grid gap-4 sm:grid-cols-2">
        <Stat label="Total users" value={total} icon={Users} />
        <Stat label="Active sessions" value={Number(q.data.activeSessions)} icon={Activity} />
      </div>
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
                {ROLES.map((r) => (
                  <tr key={r} className="border-b border-border last:border-0">
                    <td className="py-2 pr-4">{r}</td>
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
