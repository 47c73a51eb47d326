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
import { admitLoginAttempt, loginSucceeded } from './login-throttle';
import * as throttle from './throttle';
import { twoFactorChallenge } from './two-factor';
import { audit, createUser, findUserByEmail, toPublicUser } from './users';
import { getSettings } from './settings';
import { addressAllowed, notAllowedMessage } from './ip-allowlist';
import { SIGNUPS_CLOSED_MESSAGE } from '../../shared/settings';
import { isStaff } from '../../shared/roles';

export const RESET_TTL_MS = 60 * 60 * 1000;
const FORGOT_MAX_PER_EMAIL = 5;
const FORGOT_WINDOW_MS = 60 * 60 * 1000;
const FORGOT_MAX_PER_IP = 20;
/**
 * Forgot-password answers this long after the request arrived, whatever happened, so its timing does not tell a
 * registered e-mail from an unknown one. The reset mail is sent in the background meanwhile (a fast mail server has
 * usually delivered it by the time the answer goes out; a slow one no longer delays, and so no longer reveals, it).
 */
export const FORGOT_ANSWER_MS = 300;

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ACCOUNT_SUSPENDED = 'This account is suspended. Contact support.';

/** Log in; the attempt is counted by the login throttle (services/login-throttle.ts) before the password is checked. */
export async function login(ctx: ServerContext, req: FastifyRequest, reply: FastifyReply, body: LoginBody) {
  const ip = clientIp(req);
  const ticket = await admitLoginAttempt(ctx.db, ip, body.email);

  const user = await findUserByEmail(ctx.db, body.email);
  const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, body.password) : (await burnVerify(body.password), false);
  if (!user || !ok) {
    await audit(ctx.db, { userId: user?.id, email: body.email, action: 'Failed login', category: 'auth', ip });
    throw new AppError('invalid_credentials', INVALID_CREDENTIALS);
  }
  // Said only after the right password, so the message reveals nothing to someone guessing.
  if (user.suspendedAt) {
    await audit(ctx.db, { userId: user.id, email: user.email, action: 'Login refused: account suspended', category: 'auth', ip });
    throw new AppError('forbidden', ACCOUNT_SUSPENDED);
  }
  // The admin IP allow-list (/admin/ip-whitelist) also closes staff sign-in from other addresses.
  const { ipAllowList } = await getSettings(ctx.db);
  if (isStaff(user.role) && !addressAllowed(ipAllowList, ip)) {
    await audit(ctx.db, { userId: user.id, email: user.email, action: 'Staff login refused: address not on the IP allow-list', category: 'security', ip });
    throw new AppError('forbidden', notAllowedMessage(ip));
  }
  await loginSucceeded(ctx.db, ticket);
  // With two-factor on, the right password earns a challenge, not a session (services/two-factor.ts).
  const secondFactor = await twoFactorChallenge(ctx, user);
  if (secondFactor) return secondFactor;
  await createSession(ctx, reply, user.id, { ip, userAgent: req.headers['user-agent'] });
  await audit(ctx.db, { userId: user.id, email: user.email, action: 'Logged in', category: 'auth', ip });
  return toPublicUser(user);
}

export async function register(ctx: ServerContext, req: FastifyRequest, reply: FastifyReply, body: RegisterBody) {
  const ip = clientIp(req);
  // Staff may close sign-ups (/admin/features); accounts can still be created from the command line.
  if (!(await getSettings(ctx.db)).signupsOpen) throw new AppError('forbidden', SIGNUPS_CLOSED_MESSAGE);
  const perHour = ctx.env.SIGNUPS_PER_ADDRESS_PER_HOUR;
  if (perHour > 0) {
    // Counted before the account exists, so concurrent sign-ups cannot overshoot; a refused one is not given back.
    const taken = await throttle.consume(ctx.db, `signup:ip:${ip}`, perHour, 60 * 60 * 1000);
    if (!taken.ok)
      throw new AppError('rate_limited', 'Too many accounts were created from your network. Please try again later.', undefined, {
        'retry-after': String(taken.retryAfter),
      });
  }
  const user = await createUser(ctx.db, { username: body.username, email: body.email, password: body.password });
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

/** Always answers the same way and after the same time, whether or not the e-mail is registered. */
export async function forgotPassword(ctx: ServerContext, req: FastifyRequest, email: string): Promise<void> {
  const answerAt = performance.now() + FORGOT_ANSWER_MS;
  try {
    await startPasswordReset(ctx, req, email);
  } finally {
    const wait = answerAt - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

async function startPasswordReset(ctx: ServerContext, req: FastifyRequest, email: string): Promise<void> {
  const ip = clientIp(req);
  const [{ count }, byIp] = await Promise.all([
    throttle.hit(ctx.db, `forgot:${email}`, FORGOT_WINDOW_MS),
    throttle.hit(ctx.db, `forgot:ip:${ip}`, FORGOT_WINDOW_MS),
  ]);
  const user = await findUserByEmail(ctx.db, email);
  // Made whether or not it is needed: both paths do the same work.
  const issued = newResetToken();
  // Past either limit, drop silently: no mail bombing, and the answer reveals nothing.
  if (count > FORGOT_MAX_PER_EMAIL || byIp.count > FORGOT_MAX_PER_IP || !user) return;
  await sendPasswordReset(ctx, user, issued, { reason: 'Requested password reset', actor: { id: user.id, email: user.email }, ip, log: req.log });
}

/**
 * Store a reset token for `user` and e-mail its link (valid one hour, once). Used by "Forgot password" and by staff
 * on a user's page; `reason` and `actor` go to the audit log. The mail is not awaited: its latency never reaches an answer.
 */
export function newResetToken(): { token: string; tokenHash: string } {
  const token = newToken();
  return { token, tokenHash: hashToken(token) };
}

export async function sendPasswordReset(
  ctx: ServerContext,
  user: { id: string; email: string; username: string },
  { token, tokenHash }: { token: string; tokenHash: string },
  meta: { reason: string; actor: { id: string; email: string }; ip: string; log: { error: (o: object, m: string) => void } },
): Promise<void> {
  await ctx.db.insert(passwordResetTokens).values({ tokenHash, userId: user.id, expiresAt: new Date(ctx.now().getTime() + RESET_TTL_MS) });
  await audit(ctx.db, { userId: meta.actor.id, email: meta.actor.email, action: meta.reason, category: 'security', ip: meta.ip });
  const link = `${ctx.origin}/reset-password?token=${encodeURIComponent(token)}`;
  // The site's name is a setting (/admin/settings).
  const site = (await getSettings(ctx.db)).siteName;
  void ctx.mailer
    .send({
      to: user.email,
      subject: `Reset your ${site} password`,
      text:
        `Hello ${user.username},\n\nSomeone asked to reset the password of your ${site} account.\n` +
        `Open this link within one hour to choose a new password:\n\n${link}\n\n` +
        `If it was not you, ignore this e-mail: your password stays as it is.\n`,
      html:
        `<p>Hello ${escapeHtml(user.username)},</p><p>Someone asked to reset the password of your ${escapeHtml(site)} account.</p>` +
        `<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once, for one hour).</p>` +
        `<p>If it was not you, ignore this e-mail: your password stays as it is.</p>`,
    })
    .catch((err: unknown) => meta.log.error({ err: (err as Error).message }, 'password reset e-mail could not be sent'));
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
