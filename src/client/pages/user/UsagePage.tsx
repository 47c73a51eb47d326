import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FileText, Gauge, Package, ScanSearch } from 'lucide-react';
import type { UsageResponse } from '@/shared/api/billing';
import { formatDate, formatNumber } from '@/shared/format';
import { isStaff, planBadge } from '@/shared/roles';
import { useCurrentUser } from '@/client/lib/auth';
import { cn } from '@/client/lib/utils';
import { Badge } from '@/client/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { PageShell } from '@/client/components/PageShell';
import { useUsage } from '@/client/features/billing/api';
import { ByToolTable, CharactersSummary, DetectionsToday, Skeleton, UsageHistoryChart, upgradeAction, UsageLoadError } from '@/client/features/usage/parts';

const RANGES = [7, 30, 90] as const;

function Stat({ icon, label, children, testId }: { icon: ReactNode; label: string; children: ReactNode; testId?: string }) {
  return (
    <Card className="p-5" data-testid={testId}>
      <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <span className="text-primary" aria-hidden>
          {icon}
        </span>
        {label}
      </p>
      <div className="mt-2">{children}</div>
    </Card>
  );
}

export default function UsagePage() {
  const { user } = useCurrentUser();
  const [days, setDays] = useState<number>(30);
  const usage = useUsage(days, Boolean(user));
  if (!user) return null;
  const staff = isStaff(user.role);

  return (
    <PageShell
      title="Usage"
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          Your allowance and how you have used it. <Badge>{planBadge(user.role)}</Badge>
        </span>
      }
      actions={upgradeAction(user.role)}
    >
      {usage.isError ? (
        <UsageLoadError error={usage.error} onRetry={() => void usage.refetch()} className="rounded-xl border border-destructive/30 bg-destructive/5 p-4" />
      ) : !usage.data ? (
        <div role="status" aria-label="Loading your usage" className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-32" />
            ))}
          </div>
          <Skeleton className="h-80" />
        </div>
      ) : (
        <UsageBody usage={usage.data} days={days} setDays={setDays} staff={staff} refreshing={usage.isFetching} />
      )}
    </PageShell>
  );
}

function UsageBody({
  usage,
  days,
  setDays,
  staff,
  refreshing,
}: {
  usage: UsageResponse;
  days: number;
  setDays: (d: number) => void;
  staff: boolean;
  refreshing: boolean;
}) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <Stat icon={<Gauge className="size-4" />} label="Characters this period" testId="usage-characters">
          <CharactersSummary usage={usage} />
          {usage.period && <p className="mt-2 text-xs text-muted-foreground">Resets on {formatDate(usage.period.end)}</p>}
        </Stat>
        <Stat icon={<ScanSearch className="size-4" />} label="Detections" testId="usage-detections">
          <DetectionsToday usage={usage} />
          <p className="mt-2 text-xs text-muted-foreground">The daily count resets at midnight UTC.</p>
        </Stat>
        {/* staff are not limited by plan, so packs mean nothing to them */}
        {!staff && (
          <Stat icon={<Package className="size-4" />} label="Pack credits" testId="usage-credits">
            <dl className="grid grid-cols-3 gap-2 text-sm">
              {[
                ['Characters', usage.credits.characters],
                ['Images', usage.credits.images],
                ['Audio minutes', usage.credits.audioMinutes],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="text-lg font-semibold tabular-nums">{formatNumber(value as number)}</dd>
                </div>
              ))}
            </dl>
            <Link to="/pricing#packs" className="mt-2 inline-block text-xs font-medium text-primary hover:underline">
              Buy an add-on pack
            </Link>
          </Stat>
        )}
        <Stat icon={<FileText className="size-4" />} label="Words per request" testId="usage-words">
          <p className="text-2xl font-bold tabular-nums">{formatNumber(usage.wordLimit)}</p>
          <p className="mt-2 text-xs text-muted-foreground">The longest text one tool request may take.</p>
        </Stat>
      </div>

      <Card>
        <CardHeader className="flex-col gap-3 pb-2 sm:flex-row sm:items-center sm:justify-between">
          <CardTitle className="text-lg">History</CardTitle>
          <div role="group" aria-label="Period" className="inline-flex self-start rounded-lg bg-muted p-0.5 text-sm">
            {RANGES.map((d) => (
              <button
                key={d}
                type="button"
                aria-pressed={days === d}
                onClick={() => setDays(d)}
                className={cn(
                  'rounded-md px-3 py-1.5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  days === d ? 'bg-background font-medium shadow-sm' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {d} days
              </button>
            ))}
          </div>
        </CardHeader>
        <CardContent className={cn('grid gap-6 transition-opacity', refreshing && 'opacity-60')} aria-busy={refreshing}>
          <div>
            <h3 className="mb-3 text-sm font-medium text-muted-foreground">Characters per day, by tool</h3>
            <UsageHistoryChart byDay={usage.byDay} days={days} />
          </div>
          <div>
            <h3 className="mb-1 text-sm font-medium text-muted-foreground">By tool, last {days} days</h3>
            <ByToolTable byTool={usage.byTool} />
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
