import { messageOf } from '@/client/lib/api';
import { cn } from '@/client/lib/utils';
import { Button } from '@/client/components/ui/button';

/** A query that failed: what could not be loaded, the server's reason, and a retry. */
export function LoadError({ what, error, onRetry, className }: { what: string; error: unknown; onRetry: () => void; className?: string }) {
  return (
    <div role="alert" className={cn('flex flex-wrap items-center gap-3 text-sm', className)}>
      <p className="flex-1">
        {what} could not be loaded. {messageOf(error, '')}
      </p>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
