import { asc, eq, sql } from 'drizzle-orm';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { drawableText, embedUnicodeFont } from '../../engines/pdf-fonts';
import { payments, refunds } from '../../db/schema';
import { invoiceNumber, type Invoice, type PaymentProviderName, type PaymentStatus } from '../../shared/api/admin-billing';
import type { PublicUser } from '../../shared/api/auth';
import { formatDate } from '../../shared/format';
import { formatPrice } from '../../shared/plans';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { getSettings } from './settings';

/**
 * Invoices: one per payment that went through, derived from the payment and its refunds (nothing is stored, so an
 * invoice cannot disagree with the payments page); the seller is the site as its settings name it. Its owner and
 * staff who may read payments can open it, as a page (JSON for the printable client page) or as a PDF drawn here with
 * pdf-lib (decision 0005) in DejaVu Sans, embedded and subset (engines/pdf-fonts.ts), so names and e-mail addresses
 * in Greek, Cyrillic, Hebrew, Arabic or Vietnamese print as typed.
 */

/** The invoice number in SQL, for searching by it; the same text as invoiceNumber() in the shared contract. */
export const invoiceNumberSql = sql<string>`('INV-' || to_char(${payments.createdAt} at time zone 'UTC', 'YYYYMMDD') || '-' || upper(substr(replace(${payments.id}::text, '-', ''), 1, 8)))`;

/** The seller on every invoice: the site's name and support e-mail as staff set them (/admin/settings). */
export async function sellerOf(ctx: ServerContext): Promise<Invoice['seller']> {
  const settings = await getSettings(ctx.db);
  return { name: settings.siteName, email: settings.supportEmail };
}

/**
 * The invoice of payment `id`, if `viewer` may see it: its buyer, or staff holding payments:read (`readsPayments`, resolved
 * by the caller so custom roles count). Others get not_found, as for an unknown id.
 */
export async function invoiceFor(ctx: ServerContext, viewer: PublicUser, readsPayments: boolean, id: string): Promise<Invoice> {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, id)).limit(1);
  const mayRead = payment && (payment.userId === viewer.id || readsPayments);
  if (!payment || !mayRead) throw new AppError('not_found', 'No such invoice.');
  if (payment.status === 'failed') throw new AppError('not_found', 'This payment did not go through, so it has no invoice.');
  const found = await ctx.db.select().from(refunds).where(eq(refunds.paymentId, id)).orderBy(asc(refunds.createdAt));
  return {
    id: payment.id,
    number: invoiceNumber(payment.id, payment.createdAt),
    issuedAt: payment.createdAt.toISOString(),
    status: payment.status as PaymentStatus,
    provider: (payment.provider === 'stripe' ? 'stripe' : 'test') as PaymentProviderName,
    seller: await sellerOf(ctx),
    buyer: { email: payment.email },
    lines: [{ description: payment.description, quantity: 1, amount: payment.amount }],
    currency: payment.currency,
    total: payment.amount,
    refunds: found.map((r) => ({ id: r.id, amount: r.amount, currency: r.currency, createdAt: r.createdAt.toISOString(), reason: r.reason })),
    refundedAmount: payment.refundedAmount,
    balance: payment.amount - payment.refundedAmount,
  };
}

// ---------- PDF ----------

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const INK = rgb(0.09, 0.09, 0.11);
const MUTED = rgb(0.4, 0.4, 0.45);
const RULE = rgb(0.85, 0.85, 0.88);

/** Words of `text` in lines no wider than `width`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export async function invoicePdf(invoice: Invoice): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${invoice.number}`);
  doc.setAuthor(invoice.seller.name);
  doc.setCreator(invoice.seller.name);
  doc.setProducer(invoice.seller.name);
  // Fixed dates keep the file the same on every download.
  doc.setCreationDate(new Date(invoice.issuedAt));
  doc.setModificationDate(new Date(invoice.issuedAt));
  const regular = await embedUnicodeFont(doc, 'sans');
  const bold = await embedUnicodeFont(doc, 'sansBold');
  // A character the font lacks (CJK, emoji, …) is shown as "?" rather than failing the whole document; the printable
  // page shows it as typed. Right-to-left text prints its letters but is not reordered (see UnicodeFace in
  // engines/pdf-fonts.ts).
  const drawable = drawableText(regular);
  const clean = (s: string) => drawable(s).text;
  const page = doc.addPage([A4.width, A4.height]);
  const right = A4.width - MARGIN;
  const money = (n: number) => clean(formatPrice(n, invoice.currency));
  let y = A4.height - MARGIN;

  const text = (p: PDFPage, s: string, x: number, at: number, o: { font?: PDFFont; size?: number; color?: typeof INK; alignRight?: boolean } = {}) => {
    const font = o.font ?? regular;
    const size = o.size ?? 10;
    const value = clean(s);
    const dx = o.alignRight ? x - font.widthOfTextAtSize(value, size) : x;
    p.drawText(value, { x: dx, y: at, font, size, color: o.color ?? INK });
  };
  const rule = (at: number) => page.drawLine({ start: { x: MARGIN, y: at }, end: { x: right, y: at }, thickness: 0.75, color: RULE });

  text(page, 'Invoice', MARGIN, y - 18, { font: bold, size: 24 });
  text(page, invoice.seller.name, right, y - 10, { font: bold, size: 12, alignRight: true });
  text(page, invoice.seller.email, right, y - 25, { color: MUTED, alignRight: true });
  y -= 60;
  if (invoice.provider === 'test') {
    text(page, 'TEST MODE - no real payment was taken', MARGIN, y, { font: bold, size: 10, color: rgb(0.7, 0.33, 0.04) });
    y -= 26;
  }

  const facts: [string, string][] = [
    ['Invoice number', invoice.number],
    ['Date of issue', formatDate(invoice.issuedAt)],
    ['Status', STATUS_LABEL[invoice.status] ?? invoice.status],
  ];
  for (const [label, value] of facts) {
    text(page, label, MARGIN, y, { color: MUTED });
    text(page, value, MARGIN + 110, y, { font: bold });
    y -= 16;
  }
  y -= 14;
  text(page, 'From', MARGIN, y, { color: MUTED });
  text(page, 'Billed to', MARGIN + 260, y, { color: MUTED });
  y -= 15;
  text(page, invoice.seller.name, MARGIN, y, { font: bold });
  text(page, invoice.buyer.email ?? '(account deleted)', MARGIN + 260, y, { font: bold });
  y -= 14;
  text(page, invoice.seller.email, MARGIN, y);
  y -= 36;

  // Line items.
  const qtyX = right - 120;
  text(page, 'Description', MARGIN, y, { color: MUTED });
  text(page, 'Qty', qtyX, y, { color: MUTED, alignRight: true });
  text(page, 'Amount', right, y, { color: MUTED, alignRight: true });
  y -= 8;
  rule(y);
  y -= 18;
  for (const line of invoice.lines) {
    const wrapped = wrap(clean(line.description), regular, 11, qtyX - MARGIN - 40);
    wrapped.forEach((l, i) => text(page, l, MARGIN, y - i * 14, { size: 11 }));
    text(page, String(line.quantity), qtyX, y, { size: 11, alignRight: true });
    text(page, money(line.amount * line.quantity), right, y, { size: 11, alignRight: true });
    y -= 14 * wrapped.length + 8;
  }
  rule(y + 4);
  y -= 14;
  text(page, 'Total paid', qtyX, y, { font: bold, size: 11, alignRight: true });
  text(page, money(invoice.total), right, y, { font: bold, size: 11, alignRight: true });
  y -= 18;
  for (const r of invoice.refunds) {
    text(page, `Refund, ${formatDate(r.createdAt)}`, qtyX, y, { color: MUTED, alignRight: true });
    text(page, `-${money(r.amount)}`, right, y, { alignRight: true });
    y -= 16;
  }
  if (invoice.refunds.length) {
    rule(y + 6);
    y -= 12;
    text(page, 'Net paid', qtyX, y, { font: bold, size: 11, alignRight: true });
    text(page, money(invoice.balance), right, y, { font: bold, size: 11, alignRight: true });
    y -= 18;
  }

  text(
    page,
    `Paid through ${invoice.provider === 'stripe' ? 'Stripe' : 'the test checkout'}. Questions about this invoice: ${invoice.seller.email}`,
    MARGIN,
    MARGIN,
    {
      size: 9,
      color: MUTED,
    },
  );
  return doc.save();
}

export const STATUS_LABEL: Record<string, string> = {
  paid: 'Paid',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  failed: 'Failed',
};
