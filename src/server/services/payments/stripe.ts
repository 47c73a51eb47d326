import Stripe from 'stripe';
import { AppError } from '../../errors';
import type { PaymentProvider, PaymentRecord } from './types';

export interface StripeOptions {
  secretKey: string;
  /** Another API address (stripe-mock, tests). */
  apiUrl?: string;
}

export function createStripeClient(opts: StripeOptions): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 1, timeout: 20_000 };
  if (opts.apiUrl) {
    const u = new URL(opts.apiUrl);
    config.host = u.hostname;
    config.port = u.port || (u.protocol === 'https:' ? 443 : 80);
    config.protocol = u.protocol === 'http:' ? 'http' : 'https';
  }
  return new Stripe(opts.secretKey, config);
}

/**
 * Stripe Checkout: plans are subscriptions priced inline (price_data, so staff edits of a plan's
 * price apply to new purchases without creating Prices by hand); packs are one-off payments.
 * The purchase is fulfilled by the webhook (routes/billing-webhook.ts), never by the redirect.
 */
export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async createCheckout({ checkout, user, customerId, plan, pack, successUrl, cancelUrl }) {
      const metadata = { checkoutId: checkout.id, userId: user.id, kind: checkout.kind, item: checkout.item };
      const customer = customerId ? { customer: customerId } : { customer_email: user.email };
      const session = plan
        ? await stripe.checkout.sessions.create({
            mode: 'subscription',
            ...customer,
            client_reference_id: user.id,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: checkout.currency,
                  unit_amount: checkout.amount,
                  recurring: { interval: 'month' },
                  product_data: { name: `${plan.name} plan` },
                },
              },
            ],
            metadata,
            subscription_data: { metadata },
            success_url: successUrl,
            cancel_url: cancelUrl,
          })
        : await stripe.checkout.sessions.create({
            mode: 'payment',
            ...customer,
            ...(customerId ? {} : { customer_creation: 'always' as const }),
            client_reference_id: user.id,
            line_items: [
              {
                quantity: 1,
                price_data: { currency: checkout.currency, unit_amount: checkout.amount, product_data: { name: pack!.name, description: pack!.description } },
              },
            ],
            metadata,
            payment_intent_data: { metadata },
            success_url: successUrl,
            cancel_url: cancelUrl,
          });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { url: session.url, providerSessionId: session.id };
    },
    async setCancelAtPeriodEnd(sub, cancel) {
      if (!sub.providerSubscriptionId) return;
      await stripe.subscriptions.update(sub.providerSubscriptionId, { cancel_at_period_end: cancel });
    },
    async changePlanAtRenewal(sub, plan) {
      if (!sub.providerSubscriptionId) return;
      const current = await stripe.subscriptions.retrieve(sub.providerSubscriptionId);
      const item = current.items.data[0];
      if (!item) throw new Error('Stripe subscription has no items');
      // No proration: the new price is billed from the next invoice, when the downgrade takes effect.
      await stripe.subscriptions.update(sub.providerSubscriptionId, {
        proration_behavior: 'none',
        items: [
          {
            id: item.id,
            price_data: {
              currency: plan.currency,
              unit_amount: plan.price,
              recurring: { interval: 'month' },
              product: typeof item.price.product === 'string' ? item.price.product : item.price.product.id,
            },
          },
        ],
      });
    },
    async cancelNow(sub) {
      if (!sub.providerSubscriptionId) return;
      await stripe.subscriptions.cancel(sub.providerSubscriptionId);
    },
    async portalUrl(customerId, returnUrl) {
      const s = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return s.url;
    },
    async refund(payment, amount) {
      const intent = await paymentIntentOf(stripe, payment);
      const total = payment.refundedAmount + amount;
      const refund = await stripe.refunds.create(
        { payment_intent: intent, amount, reason: 'requested_by_customer', metadata: { paymentId: payment.id } },
        // A retried approval of the same step (after a timeout, say) must not give the money back twice.
        { idempotencyKey: `veritext-refund:${payment.id}:${total}` },
      );
      if (refund.status === 'failed' || refund.status === 'canceled') throw new Error(`Stripe refund ${refund.id} ${refund.status}`);
      // charge.refunded (billing-stripe.ts) records `<charge>:<refunded total>`; the same reference here makes
      // whichever of the approval and the webhook comes second a no-op.
      const charge = typeof refund.charge === 'string' ? refund.charge : (refund.charge?.id ?? null);
      return { providerRef: charge ? `${charge}:${total}` : refund.id };
    },
  };
}

/**
 * The payment intent a refund names. Packs are recorded under theirs; a plan's first invoice gets its intent from
 * invoice.paid, and until that arrives it is read from the invoice (its payments list since API 2025-03, a
 * top-level field before).
 */
async function paymentIntentOf(stripe: Stripe, payment: PaymentRecord): Promise<string> {
  if (payment.providerPaymentIntent) return payment.providerPaymentIntent;
  if (payment.providerRef.startsWith('pi_')) return payment.providerRef;
  if (payment.providerRef.startsWith('in_')) {
    const inv = (await stripe.invoices.retrieve(payment.providerRef, { expand: ['payments'] })) as unknown as {
      payment_intent?: string | { id: string } | null;
      payments?: { data?: { payment?: { payment_intent?: string | { id: string } | null } }[] };
    };
    const found = inv.payment_intent ?? inv.payments?.data?.find((p) => p.payment?.payment_intent)?.payment?.payment_intent;
    if (found) return typeof found === 'string' ? found : found.id;
  }
  throw new AppError('conflict', 'Stripe has not named the payment behind this charge yet. Refund it from the Stripe dashboard instead.');
}
