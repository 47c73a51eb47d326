import { and, count, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { payments, refundRequests, refunds, users } from '../../db/schema';
import {
  invoiceNumber,
  type AdminRefundRequestRow,
  type AdminRefundRequestsQuery,
  type AdminRefundRequestsResponse,
  type ApproveRefundBody,
  type PaymentProviderName,
  type PaymentStatus,
  type RefundRequestRow,
  type RefundRequestStatus,
} from '../../shared/api/admin-billing';
import type { PublicUser } from '../../shared/api/auth';
import { formatPrice, isPlanId } from '../../shared/plans';
import type { ServerContext } from '../context';
import { notifyStaff } from './staff-notifications';
import { AppError } from '../errors';
import { containing, paymentMatches } from './admin-billing';
import { getPlan, paysCurrentPlan } from './billing';
import { sellerOf } from './invoices';
import { isUniqueViolation } from './db-errors';
import { atProvider, providerFor, type ProviderLog } from './payments';
import { recordRefund } from './payments/refunds';
import { audit } from './users';

/**
 * Refund requests: a user asks for one of their payments back from /account; staff holding refunds:approve approve
 * it (the money goes back through the payment's provider and the refund is recorded by recordRefund, the function
 * Stripe's webhook uses too) or refuse it with a note. The user is e-mailed the decision; each step is audited.
 */

/** The staff member (or user) acting, with the address the request came from (for the audit log). */
export type Actor = PublicUser & { ip: string };

const decider = alias(users, 'decider');

const columns = {
  request: refundRequests,
  payment: payments,
  userEmail: users.email,
  deciderEmail: decider.email,
  refundAmount: refunds.amount,
  refundCreatedAt: refunds.createdAt,
  paysCurrentPlan: paysCurrentPlan(),
};

function baseQuery(ctx: ServerContext) {
  return ctx.db
    .select(columns)
    .from(refundRequests)
    .innerJoin(payments, eq(payments.id, refundRequests.paymentId))
    .leftJoin(users, eq(users.id, refundRequests.userId))
    .leftJoin(decider, eq(decider.id, refundRequests.decidedBy))
    .leftJoin(refunds, eq(refunds.id, refundRequests.refundId));
}

type Joined = Awaited<ReturnType<typeof baseQuery>>[number];

function toUserRow(r: Joined): RefundRequestRow {
  return {
    id: r.request.id,
    paymentId: r.request.paymentId,
    status: r.request.status as RefundRequestStatus,
    reason: r.request.reason,
    createdAt: r.request.createdAt.toISOString(),
    decidedAt: r.request.decidedAt?.toISOString() ?? null,
    decisionNote: r.request.decisionNote,
    refundedAmount: r.refundAmount ?? null,
  };
}

function toAdminRow(r: Joined): AdminRefundRequestRow {
  const p = r.payment;
  return {
    id: r.request.id,
    status: r.request.status as RefundRequestStatus,
    reason: r.request.reason,
    createdAt: r.request.createdAt.toISOString(),
    decidedAt: r.request.decidedAt?.toISOString() ?? null,
    decisionNote: r.request.decisionNote,
    decidedBy: r.deciderEmail ?? null,
    user: r.request.userId && r.userEmail ? { id: r.request.userId, email: r.userEmail } : null,
    payment: {
      id: p.id,
      invoiceNumber: invoiceNumber(p.id, p.createdAt),
      createdAt: p.createdAt.toISOString(),
      description: p.description,
      amount: p.amount,
      currency: p.currency,
      status: p.status as PaymentStatus,
      refundedAmount: p.refundedAmount,
      provider: (p.provider === 'stripe' ? 'stripe' : 'test') as PaymentProviderName,
      kind: p.kind === 'pack' ? 'pack' : 'subscription',
      paysCurrentPlan: Boolean(r.paysCurrentPlan),
    },
    refund: r.refundAmount != null && r.refundCreatedAt ? { amount: r.refundAmount, createdAt: r.refundCreatedAt.toISOString() } : null,
  };
}

async function oneRequest(ctx: ServerContext, id: string): Promise<Joined> {
  const [found] = await baseQuery(ctx).where(eq(refundRequests.id, id)).limit(1);
  if (!found) throw new AppError('not_found', 'No such refund request.');
  return found;
}

// ---------- The user's side ----------

/** Ask for a refund of one of the user's own payments. One request per payment waits at a time. */
export async function requestRefund(
  ctx: ServerContext,
  actor: Actor,
  paymentId: string,
  reason: string,
  log: { error: (o: object, m: string) => void },
): Promise<RefundRequestRow> {
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, actor.id)))
    .limit(1);
  if (!payment) throw new AppError('not_found', 'No such payment.');
  if (payment.status === 'failed') throw new AppError('conflict', 'This payment did not go through, so there is nothing to refund.');
  if (payment.status === 'refunded' || payment.refundedAmount >= payment.amount)
    throw new AppError('conflict', 'This payment has already been refunded in full.');
  // The partial unique index allows one pending request per payment; a second one inserts nothing.
  const [inserted] = await ctx.db.insert(refundRequests).values({ paymentId, userId: actor.id, reason }).onConflictDoNothing().returning();
  if (!inserted) throw new AppError('conflict', 'A refund request for this payment is already waiting for a decision.');
  await audit(ctx.db, {
    userId: actor.id,
    email: actor.email,
    action: `Requested a refund of ${payment.description} (${invoiceNumber(payment.id, payment.createdAt)})`,
    category: 'payment',
    ip: actor.ip,
  });
  await notifyStaff(
    ctx,
    'refundRequest',
    {
      subject: `Refund request: ${payment.description}`,
      text: `${actor.email} asks for a refund of ${payment.description} (${invoiceNumber(payment.id, payment.createdAt)}):\n\n${reason}`,
    },
    log,
  );
  return toUserRow(await oneRequest(ctx, inserted.id));
}

/** The user's requests, newest first (the last 200, as many as the payments list shows). */
export async function refundRequestsOf(ctx: ServerContext, userId: string): Promise<RefundRequestRow[]> {
  const found = await baseQuery(ctx).where(eq(refundRequests.userId, userId)).orderBy(desc(refundRequests.createdAt)).limit(200);
  return found.map(toUserRow);
}

// ---------- The staff queue ----------

export async function listRefundRequests(ctx: ServerContext, q: AdminRefundRequestsQuery): Promise<AdminRefundRequestsResponse> {
  const where: SQL[] = [];
  if (q.view === 'pending') where.push(eq(refundRequests.status, 'pending'));
  if (q.view === 'decided') where.push(ne(refundRequests.status, 'pending'));
  if (q.q) where.push(or(paymentMatches(q.q), ilike(users.email, containing(q.q)))!);
  const filter = where.length ? and(...where) : undefined;
  // Waiting requests oldest first (the queue's order); decided ones newest decision first.
  const order = q.view === 'pending' ? [refundRequests.createdAt, refundRequests.id] : [desc(refundRequests.decidedAt), desc(refundRequests.createdAt)];
  const [found, [{ n }], [{ pending }]] = await Promise.all([
    baseQuery(ctx)
      .where(filter)
      .orderBy(...order)
      .limit(q.limit)
      .offset(q.offset),
    ctx.db
      .select({ n: count() })
      .from(refundRequests)
      .innerJoin(payments, eq(payments.id, refundRequests.paymentId))
      .leftJoin(users, eq(users.id, refundRequests.userId))
      .where(filter),
    ctx.db.select({ pending: count() }).from(refundRequests).where(eq(refundRequests.status, 'pending')),
  ]);
  return { items: found.map(toAdminRow), total: Number(n), offset: q.offset, limit: q.limit, pending: Number(pending) };
}

/** Where the decision is e-mailed: the account's address now, else the one the payment was made with. */
function recipientOf(r: Joined): string | null {
  return r.userEmail ?? r.payment.email ?? null;
}

/** Decision e-mails are best effort: the decision stands either way, and a mail failure is logged. */
async function notify(ctx: ServerContext, log: ProviderLog, to: string | null, subject: string, text: string): Promise<void> {
  if (!to) return;
  try {
    await ctx.mailer.send({ to, subject, text });
  } catch (err) {
    log.error({ err: (err as Error).message }, 'refund decision e-mail could not be sent');
  }
}

/**
 * Approve: refund what is left of the payment (or `amount` of it) through the payment's own provider, record the
 * refund (which ends the plan when it refunds the payment of the user's current plan period in full), tell the user.
 * The request is claimed first, so two staff approving at once cannot refund twice; if the provider fails, the request
 * goes back to the queue.
 */
export async function approveRefundRequest(
  ctx: ServerContext,
  actor: Actor,
  id: string,
  body: ApproveRefundBody,
  log: ProviderLog,
): Promise<AdminRefundRequestRow> {
  const before = await oneRequest(ctx, id);
  if (before.request.status !== 'pending') throw new AppError('conflict', `This request was already ${before.request.status}.`);
  const payment = before.payment;
  const remaining = payment.amount - payment.refundedAmount;
  if (remaining <= 0) throw new AppError('conflict', 'This payment has already been refunded in full: refuse the request instead.');
  const amount = body.amount ?? remaining;
  if (amount > remaining) {
    const most = formatPrice(remaining, payment.currency);
    throw new AppError('validation_failed', `At most ${most} of this payment can still be refunded.`, { amount: `At most ${most}.` });
  }
  const provider = providerFor(ctx, payment.provider);
  if (!provider)
    throw new AppError('not_configured', `This payment was made through ${payment.provider}, which is not configured on this server: refund it there.`);

  const now = ctx.now();
  const [claimed] = await ctx.db
    .update(refundRequests)
    .set({ status: 'approved', decidedBy: actor.id, decidedAt: now, decisionNote: body.note || null })
    .where(and(eq(refundRequests.id, id), eq(refundRequests.status, 'pending')))
    .returning({ id: refundRequests.id });
  if (!claimed) throw new AppError('conflict', 'Someone decided this request meanwhile. Reload to see the decision.');

  let providerRef: string;
  try {
    ({ providerRef } = await atProvider('refund the payment', () => provider.refund(payment, amount), log));
  } catch (err) {
    await unclaim(ctx, id);
    throw err;
  }
  const recorded = await recordRefund(ctx, payment.id, { refundedTotal: payment.refundedAmount + amount, providerRef, reason: 'requested_by_customer' }, log);
  const refundId = recorded.outcome === 'ignored' ? null : recorded.refundId;
  if (refundId) await ctx.db.update(refundRequests).set({ refundId }).where(eq(refundRequests.id, id));
  // The plan this refund ended: as recorded here, or, when the webhook recorded it first, as the payment stood before.
  const endedId = recorded.outcome === 'processed' ? recorded.planEnded : amount === remaining && Boolean(before.paysCurrentPlan) ? payment.item : null;
  const endedPlan = endedId && isPlanId(endedId) ? await getPlan(ctx.db, endedId) : null;

  const number = invoiceNumber(payment.id, payment.createdAt);
  const price = formatPrice(amount, payment.currency);
  const who = before.userEmail ?? payment.email ?? 'a deleted account';
  await audit(ctx.db, {
    userId: actor.id,
    email: actor.email,
    action:
      `Approved the refund request of ${who} for ${payment.description} (${number}): ${price} refunded through ${payment.provider}` +
      (endedPlan ? `; the ${endedPlan.name} plan it paid for has ended` : ''),
    category: 'payment',
    ip: actor.ip,
  });
  const site = await sellerOf(ctx);
  await notify(
    ctx,
    log,
    recipientOf(before),
    `Your refund of ${price} was approved`,
    [
      `Hello,`,
      ``,
      `Your request for a refund of ${payment.description} (invoice ${number}) was approved: ${price} is on its way back to the card or account you paid with.` +
        (payment.provider === 'stripe' ? ' Banks usually show it within 5 to 10 business days.' : ''),
      ...(endedPlan
        ? [
            ``,
            `As this refunds the current period of your ${endedPlan.name} plan in full, the plan has ended: your account is on the Free plan now, and the subscription is cancelled, so you will not be charged for it again.`,
          ]
        : []),
      ...(body.note ? [``, `Note from our team: ${body.note}`] : []),
      ``,
      `You can see the refund on your invoice under ${ctx.origin}/account.`,
      ``,
      `— ${site.name} (${site.email})`,
    ].join('\n'),
  );
  return toAdminRow(await oneRequest(ctx, id));
}

/** The provider did not refund: put the request back in the queue (or, if the user asked again meanwhile, close it). */
async function unclaim(ctx: ServerContext, id: string): Promise<void> {
  const back = { status: 'pending', decidedBy: null, decidedAt: null, decisionNote: null };
  const where = and(eq(refundRequests.id, id), eq(refundRequests.status, 'approved'));
  try {
    await ctx.db.update(refundRequests).set(back).where(where);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await ctx.db
      .update(refundRequests)
      .set({ status: 'refused', decisionNote: 'The payment provider did not refund this payment; a newer request for it is waiting.' })
      .where(where);
  }
}

/** Refuse, with a note the user is e-mailed. */
export async function refuseRefundRequest(ctx: ServerContext, actor: Actor, id: string, note: string, log: ProviderLog): Promise<AdminRefundRequestRow> {
  const before = await oneRequest(ctx, id);
  if (before.request.status !== 'pending') throw new AppError('conflict', `This request was already ${before.request.status}.`);
  const [updated] = await ctx.db
    .update(refundRequests)
    .set({ status: 'refused', decidedBy: actor.id, decidedAt: ctx.now(), decisionNote: note })
    .where(and(eq(refundRequests.id, id), eq(refundRequests.status, 'pending')))
    .returning({ id: refundRequests.id });
  if (!updated) throw new AppError('conflict', 'Someone decided this request meanwhile. Reload to see the decision.');
  const payment = before.payment;
  const number = invoiceNumber(payment.id, payment.createdAt);
  const who = before.userEmail ?? payment.email ?? 'a deleted account';
  await audit(ctx.db, {
    userId: actor.id,
    email: actor.email,
    action: `Refused the refund request of ${who} for ${payment.description} (${number})`,
    category: 'payment',
    ip: actor.ip,
  });
  const site = await sellerOf(ctx);
  await notify(
    ctx,
    log,
    recipientOf(before),
    'About your refund request',
    [
      `Hello,`,
      ``,
      `We looked at your request for a refund of ${payment.description} (invoice ${number}) and cannot refund it.`,
      ``,
      `Our reason: ${note}`,
      ``,
      `If you have questions, write to ${site.email}.`,
      ``,
      `— ${site.name}`,
    ].join('\n'),
  );
  return toAdminRow(await oneRequest(ctx, id));
}
