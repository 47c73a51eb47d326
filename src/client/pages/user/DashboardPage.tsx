import { Link, Navigate } from 'react-router';
import { BarChart3, Settings, Wrench } from 'lucide-react';
import { isStaff, planBadge, upgradeLabel } from '@/shared/roles';
import { useCurrentUser } from '@/client/lib/auth';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { PageShell } from '@/client/components/PageShell';

const LINKS = [
  { to: '/tools', title: 'Tools', description: 'Detection, writing, SEO and media tools.', icon: Wrench },
  { to: '/usage', title: 'Usage', description: 'Characters used on your plan.', icon: BarChart3 },
  { to: '/account', title: 'Account Settings', description: 'Your profile and password.', icon: Settings },
];

/** /dashboard picks the dashboard for the user: staff go to /admin. */
export default function DashboardPage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  if (isStaff(user.role)) return <Navigate to="/admin" replace />;
  const upgrade = upgradeLabel(user.role);
  return (
    <PageShell
      title={`Welcome, ${user.username}`}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          You are on the <Badge>{planBadge(user.role)}</Badge>
        </span>
      }
      actions={
        upgrade ? (
          <Button asChild>
            <Link to="/pricing">{upgrade}</Link>
          </Button>
        ) : undefined
      }
    >
      <ul className="grid gap-4 sm:grid-cols-3">
        {LINKS.map(({ to, title, description, icon: Icon }) => (
          <li key={to}>
            <Link to={to} className="block h-full rounded-2xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              <Card className="h-full transition-shadow hover:shadow-md">
                <CardHeader>
                  <Icon className="h-6 w-6 text-primary" aria-hidden="true" />
                  <CardTitle className="text-lg">{title}</CardTitle>
                  <CardDescription>{description}</CardDescription>
                </CardHeader>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </PageShell>
  );
}
