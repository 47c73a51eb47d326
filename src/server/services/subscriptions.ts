import { desc, eq } from 'drizzle-orm';
import { payments, subscriptions } from '../../db/schema';
import type { PublicUser } from '../../shared/api/auth';
import type { PaymentRow, SubscriptionInfo, SubscriptionStatus } from '../../shared/api/billing';
import type { PlanId } from '../../shared/plans';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { getPlan, isPlanId, loadSubscription, termsOf, type SubscriptionRow } from './billing';
import { atProvider, providerFor, stripeClient, type ProviderLog } from './payments';
import { audit } from './users';

/**
 * The account's own subscription: what it is, and the changes an account makes itself. Upgrades are
 * bought (checkout.ts); everything else waits for the end of the paid period: a smaller plan is
 * scheduled, a cancellation falls back to Free, and either can be undone before then. The provider is
 * told first, so our record never promises what the provider will not bill.
 */

export async function subscriptionInfo(ctx: ServerContext, sub: SubscriptionRow): Promise<SubscriptionInfo> {
  const plan = await getPlan(ctx.db, sub.plan as PlanId);
  return {
    plan: plan.id,
    planName: plan.name,
    status: (['active', 'past_due', 'canceled'].includes(sub.status) ? sub.status : 'active') as SubscriptionStatus,
    terms: termsOf(sub),
    currentPeriodStart: sub.currentPeriodStart.toISOString(),
    currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    scheduledPlan: isPlanId(sub.scheduledPlan) ? sub.scheduledPlan : null,
    provider: sub.provider === 'stripe' || sub.provider === 'test' ? sub.provider : null,
    portalAvailable: Boolean(stripeClient(ctx) && sub.providerCustomerId),
  };
}

export async function subscriptionOf(ctx: ServerContext, user: PublicUser): Promise<SubscriptionInfo> {
  return subscriptionInfo(ctx, await loadSubscription(ctx, user.id, user.role));
}

type PendingChange = Partial<Pick<SubscriptionRow, 'cancelAtPeriodEnd' | 'scheduledPlan'>>;

async function setPending(ctx: ServerContext, userId: string, change: PendingChange): Promise<SubscriptionRow> {
  const [sub] = await ctx.db
    .update(subscriptions)
    .set({ ...change, updatedAt: ctx.now() })
    .where(eq(subscriptions.userId, userId))
    .returning();
  return sub;
}

/**
 * Change to `target` at the end of the period: the same plan undoes a pending cancellation or
 * downgrade, Free cancels, a smaller plan is scheduled; a larger one is refused (it is bought).
 */
export async function changePlan(ctx: ServerContext, user: PublicUser, targetId: PlanId, log: ProviderLog): Promise<SubscriptionInfo> {
  let sub = await loadSubscription(ctx, user.id, user.role);
  const current = await getPlan(ctx.db, sub.plan as PlanId);
  const target = await getPlan(ctx.db, targetId);
  const provider = providerFor(ctx, sub.provider);
  if (target.id === current.id) {
    if (!sub.cancelAtPeriodEnd && !sub.scheduledPlan) throw new AppError('conflict', `You are already on the ${current.name} plan.`);
    // Staying: undo a pending cancellation or downgrade, at the price this account keeps.
    if (provider && sub.cancelAtPeriodEnd) await atProvider('resume the subscription', () => provider.setCancelAtPeriodEnd(sub, false), log);
    if (provider && sub.scheduledPlan)
      await atProvider('keep the current plan', () => provider.changePlanAtRenewal(sub, { ...current, price: sub.price }), log);
    sub = await setPending(ctx, user.id, { cancelAtPeriodEnd: false, scheduledPlan: null });
  } else if (target.rank > current.rank) {
    throw new AppError('conflict', `Upgrading to ${target.name} is paid through checkout: choose it on the Pricing page.`);
  } else if (target.id === 'free') {
    if (provider) await atProvider('cancel the subscription', () => provider.setCancelAtPeriodEnd(sub, true), log);
    sub = await setPending(ctx, user.id, { cancelAtPeriodEnd: true, scheduledPlan: null });
  } else {
    if (provider) await atProvider('schedule the plan change', () => provider.changePlanAtRenewal(sub, target), log);
    if (provider && sub.cancelAtPeriodEnd) await atProvider('resume the subscription', () => provider.setCancelAtPeriodEnd(sub, false), log);
    sub = await setPending(ctx, user.id, { scheduledPlan: target.id, cancelAtPeriodEnd: false });
  }
  await audit(ctx.db, { userId: user.id, email: user.email, action: `plan change requested: ${current.id} → ${target.id}`, category: 'payment' });
  return subscriptionInfo(ctx, sub);
}

/** Cancel at the end of the period; cancelling again changes nothing. */
export async function cancelSubscription(ctx: ServerContext, user: PublicUser, log: ProviderLog): Promise<SubscriptionInfo> {
  let sub = await loadSubscription(ctx, user.id, user.role);
  if (sub.plan === 'free') throw new AppError('conflict', 'You are on the Free plan: there is no subscription to cancel.');
  if (!sub.cancelAtPeriodEnd) {
    const provider = providerFor(ctx, sub.provider);
    if (provider) await atProvider('cancel the subscription', () => provider.setCancelAtPeriodEnd(sub, true), log);
    sub = await setPending(ctx, user.id, { cancelAtPeriodEnd: true });
    await audit(ctx.db, { userId: user.id, email: user.email, action: `subscription cancelled at period end (${sub.plan})`, category: 'payment' });
  }
  return subscriptionInfo(ctx, sub);
}

/** Undo a cancellation before the period ends. */
export async function resumeSubscription(ctx: ServerContext, user: PublicUser, log: ProviderLog): Promise<SubscriptionInfo> {
  let sub = await loadSubscription(ctx, user.id, user.role);
  if (!sub.cancelAtPeriodEnd) throw new AppError('conflict', 'Your subscription is not cancelled.');
  const provider = providerFor(ctx, sub.provider);
  if (provider) await atProvider('resume the subscription', () => provider.setCancelAtPeriodEnd(sub, false), log);
  sub = await setPending(ctx, user.id, { cancelAtPeriodEnd: false });
  await audit(ctx.db, { userId: user.id, email: user.email, action: `subscription resumed (${sub.plan})`, category: 'payment' });
  return subscriptionInfo(ctx, sub);
}

/** Stripe's customer portal for this account (Stripe only; the customer exists after a first purchase). */
export async function billingPortalUrl(ctx: ServerContext, user: PublicUser, log: ProviderLog): Promise<string> {
  if (!stripeClient(ctx)) throw new AppError('not_configured', 'The billing portal is available only with Stripe payments.');
  const sub = await loadSubscription(ctx, user.id, user.role);
  if (!sub.providerCustomerId) throw new AppError('not_found', 'You have no Stripe billing account yet: it is created with your first purchase.');
  const provider = providerFor(ctx, 'stripe')!;
  const url = await atProvider('open the billing portal', () => provider.portalUrl(sub.providerCustomerId!, `${ctx.origin}/account`), log);
  return url!;
}

/** The account's payments, newest first (the last 200). */
export async function paymentHistory(ctx: ServerContext, userId: string): Promise<PaymentRow[]> {
  const found = await ctx.db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)).limit(200);
  return found.map((p) => ({
    id: p.id,
    createdAt: p.createdAt.toISOString(),
    description: p.description,
    kind: p.kind === 'pack' ? 'pack' : 'subscription',
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    refundedAmount: p.refundedAmount,
    provider: p.provider === 'stripe' ? 'stripe' : 'test',
    receiptUrl: p.receiptUrl,
  }));
}
