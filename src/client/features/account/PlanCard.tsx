import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { DEFAULT_PLANS, type PlanId } from '@/shared/plans';
import { formatDate, formatNumber } from '@/shared/format';
import { planBadge } from '@/shared/roles';
import type { SubscriptionInfo } from '@/shared/api/billing';
import { messageOf } from '@/client/lib/api';
import { toast } from '@/client/hooks/use-toast';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Spinner } from '@/client/components/ui/spinner';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { LoadError } from '@/client/components/LoadError';
import { changePlan, openBillingPortal, refreshAccount, setSubscriptionCancelled, SUBSCRIPTION_KEY, useSubscription } from '@/client/features/billing/api';
import { Skeleton } from '@/client/features/usage/parts';
import { AccountSection } from './AccountSection';

type Action = 'cancel' | 'resume' | 'keep';

/** The plan, its renewal and limits, with cancel, resume, keep (undo a scheduled change) and the billing portal. */
export function PlanCard({ expectedPlan, className }: { expectedPlan: PlanId | null; className?: string }) {
  const sub = useSubscription();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Action | 'portal' | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const polls = useRef(0);

  // Stripe confirms a payment by webhook, which may arrive a moment after the browser returns.
  useEffect(() => {
    if (!expectedPlan || !sub.data || sub.data.plan === expectedPlan || polls.current >= 5) return;
    const t = setTimeout(() => {
      polls.current += 1;
      void refreshAccount(queryClient);
    }, 2000);
    return () => clearTimeout(t);
  }, [expectedPlan, sub.data, queryClient]);

  async function act(kind: Action, current: SubscriptionInfo) {
    setBusy(kind);
    try {
      // keeping the current plan (undoing a scheduled downgrade) is a change to the same plan
      const next = kind === 'keep' ? await changePlan(current.plan) : await setSubscriptionCancelled(kind === 'cancel');
      queryClient.setQueryData(SUBSCRIPTION_KEY, next);
      await refreshAccount(queryClient);
      toast({
        title: kind === 'cancel' ? 'Subscription cancelled' : kind === 'keep' ? 'Plan kept' : 'Subscription resumed',
        description:
          kind === 'cancel'
            ? `Your ${next.planName} plan stays active until ${formatDate(next.currentPeriodEnd)}; then your account moves to Free.`
            : `Your ${next.planName} plan renews on ${formatDate(next.currentPeriodEnd)}.`,
      });
      setConfirmCancel(false);
    } catch (err) {
      toast({ title: 'Something went wrong', description: messageOf(err, 'Please try again in a moment.'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function portal() {
    setBusy('portal');
    try {
      await openBillingPortal();
    } catch (err) {
      setBusy(null);
      toast({ title: 'Billing portal unavailable', description: messageOf(err, 'Please try again in a moment.'), variant: 'destructive' });
    }
  }

  if (sub.isLoading) {
    return (
      <AccountSection title="Plan" className={className}>
        <div role="status" aria-label="Loading your plan" className="grid gap-3">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-72 max-w-full" />
          <Skeleton className="h-10 w-48" />
        </div>
      </AccountSection>
    );
  }
  if (sub.isError || !sub.data) {
    return (
      <AccountSection title="Plan" className={className}>
        <LoadError what="Your plan" error={sub.error} onRetry={() => void sub.refetch()} />
      </AccountSection>
    );
  }
  const s = sub.data;
  const paid = s.plan !== 'free';
  const scheduled = s.scheduledPlan ? DEFAULT_PLANS[s.scheduledPlan]?.name : null;
  return (
    <AccountSection title="Plan" className={className}>
      <div className="grid gap-5 md:grid-cols-[1fr_auto] md:items-start">
        <div className="grid gap-2">
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-2xl font-bold" data-testid="account-plan">
              {s.planName}
            </span>
            <Badge variant={s.status === 'past_due' ? 'warning' : 'default'}>{planBadge(s.plan)}</Badge>
            {s.status === 'past_due' && <Badge variant="warning">Payment overdue</Badge>}
          </p>
          <p className="text-sm text-muted-foreground" data-testid="renewal">
            {!paid
              ? `Your monthly allowance resets on ${formatDate(s.currentPeriodEnd)}.`
              : s.cancelAtPeriodEnd
                ? `Cancelled: the ${s.planName} plan stays active until ${formatDate(s.currentPeriodEnd)}, then your account moves to Free.`
                : scheduled
                  ? `Changes to ${scheduled} on ${formatDate(s.currentPeriodEnd)}.`
                  : `Renews on ${formatDate(s.currentPeriodEnd)}.`}
          </p>
          <ul className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm">
            <li>
              <strong className="tabular-nums">{formatNumber(s.terms.monthlyCharacters)}</strong> characters a month
            </li>
            <li>
              <strong className="tabular-nums">{formatNumber(s.terms.wordLimit)}</strong> words per request
            </li>
            <li>
              {s.terms.dailyDetections === null ? (
                <strong>Unlimited detections</strong>
              ) : (
                <>
                  <strong className="tabular-nums">{formatNumber(s.terms.dailyDetections)}</strong> detections a day
                </>
              )}
            </li>
          </ul>
        </div>
        <div className="flex flex-wrap gap-2 md:justify-end">
          <Button asChild>
            <Link to="/pricing">{paid ? 'Change plan' : 'Upgrade'}</Link>
          </Button>
          {paid && !s.cancelAtPeriodEnd && (
            <Button variant="outline" onClick={() => setConfirmCancel(true)} disabled={busy !== null}>
              Cancel subscription
            </Button>
          )}
          {paid && s.cancelAtPeriodEnd && (
            <Button variant="outline" onClick={() => void act('resume', s)} disabled={busy !== null}>
              {busy === 'resume' && <Spinner />} Resume subscription
            </Button>
          )}
          {paid && scheduled && !s.cancelAtPeriodEnd && (
            <Button variant="outline" onClick={() => void act('keep', s)} disabled={busy !== null}>
              {busy === 'keep' && <Spinner />} Keep {s.planName}
            </Button>
          )}
          {s.portalAvailable && (
            <Button variant="ghost" onClick={() => void portal()} disabled={busy !== null}>
              {busy === 'portal' ? <Spinner /> : <ExternalLink />} Manage billing
            </Button>
          )}
        </div>
      </div>

      <Dialog open={confirmCancel} onOpenChange={(open) => !open && busy === null && setConfirmCancel(false)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Cancel your {s.planName} plan?</DialogTitle>
            <DialogDescription>
              You keep the {s.planName} plan and its allowance until {formatDate(s.currentPeriodEnd)}. After that your account moves to Free and is not charged
              again. You can resume before then.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirmCancel(false)} disabled={busy !== null}>
              Keep my plan
            </Button>
            <Button variant="destructive" onClick={() => void act('cancel', s)} disabled={busy !== null}>
              {busy === 'cancel' && <Spinner />} Cancel at period end
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </AccountSection>
  );
}
