import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  auditLog,
  checkoutSessions,
  creditBalances,
  creditLedger,
  llmUsage,
  payments,
  referenceDocuments,
  refunds,
  sessions,
  subscriptions,
  usageEvents,
  users,
} from '../../db/schema';
import type { PublicUser } from '../../shared/api/auth';
import type { PasswordChangeBody, PasswordChangeResponse, ProfileUpdateBody } from '../../shared/api/billing';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { isUniqueViolation } from './db-errors';
import { hashPassword, verifyPassword } from './passwords';
import { providerFor, type ProviderLog } from './payments';
import { endOtherSessions } from './sessions';
import * as throttle from './throttle';
import { audit, toPublicUser } from './users';

/** The signed-in user's own account: profile, password, deletion and a copy of their data. */

const PASSWORD_ATTEMPTS = 10;
const PASSWORD_WINDOW_MS = 15 * 60 * 1000;

/** Wrong current passwords are throttled per account, so a stolen session cannot guess the password. */
async function checkCurrentPassword(ctx: ServerContext, userId: string, hash: string, password: string, field: string): Promise<void> {
  const key = `pwcheck:${userId}`;
  const { count } = await throttle.peek(ctx.db, key, PASSWORD_WINDOW_MS);
  if (count >= PASSWORD_ATTEMPTS) throw new AppError('rate_limited', 'Too many wrong passwords. Please wait 15 minutes and try again.');
  if (!(await verifyPassword(hash, password))) {
    await throttle.hit(ctx.db, key, PASSWORD_WINDOW_MS);
    throw new AppError('validation_failed', 'Your current password is not correct.', { [field]: 'Incorrect password' });
  }
}

async function passwordHashOf(ctx: ServerContext, userId: string): Promise<string | null> {
  const [row] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.passwordHash ?? null;
}

/** Change the username and/or e-mail; a taken one is a 409 naming which, and a new e-mail is unverified. */
export async function updateProfile(ctx: ServerContext, user: PublicUser, input: ProfileUpdateBody, ip: string): Promise<PublicUser> {
  const changes: { username?: string; email?: string; emailVerified?: boolean } = {};
  if (input.username !== undefined && input.username !== user.username) changes.username = input.username;
  if (input.email !== undefined && input.email !== user.email) changes.email = input.email;
  if (changes.username !== undefined || changes.email !== undefined) {
    const clash = await ctx.db
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(
        and(
          ne(users.id, user.id),
          or(
            changes.email !== undefined ? eq(users.email, changes.email) : sql`false`,
            changes.username !== undefined ? sql`lower(${users.username}) = lower(${changes.username})` : sql`false`,
          ),
        ),
      )
      .limit(1);
    if (clash[0] && changes.email !== undefined && clash[0].email === changes.email)
      throw new AppError('conflict', 'An account with this email already exists.', { email: 'Already registered' });
    if (clash[0]) throw new AppError('conflict', 'This username is taken. Please choose another.', { username: 'Already taken' });
    if (changes.email !== undefined) changes.emailVerified = false;
    try {
      await ctx.db
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, user.id));
    } catch (err) {
      // Two changes racing past the check above: the unique index decides.
      if (isUniqueViolation(err)) throw new AppError('conflict', 'An account with this email or username already exists.');
      throw err;
    }
    const fields = Object.keys(changes).filter((k) => k !== 'emailVerified');
    await audit(ctx.db, { userId: user.id, email: changes.email ?? user.email, action: `profile updated (${fields.join(', ')})`, category: 'user', ip });
  }
  const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id)).limit(1);
  return toPublicUser(row);
}

/**
 * Set a new password after checking the current one. The session holding `keepToken` stays; every
 * other one ends (a thief's session among them).
 */
export async function changePassword(
  ctx: ServerContext,
  user: PublicUser,
  input: PasswordChangeBody,
  keepToken: string,
  ip: string,
): Promise<PasswordChangeResponse> {
  const hash = await passwordHashOf(ctx, user.id);
  if (!hash)
    throw new AppError('bad_request', 'This account signs in with Google and has no password yet. Use "Forgot password" on the login page to set one.');
  await checkCurrentPassword(ctx, user.id, hash, input.currentPassword, 'currentPassword');
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  const otherSessionsEnded = await endOtherSessions(ctx, user.id, keepToken);
  await audit(ctx.db, { userId: user.id, email: user.email, action: 'password changed', category: 'security', ip });
  return { ok: true, otherSessionsEnded };
}

/**
 * Delete the account, confirmed by its password (or "DELETE" for an account without one).
 * A live subscription is stopped first, so the provider does not keep billing a deleted account; if
 * the provider cannot be reached nothing is deleted. The writes then happen in one transaction: a
 * failure part-way leaves the account exactly as it was, still able to log in.
 */
export async function deleteAccount(ctx: ServerContext, user: PublicUser, confirm: string, meta: { ip: string; log: ProviderLog }): Promise<void> {
  const hash = await passwordHashOf(ctx, user.id);
  if (hash) await checkCurrentPassword(ctx, user.id, hash, confirm, 'confirm');
  else if (confirm !== 'DELETE') throw new AppError('validation_failed', 'Type DELETE to confirm.', { confirm: 'Type DELETE to confirm' });

  const [sub] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)).limit(1);
  if (sub?.providerSubscriptionId && sub.plan !== 'free') {
    const provider = providerFor(ctx, sub.provider);
    if (provider) {
      try {
        await provider.cancelNow(sub);
      } catch (err) {
        meta.log.error({ err: (err as Error).message }, 'could not cancel the subscription of an account being deleted');
        throw new AppError(
          'upstream_failed',
          'We could not cancel your subscription with the payment provider, so the account was not deleted. Please try again.',
        );
      }
    }
  }
  // Only `tx` inside: on PGlite the transaction holds the one connection, so a ctx.db query would wait forever.
  await ctx.db.transaction(async (tx) => {
    // Payments are accounting records the law requires us to keep: they stay, without the person.
    await tx.update(payments).set({ userId: null, email: null }).where(eq(payments.userId, user.id));
    await tx.update(auditLog).set({ email: null }).where(eq(auditLog.userId, user.id));
    // Texts the user shared with the plagiarism library are theirs too.
    await tx.delete(referenceDocuments).where(and(eq(referenceDocuments.origin, 'user'), eq(referenceDocuments.addedBy, user.id)));
    // Everything else hangs off the user row and goes with it (ON DELETE CASCADE / SET NULL).
    await tx.delete(users).where(eq(users.id, user.id));
    await audit(tx, { action: 'account deleted by its owner', category: 'user', ip: meta.ip });
  });
}

/** Everything stored about the user, as the JSON file they download (pretty-printed), and its file name. */
export async function exportAccountData(ctx: ServerContext, userId: string): Promise<{ filename: string; json: string }> {
  const id = userId;
  const [profile] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  const paid = await ctx.db.select().from(payments).where(eq(payments.userId, id)).orderBy(desc(payments.createdAt));
  const data = {
    exportedAt: ctx.now().toISOString(),
    account: {
      id: profile.id,
      username: profile.username,
      email: profile.email,
      role: profile.role,
      emailVerified: profile.emailVerified,
      googleLinked: profile.googleSub !== null,
      hasPassword: profile.passwordHash !== null,
      shareSubmissions: profile.shareSubmissions,
      createdAt: profile.createdAt,
      updatedAt: profile.updatedAt,
    },
    subscription: (await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, id)))[0] ?? null,
    payments: paid,
    refunds: paid.length
      ? await ctx.db
          .select()
          .from(refunds)
          .where(
            inArray(
              refunds.paymentId,
              paid.map((p) => p.id),
            ),
          )
      : [],
    credits: await ctx.db.select({ kind: creditBalances.kind, balance: creditBalances.balance }).from(creditBalances).where(eq(creditBalances.userId, id)),
    creditLedger: await ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, id)),
    checkouts: await ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, id)),
    usage: await ctx.db.select().from(usageEvents).where(eq(usageEvents.userId, id)).orderBy(desc(usageEvents.createdAt)),
    languageModelUsage: await ctx.db.select().from(llmUsage).where(eq(llmUsage.userId, id)),
    sessions: await ctx.db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, ip: sessions.ip, userAgent: sessions.userAgent })
      .from(sessions)
      .where(eq(sessions.userId, id)),
    activity: await ctx.db
      .select({ action: auditLog.action, category: auditLog.category, ip: auditLog.ip, createdAt: auditLog.createdAt })
      .from(auditLog)
      .where(eq(auditLog.userId, id)),
    sharedTexts: await ctx.db
      .select({ title: referenceDocuments.title, text: referenceDocuments.text, createdAt: referenceDocuments.createdAt })
      .from(referenceDocuments)
      .where(and(eq(referenceDocuments.origin, 'user'), eq(referenceDocuments.addedBy, id))),
  };
  const filename = `veritext-data-${profile.username.replace(/[^A-Za-z0-9._-]/g, '_')}-${ctx.now().toISOString().slice(0, 10)}.json`;
  return { filename, json: JSON.stringify(data, null, 2) };
}
