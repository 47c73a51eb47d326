import { messageOf } from '@/client/lib/api';
import { cn } from '@/client/lib/utils';
import { toast } from '@/client/hooks/use-toast';
import { useUserSettings } from '../account/api';
import { useSetHistoryEnabled } from './api';

/** "Keep a history of my checks": the switch of GET/PUT /api/user/settings `historyEnabled` (off by default). */
export function HistoryToggle({ className }: { className?: string }) {
  const settings = useUserSettings();
  const save = useSetHistoryEnabled();
  const on = save.isPending ? (save.variables ?? false) : (settings.data?.historyEnabled ?? false);
  const choose = (next: boolean) =>
    save.mutate(next, {
      onSuccess: () =>
        toast({ title: next ? 'History is on' : 'History is off', description: next ? 'Your next checks will be kept.' : 'New checks are no longer kept.' }),
      onError: (err) => toast({ title: 'Could not save your choice', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
    });
  return (
    <div className={cn('flex items-start justify-between gap-4', className)} data-testid="history-toggle">
      <div className="min-w-0">
        <p id="history-toggle-label" className="font-medium">
          Keep a history of my checks
        </p>
        <p className="mt-0.5 text-sm text-muted-foreground">
          While this is on, each check you run (the tool, your text or a description of your file, the result and the date) is kept for you alone at History.
          Off unless you turn it on; turning it off keeps what was already saved until you delete it.
        </p>
        {settings.isError && <p className="mt-1 text-sm text-red-600">Your setting could not be loaded.</p>}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby="history-toggle-label"
        disabled={settings.isPending || settings.isError || save.isPending}
        onClick={() => choose(!on)}
        className={cn(
          'relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50',
          on ? 'bg-primary' : 'bg-muted-foreground/30',
        )}
      >
        <span className={cn('inline-block size-5 rounded-full bg-background shadow transition-transform', on ? 'translate-x-5' : 'translate-x-0')} />
      </button>
    </div>
  );
}
