import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { checkoutSessions, payments, subscriptions, webhookEvents } from '../../db/schema';
import type { ServerContext } from '../context';
import { addMonth, downgradeToFree, fulfilCheckout, renewSubscription } from './billing';
import { recordRefund } from './payments/refunds';
import { audit } from './users';

/**
 * Stripe webhook events → our records. Each handler is idempotent on its own (payments, refunds and
 * credit grants have unique provider references), and handled event ids are remembered so a
 * redelivery is answered without work.
 */
// Stripe's payloads are untyped JSON: each handler reads the few fields it needs and checks them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = Record<string, any>;
export interface StripeEventLike {
  id: string;
  type: string;
  data: { object: Obj };
}

const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as Obj).id === 'string' ? (v as Obj).id : null;
const fromUnix = (v: unknown): Date | undefined => (typeof v === 'number' ? new Date(v * 1000) : undefined);

interface Log {
  info: (o: object, m: string) => void;
  warn: (o: object, m: string) => void;
  error: (o: object, m: string) => void;
}

export type EventOutcome = 'processed' | 'duplicate' | 'ignored';

export async function handleStripeEvent(ctx: ServerContext, stripe: Stripe | null, event: StripeEventLike, log: Log): Promise<EventOutcome> {
  const seen = await ctx.db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, event.id)).limit(1);
  if (seen.length) return 'duplicate';
  const obj = event.data?.object ?? {};
  let outcome: EventOutcome = 'processed';
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      outcome = await checkoutCompleted(ctx, stripe, obj, log);
      break;
    case 'invoice.paid':
      outcome = await invoicePaid(ctx, obj);
      break;
    case 'customer.subscription.updated':
      outcome = await subscriptionUpdated(ctx, obj);
      break;
    case 'customer.subscription.deleted':
      outcome = await subscriptionDeleted(ctx, obj);
      break;
    case 'charge.refunded':
      outcome = await chargeRefunded(ctx, obj, log);
      break;
    default:
      outcome = 'ignored';
  }
  // Remembered only after the work succeeded: a failure makes Stripe retry, and the retry redoes it.
  await ctx.db.insert(webhookEvents).values({ id: event.id, provider: 'stripe', type: event.type }).onConflictDoNothing();
  return outcome;
}

async function checkoutCompleted(ctx: ServerContext, stripe: Stripe | null, s: Obj, log: Log): Promise<EventOutcome> {
  // Delayed payment methods complete later, with checkout.session.async_payment_succeeded.
  if (s.payment_status !== 'paid' && s.payment_status !== 'no_payment_required') return 'ignored';
  const checkoutId: string | null = s.metadata?.checkoutId ?? null;
  const [checkout] =
    checkoutId && /^[0-9a-f-]{36}$/i.test(checkoutId)
      ? await ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, checkoutId)).limit(1)
      : await ctx.db
          .select()
          .from(checkoutSessions)
          .where(eq(checkoutSessions.providerSessionId, String(s.id)))
          .limit(1);
  if (!checkout) {
    log.warn({ session: s.id }, 'Stripe checkout session unknown here; ignored');
    return 'ignored';
  }
  const [before] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, checkout.userId)).limit(1);
  const subscriptionId = idOf(s.subscription);
  const providerRef = s.mode === 'subscription' ? (idOf(s.invoice) ?? String(s.id)) : (idOf(s.payment_intent) ?? String(s.id));
  const result = await fulfilCheckout(ctx, {
    checkoutId: checkout.id,
    provider: 'stripe',
    providerRef,
    amount: typeof s.amount_total === 'number' ? s.amount_total : checkout.amount,
    currency: typeof s.currency === 'string' ? s.currency : checkout.currency,
    paymentIntent: idOf(s.payment_intent),
    customerId: idOf(s.customer),
    subscriptionId,
  });
  // An upgrade is a new Stripe subscription: stop the old one so the customer is not billed twice.
  const old = before?.provider === 'stripe' ? before.providerSubscriptionId : null;
  if (result.applied && checkout.kind === 'plan' && old && old !== subscriptionId && stripe) {
    await stripe.subscriptions
      .cancel(old)
      .catch((err: Error) => log.error({ err: err.message, subscription: old }, 'could not cancel the replaced Stripe subscription'));
  }
  return result.applied ? 'processed' : 'duplicate';
}

/** The invoice's payment intent: a top-level field before Stripe API 2025-03, then under payments. */
function invoicePaymentIntent(inv: Obj): string | null {
  return idOf(inv.payment_intent) ?? idOf(inv.payments?.data?.find((p: Obj) => p?.payment?.payment_intent)?.payment?.payment_intent) ?? null;
}

function invoiceSubscription(inv: Obj): string | null {
  return idOf(inv.subscription) ?? idOf(inv.parent?.subscription_details?.subscription) ?? null;
}

async function invoicePaid(ctx: ServerContext, inv: Obj): Promise<EventOutcome> {
  const subId = invoiceSubscription(inv);
  if (!subId) return 'ignored';
  const [sub] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subId)).limit(1);
  if (!sub) return 'ignored';
  const receiptUrl = typeof inv.hosted_invoice_url === 'string' ? inv.hosted_invoice_url : null;
  if (inv.billing_reason === 'subscription_create') {
    // The first invoice was recorded by checkout.session.completed; add its receipt link and
    // payment intent (which refunds of it name).
    const intent = invoicePaymentIntent(inv);
    if (receiptUrl || intent)
      await ctx.db
        .update(payments)
        .set({ ...(receiptUrl ? { receiptUrl } : {}), ...(intent ? { providerPaymentIntent: intent } : {}) })
        .where(eq(payments.providerRef, String(inv.id)));
    return 'processed';
  }
  const line = inv.lines?.data?.[0]?.period;
  const start = fromUnix(line?.start) ?? sub.currentPeriodEnd;
  const end = fromUnix(line?.end) ?? addMonth(start);
  const renewed = await renewSubscription(
    ctx,
    sub,
    {
      provider: 'stripe',
      providerRef: String(inv.id),
      amount: Number(inv.amount_paid ?? 0),
      currency: typeof inv.currency === 'string' ? inv.currency : 'usd',
      paymentIntent: invoicePaymentIntent(inv),
      receiptUrl,
    },
    start,
    end,
  );
  return renewed ? 'processed' : 'duplicate';
}

const STATUS: Record<string, string> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  incomplete: 'past_due',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
};

async function subscriptionUpdated(ctx: ServerContext, s: Obj): Promise<EventOutcome> {
  const [sub] = await ctx.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, String(s.id)))
    .limit(1);
  if (!sub) return 'ignored';
  await ctx.db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: Boolean(s.cancel_at_period_end), status: STATUS[String(s.status)] ?? sub.status, updatedAt: ctx.now() })
    .where(eq(subscriptions.userId, sub.userId));
  return 'processed';
}

async function subscriptionDeleted(ctx: ServerContext, s: Obj): Promise<EventOutcome> {
  const [sub] = await ctx.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, String(s.id)))
    .limit(1);
  if (!sub) return 'ignored';
  await downgradeToFree(ctx, sub.userId);
  await audit(ctx.db, { userId: sub.userId, action: `Stripe subscription ended (${sub.plan} → free)`, category: 'payment' });
  return 'processed';
}

async function chargeRefunded(ctx: ServerContext, c: Obj, log: Log): Promise<EventOutcome> {
  const pi = idOf(c.payment_intent);
  const inv = idOf(c.invoice);
  let [payment] = pi ? await ctx.db.select().from(payments).where(eq(payments.providerPaymentIntent, pi)).limit(1) : [];
  if (!payment && inv) [payment] = await ctx.db.select().from(payments).where(eq(payments.providerRef, inv)).limit(1);
  if (!payment) {
    log.warn({ charge: c.id }, 'refunded Stripe charge matches no recorded payment; ignored');
    return 'ignored';
  }
  const refunded = Number(c.amount_refunded ?? 0);
  // The cumulative refunded amount names the refund step, so a replay of the same step (or the step an approval
  // already recorded: services/payments/stripe.ts names it the same way) inserts nothing.
  const recorded = await recordRefund(
    ctx,
    payment.id,
    {
      refundedTotal: refunded,
      providerRef: `${c.id}:${refunded}`,
      reason: c.refunds?.data?.[0]?.reason ?? null,
    },
    log,
  );
  return recorded.outcome;
}
