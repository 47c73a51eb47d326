import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { payments, refunds } from '../../db/schema';
import {
  invoiceNumber,
  type AdminInvoicesQuery,
  type AdminInvoicesResponse,
  type AdminPaymentRow,
  type AdminPaymentsQuery,
  type AdminPaymentsResponse,
  type PaymentProviderName,
  type PaymentStatus,
  type RefundEntry,
} from '../../shared/api/admin-billing';
import type { ServerContext } from '../context';
import { invoiceNumberSql } from './invoices';

/**
 * The staff Payments and Invoices pages: the payments table with its refunds, filtered and paged, and the sums of
 * everything matching the filters. Every figure is read from the payments and refunds tables.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** LIKE pattern matching `q` literally anywhere (backslash is PostgreSQL's default LIKE escape). */
export function containing(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Buyer e-mail, description or invoice number containing `q`, any case. */
export function paymentMatches(q: string): SQL {
  const p = containing(q);
  return or(ilike(payments.email, p), ilike(payments.description, p), sql`${invoiceNumberSql} ilike ${p}`)!;
}

function paymentFilter(q: AdminPaymentsQuery): SQL | undefined {
  const where: SQL[] = [];
  if (q.q) where.push(paymentMatches(q.q));
  if (q.status) where.push(eq(payments.status, q.status));
  if (q.provider) where.push(eq(payments.provider, q.provider));
  if (q.from) where.push(gte(payments.createdAt, new Date(`${q.from}T00:00:00Z`)));
  // A day includes all of it.
  if (q.to) where.push(lt(payments.createdAt, new Date(new Date(`${q.to}T00:00:00Z`).getTime() + DAY_MS)));
  return where.length ? and(...where) : undefined;
}

type PaymentDbRow = typeof payments.$inferSelect;

function toRefund(r: typeof refunds.$inferSelect): RefundEntry {
  return { id: r.id, amount: r.amount, currency: r.currency, createdAt: r.createdAt.toISOString(), reason: r.reason };
}

function toPaymentRow(p: PaymentDbRow, refundsOf: RefundEntry[]): AdminPaymentRow {
  return {
    id: p.id,
    invoiceNumber: invoiceNumber(p.id, p.createdAt),
    createdAt: p.createdAt.toISOString(),
    userId: p.userId,
    email: p.email,
    description: p.description,
    kind: p.kind === 'pack' ? 'pack' : 'subscription',
    amount: p.amount,
    currency: p.currency,
    status: p.status as PaymentStatus,
    refundedAmount: p.refundedAmount,
    provider: (p.provider === 'stripe' ? 'stripe' : 'test') as PaymentProviderName,
    refunds: refundsOf,
  };
}

export async function listPayments(ctx: ServerContext, q: AdminPaymentsQuery): Promise<AdminPaymentsResponse> {
  const filter = paymentFilter(q);
  const [found, [{ n }], totals] = await Promise.all([
    ctx.db.select().from(payments).where(filter).orderBy(desc(payments.createdAt), desc(payments.id)).limit(q.limit).offset(q.offset),
    ctx.db.select({ n: count() }).from(payments).where(filter),
    ctx.db
      .select({
        currency: payments.currency,
        payments: count(),
        // A failed payment took no money: it is counted but adds nothing.
        gross: sql<string>`coalesce(sum(${payments.amount}) filter (where ${payments.status} <> 'failed'), 0)`,
        refunded: sql<string>`coalesce(sum(${payments.refundedAmount}), 0)`,
      })
      .from(payments)
      .where(filter)
      .groupBy(payments.currency)
      .orderBy(asc(payments.currency)),
  ]);
  const ids = found.map((p) => p.id);
  const refundRows = ids.length ? await ctx.db.select().from(refunds).where(inArray(refunds.paymentId, ids)).orderBy(asc(refunds.createdAt)) : [];
  const byPayment = new Map<string, RefundEntry[]>();
  for (const r of refundRows) byPayment.set(r.paymentId, [...(byPayment.get(r.paymentId) ?? []), toRefund(r)]);
  return {
    items: found.map((p) => toPaymentRow(p, byPayment.get(p.id) ?? [])),
    total: Number(n),
    offset: q.offset,
    limit: q.limit,
    totals: totals.map((t) => {
      const gross = Number(t.gross);
      const refunded = Number(t.refunded);
      return { currency: t.currency, payments: Number(t.payments), gross, refunded, net: gross - refunded };
    }),
  };
}

/** Invoices are the payments that went through (a failed payment has none), newest first. */
export async function listInvoices(ctx: ServerContext, q: AdminInvoicesQuery): Promise<AdminInvoicesResponse> {
  const filter = and(ne(payments.status, 'failed'), q.q ? paymentMatches(q.q) : undefined);
  const [found, [{ n }]] = await Promise.all([
    ctx.db.select().from(payments).where(filter).orderBy(desc(payments.createdAt), desc(payments.id)).limit(q.limit).offset(q.offset),
    ctx.db.select({ n: count() }).from(payments).where(filter),
  ]);
  return {
    items: found.map((p) => ({
      id: p.id,
      number: invoiceNumber(p.id, p.createdAt),
      issuedAt: p.createdAt.toISOString(),
      email: p.email,
      description: p.description,
      amount: p.amount,
      currency: p.currency,
      status: p.status as PaymentStatus,
      refundedAmount: p.refundedAmount,
    })),
    total: Number(n),
    offset: q.offset,
    limit: q.limit,
  };
}
