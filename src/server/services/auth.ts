import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { passwordResetTokens, users } from '../../db/schema';
import type { LoginBody, RegisterBody } from '../../shared/api/auth';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { clientIp } from '../http';
import { burnVerify, hashPassword, verifyPassword } from './passwords';
import { clearSessionCookie, createSession, currentUser, deleteSessionByToken, deleteUserSessions, SESSION_COOKIE } from './sessions';
import { hashToken, newToken } from './tokens';
import * as throttle from './throttle';
import { audit, createUser, findUserByEmail, toPublicUser } from './users';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failed logins allowed per account and per IP in one window. */
export const LOGIN_MAX_PER_ACCOUNT = 5;
export const LOGIN_MAX_PER_IP = 30;
export const RESET_TTL_MS = 60 * 60 * 1000;
const FORGOT_MAX_PER_EMAIL = 5;
const FORGOT_WINDOW_MS = 60 * 60 * 1000;
const FORGOT_MAX_PER_IP = 20;

export const INVALID_CREDENTIALS = 'Invalid email or password';

function minutesUntil(d: Date, now: Date): number {
  return Math.max(1, Math.ceil((d.getTime() - now.getTime()) / 60000));
}

async function assertNotThrottled(ctx: ServerContext, ipKey: string, accountKey: string): Promise<void> {
  const [byIp, byAccount] = await Promise.all([throttle.peek(ctx.db, ipKey, LOGIN_WINDOW_MS), throttle.peek(ctx.db, accountKey, LOGIN_WINDOW_MS)]);
  const blocked = byAccount.count >= LOGIN_MAX_PER_ACCOUNT ? byAccount : byIp.count >= LOGIN_MAX_PER_IP ? byIp : null;
  if (blocked) {
    const minutes = minutesUntil(blocked.resetAt, ctx.now());
    throw new AppError(
      'rate_limited',
      `Too many failed login attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again, or reset your password.`,
      undefined,
      { 'retry-after': String(minutes * 60) },
    );
  }
}

export async function login(ctx: ServerContext, req: FastifyRequest, reply: FastifyReply, body: LoginBody) {
  const ip = clientIp(req);
  const ipKey = `login:ip:${ip}`;
  const accountKey = `login:account:${body.email}`;
  await assertNotThrottled(ctx, ipKey, accountKey);

  const user = await findUserByEmail(ctx.db, body.email);
  const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, body.password) : (await burnVerify(body.password), false);
  if (!user || !ok) {
    await Promise.all([throttle.hit(ctx.db, ipKey, LOGIN_WINDOW_MS), throttle.hit(ctx.db, accountKey, LOGIN_WINDOW_MS)]);
    await audit(ctx.db, { userId: user?.id, email: body.email, action: 'Failed login', category: 'auth', ip });
    throw new AppError('invalid_credentials', INVALID_CREDENTIALS);
  }
  await throttle.reset(ctx.db, accountKey);
  await createSession(ctx, reply, user.id, { ip, userAgent: req.headers['user-agent'] });
  await audit(ctx.db, { userId: user.id, email: user.email, action: 'Logged in', category: 'auth', ip });
  return toPublicUser(user);
}

export async function register(ctx: ServerContext, req: FastifyRequest, reply: FastifyReply, body: RegisterBody) {
  const user = await createUser(ctx.db, { username: body.username, email: body.email, password: body.password });
  const ip = clientIp(req);
  await createSession(ctx, reply, user.id, { ip, userAgent: req.headers['user-agent'] });
  await audit(ctx.db, { userId: user.id, email: user.email, action: 'Registered', category: 'user', ip });
  return toPublicUser(user);
}

/** End this request's session (if any) and clear its cookie; logging out twice is not an error. */
export async function logout(ctx: ServerContext, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = req.cookies[SESSION_COOKIE];
  if (token) {
    const user = await currentUser(req);
    await deleteSessionByToken(ctx, token);
    if (user) await audit(ctx.db, { userId: user.id, email: user.email, action: 'Logged out', category: 'auth', ip: clientIp(req) });
  }
  clearSessionCookie(ctx, reply);
}

/** Always answers the same way, whether or not the e-mail is registered. */
export async function forgotPassword(ctx: ServerContext, req: FastifyRequest, email: string): Promise<void> {
  const [{ count }, byIp] = await Promise.all([
    throttle.hit(ctx.db, `forgot:${email}`, FORGOT_WINDOW_MS),
    throttle.hit(ctx.db, `forgot:ip:${clientIp(req)}`, FORGOT_WINDOW_MS),
  ]);
  // Past either limit, drop silently: no mail bombing, and the answer reveals nothing.
  if (count > FORGOT_MAX_PER_EMAIL || byIp.count > FORGOT_MAX_PER_IP) return;
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const token = newToken();
  await ctx.db.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(ctx.now().getTime() + RESET_TTL_MS),
  });
  const link = `${ctx.origin}/reset-password?token=${encodeURIComponent(token)}`;
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: 'Reset your Veritext password',
      text:
        `Hello ${user.username},\n\nSomeone asked to reset the password of your Veritext account.\n` +
        `Open this link within one hour to choose a new password:\n\n${link}\n\n` +
        `If it was not you, ignore this e-mail: your password stays as it is.\n`,
      html:
        `<p>Hello ${escapeHtml(user.username)},</p><p>Someone asked to reset the password of your Veritext account.</p>` +
        `<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once, for one hour).</p>` +
        `<p>If it was not you, ignore this e-mail: your password stays as it is.</p>`,
    });
  } catch (err) {
    req.log.error({ err: (err as Error).message }, 'password reset e-mail could not be sent');
  }
  await audit(ctx.db, { userId: user.id, email: user.email, action: 'Requested password reset', category: 'security', ip: clientIp(req) });
}

export async function resetPassword(ctx: ServerContext, req: FastifyRequest, token: string, password: string): Promise<void> {
  const now = ctx.now();
  // Claiming the token and checking it is one statement, so a token can be used only once even under races.
  const claimed = await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId });
  const userId = claimed[0]?.userId;
  if (!userId) throw new AppError('invalid_token', 'This reset link is invalid or has expired. Please request a new one.');
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: now })
    .where(eq(users.id, userId));
  // A reset ends every session (a thief's included) and every other pending link.
  await deleteUserSessions(ctx, userId);
  await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  await audit(ctx.db, { userId, action: 'Reset password', category: 'security', ip: clientIp(req) });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
