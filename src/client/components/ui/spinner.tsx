import { Loader2 } from 'lucide-react';
import { cn } from '@/client/lib/utils';

/** Decorative spinning icon; pair it with visible text or use PageSpinner. */
export function Spinner({ className }: { className?: string }) {
  return <Loader2 className={cn('h-4 w-4 animate-spin', className)} aria-hidden="true" />;
}

/** Full-area loading state with an accessible label. */
export function PageSpinner({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn('flex min-h-[40vh] items-center justify-center gap-3 text-muted-foreground', className)}>
      <Spinner className="h-6 w-6 text-primary" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/**
 * A button's content while its work runs: the spinner and the busy label ("Checking...") replace the idle content, so
 * the button keeps one accessible name at a time.
 */
export function BusyLabel({ busy, label, children }: { busy: boolean; label: string; children: React.ReactNode }) {
  return busy ? (
    <>
      <Spinner /> {label}
    </>
  ) : (
    <>{children}</>
  );
}
