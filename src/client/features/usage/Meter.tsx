import { formatNumber, percentage } from '@/shared/format';
import { cn } from '@/client/lib/utils';

/** Kept apart from the usage charts so the sidebar's meter does not pull them into every page. */

/** A horizontal meter of used against limit, announced as a progress bar with its numbers. */
export function Meter({ used, limit, label, className }: { used: number; limit: number; label: string; className?: string }) {
  const pct = percentage(used, limit);
  const tone = pct >= 100 ? 'bg-red-600' : pct >= 80 ? 'bg-amber-500' : 'bg-primary';
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(pct)}
      aria-valuetext={`${formatNumber(used)} of ${formatNumber(limit)} (${Math.round(pct)}%)`}
      className={cn('h-2.5 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div className={cn('h-full rounded-full transition-[width]', tone)} style={{ width: `${pct}%` }} />
    </div>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-lg bg-muted', className)} />;
}
