import type { checkoutSessions, payments } from '../../../db/schema';
import type { AddonPack, PlanDefinition } from '../../../shared/plans';
import type { SubscriptionRow } from '../billing';

export type CheckoutRow = typeof checkoutSessions.$inferSelect;
export type PaymentRecord = typeof payments.$inferSelect;

export interface CheckoutInput {
  checkout: CheckoutRow;
  user: { id: string; email: string };
  /** The provider's customer id from an earlier purchase, if any. */
  customerId: string | null;
  plan: PlanDefinition | null;
  pack: AddonPack | null;
  successUrl: string;
  cancelUrl: string;
}

/**
 * What the billing routes need from a payment provider. Both implementations complete a purchase
 * through the same fulfilment function (services/billing.ts#fulfilCheckout).
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /** Where to send the browser to pay, and the provider's id of that session. */
  createCheckout(input: CheckoutInput): Promise<{ url: string; providerSessionId: string | null }>;
  /** Cancel at (or, with false, resume before) the end of the current period. */
  setCancelAtPeriodEnd(sub: SubscriptionRow, cancel: boolean): Promise<void>;
  /** Bill `plan` from the next renewal on (a downgrade scheduled for the end of the period). */
  changePlanAtRenewal(sub: SubscriptionRow, plan: PlanDefinition): Promise<void>;
  /** Stop the subscription now (account deletion). */
  cancelNow(sub: SubscriptionRow): Promise<void>;
  /** The customer portal, or null when the provider has none. */
  portalUrl(customerId: string, returnUrl: string): Promise<string | null>;
  /**
   * Give back `amount` (minor units) of `payment` at the provider. Answers the reference the refund is recorded under
   * (services/payments/refunds.ts#recordRefund): the same one the provider's own refund notice would produce, so
   * recording it here and again from a webhook adds one refund, not two.
   */
  refund(payment: PaymentRecord, amount: number): Promise<{ providerRef: string }>;
}
