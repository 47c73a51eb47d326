import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { upgradeLabel, type Role } from '@/shared/roles';
import { Activity } from 'lucide-react';
import type { UsageByDay, UsageByTool, UsageEvent, UsageResponse } from '@/shared/api/billing';
import { findTool, findToolBySlug } from '@/shared/catalogue';
import { formatCompact, formatDateTime, formatDay, formatNumber, percentage } from '@/shared/format';
import { cn } from '@/client/lib/utils';
import { Button } from '@/client/components/ui/button';
import { LoadError } from '@/client/components/LoadError';
import { Meter, Skeleton } from './Meter';
import { ToolIcon } from '@/client/components/ToolIcon';
import { StackedBarChart, type Series } from '@/client/components/charts/StackedBarChart';
import { dayRange, rankSeries } from '@/client/components/charts/scale';

export { Meter, Skeleton };

/** Tool ids in usage records are catalogue ids; a slug or an unknown id is shown as it is. */
export function toolName(id: string): string {
  return findTool(id)?.name ?? findToolBySlug(id)?.name ?? id.replace(/[_-]+/g, ' ');
}

function toolOf(id: string) {
  return findTool(id) ?? findToolBySlug(id);
}

/** The page's upgrade button (its label names the next plan), or nothing for agency and staff. */
export function upgradeAction(role: Role): ReactNode {
  const label = upgradeLabel(role);
  return label ? (
    <Button asChild>
      <Link to="/pricing">{label}</Link>
    </Button>
  ) : undefined;
}

/** The usage call failed: its message and a way to try again (/usage and /dashboard). */
export function UsageLoadError({ error, onRetry, className }: { error: unknown; onRetry: () => void; className?: string }) {
  return <LoadError what="Your usage" error={error} onRetry={onRetry} className={className} />;
}

/** The characters meter with its numbers, for /usage and /dashboard. */
export function CharactersSummary({ usage }: { usage: UsageResponse }) {
  const { used, limit, remaining } = usage.characters;
  // limit null: no character limit (staff are not limited by plan)
  if (limit === null || remaining === null) {
    return (
      <div className="grid gap-1" data-testid="characters-unlimited">
        <p className="text-2xl font-bold tabular-nums" data-testid="characters-used">
          {formatNumber(used)} <span className="text-base font-normal text-muted-foreground">characters this month</span>
        </p>
        <p className="text-sm text-muted-foreground">No character limit{usage.plan === 'staff' ? ': staff accounts are not limited by plan.' : '.'}</p>
      </div>
    );
  }
  const pct = percentage(used, limit);
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-2xl font-bold tabular-nums" data-testid="characters-used">
          {formatNumber(used)} <span className="text-base font-normal text-muted-foreground">/ {formatNumber(limit)} characters</span>
        </p>
        <p className="text-sm text-muted-foreground tabular-nums">{Math.round(pct)}% used</p>
      </div>
      <Meter used={used} limit={limit} label="Characters used this period" />
      <p className="text-sm text-muted-foreground">
        {formatNumber(remaining)} left this period
        {usage.credits.characters > 0 && <> · plus {formatNumber(usage.credits.characters)} pack characters</>}
      </p>
    </div>
  );
}

const PALETTE = ['#4f46e5', '#0891b2', '#db2777', '#16a34a', '#ea580c', '#ca8a04'];
const OTHER = { key: 'other', label: 'Other tools', color: '#94a3b8' };

/** Characters per day, stacked by tool, over the window the server returned. */
export function UsageHistoryChart({ byDay, days, today = new Date() }: { byDay: UsageByDay[]; days: number; today?: Date }) {
  const totals: Record<string, number> = {};
  for (const d of byDay) for (const [tool, chars] of Object.entries(d.tools)) totals[tool] = (totals[tool] ?? 0) + chars;
  const { keys, merged } = rankSeries(totals, PALETTE.length + 1, OTHER.key);
  const series: Series[] = keys.map((k, i) => (k === OTHER.key ? OTHER : { key: k, label: toolName(k), color: PALETTE[i % PALETTE.length] }));
  const mergedSet = new Set(merged);
  const byDate = new Map(byDay.map((d) => [d.date, d]));
  const rows = dayRange(days, today).map((date) => {
    const values: Record<string, number> = {};
    for (const [tool, chars] of Object.entries(byDate.get(date)?.tools ?? {})) {
      const key = mergedSet.has(tool) ? OTHER.key : tool;
      values[key] = (values[key] ?? 0) + chars;
    }
    return { label: formatDay(date), values };
  });
  return (
    <StackedBarChart
      title={`Characters per day by tool, last ${days} days`}
      rows={rows}
      series={series}
      unit="characters"
      format={formatNumber}
      formatAxis={formatCompact}
      emptyMessage={`No tool use in the last ${days} days. Run a tool and it will show up here.`}
    />
  );
}

export function ByToolTable({ byTool }: { byTool: UsageByTool[] }) {
  const rows = [...byTool].sort((a, b) => b.characters - a.characters);
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">No tool use in this period yet.</p>;
  const total = rows.reduce((s, r) => s + r.characters, 0);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Usage by tool</caption>
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Tool
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Requests
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-medium">
              Characters
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const tool = toolOf(r.tool);
            return (
              <tr key={r.tool} className="border-t">
                <th scope="row" className="py-2 pr-3 font-normal">
                  <span className="flex items-center gap-2">
                    {tool && <ToolIcon name={tool.icon} color={tool.iconColor} className="size-4 shrink-0" />}
                    {toolName(r.tool)}
                  </span>
                  <span className="mt-1 block h-1 rounded-full bg-primary/70" style={{ width: `${percentage(r.characters, total)}%` }} aria-hidden />
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{formatNumber(r.requests)}</td>
                <td className="py-2 pl-3 text-right tabular-nums">{formatNumber(r.characters)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const STATUS_LABEL: Record<string, string> = { ok: 'Done', error: 'Failed', rejected: 'Over limit' };

export function RecentActivity({ events }: { events: UsageEvent[] }) {
  if (events.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
        <Activity className="size-5" aria-hidden />
        <p>No activity yet. Your tool runs will be listed here.</p>
        <Link to="/tools" className="font-medium text-primary hover:underline">
          Browse the tools
        </Link>
      </div>
    );
  }
  return (
    <ul className="divide-y" data-testid="recent-activity">
      {events.map((e) => {
        const tool = toolOf(e.tool);
        return (
          <li key={e.id} className="flex items-center gap-3 py-2.5 text-sm">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-muted">
              {tool ? <ToolIcon name={tool.icon} color={tool.iconColor} className="size-4" /> : <Activity className="size-4" aria-hidden />}
            </span>
            <div className="min-w-0 flex-1">
              {tool ? (
                <Link to={tool.route} className="block truncate font-medium hover:underline">
                  {tool.name}
                </Link>
              ) : (
                <span className="block truncate font-medium">{toolName(e.tool)}</span>
              )}
              <span className="text-xs text-muted-foreground">
                {formatDateTime(e.createdAt)} · {formatNumber(e.characters)} characters
              </span>
            </div>
            <span
              className={cn(
                'shrink-0 rounded-full px-2 py-0.5 text-xs',
                e.status === 'ok' ? 'bg-emerald-50 text-emerald-800' : e.status === 'rejected' ? 'bg-amber-50 text-amber-900' : 'bg-red-50 text-red-800',
              )}
            >
              {STATUS_LABEL[e.status] ?? e.status}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** Detections used today against the plan's daily allowance, or 'Unlimited'. */
export function DetectionsToday({ usage }: { usage: UsageResponse }) {
  const { today, dailyLimit } = usage.detections;
  return dailyLimit === null ? (
    <p className="text-2xl font-bold tabular-nums">
      {formatNumber(today)} <span className="text-base font-normal text-muted-foreground">today · Unlimited</span>
    </p>
  ) : (
    <div className="grid gap-2">
      <p className="text-2xl font-bold tabular-nums">
        {formatNumber(today)} <span className="text-base font-normal text-muted-foreground">/ {formatNumber(dailyLimit)} today</span>
      </p>
      <Meter used={today} limit={dailyLimit} label="Detections used today" />
    </div>
  );
}
