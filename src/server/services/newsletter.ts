import type { FastifyRequest } from 'fastify';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { newsletterSubscribers } from '../../db/schema';
import { NEWSLETTER_CONFIRM_TTL_DAYS, type NewsletterStatsResponse } from '../../shared/api/newsletter';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { clientIp } from '../http';
import { hashToken, newToken } from './tokens';
import * as throttle from './throttle';

const CONFIRM_TTL_MS = NEWSLETTER_CONFIRM_TTL_DAYS * 24 * 60 * 60 * 1000;
const WINDOW_MS = 60 * 60 * 1000;
/** Sign-ups one address can trigger per hour: enough to retry, too few to mail-bomb someone. */
export const NEWSLETTER_MAX_PER_ADDRESS = 3;
/** Sign-ups one IP can make per hour. */
export const NEWSLETTER_MAX_PER_IP = 10;

type Subscriber = typeof newsletterSubscribers.$inferSelect;

/**
 * Start (or restart) a double opt-in. Whatever the address's state, the caller answers the same,
 * so the response never tells whether an address is on the list.
 */
export async function subscribe(ctx: ServerContext, req: FastifyRequest, email: string, userId: string | null): Promise<void> {
  const byIp = await throttle.hit(ctx.db, `newsletter:ip:${clientIp(req)}`, WINDOW_MS);
  if (byIp.count > NEWSLETTER_MAX_PER_IP) {
    const minutes = Math.max(1, Math.ceil((byIp.resetAt.getTime() - ctx.now().getTime()) / 60_000));
    throw new AppError(
      'rate_limited',
      `Too many sign-up attempts from your network. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      undefined,
      { 'retry-after': String(minutes * 60) },
    );
  }
  // Per address, drop silently: a 429 here would let anyone block someone else's sign-up, and
  // the recipient is protected from a flood of confirmation mails either way.
  const byAddress = await throttle.hit(ctx.db, `newsletter:${email}`, WINDOW_MS);
  if (byAddress.count > NEWSLETTER_MAX_PER_ADDRESS) return;

  const now = ctx.now();
  const confirmToken = newToken();
  const unsubscribeToken = newToken();
  // Only hashes are stored, so each e-mail carries freshly issued tokens (older links stop working).
  const fresh = {
    confirmTokenHash: hashToken(confirmToken),
    confirmExpiresAt: new Date(now.getTime() + CONFIRM_TTL_MS),
    unsubscribeTokenHash: hashToken(unsubscribeToken),
  };

  const inserted = await ctx.db
    .insert(newsletterSubscribers)
    .values({ email, status: 'pending', userId, ...fresh })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });

  let kind: 'confirm' | 'already';
  if (inserted.length > 0) {
    kind = 'confirm';
  } else {
    const [existing] = await ctx.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    if (!existing) return;
    if (existing.status === 'confirmed') {
      // Already on the list: no new confirmation, just a reminder that carries a working unsubscribe link.
      await ctx.db.update(newsletterSubscribers).set({ unsubscribeTokenHash: fresh.unsubscribeTokenHash }).where(eq(newsletterSubscribers.id, existing.id));
      kind = 'already';
    } else {
      // Pending (link lost or expired) or unsubscribed (wants back in): a new opt-in round.
      await ctx.db
        .update(newsletterSubscribers)
        .set({ status: 'pending', ...fresh, userId: existing.userId ?? userId })
        .where(eq(newsletterSubscribers.id, existing.id));
      kind = 'confirm';
    }
  }

  try {
    await ctx.mailer.send(
      kind === 'confirm' ? confirmMail(ctx.origin, email, confirmToken, unsubscribeToken) : alreadyMail(ctx.origin, email, unsubscribeToken),
    );
  } catch (err) {
    // Same answer as on success: the outbox keeps the failed message for staff to see.
    req.log.error({ err: (err as Error).message }, 'newsletter e-mail could not be sent');
  }
}

/** Confirm a pending sign-up. A confirmation link works once and only until it expires. */
export async function confirm(ctx: ServerContext, token: string): Promise<void> {
  const now = ctx.now();
  // Checking and claiming the token is one statement, so two clicks cannot both succeed.
  const claimed = await ctx.db
    .update(newsletterSubscribers)
    .set({ status: 'confirmed', confirmedAt: now, unsubscribedAt: null, confirmTokenHash: null, confirmExpiresAt: null })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, hashToken(token)),
        eq(newsletterSubscribers.status, 'pending'),
        gt(newsletterSubscribers.confirmExpiresAt, now),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  if (claimed.length === 0) {
    throw new AppError('invalid_token', 'This confirmation link is invalid, has already been used or has expired. Please subscribe again.');
  }
}

/** Unsubscribe. Opening the same link again answers the same, so a second click is not an error. */
export async function unsubscribe(ctx: ServerContext, token: string): Promise<void> {
  const now = ctx.now();
  const hash = hashToken(token);
  const changed = await ctx.db
    .update(newsletterSubscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null, confirmExpiresAt: null })
    .where(and(eq(newsletterSubscribers.unsubscribeTokenHash, hash), inArray(newsletterSubscribers.status, ['pending', 'confirmed'])))
    .returning({ id: newsletterSubscribers.id });
  if (changed.length > 0) return;
  const [already] = await ctx.db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.unsubscribeTokenHash, hash), eq(newsletterSubscribers.status, 'unsubscribed')));
  if (!already) throw new AppError('invalid_token', 'This unsubscribe link is invalid or has been replaced by a newer one.');
}

export async function stats(ctx: ServerContext): Promise<NewsletterStatsResponse> {
  const rows = await ctx.db
    .select({ status: newsletterSubscribers.status, n: sql<number>`count(*)::int` })
    .from(newsletterSubscribers)
    .groupBy(newsletterSubscribers.status);
  const count = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { confirmed: count('confirmed'), pending: count('pending'), unsubscribed: count('unsubscribed') };
}

/** Confirmed subscribers as CSV (email, confirmed_at), oldest first. */
export async function exportCsv(ctx: ServerContext): Promise<string> {
  const rows: Pick<Subscriber, 'email' | 'confirmedAt'>[] = await ctx.db
    .select({ email: newsletterSubscribers.email, confirmedAt: newsletterSubscribers.confirmedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, 'confirmed'))
    .orderBy(asc(newsletterSubscribers.confirmedAt));
  const lines = ['email,confirmed_at', ...rows.map((r) => `${csvCell(r.email)},${csvCell(r.confirmedAt ? r.confirmedAt.toISOString() : '')}`)];
  return `${lines.join('\r\n')}\r\n`;
}

/** Quote a CSV cell, and defuse values a spreadsheet would run as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

function links(origin: string, confirmToken: string | null, unsubscribeToken: string) {
  return {
    confirm: confirmToken ? `${origin}/newsletter/confirm?token=${encodeURIComponent(confirmToken)}` : null,
    unsubscribe: `${origin}/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`,
  };
}

function confirmMail(origin: string, to: string, confirmToken: string, unsubscribeToken: string) {
  const l = links(origin, confirmToken, unsubscribeToken);
  const confirmLink = l.confirm as string;
  return {
    to,
    subject: 'Confirm your Veritext newsletter subscription',
    text:
      `Hello,\n\nSomeone (hopefully you) asked to receive the Veritext newsletter at this address.\n` +
      `Open this link within ${NEWSLETTER_CONFIRM_TTL_DAYS} days to confirm:\n\n${confirmLink}\n\n` +
      `If it was not you, ignore this e-mail: you will not be subscribed.\n\n` +
      `Unsubscribe: ${l.unsubscribe}\n`,
    html:
      `<p>Hello,</p><p>Someone (hopefully you) asked to receive the Veritext newsletter at this address.</p>` +
      `<p><a href="${escapeHtml(confirmLink)}">Confirm your subscription</a> (the link works once, for ${NEWSLETTER_CONFIRM_TTL_DAYS} days).</p>` +
      `<p>If it was not you, ignore this e-mail: you will not be subscribed.</p>` +
      `<p style="font-size:12px;color:#666"><a href="${escapeHtml(l.unsubscribe)}">Unsubscribe</a></p>`,
  };
}

function alreadyMail(origin: string, to: string, unsubscribeToken: string) {
  const l = links(origin, null, unsubscribeToken);
  return {
    to,
    subject: 'You are already subscribed to the Veritext newsletter',
    text:
      `Hello,\n\nSomeone asked to subscribe this address to the Veritext newsletter, but it is already subscribed.\n` +
      `Nothing has changed. If you no longer want the newsletter, unsubscribe here:\n\n${l.unsubscribe}\n`,
    html:
      `<p>Hello,</p><p>Someone asked to subscribe this address to the Veritext newsletter, but it is already subscribed. Nothing has changed.</p>` +
      `<p style="font-size:12px;color:#666">No longer want it? <a href="${escapeHtml(l.unsubscribe)}">Unsubscribe</a></p>`,
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
