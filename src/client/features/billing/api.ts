import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CancelResponse,
  ChangePlanResponse,
  CheckoutBody,
  CheckoutResponse,
  PortalResponse,
  PaymentsResponse,
  PlansResponse,
  SimplifiedUsageResponse,
  SubscriptionInfo,
  UsageResponse,
} from '@/shared/api/billing';
import { apiJson, observeApiResponses } from '@/client/lib/api';
import { ME_QUERY_KEY } from '@/client/lib/auth';
import { queryClient as appQueryClient } from '@/client/lib/queryClient';
import { toast } from '@/client/hooks/use-toast';
import { DEFAULT_PLANS, isPlanId, subscriptionNotice, type PlanId } from '@/shared/plans';

/** Query keys: the default query function GETs the first element, so each key is the URL. */
export const PLANS_KEY = ['/api/plans'] as const;
export const SUBSCRIPTION_KEY = ['/api/billing/subscription'] as const;
export const PAYMENTS_KEY = ['/api/billing/payments'] as const;
export const SIMPLE_USAGE_KEY = ['/api/user/simplified-usage'] as const;
export const USAGE_PREFIX = '/api/user/usage';
/** The dashboard and the tool pages' word limit share the 30-day breakdown, so one request serves both. */
export const DEFAULT_USAGE_DAYS = 30;
export const usageKey = (days: number = DEFAULT_USAGE_DAYS) => [`${USAGE_PREFIX}?days=${days}`] as const;

export function usePlans(enabled = true) {
  return useQuery<PlansResponse>({ queryKey: PLANS_KEY, enabled });
}

export function useSubscription(enabled = true) {
  return useQuery<SubscriptionInfo>({ queryKey: SUBSCRIPTION_KEY, enabled });
}

export function usePayments(enabled = true) {
  return useQuery<PaymentsResponse>({ queryKey: PAYMENTS_KEY, enabled });
}

export function useUsage(days: number = DEFAULT_USAGE_DAYS, enabled = true) {
  // switching the period keeps the previous numbers on screen until the new ones arrive
  return useQuery<UsageResponse>({ queryKey: usageKey(days), enabled, placeholderData: keepPreviousData });
}

export function useSimplifiedUsage(enabled = true) {
  return useQuery<SimplifiedUsageResponse>({ queryKey: SIMPLE_USAGE_KEY, enabled });
}

/** Starts a checkout and sends the browser to the provider's page (Stripe Checkout or the TEST MODE page). */
export async function startCheckout(body: CheckoutBody): Promise<void> {
  const { url } = await apiJson<CheckoutResponse>('POST', '/api/billing/checkout', body);
  window.location.assign(url);
}

/** POST /api/billing/change-plan. A downgrade waits for the end of the period; the current plan undoes a scheduled change. */
export function changePlan(plan: PlanId): Promise<ChangePlanResponse> {
  return apiJson<ChangePlanResponse>('POST', '/api/billing/change-plan', { plan });
}

/** POST /api/billing/cancel or /resume: cancelling takes effect at the end of the period. */
export function setSubscriptionCancelled(cancel: boolean): Promise<CancelResponse> {
  return apiJson<CancelResponse>('POST', cancel ? '/api/billing/cancel' : '/api/billing/resume');
}

/** Sends the browser to the payment provider's billing portal. */
export async function openBillingPortal(): Promise<void> {
  const { url } = await apiJson<PortalResponse>('POST', '/api/billing/portal');
  window.location.assign(url);
}

const isUsageKey = (key: readonly unknown[]) => typeof key[0] === 'string' && key[0].startsWith(USAGE_PREFIX);

/** After a plan or pack change: the role (from /api/auth/me), the allowance and the billing records all move. */
export async function refreshAccount(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: SIMPLE_USAGE_KEY }),
    queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEY }),
    queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY }),
    queryClient.invalidateQueries({ predicate: (q) => isUsageKey(q.queryKey) }),
  ]);
}

/** After a tool request: only the meters move. */
export function refreshUsage(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: SIMPLE_USAGE_KEY }),
    queryClient.invalidateQueries({ predicate: (q) => isUsageKey(q.queryKey) }),
  ]).then(() => undefined);
}

// Tool requests move the meters: refresh them once a burst of requests has settled.
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
if (typeof window !== 'undefined') {
  observeApiResponses(({ method, path, status }) => {
    if (method !== 'POST' || !path.startsWith('/api/tools/') || status >= 500) return;
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => void refreshUsage(appQueryClient), 500);
  });
}

// ---------- The subscription-update notice for changes made away from checkout ----------

const SEEN_KEY = (userId: string) => `vt:plan-seen:${userId}`;

function readSeen(userId: string): string | null {
  try {
    return localStorage.getItem(SEEN_KEY(userId));
  } catch {
    return null;
  }
}

function writeSeen(userId: string, plan: string | null): void {
  try {
    if (plan === null) localStorage.removeItem(SEEN_KEY(userId));
    else localStorage.setItem(SEEN_KEY(userId), plan);
  } catch {
    // private mode: no notice, nothing else lost
  }
}

/**
 * The checkout return page shows its own notice; the plan seen next (at once in test mode, or after
 * Stripe's webhook) is then taken as known instead of announced twice.
 */
export function forgetSeenPlan(userId: string): void {
  writeSeen(userId, null);
}

/**
 * Announces a plan change the user did not just make at checkout: a downgrade or cancellation taking
 * effect at the end of the period, a Stripe renewal or cancellation, a change by staff. The plan last
 * seen in this browser is compared with the one the usage call reports.
 */
export function usePlanChangeNotice(userId: string, plan: PlanId | 'staff' | undefined): void {
  const plans = usePlans(plan !== undefined && plan !== 'staff');
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!plan || plan === 'staff') return;
    const seen = readSeen(userId);
    writeSeen(userId, plan);
    if (!seen || seen === plan || !isPlanId(seen)) return;
    const list = plans.data?.plans;
    const now = list?.find((p) => p.id === plan) ?? DEFAULT_PLANS[plan];
    const before = list?.find((p) => p.id === seen) ?? DEFAULT_PLANS[seen];
    toast({ title: 'Subscription updated', description: subscriptionNotice(now.name, now.rank > before.rank) });
    // the role (badge, tool access) and the plan details moved with it
    void refreshAccount(queryClient);
    // the plans arriving later re-run this harmlessly: the plan is then the one seen
  }, [userId, plan, plans.data?.plans, queryClient]);
}
