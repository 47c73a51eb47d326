import type { FastifyInstance } from 'fastify';
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
import {
  DeleteAccountBody,
  PasswordChangeBody,
  ProfileUpdateBody,
  type DeleteAccountResponse,
  type PasswordChangeResponse,
  type ProfileUpdateResponse,
} from '../../shared/api/billing';
import { isStaff } from '../../shared/roles';
import { AppError } from '../errors';
import { clientIp, noStore, parse, requireUser } from '../http';
import { hashPassword, verifyPassword } from '../services/passwords';
import { providerFor } from '../services/payments';
import { clearSessionCookie, SESSION_COOKIE } from '../services/sessions';
import * as throttle from '../services/throttle';
import { hashToken } from '../services/tokens';
import { audit, toPublicUser } from '../services/users';

const PASSWORD_ATTEMPTS = 10;
const PASSWORD_WINDOW_MS = 15 * 60 * 1000;

const isUniqueViolation = (err: unknown) =>
  String((err as { code?: string }).code ?? '') === '23505' || /unique|duplicate key/i.test((err as Error).message ?? '');

/** The signed-in user's own account: profile, password, deletion and a copy of their data. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  /** Wrong current passwords are throttled per account, so a stolen session cannot guess the password. */
  async function checkCurrentPassword(userId: string, hash: string, password: string, field: string): Promise<void> {
    const key = `pwcheck:${userId}`;
    const { count } = await throttle.peek(ctx.db, key, PASSWORD_WINDOW_MS);
    if (count >= PASSWORD_ATTEMPTS) throw new AppError('rate_limited', 'Too many wrong passwords. Please wait 15 minutes and try again.');
    if (!(await verifyPassword(hash, password))) {
      await throttle.hit(ctx.db, key, PASSWORD_WINDOW_MS);
      throw new AppError('validation_failed', 'Your current password is not correct.', { [field]: 'Incorrect password' });
    }
  }

  app.patch('/api/user/profile', async (req, reply) => {
    const user = await requireUser(req);
    const input = parse(ProfileUpdateBody, req.body);
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
      // A new address has not been verified yet.
      if (changes.email !== undefined) changes.emailVerified = false;
      try {
        await ctx.db.update(users).set({ ...changes, updatedAt: new Date() }).where(eq(users.id, user.id));
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('conflict', 'An account with this email or username already exists.');
        throw err;
      }
      await audit(ctx.db, { userId: user.id, email: changes.email ?? user.email, action: `profile updated (${Object.keys(changes).filter((k) => k !== 'emailVerified').join(', ')})`, category: 'user', ip: clientIp(req) });
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id)).limit(1);
    const body: ProfileUpdateResponse = { user: toPublicUser(row) };
    return noStore(reply).send(body);
  });

  app.post('/api/user/password', async (req, reply) => {
    const user = await requireUser(req);
    const input = parse(PasswordChangeBody, req.body);
    const [row] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).limit(1);
    if (!row?.passwordHash)
      throw new AppError('bad_request', 'This account signs in with Google and has no password yet. Use "Forgot password" on the login page to set one.');
    await checkCurrentPassword(user.id, row.passwordHash, input.currentPassword, 'currentPassword');
    await ctx.db.update(users).set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date() }).where(eq(users.id, user.id));
    // Keep this session; sign out every other one (a thief's session among them).
    const token = req.cookies[SESSION_COOKIE] ?? '';
    const ended = await ctx.db
      .delete(sessions)
      .where(and(eq(sessions.userId, user.id), ne(sessions.tokenHash, hashToken(token))))
      .returning({ id: sessions.id });
    await audit(ctx.db, { userId: user.id, email: user.email, action: 'password changed', category: 'security', ip: clientIp(req) });
    const body: PasswordChangeResponse = { ok: true, otherSessionsEnded: ended.length };
    return noStore(reply).send(body);
  });

  app.delete('/api/user/account', async (req, reply) => {
    const user = await requireUser(req);
    const input = parse(DeleteAccountBody, req.body);
    if (isStaff(user.role)) throw new AppError('forbidden', 'Staff accounts are removed by an administrator.');
    const [row] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).limit(1);
    if (row?.passwordHash) await checkCurrentPassword(user.id, row.passwordHash, input.confirm, 'confirm');
    else if (input.confirm !== 'DELETE') throw new AppError('validation_failed', 'Type DELETE to confirm.', { confirm: 'Type DELETE to confirm' });

    // A live subscription is stopped first, so the provider does not keep billing a deleted account.
    const [sub] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)).limit(1);
    if (sub?.providerSubscriptionId && sub.plan !== 'free') {
      const provider = providerFor(ctx, sub.provider);
      if (provider) {
        try {
          await provider.cancelNow(sub);
        } catch (err) {
          req.log.error({ err: (err as Error).message }, 'could not cancel the subscription of an account being deleted');
          throw new AppError('upstream_failed', 'We could not cancel your subscription with the payment provider, so the account was not deleted. Please try again.');
        }
      }
    }
    // Payments are accounting records the law requires us to keep: they stay, without the person.
    await ctx.db.update(payments).set({ userId: null, email: null }).where(eq(payments.userId, user.id));
    await ctx.db.update(auditLog).set({ email: null }).where(eq(auditLog.userId, user.id));
    // Texts the user shared with the plagiarism library are theirs too.
    await ctx.db.delete(referenceDocuments).where(and(eq(referenceDocuments.origin, 'user'), eq(referenceDocuments.addedBy, user.id)));
    // Everything else hangs off the user row and goes with it (ON DELETE CASCADE / SET NULL).
    await ctx.db.delete(users).where(eq(users.id, user.id));
    await audit(ctx.db, { action: 'account deleted by its owner', category: 'user', ip: clientIp(req) });
    clearSessionCookie(ctx, reply);
    const body: DeleteAccountResponse = { deleted: true };
    return noStore(reply).send(body);
  });

  app.get('/api/user/export', async (req, reply) => {
    const user = await requireUser(req);
    const id = user.id;
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
      refunds: paid.length ? await ctx.db.select().from(refunds).where(inArray(refunds.paymentId, paid.map((p) => p.id))) : [],
      credits: await ctx.db.select({ kind: creditBalances.kind, balance: creditBalances.balance }).from(creditBalances).where(eq(creditBalances.userId, id)),
      creditLedger: await ctx.db.select().from(creditLedger).where(eq(creditLedger.userId, id)),
      checkouts: await ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, id)),
      usage: await ctx.db.select().from(usageEvents).where(eq(usageEvents.userId, id)).orderBy(desc(usageEvents.createdAt)),
      languageModelUsage: await ctx.db.select().from(llmUsage).where(eq(llmUsage.userId, id)),
      sessions: await ctx.db
        .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, ip: sessions.ip, userAgent: sessions.userAgent })
        .from(sessions)
        .where(eq(sessions.userId, id)),
      activity: await ctx.db.select({ action: auditLog.action, category: auditLog.category, ip: auditLog.ip, createdAt: auditLog.createdAt }).from(auditLog).where(eq(auditLog.userId, id)),
      sharedTexts: await ctx.db
        .select({ title: referenceDocuments.title, text: referenceDocuments.text, createdAt: referenceDocuments.createdAt })
        .from(referenceDocuments)
        .where(and(eq(referenceDocuments.origin, 'user'), eq(referenceDocuments.addedBy, id))),
    };
    const filename = `veritext-data-${profile.username.replace(/[^A-Za-z0-9._-]/g, '_')}-${ctx.now().toISOString().slice(0, 10)}.json`;
    return noStore(reply)
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .send(JSON.stringify(data, null, 2));
  });
}
