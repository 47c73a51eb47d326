import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';
import { users } from '../../db/schema';
import type { ServerContext } from '../context';
import type { Env } from '../env';
import { clientIp } from '../http';
import { createSession } from './sessions';
import { hasTwoFactor } from './two-factor';
import { audit, createUser, findUserByEmail, type UserRow } from './users';
import { getSettings } from './settings';

/**
 * Google sign-in: OpenID Connect authorization-code flow with PKCE (RFC 7636) and a nonce.
 *
 * The per-attempt secrets (state, nonce, PKCE verifier) live in a signed, HttpOnly cookie scoped to
 * /api/auth/google, so any instance behind a load balancer can finish a flow another one started.
 */

export const GOOGLE_STATE_COOKIE = 'vt_google_oidc';
export const GOOGLE_COOKIE_PATH = '/api/auth/google';
export const GOOGLE_FLOW_TTL_MS = 10 * 60 * 1000;
export const GOOGLE_SCOPE = 'openid email profile';
const HTTP_TIMEOUT_MS = 5_000;
const DISCOVERY_TTL_MS = 6 * 60 * 60 * 1000;

/** Error codes the login page understands (`/login?error=…`). */
export type GoogleErrorCode =
  'google_not_configured' | 'google_failed' | 'google_email_unverified' | 'two_factor_required' | 'account_suspended' | 'signups_closed';

/** A failed sign-in. `reason` is for the server log only and never contains tokens. */
export class GoogleSignInError extends Error {
  constructor(
    public readonly code: GoogleErrorCode,
    public readonly reason: string,
  ) {
    super(reason);
  }
}

const fail = (reason: string): GoogleSignInError => new GoogleSignInError('google_failed', reason);

export function googleConfigured(env: Env): env is Env & { GOOGLE_CLIENT_ID: string; GOOGLE_CLIENT_SECRET: string } {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

export function callbackUrl(ctx: ServerContext): string {
  return `${ctx.origin}/api/auth/google/callback`;
}

// ---------------------------------------------------------------------------------------------
// Discovery and keys (process-wide caches of public provider metadata, not user state)

const Discovery = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
});
export type Discovery = z.infer<typeof Discovery>;

const stripSlash = (s: string): string => s.replace(/\/+$/, '');

const discoveryCache = new Map<string, { at: number; value: Promise<Discovery> }>();
const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

async function fetchDiscovery(issuer: string): Promise<Discovery> {
  const url = `${stripSlash(issuer)}/.well-known/openid-configuration`;
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(HTTP_TIMEOUT_MS), headers: { accept: 'application/json' } });
  } catch (err) {
    throw fail(`discovery request failed: ${(err as Error).message}`);
  }
  if (!res.ok) throw fail(`discovery answered HTTP ${res.status}`);
  const parsed = Discovery.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw fail('discovery document is malformed');
  // OpenID Connect Discovery §4.3: the document's issuer must be exactly the one we asked.
  if (stripSlash(parsed.data.issuer) !== stripSlash(issuer)) throw fail('discovery issuer does not match GOOGLE_ISSUER');
  return parsed.data;
}

export function getDiscovery(issuer: string, now = Date.now()): Promise<Discovery> {
  const hit = discoveryCache.get(issuer);
  if (hit && now - hit.at < DISCOVERY_TTL_MS) return hit.value;
  const value = fetchDiscovery(issuer);
  discoveryCache.set(issuer, { at: now, value });
  // A failed fetch must not be cached: the next attempt tries again.
  value.catch(() => {
    if (discoveryCache.get(issuer)?.value === value) discoveryCache.delete(issuer);
  });
  return value;
}

function jwksFor(uri: string): ReturnType<typeof createRemoteJWKSet> {
  let jwks = jwksCache.get(uri);
  if (!jwks) {
    // jose caches the key set and refetches (rate-limited) when it meets an unknown `kid`.
    jwks = createRemoteJWKSet(new URL(uri), { timeoutDuration: HTTP_TIMEOUT_MS });
    jwksCache.set(uri, jwks);
  }
  return jwks;
}

/** For tests: forget cached discovery documents and key sets. */
export function resetGoogleCaches(): void {
  discoveryCache.clear();
  jwksCache.clear();
}

// ---------------------------------------------------------------------------------------------
// Flow state cookie

interface FlowState {
  state: string;
  nonce: string;
  verifier: string;
  /** Expiry (ms since epoch); enforced server-side, not only by the cookie's Max-Age. */
  exp: number;
}

const FlowStateSchema = z.object({ state: z.string().min(20), nonce: z.string().min(20), verifier: z.string().min(43).max(128), exp: z.number() });

const random = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function cookieOptions(ctx: ServerContext) {
  return {
    path: GOOGLE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.env.NODE_ENV === 'production',
  };
}

export function clearFlowCookie(ctx: ServerContext, reply: FastifyReply): void {
  reply.clearCookie(GOOGLE_STATE_COOKIE, cookieOptions(ctx));
}

function readFlowCookie(ctx: ServerContext, req: FastifyRequest): FlowState {
  const raw = req.cookies[GOOGLE_STATE_COOKIE];
  if (!raw) throw fail('no flow cookie (expired, blocked, or the flow was not started here)');
  const unsigned = req.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) throw fail('flow cookie signature is invalid');
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8'));
  } catch {
    throw fail('flow cookie is malformed');
  }
  const parsed = FlowStateSchema.safeParse(decoded);
  if (!parsed.success) throw fail('flow cookie is malformed');
  if (parsed.data.exp < ctx.now().getTime()) throw fail('flow cookie has expired');
  return parsed.data;
}

function sameString(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

// ---------------------------------------------------------------------------------------------
// Step 1: redirect to the provider

/** Starts a sign-in: sets the flow cookie and returns the provider's authorization URL. */
export async function beginSignIn(ctx: ServerContext, reply: FastifyReply): Promise<string> {
  const { env } = ctx;
  if (!googleConfigured(env)) throw new GoogleSignInError('google_not_configured', 'GOOGLE_CLIENT_ID/SECRET not set');
  const discovery = await getDiscovery(env.GOOGLE_ISSUER);

  const flow: FlowState = { state: random(), nonce: random(), verifier: random(48), exp: ctx.now().getTime() + GOOGLE_FLOW_TTL_MS };
  reply.setCookie(GOOGLE_STATE_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
    ...cookieOptions(ctx),
    signed: true,
    maxAge: GOOGLE_FLOW_TTL_MS / 1000,
  });

  const url = new URL(discovery.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', env.GOOGLE_CLIENT_ID);
  url.searchParams.set('redirect_uri', callbackUrl(ctx));
  url.searchParams.set('scope', GOOGLE_SCOPE);
  url.searchParams.set('state', flow.state);
  url.searchParams.set('nonce', flow.nonce);
  url.searchParams.set('code_challenge', pkceChallenge(flow.verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

// ---------------------------------------------------------------------------------------------
// Step 2: the callback

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name?: string;
}

async function exchangeCode(ctx: ServerContext, discovery: Discovery, code: string, verifier: string): Promise<string> {
  const clientId = ctx.env.GOOGLE_CLIENT_ID!;
  const clientSecret = ctx.env.GOOGLE_CLIENT_SECRET!;
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: callbackUrl(ctx), code_verifier: verifier });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  const methods = discovery.token_endpoint_auth_methods_supported;
  // client_secret_post unless the provider only offers HTTP Basic (RFC 6749 §2.3.1 encoding).
  if (methods && !methods.includes('client_secret_post') && methods.includes('client_secret_basic')) {
    const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
    headers.authorization = `Basic ${Buffer.from(`${enc(clientId)}:${enc(clientSecret)}`).toString('base64')}`;
  } else {
    form.set('client_id', clientId);
    form.set('client_secret', clientSecret);
  }

  let res: Response;
  try {
    res = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers,
      body: form.toString(),
      redirect: 'error',
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS * 2),
    });
  } catch (err) {
    throw fail(`token request failed: ${(err as Error).message}`);
  }
  const body = (await res.json().catch(() => null)) as { id_token?: unknown; error?: unknown } | null;
  if (!res.ok) {
    // Only the standard `error` code is logged; the body is never logged as a whole.
    const error = typeof body?.error === 'string' ? body.error.slice(0, 64) : 'unknown';
    throw fail(`token endpoint answered HTTP ${res.status} (${error})`);
  }
  if (typeof body?.id_token !== 'string') throw fail('token response has no id_token');
  return body.id_token;
}

async function verifyIdToken(ctx: ServerContext, discovery: Discovery, idToken: string, nonce: string): Promise<GoogleIdentity> {
  const clientId = ctx.env.GOOGLE_CLIENT_ID!;
  const issuers = [discovery.issuer];
  // Google documents that its ID tokens may carry either form of its issuer.
  if (stripSlash(discovery.issuer) === 'https://accounts.google.com') issuers.push('accounts.google.com');
  const algorithms = discovery.id_token_signing_alg_values_supported?.filter((a) => a !== 'none' && !a.startsWith('HS')) ?? ['RS256'];

  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, jwksFor(discovery.jwks_uri), {
      issuer: issuers,
      audience: clientId,
      algorithms: algorithms.length ? algorithms : ['RS256'],
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 60,
      currentDate: ctx.now(),
    }));
  } catch (err) {
    // jose errors can carry the payload; log only the code and message.
    const code = err instanceof joseErrors.JOSEError ? err.code : 'ERR_UNKNOWN';
    throw fail(`id_token rejected: ${code} ${(err as Error).message}`);
  }
  if (typeof payload.nonce !== 'string' || !sameString(payload.nonce, nonce)) throw fail('id_token nonce does not match');
  // OIDC Core §3.1.3.7: with several audiences, azp must be us.
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== clientId) throw fail('id_token azp is not this client');
  if (payload.azp !== undefined && payload.azp !== clientId) throw fail('id_token azp is not this client');

  const sub = payload.sub;
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
  if (!sub || sub.length > 255) throw fail('id_token has no usable sub');
  if (!email || email.length > 254 || !z.email().safeParse(email).success) throw fail('id_token has no usable email');
  // Some providers send the boolean as a string.
  const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
  const name = typeof payload.name === 'string' ? payload.name : undefined;
  return { sub, email, emailVerified, name };
}

const USERNAME_RE = /^[A-Za-z0-9._-]{3,32}$/;

/** `Jane.Doe+news@x` → `Jane.Doe`; falls back to the display name, then to `user`. */
export function usernameBase(email: string, name?: string): string {
  const clean = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/\s+/g, '.')
      .replace(/[^A-Za-z0-9._-]/g, '')
      .replace(/([._-])[._-]+/g, '$1')
      .replace(/^[._-]+|[._-]+$/g, '')
      .slice(0, 32);
  const local = email.split('@')[0]?.split('+')[0] ?? '';
  for (const candidate of [clean(local), clean(name ?? '')]) {
    if (USERNAME_RE.test(candidate)) return candidate;
  }
  return 'user';
}

async function usernameTaken(ctx: ServerContext, username: string): Promise<boolean> {
  // Case-insensitive so the new name is not a look-alike of an existing one.
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}

export async function uniqueUsername(ctx: ServerContext, base: string): Promise<string> {
  if (!(await usernameTaken(ctx, base))) return base;
  for (let n = 2; n < 50; n++) {
    const suffix = String(n);
    const candidate = `${base.slice(0, 32 - suffix.length)}${suffix}`;
    if (!(await usernameTaken(ctx, candidate))) return candidate;
  }
  const suffix = randomBytes(4).toString('hex');
  return `${base.slice(0, 32 - suffix.length)}${suffix}`;
}

async function findByGoogleSub(ctx: ServerContext, sub: string): Promise<UserRow | undefined> {
  const rows = await ctx.db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
  return rows[0];
}

/** Resolves the account for a verified identity: existing link, verified-email link, or a new account. */
async function resolveUser(ctx: ServerContext, identity: GoogleIdentity, ip: string): Promise<UserRow> {
  const linked = await findByGoogleSub(ctx, identity.sub);
  if (linked) return linked;

  const existing = await findUserByEmail(ctx.db, identity.email);
  if (existing) {
    // Linking on an unverified e-mail claim would hand this account to whoever controls a Google
    // account that merely *claims* the address.
    if (!identity.emailVerified) throw new GoogleSignInError('google_email_unverified', 'e-mail matches an account but is not verified by Google');
    if (existing.googleSub) throw fail('the account with this e-mail is already linked to another Google account');
    const [updated] = await ctx.db
      .update(users)
      .set({ googleSub: identity.sub, emailVerified: true, updatedAt: ctx.now() })
      .where(and(eq(users.id, existing.id), isNull(users.googleSub)))
      .returning();
    if (!updated) throw fail('account was linked concurrently');
    await audit(ctx.db, { userId: updated.id, email: updated.email, action: 'Linked Google account', category: 'security', ip });
    return updated;
  }

  // Safer choice: refuse to create an account from an unverified e-mail claim. Accepting it (even
  // with emailVerified=false) lets someone squat a victim's address before they register
  // ("pre-account hijacking"): the victim later recovers the account via password reset while the
  // attacker's Google identity stays linked to it. Google marks real Gmail/Workspace addresses verified,
  // so this only turns away addresses Google itself has not confirmed.
  if (!identity.emailVerified) throw new GoogleSignInError('google_email_unverified', 'new account refused: e-mail not verified by Google');
  // Staff closed sign-ups (/admin/features): existing accounts still sign in, no new one is created.
  if (!(await getSettings(ctx.db)).signupsOpen) throw new GoogleSignInError('signups_closed', 'new account refused: sign-ups are closed');

  const username = await uniqueUsername(ctx, usernameBase(identity.email, identity.name));
  let created: UserRow;
  try {
    created = await createUser(ctx.db, { username, email: identity.email, emailVerified: identity.emailVerified, googleSub: identity.sub, role: 'free' });
  } catch (err) {
    // Lost a race (same Google user twice, or the username got taken): one retry via the lookups above.
    const again = await findByGoogleSub(ctx, identity.sub);
    if (again) return again;
    if (await findUserByEmail(ctx.db, identity.email)) throw fail(`account creation raced: ${(err as Error).message}`);
    const retryName = await uniqueUsername(ctx, `${usernameBase(identity.email, identity.name).slice(0, 23)}${randomBytes(4).toString('hex')}`);
    created = await createUser(ctx.db, { username: retryName, email: identity.email, emailVerified: true, googleSub: identity.sub, role: 'free' });
  }
  await audit(ctx.db, { userId: created.id, email: created.email, action: 'Registered with Google', category: 'user', ip });
  return created;
}

/** Finishes a sign-in: validates the callback, verifies the ID token, resolves the user, starts a session. */
export async function completeSignIn(ctx: ServerContext, req: FastifyRequest, reply: FastifyReply, query: CallbackQuery): Promise<UserRow> {
  if (!googleConfigured(ctx.env)) throw new GoogleSignInError('google_not_configured', 'GOOGLE_CLIENT_ID/SECRET not set');
  // The flow cookie is single-use, whatever happens next.
  const flowResult = (() => {
    try {
      return readFlowCookie(ctx, req);
    } catch (err) {
      return err as GoogleSignInError;
    }
  })();
  clearFlowCookie(ctx, reply);

  if (query.error) throw fail(`provider returned error=${String(query.error).slice(0, 64)}`);
  if (flowResult instanceof Error) throw flowResult;
  if (!query.state || !sameString(query.state, flowResult.state)) throw fail('state does not match the flow cookie');
  if (!query.code) throw fail('callback has no code');

  const discovery = await getDiscovery(ctx.env.GOOGLE_ISSUER);
  const idToken = await exchangeCode(ctx, discovery, query.code, flowResult.verifier);
  const identity = await verifyIdToken(ctx, discovery, idToken, flowResult.nonce);

  const ip = clientIp(req);
  const user = await resolveUser(ctx, identity, ip);
  if (user.suspendedAt) {
    await audit(ctx.db, { userId: user.id, email: user.email, action: 'Google sign-in refused: account suspended', category: 'auth', ip });
    throw new GoogleSignInError('account_suspended', 'the account is suspended');
  }
  // Google proves the mailbox, not the second factor: an account with two-factor on signs in with its password and code.
  if (await hasTwoFactor(ctx, user.id)) throw new GoogleSignInError('two_factor_required', 'two-factor is on for this account');
  await createSession(ctx, reply, user.id, { ip, userAgent: req.headers['user-agent'] });
  await audit(ctx.db, { userId: user.id, email: user.email, action: 'Logged in with Google', category: 'auth', ip });
  return user;
}
