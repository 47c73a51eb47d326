import { Link, NavLink } from 'react-router';
import { Gauge } from 'lucide-react';
import type { PublicUser } from '@/shared/api/auth';
import { CATEGORY_SHORT, toolsByCategory, type ToolCategory } from '@/shared/catalogue';
import { isStaff, planBadge, upgradeLabel } from '@/shared/roles';
import { cn } from '@/client/lib/utils';
import { ToolIcon } from '@/client/components/ToolIcon';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';

const CATEGORIES: ToolCategory[] = ['text', 'media', 'seo', 'writing'];

const UPGRADE_TEXT: Record<string, string> = {
  free: 'Upgrade for a larger character allowance and the Pro-only tools.',
  basic: 'Go Pro for the Pro-only tools and a larger allowance.',
  pro: 'Agency adds the largest allowance for teams and heavy use.',
  agency: "You're on the Agency plan, our highest tier.",
};

/** Desktop sidebar for logged-in users (SPEC §2): tools by group, the Characters Used area and an upgrade box. */
export function Sidebar({ user }: { user: PublicUser }) {
  const staff = isStaff(user.role);
  const upgrade = upgradeLabel(user.role);
  return (
    <aside
      data-testid="sidebar"
      aria-label="Tools and usage"
      className="sticky top-16 hidden h-[calc(100vh-4rem)] w-64 shrink-0 overflow-y-auto border-r border-border bg-surface px-3 py-5 lg:block"
    >
      <nav aria-label="Tools" className="flex flex-col gap-5">
        {CATEGORIES.map((c) => (
          <div key={c}>
            <h2 className="px-2 pb-1.5 text-xs font-semibold uppercase tracking-wider text-muted-foreground">{CATEGORY_SHORT[c]}</h2>
            <ul className="flex flex-col gap-0.5">
              {toolsByCategory(c).map((t) => (
                <li key={t.id}>
                  <NavLink
                    to={t.route}
                    className={({ isActive }) =>
                      cn(
                        'flex items-center gap-2.5 rounded-md px-2 py-1.5 text-sm transition-colors hover:bg-muted',
                        isActive ? 'bg-primary/10 font-medium text-primary' : 'text-foreground/80',
                      )
                    }
                  >
                    <ToolIcon name={t.icon} color={t.iconColor} className="h-4 w-4" />
                    <span className="truncate">{t.name}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>

      <section aria-labelledby="usage-heading" className="mt-6 rounded-xl border border-border bg-card p-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="usage-heading" className="flex items-center gap-1.5 text-sm font-semibold">
            <Gauge className="h-4 w-4 text-primary" aria-hidden="true" /> Characters Used
          </h2>
          <Badge>{planBadge(user.role)}</Badge>
        </div>
        <p className="mt-2 text-xs text-muted-foreground">Usage metering is not available on this server yet.</p>
        <Link to="/usage" className="mt-1 inline-block text-xs font-medium text-primary hover:underline">
          View usage
        </Link>
      </section>

      {!staff && (
        <section aria-label="Your plan" className="mt-3 rounded-xl bg-gradient-to-br from-primary to-indigo-700 p-3 text-primary-foreground">
          <p className="text-sm font-semibold">{planBadge(user.role)}</p>
          <p className="mt-1 text-xs text-primary-foreground/90">{UPGRADE_TEXT[user.role]}</p>
          {upgrade && (
            <Button asChild size="sm" variant="secondary" className="mt-3 w-full">
              <Link to="/pricing">{upgrade}</Link>
            </Button>
          )}
        </section>
      )}
    </aside>
  );
}
