import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { DEFAULT_PLANS, findPack, subscriptionNotice, type PlanId } from '@/shared/plans';
import { useCurrentUser } from '@/client/lib/auth';
import { toast } from '@/client/hooks/use-toast';
import { forgetSeenPlan, refreshAccount, useSubscription } from '@/client/features/billing/api';

export interface CheckoutReturn {
  notice: string | null;
  /** The plan just paid for, until the subscription shows it. */
  expectedPlan: PlanId | null;
  dismiss: () => void;
}

/** Reads ?checkout=success&plan=… or &pack=… once, says what was bought, and clears the query. */
export function useCheckoutReturn(): CheckoutReturn {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const [state, setState] = useState<{ notice: string | null; expectedPlan: PlanId | null }>({ notice: null, expectedPlan: null });
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current || params.get('checkout') !== 'success') return;
    handled.current = true;
    const planId = params.get('plan');
    const pack = findPack(params.get('pack') ?? '');
    let notice: string | null = null;
    let expectedPlan: PlanId | null = null;
    if (planId && planId in DEFAULT_PLANS) {
      expectedPlan = planId as PlanId;
      // announced here; the sidebar's plan-change notice takes the new plan as known
      if (user) forgetSeenPlan(user.id);
      // the notice is written below once the subscription shows the plan (Stripe confirms by webhook)
    } else if (pack) {
      notice = `${pack.name} added to your account: ${pack.description}.`;
      toast({ title: 'Pack added', description: notice });
    }
    setState({ notice, expectedPlan });
    setParams({}, { replace: true });
    void refreshAccount(queryClient);
  }, [params, setParams, queryClient, user]);

  // The checkout only sells upgrades (downgrades go through change-plan). The notice names the plan once
  // the subscription has it, with the plan's current name; until then, it says what is happening.
  const sub = useSubscription(state.expectedPlan !== null);
  let notice = state.notice;
  if (state.expectedPlan) {
    notice =
      sub.data?.plan === state.expectedPlan
        ? subscriptionNotice(sub.data.planName, true)
        : 'Payment received: your plan is being updated, which can take a few seconds.';
  }
  return { notice, expectedPlan: state.expectedPlan, dismiss: () => setState({ notice: null, expectedPlan: null }) };
}

export function CheckoutNotice({ notice, onDismiss }: { notice: string; onDismiss: () => void }) {
  return (
    <div role="status" className="mb-6 flex items-start gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-950">
      <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden />
      <p className="flex-1 font-medium" data-testid="subscription-notice">
        {notice}
      </p>
      <button type="button" onClick={onDismiss} className="rounded px-1 text-emerald-800 underline-offset-4 hover:underline">
        Dismiss
      </button>
    </div>
  );
}
