import { and, eq } from 'drizzle-orm';
import { payments, refunds } from '../../../db/schema';
import { findPack } from '../../../shared/plans';
import type { ServerContext } from '../../context';
import { grantCredits } from '../billing';
import { audit } from '../users';
import type { PaymentRecord } from './types';

export interface RefundStep {
  /** What has been refunded of the payment in all, after this refund (minor units): providers report refunds this way. */
  refundedTotal: number;
  /** Unique per refund step (Stripe: `<charge>:<refunded total>`), so a replay inserts nothing. */
  providerRef: string;
  reason?: string | null;
}

export type RefundOutcome =
  | { outcome: 'processed'; refundId: string; amount: number; payment: PaymentRecord }
  /** Already recorded (by the webhook or the approval, whichever came first); the refund row when it can be named. */
  | { outcome: 'duplicate'; refundId: string | null; payment: PaymentRecord }
  | { outcome: 'ignored' };

/**
 * The one way a refund is recorded, for every provider: Stripe's charge.refunded webhook, a staff approval of a
 * refund request (Stripe or the test provider). It adds the refunds row, moves the payment to refunded or
 * partially_refunded, takes back what is left of a fully refunded pack's credits, and writes the audit entry.
 *
 * The payment row is locked while the step is checked and written, so an approval and a webhook reporting the same
 * refund at the same moment record it once: the second sees the refunded total already reached.
 */
export async function recordRefund(ctx: ServerContext, paymentId: string, step: RefundStep): Promise<RefundOutcome> {
  const result = await ctx.db.transaction(async (tx): Promise<RefundOutcome> => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update').limit(1);
    if (!payment) return { outcome: 'ignored' };
    const total = Math.min(step.refundedTotal, payment.amount);
    if (total <= payment.refundedAmount) {
      const [known] = await tx
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.paymentId, payment.id), eq(refunds.providerRef, step.providerRef)))
        .limit(1);
      return { outcome: 'duplicate', refundId: known?.id ?? null, payment };
    }
    const amount = total - payment.refundedAmount;
    const [inserted] = await tx
      .insert(refunds)
      .values({ paymentId: payment.id, amount, currency: payment.currency, providerRef: step.providerRef, reason: step.reason ?? null })
      .onConflictDoNothing()
      .returning({ id: refunds.id });
    if (!inserted) return { outcome: 'duplicate', refundId: null, payment };
    const [updated] = await tx
      .update(payments)
      .set({ refundedAmount: total, status: total >= payment.amount ? 'refunded' : 'partially_refunded' })
      .where(eq(payments.id, payment.id))
      .returning();
    return { outcome: 'processed', refundId: inserted.id, amount, payment: updated };
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
  return result;
}
