import type { PaymentProvider } from './types';

/**
 * The offline provider used without a Stripe key: the checkout page is served by this server
 * (routes/billing-test-checkout.ts, under /api so the dev proxy and the CSRF check cover it) and labelled TEST MODE; paying completes through the same
 * fulfilment as a Stripe webhook. Subscriptions live only in our database, so cancelling or
 * changing plan needs nothing from a provider.
 */
export function createTestProvider(): PaymentProvider {
  return {
    name: 'test',
    async createCheckout({ checkout }) {
      return { url: `/api/billing/test-checkout/${checkout.id}`, providerSessionId: null };
    },
    async setCancelAtPeriodEnd() {},
    async changePlanAtRenewal() {},
    async cancelNow() {},
    async portalUrl() {
      return null;
    },
    // Nothing to call: the refund is recorded by the caller through recordRefund, as a webhook would record it.
    // The reference names the refunded total, so a replay of the same step records nothing.
    async refund(payment, amount) {
      return { providerRef: `test-refund:${payment.id}:${payment.refundedAmount + amount}` };
    },
  };
}
