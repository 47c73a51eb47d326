import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ChevronRight, Gauge } from 'lucide-react';
import type { PublicUser } from '@/shared/api/auth';
import { CATEGORY_SHORT, COMING_SOON_SLUGS, TOOLS, toolsByCategory, type ToolCategory } from '@/shared/catalogue';
import { formatCompact, formatNumber, percentage } from '@/shared/format';
import { isStaff, planBadge, upgradeLabel } from '@/shared/roles';
import { cn } from '@/client/lib/utils';
import { usePlanChangeNotice, useSimplifiedUsage } from '@/client/features/billing/api';
import { Meter, Skeleton } from '@/client/features/usage/Meter';
import { ToolIcon } from '@/client/components/ToolIcon';
import { NeedsModelMark } from '@/client/components/NeedsModelMark';
import { useDisabledTools } from '@/client/features/site/api';
import { Button } from '@/client/components/ui/button';

const CATEGORIES: ToolCategory[] = ['text', 'media', 'seo', 'writing'];

const UPGRADE_TEXT: Record<string, string> = {
  free: 'Upgrade for a larger character allowance, longer texts and the Pro-only tools.',
  basic: 'Go Pro for unlimited detections, the Pro-only tools and a larger allowance.',
  pro: 'Agency adds the largest allowance and the longest texts, for teams and heavy use.',
  agency: "You're on the Agency plan, our highest tier.",
};

/** After this long on one page the meter is re-read when the user moves on, so it follows their tool use. */
const METER_REFRESH_MS = 30_000;

/** The Characters Used meter, from GET /api/user/simplified-usage (data.characters {used, limit}). */
function CharactersMeter({ staff }: { staff: boolean }) {
  const usage = useSimplifiedUsage();
  const { pathname } = useLocation();
  // read at navigation time: the check runs on navigation only, not when the query's state changes
  const latest = useRef(usage);
  latest.current = usage;
  useEffect(() => {
    const { dataUpdatedAt, refetch, isFetching } = latest.current;
    if (!isFetching && dataUpdatedAt && Date.now() - dataUpdatedAt > METER_REFRESH_MS) void refetch();
  }, [pathname]);

  if (usage.isLoading) {
    return (
      <div className="mt-2 grid gap-2" role="status" aria-label="Loading usage">
        <Skeleton className="h-3 w-2/3" />
        <Skeleton className="h-2" />
      </div>
    );
  }
  if (usage.isError || !usage.data) return <p className="mt-2 text-xs text-muted-foreground">Usage could not be loaded.</p>;
  const { used, limit } = usage.data.data.characters;
  const credits = usage.data.data.credits?.characters ?? 0;
  // limit null: no character limit (staff are not limited by plan)
  if (limit === null) {
    return (
      <p className="mt-2 text-xs text-muted-foreground" data-testid="sidebar-meter">
        <span className="font-semibold text-foreground tabular-nums">{formatNumber(used)}</span> characters used this month · no limit
        {staff ? ' (staff accounts are not limited by plan)' : ''}
      </p>
    );
  }
  return (
    <div className="mt-2 grid gap-1.5" data-testid="sidebar-meter">
      <p className="flex items-baseline justify-between gap-2 text-xs tabular-nums">
        <span>
          <span className="font-semibold text-foreground">{formatCompact(used)}</span>
          <span className="text-muted-foreground"> / {formatCompact(limit)}</span>
        </span>
        <span className="text-muted-foreground">{Math.round(percentage(used, limit))}%</span>
      </p>
      <Meter used={used} limit={limit} label="Characters used this period" className="h-2" />
      {credits > 0 && <p className="text-xs text-muted-foreground">+ {formatCompact(credits)} pack characters</p>}
    </div>
  );
}

function titleOf(slug: string): string {
  return slug
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** Catalogue entries that do not work yet, and the planned tools' pages: listed behind a disclosure, closed at first. */
const COMING: { key: string; name: string; route: string }[] = [
  ...TOOLS.filter((t) => !t.live || t.comingSoon).map((t) => ({ key: t.id, name: t.name, route: t.route })),
  ...COMING_SOON_SLUGS.map((slug) => ({ key: slug, name: titleOf(slug), route: `/tools/${slug}` })),
];

function ComingTools() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (COMING.length === 0) return null;
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-1.5 rounded-md px-2 py-1.5 text-xs font-semibold uppercase tracking-wider text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ChevronRight className={cn('h-3.5 w-3.5 transition-transform', open && 'rotate-90')} aria-hidden="true" />
        More tools (coming)
      </button>
      <ul id={listId} hidden={!open} className="mt-0.5 flex flex-col gap-0.5" data-testid="sidebar-coming-tools">
        {COMING.map((t) => (
          <li key={t.key}>
            <NavLink
              to={t.route}
              className={({ isActive }) =>
                cn(
                  'flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm transition-colors hover:bg-muted',
                  isActive ? 'bg-primary/10 font-medium text-primary' : 'text-muted-foreground',
                )
              }
            >
              <span className="truncate">{t.name}</span>
              <span className="shrink-0 rounded-full bg-amber-100 px-1.5 text-[10px] font-medium text-amber-800">Soon</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Desktop sidebar for logged-in users: tools by group, the Characters Used area and an upgrade box. */
export function Sidebar({ user }: { user: PublicUser }) {
  const staff = isStaff(user.role);
  // the sidebar reads the usage call on every logged-in page, so it announces plan changes
  const usagePlan = useSimplifiedUsage().data?.data.plan;
  usePlanChangeNotice(user.id, usagePlan);
  // the upgrade box follows the plan the usage call reports (a period may have rolled since /api/auth/me)
  const plan = usagePlan && usagePlan !== 'staff' ? usagePlan : user.role;
  const upgrade = upgradeLabel(plan);
  // only tools that work here and that staff have not turned off; the rest are in the catalogue, which says why
  const off = useDisabledTools();
  return (
    <aside
      data-testid="sidebar"
      aria-label="Tools and usage"
      // the tools list scrolls and the usage and plan boxes stay in view below it (a short window scrolls the whole column)
      className="sticky top-16 hidden h-[calc(100vh-4rem)] w-64 shrink-0 flex-col overflow-y-auto border-r border-border bg-surface lg:flex"
    >
      <nav aria-label="Tools" className="flex min-h-40 flex-1 flex-col gap-5 overflow-y-auto px-3 pb-3 pt-5">
        {CATEGORIES.map((c) => (
          <div key={c}>
            <h2 className="px-2 pb-1.5 text-xs font-semibold uppercase tracking-wider text-muted-foreground">{CATEGORY_SHORT[c]}</h2>
            <ul className="flex flex-col gap-0.5">
              {toolsByCategory(c)
                .filter((t) => t.live && !off.has(t.id))
                .map((t) => (
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
                      <NeedsModelMark tool={t} compact className="ml-auto" />
                    </NavLink>
                  </li>
                ))}
            </ul>
          </div>
        ))}
        <ComingTools />
      </nav>

      <div className="shrink-0 border-t border-border px-3 pb-4 pt-3">
        <section aria-labelledby="usage-heading" className="rounded-xl border border-border bg-card p-3">
          {/* the plan's name is in the upgrade box below */}
          <h2 id="usage-heading" className="flex items-center gap-1.5 text-sm font-semibold">
            <Gauge className="h-4 w-4 text-primary" aria-hidden="true" /> Characters Used
          </h2>
          <CharactersMeter staff={staff} />
          <Link to="/usage" className="mt-2 inline-block text-xs font-medium text-primary hover:underline">
            View usage
          </Link>
        </section>

        {!staff && (
          <section aria-label="Your plan" className="mt-3 rounded-xl bg-gradient-to-br from-primary to-indigo-700 p-3 text-primary-foreground">
            <p className="text-sm font-semibold">{planBadge(plan)}</p>
            <p className="mt-1 text-xs text-primary-foreground/90" data-testid="upgrade-text">
              {UPGRADE_TEXT[plan]}
            </p>
            {upgrade && (
              <Button asChild size="sm" variant="secondary" className="mt-3 w-full">
                <Link to="/pricing">{upgrade}</Link>
              </Button>
            )}
          </section>
        )}
      </div>
    </aside>
  );
}
