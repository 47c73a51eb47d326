import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { checkoutSessions, payments, subscriptions } from '../../db/schema';
import {
  ChangePlanBody,
  CheckoutBody,
  type CheckoutResponse,
  type PaymentsResponse,
  type PlansResponse,
  type PortalResponse,
  type SubscriptionInfo,
  type SubscriptionStatus,
} from '../../shared/api/billing';
import type { PublicUser } from '../../shared/api/auth';
import { TOOLS } from '../../shared/catalogue';
import { ADDON_PACKS, findPack, packOnSale, packUnavailableReason, type PlanDefinition, type PlanId } from '../../shared/plans';
import { isStaff } from '../../shared/roles';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { noStore, parse, requireUser } from '../http';
import { getPlan, isPlanId, listPlans, loadSubscription, termsOf, type SubscriptionRow } from '../services/billing';
import { paymentProvider, providerFor, stripeClient, type PaymentProvider } from '../services/payments';
import { audit } from '../services/users';

const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;
/** Credits are sold only for kinds a live tool can spend (src/shared/plans.ts#packOnSale). */
const LIVE_TOOLS: ReadonlySet<string> = new Set(TOOLS.filter((t) => t.live).map((t) => t.id));

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

/** Plans are for accounts; staff are not limited by plan and do not buy one. */
async function requirePlanUser(req: Parameters<typeof requireUser>[0]): Promise<PublicUser> {
  const user = await requireUser(req);
  if (isStaff(user.role)) throw new AppError('forbidden', 'Staff accounts are not limited by plan and cannot buy one.');
  return user;
}

/** A provider call that fails is the provider's failure (502), never a 500. */
async function atProvider<T>(what: string, call: () => Promise<T>, log: { error: (o: object, m: string) => void }): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError) throw err;
    log.error({ err: (err as Error).message }, `payment provider failed: ${what}`);
    throw new AppError('upstream_failed', `The payment provider could not ${what}. Please try again in a moment.`);
  }
}

function providerOf(ctx: ServerContext, sub: SubscriptionRow): PaymentProvider | null {
  return providerFor(ctx, sub.provider);
}

export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/plans', async (_req, reply) => {
    const provider = paymentProvider(ctx);
    const body: PlansResponse = { plans: await listPlans(ctx.db), packs: ADDON_PACKS, provider: provider?.name ?? 'none' };
    return noStore(reply).send(body);
  });

  app.get('/api/billing/subscription', async (req, reply) => {
    const user = await requireUser(req);
    const sub = await loadSubscription(ctx, user.id, user.role);
    return noStore(reply).send(await subscriptionInfo(ctx, sub));
  });

  app.post('/api/billing/checkout', async (req, reply) => {
    // validate → authorize
    const user = await requirePlanUser(req);
    const input = parse(CheckoutBody, req.body);
    const provider = paymentProvider(ctx);
    if (!provider) throw new AppError('not_configured', 'Payments are not configured on this server. Ask the administrator to set up Stripe.');
    const sub = await loadSubscription(ctx, user.id, user.role);
    let plan: PlanDefinition | null = null;
    let amount: number;
    let item: string;
    if (input.kind === 'plan') {
      plan = await getPlan(ctx.db, input.plan);
      const current = await getPlan(ctx.db, sub.plan as PlanId);
      if (plan.id === current.id && !sub.cancelAtPeriodEnd) throw new AppError('conflict', `You are already on the ${plan.name} plan.`);
      if (plan.rank < current.rank)
        throw new AppError('conflict', `${plan.name} is a smaller plan than ${current.name}: change plan instead, and it takes effect at the end of your billing period.`);
      amount = plan.price;
      item = plan.id;
    } else {
      const pack = findPack(input.pack)!;
      if (!packOnSale(pack, LIVE_TOOLS)) throw new AppError('conflict', `${pack.name} is not on sale yet. ${packUnavailableReason(pack)}`);
      amount = pack.price;
      item = pack.id;
    }
    // act
    const [checkout] = await ctx.db
      .insert(checkoutSessions)
      .values({ userId: user.id, kind: input.kind, item, amount, currency: 'usd', provider: provider.name, expiresAt: new Date(ctx.now().getTime() + CHECKOUT_TTL_MS) })
      .returning();
    const successUrl = `${ctx.origin}/account?checkout=success&${input.kind}=${encodeURIComponent(item)}`;
    const cancelUrl = `${ctx.origin}/pricing?checkout=cancelled`;
    const session = await atProvider(
      'start the checkout',
      () => provider.createCheckout({ checkout, user, customerId: sub.providerCustomerId, plan, pack: input.kind === 'pack' ? findPack(item)! : null, successUrl, cancelUrl }),
      req.log,
    );
    if (session.providerSessionId) await ctx.db.update(checkoutSessions).set({ providerSessionId: session.providerSessionId }).where(eq(checkoutSessions.id, checkout.id));
    const body: CheckoutResponse = { url: session.url };
    return noStore(reply).send(body);
  });

  app.post('/api/billing/change-plan', async (req, reply) => {
    const user = await requirePlanUser(req);
    const input = parse(ChangePlanBody, req.body);
    let sub = await loadSubscription(ctx, user.id, user.role);
    const current = await getPlan(ctx.db, sub.plan as PlanId);
    const target = await getPlan(ctx.db, input.plan);
    const provider = providerOf(ctx, sub);
    if (target.id === current.id) {
      if (!sub.cancelAtPeriodEnd && !sub.scheduledPlan) throw new AppError('conflict', `You are already on the ${current.name} plan.`);
      // Staying: undo a pending cancellation or downgrade.
      if (provider && sub.cancelAtPeriodEnd) await atProvider('resume the subscription', () => provider.setCancelAtPeriodEnd(sub, false), req.log);
      if (provider && sub.scheduledPlan) await atProvider('keep the current plan', () => provider.changePlanAtRenewal(sub, { ...current, price: sub.price }), req.log);
      [sub] = await ctx.db.update(subscriptions).set({ cancelAtPeriodEnd: false, scheduledPlan: null, updatedAt: ctx.now() }).where(eq(subscriptions.userId, user.id)).returning();
    } else if (target.rank > current.rank) {
      throw new AppError('conflict', `Upgrading to ${target.name} is paid through checkout: choose it on the Pricing page.`);
    } else if (target.id === 'free') {
      if (provider) await atProvider('cancel the subscription', () => provider.setCancelAtPeriodEnd(sub, true), req.log);
      [sub] = await ctx.db.update(subscriptions).set({ cancelAtPeriodEnd: true, scheduledPlan: null, updatedAt: ctx.now() }).where(eq(subscriptions.userId, user.id)).returning();
    } else {
      if (provider) await atProvider('schedule the plan change', () => provider.changePlanAtRenewal(sub, target), req.log);
      if (provider && sub.cancelAtPeriodEnd) await atProvider('resume the subscription', () => provider.setCancelAtPeriodEnd(sub, false), req.log);
      [sub] = await ctx.db.update(subscriptions).set({ scheduledPlan: target.id, cancelAtPeriodEnd: false, updatedAt: ctx.now() }).where(eq(subscriptions.userId, user.id)).returning();
    }
    await audit(ctx.db, { userId: user.id, email: user.email, action: `plan change requested: ${current.id} → ${target.id}`, category: 'payment' });
    return noStore(reply).send(await subscriptionInfo(ctx, sub));
  });

  app.post('/api/billing/cancel', async (req, reply) => {
    const user = await requirePlanUser(req);
    let sub = await loadSubscription(ctx, user.id, user.role);
    if (sub.plan === 'free') throw new AppError('conflict', 'You are on the Free plan: there is no subscription to cancel.');
    if (!sub.cancelAtPeriodEnd) {
      const provider = providerOf(ctx, sub);
      if (provider) await atProvider('cancel the subscription', () => provider.setCancelAtPeriodEnd(sub, true), req.log);
      [sub] = await ctx.db.update(subscriptions).set({ cancelAtPeriodEnd: true, updatedAt: ctx.now() }).where(eq(subscriptions.userId, user.id)).returning();
      await audit(ctx.db, { userId: user.id, email: user.email, action: `subscription cancelled at period end (${sub.plan})`, category: 'payment' });
    }
    return noStore(reply).send(await subscriptionInfo(ctx, sub));
  });

  app.post('/api/billing/resume', async (req, reply) => {
    const user = await requirePlanUser(req);
    let sub = await loadSubscription(ctx, user.id, user.role);
    if (!sub.cancelAtPeriodEnd) throw new AppError('conflict', 'Your subscription is not cancelled.');
    const provider = providerOf(ctx, sub);
    if (provider) await atProvider('resume the subscription', () => provider.setCancelAtPeriodEnd(sub, false), req.log);
    [sub] = await ctx.db.update(subscriptions).set({ cancelAtPeriodEnd: false, updatedAt: ctx.now() }).where(eq(subscriptions.userId, user.id)).returning();
    await audit(ctx.db, { userId: user.id, email: user.email, action: `subscription resumed (${sub.plan})`, category: 'payment' });
    return noStore(reply).send(await subscriptionInfo(ctx, sub));
  });

  app.post('/api/billing/portal', async (req, reply) => {
    const user = await requireUser(req);
    const stripe = stripeClient(ctx);
    if (!stripe) throw new AppError('not_configured', 'The billing portal is available only with Stripe payments.');
    const sub = await loadSubscription(ctx, user.id, user.role);
    if (!sub.providerCustomerId) throw new AppError('not_found', 'You have no Stripe billing account yet: it is created with your first purchase.');
    const provider = providerFor(ctx, 'stripe')!;
    const url = await atProvider('open the billing portal', () => provider.portalUrl(sub.providerCustomerId!, `${ctx.origin}/account`), req.log);
    const body: PortalResponse = { url: url! };
    return noStore(reply).send(body);
  });

  app.get('/api/billing/payments', async (req, reply) => {
    const user = await requireUser(req);
    const found = await ctx.db.select().from(payments).where(eq(payments.userId, user.id)).orderBy(desc(payments.createdAt)).limit(200);
    const body: PaymentsResponse = {
      payments: found.map((p) => ({
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
      })),
    };
    return noStore(reply).send(body);
  });
}

/** An open checkout of this user, or 404 (also for another user's id: ids are not confirmable). */
export async function openCheckoutOf(ctx: ServerContext, id: string, userId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('not_found', 'This checkout does not exist.');
  const [row] = await ctx.db.select().from(checkoutSessions).where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.userId, userId))).limit(1);
  if (!row) throw new AppError('not_found', 'This checkout does not exist.');
  return row;
}
