import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  auditLog,
  checkoutSessions,
  creditBalances,
  creditLedger,
  emailChangeTokens,
  llmUsage,
  passwordResetTokens,
  payments,
  referenceDocuments,
  refunds,
  sessions,
  subscriptions,
  twoFactor,
  usageEvents,
  users,
} from '../../db/schema';
import type { PublicUser } from '../../shared/api/auth';
import type { PasswordChangeBody, PasswordChangeResponse, ProfileUpdateBody, ProfileUpdateResponse } from '../../shared/api/billing';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { isUniqueViolation } from './db-errors';
import { hashPassword, verifyPassword } from './passwords';
import { providerFor, type ProviderLog } from './payments';
import { endOtherSessions } from './sessions';
import { notifyUser } from './push';
import * as throttle from './throttle';
import { hashToken, newToken } from './tokens';
import { audit, toPublicUser } from './users';
import { exportHistory } from './history';
import { exportSavedReports } from './saved-reports';
import { exportActivity } from './account-export';

/** The signed-in user's own account: profile, password, deletion and a copy of their data. */

const PASSWORD_ATTEMPTS = 10;
const PASSWORD_WINDOW_MS = 15 * 60 * 1000;

/** An e-mail change can be undone from the old address for this long. */
export const EMAIL_UNDO_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The password reset link an undo leads to lives as long as one from "Forgot password". */
const UNDO_RESET_TTL_MS = 60 * 60 * 1000;

/** Who asked for a change: the address for the audit log, this request's session (kept), and a logger for mail failures. */
export interface ChangeMeta {
  ip: string;
  keepToken: string;
  log: ProviderLog;
}

/** Wrong current passwords are throttled per account, so a stolen session cannot guess the password. */
export async function checkCurrentPassword(ctx: ServerContext, userId: string, hash: string, password: string, field: string): Promise<void> {
  const key = `pwcheck:${userId}`;
  const { count, resetAt } = await throttle.peek(ctx.db, key, PASSWORD_WINDOW_MS);
  if (count >= PASSWORD_ATTEMPTS) {
    const seconds = Math.max(1, Math.ceil((resetAt.getTime() - ctx.now().getTime()) / 1000));
    throw new AppError('rate_limited', 'Too many wrong passwords. Please wait 15 minutes and try again.', undefined, { 'retry-after': String(seconds) });
  }
  if (!(await verifyPassword(hash, password))) {
    await throttle.hit(ctx.db, key, PASSWORD_WINDOW_MS);
    throw new AppError('validation_failed', 'Your current password is not correct.', { [field]: 'Incorrect password' });
  }
}

export async function passwordHashOf(ctx: ServerContext, userId: string): Promise<string | null> {
  const [row] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.passwordHash ?? null;
}

/**
 * Change the username and/or e-mail; a taken one is a 409 naming which, and a new e-mail is unverified.
 * Changing the e-mail needs the current password (a stolen session alone must not move the account to
 * another address and then reset the password there). The old address gets a notice with a one-week undo
 * link, and every other session ends. An account without a password (Google sign-in) must set one first,
 * through "Forgot password", whose link goes to the current address: that proves the change comes from
 * whoever holds the mailbox the account belongs to.
 */
export async function updateProfile(ctx: ServerContext, user: PublicUser, input: ProfileUpdateBody, meta: ChangeMeta): Promise<ProfileUpdateResponse> {
  const changes: { username?: string; email?: string; emailVerified?: boolean } = {};
  if (input.username !== undefined && input.username !== user.username) changes.username = input.username;
  if (input.email !== undefined && input.email !== user.email) changes.email = input.email;
  let otherSessionsEnded: number | undefined;
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
    // An address someone can still restore with an undo link stays theirs until that link expires.
    if (changes.email !== undefined && (await undoPendingFor(ctx, changes.email, user.id)))
      throw new AppError('conflict', 'An account with this email already exists.', { email: 'Already registered' });
    // Checked after the clash test, so a taken address is named on its field first (registering reveals that anyway).
    if (changes.email !== undefined) {
      const hash = await passwordHashOf(ctx, user.id);
      if (!hash)
        throw new AppError(
          'bad_request',
          'This account signs in with Google and has no password yet. Set one with "Forgot password" on the login page, then change the e-mail.',
        );
      if (!input.currentPassword)
        throw new AppError('validation_failed', 'Enter your current password to change the e-mail.', { currentPassword: 'Enter your current password' });
      await checkCurrentPassword(ctx, user.id, hash, input.currentPassword, 'currentPassword');
    }
    if (changes.email !== undefined) changes.emailVerified = false;
    const undoToken = newToken();
    try {
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        if (changes.email !== undefined)
          await tx.insert(emailChangeTokens).values({
            tokenHash: hashToken(undoToken),
            userId: user.id,
            oldEmail: user.email,
            newEmail: changes.email,
            expiresAt: new Date(ctx.now().getTime() + EMAIL_UNDO_TTL_MS),
          });
      });
    } catch (err) {
      // Two changes racing past the check above: the unique index decides.
      if (isUniqueViolation(err)) throw new AppError('conflict', 'An account with this email or username already exists.');
      throw err;
    }
    const fields = Object.keys(changes).filter((k) => k !== 'emailVerified');
    await audit(ctx.db, {
      userId: user.id,
      email: changes.email ?? user.email,
      // A new sign-in address is a security event (listed under Security in the Audit Logs). The addresses stay
      // out of the action text: deleting the account clears the entry's e-mail column, not its text.
      action: `profile updated (${fields.join(', ')})`,
      category: changes.email !== undefined ? 'security' : 'user',
      ip: meta.ip,
    });
    if (changes.email !== undefined) {
      // As on a password change: whoever else holds a session (a thief's, say) is signed out.
      otherSessionsEnded = await endOtherSessions(ctx, user.id, meta.keepToken);
      await emailChangedNotice(ctx, user, changes.email, undoToken, meta.log);
    }
  }
  const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id)).limit(1);
  return otherSessionsEnded === undefined ? { user: toPublicUser(row) } : { user: toPublicUser(row), otherSessionsEnded };
}

async function undoPendingFor(ctx: ServerContext, email: string, exceptUserId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: emailChangeTokens.id })
    .from(emailChangeTokens)
    .where(
      and(
        eq(emailChangeTokens.oldEmail, email),
        ne(emailChangeTokens.userId, exceptUserId),
        isNull(emailChangeTokens.usedAt),
        gt(emailChangeTokens.expiresAt, ctx.now()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Notices are best effort: the change is made either way, and a mail failure is logged, not shown. */
async function sendNotice(ctx: ServerContext, log: ProviderLog, message: { to: string; subject: string; text: string; html: string }): Promise<void> {
  try {
    await ctx.mailer.send(message);
  } catch (err) {
    log.error({ err: (err as Error).message }, 'account notice e-mail could not be sent');
  }
}

async function emailChangedNotice(ctx: ServerContext, user: PublicUser, newEmail: string, undoToken: string, log: ProviderLog): Promise<void> {
  const link = `${ctx.origin}/api/user/email/undo?token=${encodeURIComponent(undoToken)}`;
  await sendNotice(ctx, log, {
    to: user.email,
    subject: 'The e-mail address of your Veritext account was changed',
    text:
      `Hello ${user.username},\n\nThe e-mail address of your Veritext account was changed from ${user.email} to ${newEmail}.\n\n` +
      `If you made this change, there is nothing to do.\n\n` +
      `If you did not, open this link within 7 days to undo it. It puts this address back, signs out every session ` +
      `and asks you to choose a new password:\n\n${link}\n`,
    html:
      `<p>Hello ${escapeHtml(user.username)},</p><p>The e-mail address of your Veritext account was changed from ` +
      `<b>${escapeHtml(user.email)}</b> to <b>${escapeHtml(newEmail)}</b>.</p><p>If you made this change, there is nothing to do.</p>` +
      `<p>If you did not, <a href="${escapeHtml(link)}">undo the change</a> within 7 days. It puts this address back, ` +
      `signs out every session and asks you to choose a new password.</p>`,
  });
}

/**
 * The undo link from the old address: puts that address back (and marks it verified: the link came
 * through it), voids every other pending change and reset link, signs out every session and replaces
 * the password, which whoever made the change knew. Returns a fresh password-reset token so the owner
 * chooses a new password straight away. The link works once, for a week.
 */
export async function undoEmailChange(ctx: ServerContext, token: string, ip: string): Promise<{ resetToken: string }> {
  const now = ctx.now();
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  const resetToken = newToken();
  let claimed: { userId: string; oldEmail: string; newEmail: string } | undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      // Claiming and checking the token is one statement, so it works only once even under races.
      [claimed] = await tx
        .update(emailChangeTokens)
        .set({ usedAt: now })
        .where(and(eq(emailChangeTokens.tokenHash, hashToken(token)), isNull(emailChangeTokens.usedAt), gt(emailChangeTokens.expiresAt, now)))
        .returning({ userId: emailChangeTokens.userId, oldEmail: emailChangeTokens.oldEmail, newEmail: emailChangeTokens.newEmail });
      if (!claimed) return;
      const { userId } = claimed;
      await tx.update(users).set({ email: claimed.oldEmail, emailVerified: true, passwordHash: unusable, updatedAt: now }).where(eq(users.id, userId));
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await tx
        .update(emailChangeTokens)
        .set({ usedAt: now })
        .where(and(eq(emailChangeTokens.userId, userId), isNull(emailChangeTokens.usedAt)));
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
      await tx.insert(passwordResetTokens).values({ tokenHash: hashToken(resetToken), userId, expiresAt: new Date(now.getTime() + UNDO_RESET_TTL_MS) });
    });
  } catch (err) {
    // The address was taken meanwhile (new addresses are checked against pending undo links, so this is rare);
    // the transaction rolled back, so the link still works once the address is free.
    if (isUniqueViolation(err))
      throw new AppError('conflict', 'This address now belongs to another account, so the change cannot be undone here. Please contact support.');
    throw err;
  }
  if (!claimed) throw new AppError('invalid_token', 'This link is invalid, was already used, or has expired.');
  await audit(ctx.db, {
    userId: claimed.userId,
    email: claimed.oldEmail,
    action: `e-mail change undone (${claimed.newEmail} → ${claimed.oldEmail})`,
    category: 'security',
    ip,
  });
  return { resetToken };
}

/**
 * Set a new password after checking the current one. The session holding `keepToken` stays; every
 * other one ends (a thief's session among them).
 */
export async function changePassword(ctx: ServerContext, user: PublicUser, input: PasswordChangeBody, meta: ChangeMeta): Promise<PasswordChangeResponse> {
  const hash = await passwordHashOf(ctx, user.id);
  if (!hash)
    throw new AppError('bad_request', 'This account signs in with Google and has no password yet. Use "Forgot password" on the login page to set one.');
  await checkCurrentPassword(ctx, user.id, hash, input.currentPassword, 'currentPassword');
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date() })
    .where(eq(users.id, user.id));
  const otherSessionsEnded = await endOtherSessions(ctx, user.id, meta.keepToken);
  await audit(ctx.db, { userId: user.id, email: user.email, action: 'password changed', category: 'security', ip: meta.ip });
  const forgot = `${ctx.origin}/forgot-password`;
  await sendNotice(ctx, meta.log, {
    to: user.email,
    subject: 'Your Veritext password was changed',
    text:
      `Hello ${user.username},\n\nThe password of your Veritext account was just changed, and every other session was signed out.\n\n` +
      `If you made this change, there is nothing to do. If you did not, reset your password now:\n\n${forgot}\n`,
    html:
      `<p>Hello ${escapeHtml(user.username)},</p><p>The password of your Veritext account was just changed, and every other session was signed out.</p>` +
      `<p>If you made this change, there is nothing to do. If you did not, <a href="${escapeHtml(forgot)}">reset your password now</a>.</p>`,
  });
  await notifyUser(
    ctx,
    user.id,
    { title: 'Your password was changed', body: 'If this was not you, reset your password now.', route: '/forgot-password', tag: 'password-changed' },
    { warn: (o, m) => meta.log.error(o, m) },
  );
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

  await eraseAccount(ctx, user.id, { action: 'account deleted by its owner', category: 'user', ip: meta.ip }, meta.log);
}

/**
 * Remove an account, whoever asked (its owner above, or an administrator): a live subscription is stopped
 * first, so the provider does not keep billing a deleted account, and if the provider cannot be reached
 * nothing is deleted. The writes, with the audit entry `entry`, then happen in one transaction.
 */
export async function eraseAccount(
  ctx: ServerContext,
  userId: string,
  entry: { userId?: string | null; email?: string | null; action: string; category: 'user'; ip: string },
  log: ProviderLog,
): Promise<void> {
  const [sub] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  if (sub?.providerSubscriptionId && sub.plan !== 'free') {
    const provider = providerFor(ctx, sub.provider);
    if (provider) {
      try {
        await provider.cancelNow(sub);
      } catch (err) {
        log.error({ err: (err as Error).message }, 'could not cancel the subscription of an account being deleted');
        throw new AppError(
          'upstream_failed',
          entry.userId
            ? 'We could not cancel the subscription with the payment provider, so the account was not deleted. Please try again.'
            : 'We could not cancel your subscription with the payment provider, so the account was not deleted. Please try again.',
        );
      }
    }
  }
  // Only `tx` inside: on PGlite the transaction holds the one connection, so a ctx.db query would wait forever.
  await ctx.db.transaction(async (tx) => {
    // Payments are accounting records the law requires us to keep: they stay, without the person.
    await tx.update(payments).set({ userId: null, email: null }).where(eq(payments.userId, userId));
    await tx.update(auditLog).set({ email: null }).where(eq(auditLog.userId, userId));
    // Texts the user shared with the plagiarism library are theirs too.
    await tx.delete(referenceDocuments).where(and(eq(referenceDocuments.origin, 'user'), eq(referenceDocuments.addedBy, userId)));
    // Everything else hangs off the user row and goes with it (ON DELETE CASCADE / SET NULL).
    await tx.delete(users).where(eq(users.id, userId));
    await audit(tx, entry);
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
      // Whether it is on, never the secret or the recovery codes: a stolen export must not be a second factor.
      twoFactorEnabled: (await ctx.db.select({ on: twoFactor.enabledAt }).from(twoFactor).where(eq(twoFactor.userId, id)))[0]?.on != null,
      shareSubmissions: profile.shareSubmissions,
      historyEnabled: profile.historyEnabled,
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
    // the checks kept while history was on, and the saved reports (services/history.ts, services/saved-reports.ts)
    history: await exportHistory(ctx, id),
    savedReports: await exportSavedReports(ctx, id),
    // API keys, batches, the detector's log, media jobs, refund requests, result reports, support tickets,
    // notification sign-ups and the newsletter
    ...(await exportActivity(ctx, id, profile.email)),
  };
  const filename = `veritext-data-${profile.username.replace(/[^A-Za-z0-9._-]/g, '_')}-${ctx.now().toISOString().slice(0, 10)}.json`;
  return { filename, json: JSON.stringify(data, null, 2) };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
