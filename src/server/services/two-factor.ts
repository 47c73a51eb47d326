import type { FastifyReply, FastifyRequest } from 'fastify';
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { twoFactor, twoFactorRecoveryCodes, users } from '../../db/schema';
import type {
  LoginTwoFactorBody,
  PublicUser,
  TwoFactorConfirmResponse,
  TwoFactorRequiredResponse,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from '../../shared/api/auth';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { clientIp } from '../http';
import { checkCurrentPassword, passwordHashOf } from './account';
import { createSession } from './sessions';
import * as throttle from './throttle';
import { base32Encode, matchTotp, otpauthUri } from './totp';
import { audit, toPublicUser } from './users';

/**
 * TOTP two-factor sign-in for staff accounts. Enrolment stores a secret that login ignores until a
 * code from the app confirms it; the password login then answers with a short-lived signed challenge
 * instead of a session, and POST /api/auth/login/2fa trades the challenge and a code for the session.
 */

const ISSUER = 'Veritext';
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const RECOVERY_CODES = 10;
/** Wrong codes allowed per account in one window: with ±1 step, ten guesses hit a 6-digit code about 3 times in 100,000. */
const CODE_ATTEMPTS = 10;
const CODE_WINDOW_MS = 15 * 60 * 1000;

/** A key for one purpose, derived from the server secret, so the secret itself never encrypts or signs two kinds of thing. */
function derivedKey(ctx: ServerContext, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', ctx.cookieSecret, 'veritext', purpose, 32));
}

// The secret is encrypted so a database dump alone cannot mint codes. Rotating COOKIE_SECRET makes stored
// secrets unreadable: those staff then sign in with a recovery code and enrol again.
function encryptSecret(ctx: ServerContext, secret: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(ctx, 'totp secret'), iv);
  const data = Buffer.concat([cipher.update(secret), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

function decryptSecret(ctx: ServerContext, stored: string): Buffer | null {
  const [v, iv, tag, data] = stored.split('.');
  if (v !== 'v1' || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', derivedKey(ctx, 'totp secret'), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
  } catch {
    return null;
  }
}

/** Recovery codes are compared case-, space- and dash-insensitively. */
function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}
function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}
function newRecoveryCode(): string {
  // 50 random bits, shown as xxxxx-xxxxx: too many to guess, short enough to type.
  const s = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

async function rowOf(ctx: ServerContext, userId: string) {
  const [row] = await ctx.db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
  return row;
}

export async function twoFactorStatus(ctx: ServerContext, userId: string): Promise<TwoFactorStatus> {
  const row = await rowOf(ctx, userId);
  if (!row?.enabledAt) return { enabled: false, recoveryCodesLeft: 0 };
  const [left] = await ctx.db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return { enabled: true, recoveryCodesLeft: Number(left?.n ?? 0) };
}

type CodeKind = 'totp' | 'recovery';

/**
 * Check a code against the account's secret (and, when allowed, its unused recovery codes). An accepted
 * TOTP code records its step with one conditional update, so the same code (or an older one) is refused
 * afterwards even by a concurrent request; a recovery code is claimed the same way and works once.
 * Wrong codes are throttled per account. Returns what matched, or null.
 */
async function consumeCode(
  ctx: ServerContext,
  userId: string,
  secretEnc: string,
  code: string,
  allowRecovery: boolean,
  throttleMessage: string,
): Promise<CodeKind | null> {
  const key = `2fa:${userId}`;
  const { count: wrong } = await throttle.peek(ctx.db, key, CODE_WINDOW_MS);
  if (wrong >= CODE_ATTEMPTS) throw new AppError('rate_limited', throttleMessage, undefined, { 'retry-after': String(CODE_WINDOW_MS / 1000) });
  const trimmed = code.replace(/\s/g, '');
  let matched: CodeKind | null = null;
  if (/^\d{6}$/.test(trimmed)) {
    const secret = decryptSecret(ctx, secretEnc);
    const step = secret ? matchTotp(secret, trimmed, ctx.now().getTime(), 1) : null;
    if (step !== null) {
      const claimed = await ctx.db
        .update(twoFactor)
        .set({ lastUsedStep: step })
        .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step))))
        .returning({ userId: twoFactor.userId });
      if (claimed.length) matched = 'totp';
    }
  } else if (allowRecovery) {
    const claimed = await ctx.db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: ctx.now() })
      .where(
        and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(trimmed)), isNull(twoFactorRecoveryCodes.usedAt)),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    if (claimed.length) matched = 'recovery';
  }
  if (matched) await throttle.reset(ctx.db, key);
  else await throttle.hit(ctx.db, key, CODE_WINDOW_MS);
  return matched;
}

const WRONG_CODE = 'That code is not correct, or was already used. Enter the current code from your authenticator app.';

/**
 * Start (or restart) enrolment, confirmed by the current password so that a stolen session cannot turn
 * two-factor on and lock the owner out. The new secret does nothing until confirmed with a code.
 */
export async function startTwoFactorSetup(ctx: ServerContext, user: PublicUser, password: string): Promise<TwoFactorSetupResponse> {
  const existing = await rowOf(ctx, user.id);
  if (existing?.enabledAt) throw new AppError('conflict', 'Two-factor authentication is already on. Turn it off first to use a new authenticator.');
  await requirePasswordForTwoFactor(ctx, user.id, password);
  const secret = randomBytes(20); // 160 bits, as RFC 4226 recommends for SHA-1
  const secretEnc = encryptSecret(ctx, secret);
  await ctx.db
    .insert(twoFactor)
    .values({ userId: user.id, secretEnc })
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secretEnc, enabledAt: null, lastUsedStep: null, createdAt: ctx.now() } });
  const b32 = base32Encode(secret);
  return { secret: b32, otpauthUri: otpauthUri(b32, user.email, ISSUER) };
}

/** Checks the current password for `startTwoFactorSetup` and `disableTwoFactor`; accounts without one must set one first. */
async function requirePasswordForTwoFactor(ctx: ServerContext, userId: string, password: string): Promise<void> {
  const hash = await passwordHashOf(ctx, userId);
  // Two-factor guards the password login; an account without a password has nothing for it to guard.
  if (!hash)
    throw new AppError('bad_request', 'This account has no password yet. Use "Forgot password" on the login page to set one, then turn on two-factor.');
  await checkCurrentPassword(ctx, userId, hash, password, 'password');
}

/** Confirm enrolment with a code from the app: two-factor is on, and the recovery codes are returned this once. */
export async function confirmTwoFactor(ctx: ServerContext, user: PublicUser, code: string, ip: string): Promise<TwoFactorConfirmResponse> {
  const row = await rowOf(ctx, user.id);
  if (!row) throw new AppError('bad_request', 'Start the set-up first.');
  if (row.enabledAt) throw new AppError('conflict', 'Two-factor authentication is already on.');
  const matched = await consumeCode(ctx, user.id, row.secretEnc, code, false, 'Too many wrong codes. Please wait 15 minutes and try again.');
  if (!matched) throw new AppError('validation_failed', WRONG_CODE, { code: 'Incorrect code' });
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await ctx.db.transaction(async (tx) => {
    await tx.update(twoFactor).set({ enabledAt: ctx.now() }).where(eq(twoFactor.userId, user.id));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    await tx.insert(twoFactorRecoveryCodes).values(codes.map((c) => ({ userId: user.id, codeHash: hashRecoveryCode(c) })));
  });
  await audit(ctx.db, { userId: user.id, email: user.email, action: 'Two-factor authentication enabled', category: 'security', ip });
  return { enabled: true, recoveryCodes: codes };
}

/** Turn two-factor off: the current password and a code (or a recovery code), so neither a stolen session nor a stolen phone suffices. */
export async function disableTwoFactor(ctx: ServerContext, user: PublicUser, input: { password: string; code: string }, ip: string): Promise<void> {
  const row = await rowOf(ctx, user.id);
  if (!row?.enabledAt) throw new AppError('bad_request', 'Two-factor authentication is not on.');
  await requirePasswordForTwoFactor(ctx, user.id, input.password);
  const matched = await consumeCode(ctx, user.id, row.secretEnc, input.code, true, 'Too many wrong codes. Please wait 15 minutes and try again.');
  if (!matched) throw new AppError('validation_failed', WRONG_CODE, { code: 'Incorrect code' });
  await ctx.db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, user.id));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, user.id));
  });
  await audit(ctx.db, { userId: user.id, email: user.email, action: 'Two-factor authentication disabled', category: 'security', ip });
}

// ---------- Login ----------

/**
 * For sign-in paths that never see the password (Google): an account with two-factor on must use the
 * password login, which asks for the code, so such a path should refuse and send the user there.
 */
export async function hasTwoFactor(ctx: ServerContext, userId: string): Promise<boolean> {
  return Boolean((await rowOf(ctx, userId))?.enabledAt);
}

/** The MAC covers the password hash too, so changing or resetting the password voids challenges already issued. */
function challengeMac(ctx: ServerContext, payload: string, passwordHash: string | null): Buffer {
  return createHmac('sha256', derivedKey(ctx, '2fa login challenge'))
    .update(payload)
    .update('\0')
    .update(passwordHash ?? '')
    .digest();
}

/**
 * The login hook: called once the password is known to be right. Null when the account has no confirmed
 * two-factor (log in as usual); otherwise the answer to send instead of a session. It applies to every
 * account with two-factor on (enrolment is offered to staff), so a staff member moved to a plan role
 * keeps the protection until turning it off.
 */
export async function twoFactorChallenge(ctx: ServerContext, user: { id: string; passwordHash: string | null }): Promise<TwoFactorRequiredResponse | null> {
  const row = await rowOf(ctx, user.id);
  if (!row?.enabledAt) return null;
  const payload = Buffer.from(JSON.stringify({ u: user.id, e: ctx.now().getTime() + CHALLENGE_TTL_MS })).toString('base64url');
  const challenge = `${payload}.${challengeMac(ctx, payload, user.passwordHash).toString('base64url')}`;
  return { twoFactorRequired: true, challenge, message: 'Enter the 6-digit code from your authenticator app.' };
}

const EXPIRED = 'This sign-in has expired. Please log in again.';

/** POST /api/auth/login/2fa: a valid challenge and code (or an unused recovery code) → the session. */
export async function loginWithTwoFactor(ctx: ServerContext, req: FastifyRequest, reply: FastifyReply, body: LoginTwoFactorBody): Promise<PublicUser> {
  const [payload, mac] = body.challenge.split('.');
  let claim: { u?: unknown; e?: unknown } = {};
  try {
    claim = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as typeof claim;
  } catch {
    throw new AppError('invalid_token', EXPIRED);
  }
  if (typeof claim.u !== 'string' || !/^[0-9a-f-]{36}$/i.test(claim.u) || typeof claim.e !== 'number' || !mac) throw new AppError('invalid_token', EXPIRED);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, claim.u)).limit(1);
  const given = Buffer.from(mac, 'base64url');
  const expected = user ? challengeMac(ctx, payload, user.passwordHash) : null;
  if (!user || !expected || given.length !== expected.length || !timingSafeEqual(given, expected) || claim.e < ctx.now().getTime())
    throw new AppError('invalid_token', EXPIRED);
  const row = await rowOf(ctx, user.id);
  if (!row?.enabledAt) throw new AppError('invalid_token', EXPIRED);

  const ip = clientIp(req);
  const matched = await consumeCode(
    ctx,
    user.id,
    row.secretEnc,
    body.code,
    true,
    'Too many wrong codes. Please wait 15 minutes and try again, or use a recovery code.',
  );
  if (!matched) {
    await audit(ctx.db, { userId: user.id, email: user.email, action: 'Failed two-factor code', category: 'auth', ip });
    throw new AppError('invalid_credentials', WRONG_CODE, { code: 'Incorrect code' });
  }
  await createSession(ctx, reply, user.id, { ip, userAgent: req.headers['user-agent'] });
  const how = matched === 'recovery' ? 'a recovery code' : 'two-factor';
  await audit(ctx.db, { userId: user.id, email: user.email, action: `Logged in (${how})`, category: 'auth', ip });
  return toPublicUser(user);
}
