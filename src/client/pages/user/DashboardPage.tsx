import { Link, Navigate } from 'react-router';
import { ArrowRight, BarChart3, CreditCard, Lock, Settings, Sparkles, Wrench } from 'lucide-react';
import type { PublicUser } from '@/shared/api/auth';
import { isStaff, planBadge } from '@/shared/roles';
import { toolOfTheDay, toolOfTheDayAction } from '@/shared/tool-of-the-day';
import { useCurrentUser } from '@/client/lib/auth';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/components/ui/card';
import { ToolIcon } from '@/client/components/ToolIcon';
import { PageShell } from '@/client/components/PageShell';
import { useUsage } from '@/client/features/billing/api';
import { CharactersSummary, DetectionsToday, RecentActivity, Skeleton, upgradeAction, UsageLoadError } from '@/client/features/usage/parts';

const SHORTCUTS = [
  { to: '/tools', title: 'All tools', description: 'Detection, writing, SEO and media tools.', icon: Wrench },
  { to: '/usage', title: 'Usage', description: 'Your allowance and history.', icon: BarChart3 },
  { to: '/pricing', title: 'Plans and packs', description: 'Upgrade or add characters.', icon: CreditCard },
  { to: '/account', title: 'Account Settings', description: 'Profile, password and payments.', icon: Settings },
];

/** /dashboard picks the dashboard for the user: staff go to /admin. */
export default function DashboardPage() {
  const { user } = useCurrentUser();
  if (!user) return null;
  if (isStaff(user.role)) return <Navigate to="/admin" replace />;
  return <UserDashboard user={user} />;
}

function UserDashboard({ user }: { user: PublicUser }) {
  const usage = useUsage();
  return (
    <PageShell
      title={`Welcome, ${user.username}`}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          You are on the <Badge>{planBadge(user.role)}</Badge>
        </span>
      }
      actions={upgradeAction(user.role)}
    >
      <div className="grid gap-6 lg:grid-cols-5">
        <Card className="lg:col-span-3" data-testid="dashboard-usage">
          <CardHeader className="flex-row items-center justify-between gap-2 pb-3">
            <CardTitle className="text-lg">Usage this period</CardTitle>
            <Link to="/usage" className="text-sm font-medium text-primary hover:underline">
              Details
            </Link>
          </CardHeader>
          <CardContent>
            {usage.isError ? (
              <UsageLoadError error={usage.error} onRetry={() => void usage.refetch()} />
            ) : !usage.data ? (
              <div role="status" aria-label="Loading your usage" className="grid gap-3">
                <Skeleton className="h-8 w-2/3" />
                <Skeleton className="h-3" />
                <Skeleton className="h-8 w-1/2" />
              </div>
            ) : (
              <div className="grid gap-5">
                <CharactersSummary usage={usage.data} />
                <div>
                  <p className="mb-1 text-sm font-medium text-muted-foreground">Detections</p>
                  <DetectionsToday usage={usage.data} />
                </div>
              </div>
            )}
          </CardContent>
        </Card>

        <ToolOfTheDayCard role={user.role} className="lg:col-span-2" />

        <Card className="lg:col-span-3">
          <CardHeader className="pb-2">
            <CardTitle className="text-lg">Recent activity</CardTitle>
          </CardHeader>
          <CardContent>
            {usage.isError ? (
              <p className="text-sm text-muted-foreground">Your activity could not be loaded.</p>
            ) : !usage.data ? (
              <div aria-hidden className="grid gap-2">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} className="h-10" />
                ))}
              </div>
            ) : (
              <RecentActivity events={usage.data.recent.slice(0, 8)} />
            )}
          </CardContent>
        </Card>

        <nav aria-labelledby="shortcuts-heading" className="lg:col-span-2">
          <h2 id="shortcuts-heading" className="mb-3 text-lg font-semibold">
            Shortcuts
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
            {SHORTCUTS.map(({ to, title, description, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="flex items-center gap-3 rounded-xl border bg-card p-3 transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Icon className="size-5 shrink-0 text-primary" aria-hidden />
                  <span className="min-w-0">
                    <span className="block font-medium">{title}</span>
                    <span className="block text-sm text-muted-foreground">{description}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </PageShell>
  );
}

function ToolOfTheDayCard({ role, className }: { role: PublicUser['role']; className?: string }) {
  const tool = toolOfTheDay(new Date());
  if (!tool) return null;
  const action = toolOfTheDayAction(tool, role);
  return (
    <Card className={className} data-testid="tool-of-the-day">
      <CardHeader className="pb-3">
        <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wider text-primary">
          <Sparkles className="size-3.5" aria-hidden /> Tool of the day
        </p>
        <CardTitle className="flex items-center gap-2 text-lg">
          <ToolIcon name={tool.icon} color={tool.iconColor} className="size-5" />
          {tool.name}
        </CardTitle>
        <CardDescription>{tool.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {action.kind === 'try' ? (
          <Button asChild className="justify-self-start">
            <Link to={action.href}>
              {action.label} <ArrowRight />
            </Link>
          </Button>
        ) : (
          <>
            <Button asChild variant="outline" className="justify-self-start">
              <Link to={action.href}>
                <Lock /> {action.label}
              </Link>
            </Button>
            <p className="text-sm text-muted-foreground">{action.note}</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
