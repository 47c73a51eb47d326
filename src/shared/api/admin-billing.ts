import { z } from 'zod';

/**
 * Payments, invoices and refund requests: the staff pages (`/api/admin/payments`, `/api/admin/invoices`,
 * `/api/admin/refund-requests*`), a user's refund requests (`/api/billing/...`) and the invoice of one payment
 * (`/api/invoices/:id`, for its owner and for staff who may read payments). Amounts are in minor units.
 */

export const PAYMENT_STATUSES = ['paid', 'refunded', 'partially_refunded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
export const REFUND_REQUEST_STATUSES = ['pending', 'approved', 'refused'] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];

export const ADMIN_BILLING_PAGE_MAX = 100;

/**
 * The invoice number of a payment: the UTC day it was paid and the start of its id, e.g. INV-20260412-3F2A9C1B.
 * Derived, never stored, so it is the same on every page, in every PDF and after every restore.
 */
export function invoiceNumber(paymentId: string, createdAt: string | Date): string {
  const d = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  const day = d.toISOString().slice(0, 10).replace(/-/g, '');
  return `INV-${day}-${paymentId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

// A filter left empty in a form arrives as '' and means "any".
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Dates are written YYYY-MM-DD.' })
  .refine((v) => !Number.isNaN(new Date(`${v}T00:00:00Z`).getTime()) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    message: 'This date does not exist.',
  });
const paging = {
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(ADMIN_BILLING_PAGE_MAX).default(25),
};
const search = z.string().trim().max(200).default('');

/** GET /api/admin/payments?q=&status=&provider=&from=&to=&offset=&limit= (`from` and `to` are UTC days, both included). */
export const AdminPaymentsQuery = z
  .object({
    /** Part of the buyer's e-mail, the description or the invoice number, any case. */
    q: search,
    status: z.preprocess(blankToUndefined, z.enum(PAYMENT_STATUSES, { message: 'Status is paid, refunded, partially_refunded or failed.' }).optional()),
    provider: z.preprocess(blankToUndefined, z.enum(PAYMENT_PROVIDERS, { message: 'Provider is stripe or test.' }).optional()),
    from: z.preprocess(blankToUndefined, day.optional()),
    to: z.preprocess(blankToUndefined, day.optional()),
    ...paging,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date is after the end date.', path: ['to'] });
export type AdminPaymentsQuery = z.infer<typeof AdminPaymentsQuery>;

export interface RefundEntry {
  id: string;
  amount: number;
  currency: string;
  createdAt: string;
  reason: string | null;
}

export interface AdminPaymentRow {
  id: string;
  invoiceNumber: string;
  createdAt: string;
  /** Null once the account was deleted (the payment is kept, without its owner). */
  userId: string | null;
  email: string | null;
  description: string;
  kind: 'subscription' | 'pack';
  amount: number;
  currency: string;
  status: PaymentStatus;
  refundedAmount: number;
  provider: PaymentProviderName;
  refunds: RefundEntry[];
}

/** Sums over every payment matching the filters (all pages), one line per currency. */
export interface PaymentTotals {
  currency: string;
  payments: number;
  /** What was paid, failed payments excluded. */
  gross: number;
  refunded: number;
  net: number;
}

export interface AdminPaymentsResponse {
  items: AdminPaymentRow[];
  total: number;
  offset: number;
  limit: number;
  totals: PaymentTotals[];
}

/** GET /api/admin/invoices?q=&offset=&limit= : one invoice per payment that went through (failed ones have none). */
export const AdminInvoicesQuery = z.object({ q: search, ...paging });
export type AdminInvoicesQuery = z.infer<typeof AdminInvoicesQuery>;

export interface AdminInvoiceRow {
  /** The payment's id (an invoice is a view of its payment). */
  id: string;
  number: string;
  issuedAt: string;
  email: string | null;
  description: string;
  amount: number;
  currency: string;
  status: PaymentStatus;
  refundedAmount: number;
}

export interface AdminInvoicesResponse {
  items: AdminInvoiceRow[];
  total: number;
  offset: number;
  limit: number;
}

/** GET /api/invoices/:id (the payment's id): the printable invoice. GET /api/invoices/:id/pdf is the same as a PDF. */
export interface Invoice {
  id: string;
  number: string;
  issuedAt: string;
  status: PaymentStatus;
  provider: PaymentProviderName;
  seller: { name: string; email: string };
  /** The buyer's e-mail at the time of payment; null once the account was deleted. */
  buyer: { email: string | null };
  lines: { description: string; quantity: number; amount: number }[];
  currency: string;
  total: number;
  refunds: RefundEntry[];
  refundedAmount: number;
  /** What the buyer paid net of refunds. */
  balance: number;
}

// ---------- Refund requests ----------

/** POST /api/billing/payments/:id/refund-request */
export const RefundRequestBody = z.object({
  reason: z
    .string({ message: 'Please say why you would like a refund.' })
    .trim()
    .min(5, { message: 'Please say why you would like a refund (at least 5 characters).' })
    .max(2000, { message: 'Please keep the reason under 2,000 characters.' }),
});
export type RefundRequestBody = z.infer<typeof RefundRequestBody>;

/** One of the signed-in user's refund requests. */
export interface RefundRequestRow {
  id: string;
  paymentId: string;
  status: RefundRequestStatus;
  reason: string;
  createdAt: string;
  decidedAt: string | null;
  decisionNote: string | null;
  /** What was refunded on approval. */
  refundedAmount: number | null;
}

/** GET /api/billing/refund-requests: the user's requests, newest first. POST …/refund-request answers { request } (201). */
export interface RefundRequestsResponse {
  requests: RefundRequestRow[];
}
export interface RefundRequestResponse {
  request: RefundRequestRow;
}

export const REFUND_QUEUE_VIEWS = ['pending', 'decided', 'all'] as const;
export type RefundQueueView = (typeof REFUND_QUEUE_VIEWS)[number];

/** GET /api/admin/refund-requests?view=&q=&offset=&limit= */
export const AdminRefundRequestsQuery = z.object({
  view: z.preprocess(blankToUndefined, z.enum(REFUND_QUEUE_VIEWS, { message: 'View is pending, decided or all.' }).default('pending')),
  /** Part of the requester's e-mail, the payment's description or its invoice number. */
  q: search,
  ...paging,
});
export type AdminRefundRequestsQuery = z.infer<typeof AdminRefundRequestsQuery>;

export interface AdminRefundRequestRow {
  id: string;
  status: RefundRequestStatus;
  reason: string;
  createdAt: string;
  decidedAt: string | null;
  decisionNote: string | null;
  decidedBy: string | null;
  /** Null once the account was deleted. */
  user: { id: string; email: string } | null;
  payment: {
    id: string;
    invoiceNumber: string;
    createdAt: string;
    description: string;
    amount: number;
    currency: string;
    status: PaymentStatus;
    refundedAmount: number;
    provider: PaymentProviderName;
    kind: 'subscription' | 'pack';
    /**
     * The user's current paid plan came from this payment (it paid for the current period): refunding all that is left
     * of it ends the plan now (back to Free, the provider's subscription cancelled); a partial refund keeps it.
     */
    paysCurrentPlan: boolean;
  };
  /** The refund made on approval. */
  refund: { amount: number; createdAt: string } | null;
}

export interface AdminRefundRequestsResponse {
  items: AdminRefundRequestRow[];
  total: number;
  offset: number;
  limit: number;
  /** Requests waiting for a decision, whatever the view. */
  pending: number;
}

/** POST /api/admin/refund-requests/:id/approve: refunds what is left of the payment, or `amount` of it. */
export const ApproveRefundBody = z.object({
  amount: z.preprocess(
    blankToUndefined,
    z.coerce.number({ message: 'The amount is a number of cents.' }).int({ message: 'The amount is a whole number of cents.' }).positive().optional(),
  ),
  note: z.string().trim().max(2000, { message: 'Please keep the note under 2,000 characters.' }).default(''),
});
export type ApproveRefundBody = z.infer<typeof ApproveRefundBody>;

/** POST /api/admin/refund-requests/:id/refuse: the note is e-mailed to the user. */
export const RefuseRefundBody = z.object({
  note: z
    .string({ message: 'Please tell the user why the refund is refused.' })
    .trim()
    .min(1, { message: 'Please tell the user why the refund is refused.' })
    .max(2000, { message: 'Please keep the note under 2,000 characters.' }),
});
export type RefuseRefundBody = z.infer<typeof RefuseRefundBody>;

export interface AdminRefundDecisionResponse {
  request: AdminRefundRequestRow;
}
