import { and, eq } from 'drizzle-orm';
import { payments, refunds } from '../../../db/schema';
import { findPack } from '../../../shared/plans';
import type { ServerContext } from '../../context';
import { endPlanPaidBy, grantCredits, type SubscriptionRow } from '../billing';
import { audit } from '../users';
import { providerFor, type ProviderLog } from './index';
import type { PaymentRecord } from './types';

export interface RefundStep {
  /** What has been refunded of the payment in all, after this refund (minor units): providers report refunds this way. */
  refundedTotal: number;
  /** Unique per refund step (Stripe: `<charge>:<refunded total>`), so a replay inserts nothing. */
  providerRef: string;
  reason?: string | null;
}

export type RefundOutcome =
  /** `planEnded`: the plan this refund ended (its payment paid for the current period and is now refunded in full), else null. */
  | { outcome: 'processed'; refundId: string; amount: number; payment: PaymentRecord; planEnded: string | null }
  /** Already recorded (by the webhook or the approval, whichever came first); the refund row when it can be named. */
  | { outcome: 'duplicate'; refundId: string | null; payment: PaymentRecord }
  | { outcome: 'ignored' };

/**
 * The one way a refund is recorded, for every provider: Stripe's charge.refunded webhook, a staff approval of a
 * refund request (Stripe or the test provider). It adds the refunds row, moves the payment to refunded or
 * partially_refunded, takes back what is left of a fully refunded pack's credits, ends the plan a fully refunded
 * subscription payment paid for when it is the current period's (billing.ts#endPlanPaidBy: back to Free, and the
 * provider's subscription cancelled so it does not renew), and writes the audit entries. A partial refund, or one of an
 * older period's payment, keeps the plan.
 *
 * The payment row is locked while the step is checked and written, so an approval and a webhook reporting the same
 * refund at the same moment record it once: the second sees the refunded total already reached. The plan ends in the
 * same transaction, so only the step that makes the payment refunded in full ends it.
 */
export async function recordRefund(ctx: ServerContext, paymentId: string, step: RefundStep, log?: ProviderLog): Promise<RefundOutcome> {
  // The outcome, and the subscription as it was when this refund ended its plan.
  const [result, ended] = await ctx.db.transaction(async (tx): Promise<[RefundOutcome, SubscriptionRow | null]> => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update').limit(1);
    if (!payment) return [{ outcome: 'ignored' }, null];
    const total = Math.min(step.refundedTotal, payment.amount);
    if (total <= payment.refundedAmount) {
      const [known] = await tx
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.paymentId, payment.id), eq(refunds.providerRef, step.providerRef)))
        .limit(1);
      return [{ outcome: 'duplicate', refundId: known?.id ?? null, payment }, null];
    }
    const amount = total - payment.refundedAmount;
    const [inserted] = await tx
      .insert(refunds)
      .values({ paymentId: payment.id, amount, currency: payment.currency, providerRef: step.providerRef, reason: step.reason ?? null })
      .onConflictDoNothing()
      .returning({ id: refunds.id });
    if (!inserted) return [{ outcome: 'duplicate', refundId: null, payment }, null];
    const [updated] = await tx
      .update(payments)
      .set({ refundedAmount: total, status: total >= payment.amount ? 'refunded' : 'partially_refunded' })
      .where(eq(payments.id, payment.id))
      .returning();
    const ended = updated.kind === 'subscription' && updated.status === 'refunded' ? await endPlanPaidBy(tx, updated.id, ctx.now()) : null;
    return [{ outcome: 'processed', refundId: inserted.id, amount, payment: updated, planEnded: ended?.plan ?? null }, ended];
  });
  if (result.outcome !== 'processed') return result;
  const { payment, amount } = result;
  // A refunded pack takes back what is left of its credits (the ledger source makes this happen once).
  const pack = payment.kind === 'pack' && payment.status === 'refunded' ? findPack(payment.item) : undefined;
  if (pack && payment.userId) {
    const negative = Object.fromEntries(Object.entries(pack.amounts).map(([k, v]) => [k, -(v ?? 0)]));
    await grantCredits(ctx.db, payment.userId, negative, `refund:${payment.id}`, 'refund');
  }
  await audit(ctx.db, { userId: payment.userId, action: `refund recorded: ${payment.description} (${amount})`, category: 'payment' });
  if (ended) await cancelEndedSubscription(ctx, ended, payment, log);
  return result;
}

/**
 * The plan has ended here; stop the provider's subscription too, so it is not billed again. Stripe's is cancelled now
 * (its customer.subscription.deleted then finds nothing to change: the subscription no longer names it); a test-mode
 * subscription lives only in our database, where it has already ended. The refund stands whatever the provider
 * answers, so a failure is logged and written in the audit entry, for staff to cancel it at the provider by hand.
 */
async function cancelEndedSubscription(ctx: ServerContext, sub: SubscriptionRow, payment: PaymentRecord, log?: ProviderLog): Promise<void> {
  let done = '';
  if (sub.providerSubscriptionId) {
    const provider = providerFor(ctx, sub.provider);
    const name = sub.provider === 'stripe' ? 'Stripe' : sub.provider;
    if (!provider) {
      done = `; ${name} is not configured here, so its subscription ${sub.providerSubscriptionId} must be cancelled there`;
    } else {
      try {
        await provider.cancelNow(sub);
        done = `; ${name} subscription ${sub.providerSubscriptionId} cancelled`;
      } catch (err) {
        log?.error({ err: (err as Error).message, subscription: sub.providerSubscriptionId }, 'could not cancel the subscription of a refunded plan');
        done = `; ${name} could not cancel subscription ${sub.providerSubscriptionId}: cancel it there`;
      }
    }
  }
  await audit(ctx.db, {
    userId: sub.userId,
    action: `plan ended by a full refund of ${payment.description} (${sub.plan} → free)${done}`,
    category: 'payment',
  });
}
