import { BellOff, BellRing } from 'lucide-react';
import { cn } from '@/client/lib/utils';
import { toast } from '@/client/hooks/use-toast';
import { AccountSection } from '../account/AccountSection';
import { usePushToggle } from './api';
import { usePushNotifications, type PushState } from './usePushNotifications';

const NOTES: Record<PushState, string | null> = {
  loading: null,
  unsupported:
    'This browser cannot receive notifications from this site. Use a current Chrome, Edge or Firefox, or on an iPhone add Veritext to your Home Screen first.',
  denied: 'Notifications are blocked for this site. Allow them in your browser’s site settings (the icon beside the address), then come back here.',
  off: null,
  on: null,
};

/** The account page's switch for this browser's notifications (web push): finished batch checks and account notices. */
export function NotificationsCard({ className }: { className?: string }) {
  const { state, change } = usePushNotifications();
  const toggle = usePushToggle(change);
  const on = toggle.isPending ? Boolean(toggle.variables) : state === 'on';
  const disabled = state === 'loading' || state === 'unsupported' || state === 'denied' || toggle.isPending;
  const choose = (next: boolean) =>
    toggle.mutate(next, {
      onSuccess: () =>
        toast({
          title: next ? 'Notifications are on' : 'Notifications are off',
          description: next ? 'This browser will tell you when a batch check is done.' : 'This browser will not receive notifications.',
        }),
      onError: (err) => toast({ title: 'Could not change notifications', description: (err as Error).message || 'Please try again.', variant: 'destructive' }),
    });
  const note = NOTES[state];
  return (
    <AccountSection id="notifications" title="Browser notifications" className={className}>
      <div className="flex items-start justify-between gap-4" data-testid="push-toggle" data-state={state}>
        <div className="min-w-0">
          <p id="push-toggle-label" className="flex items-center gap-2 font-medium">
            {on ? <BellRing className="size-4 text-primary" aria-hidden /> : <BellOff className="size-4 text-muted-foreground" aria-hidden />}
            Notify me on this device
          </p>
          <p className="mt-0.5 text-sm text-muted-foreground">
            When a batch check is done, your plan changes or your password is changed. For this browser only: turn it on on each device you use.
          </p>
          {note && (
            <p className="mt-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status">
              {note}
            </p>
          )}
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="push-toggle-label"
          disabled={disabled}
          onClick={() => choose(!on)}
          className={cn(
            'relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50',
            on ? 'bg-primary' : 'bg-muted-foreground/30',
          )}
        >
          <span className={cn('inline-block size-5 rounded-full bg-background shadow transition-transform', on ? 'translate-x-5' : 'translate-x-0')} />
        </button>
      </div>
    </AccountSection>
  );
}
