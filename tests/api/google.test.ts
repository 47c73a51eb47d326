import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/db/client';
import { auditLog, users } from '../../src/db/schema';
import { buildApp } from '../../src/server/app';
import { createContext } from '../../src/server/boot';
import { parseEnv } from '../../src/server/env';
import { GOOGLE_STATE_COOKIE } from '../../src/server/services/google';
import { SESSION_COOKIE } from '../../src/server/services/sessions';
import { startOidcServer, type OidcServer } from '../helpers/oidc-server';

const CLIENT_ID = 'veritext-test-client.apps.example';
const CLIENT_SECRET = 'test-secret-with enough/odd:chars';
const ORIGIN = 'http://localhost:3000';
const CALLBACK = `${ORIGIN}/api/auth/google/callback`;

let oidc: OidcServer;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  oidc = await startOidcServer({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  database = await openDatabase({ dataDir: 'memory://' });
  const env = parseEnv({ NODE_ENV: 'test', GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET, GOOGLE_ISSUER: oidc.issuer, APP_ORIGIN: ORIGIN });
  app = await buildApp(await createContext(env, database), { logger: false, serveClient: false });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await oidc?.close();
});

beforeEach(() => {
  oidc.nonceOverride = undefined;
  oidc.audienceOverride = undefined;
});

interface Started {
  authorizeUrl: URL;
  flowCookie: string;
}

/** GET /api/auth/google: returns the provider URL and the signed flow cookie. */
async function start(): Promise<Started> {
  const res = await app.inject({ method: 'GET', url: '/api/auth/google' });
  expect(res.statusCode).toBe(302);
  const cookie = res.cookies.find((c) => c.name === GOOGLE_STATE_COOKIE);
  expect(cookie, 'flow cookie set').toBeDefined();
  return { authorizeUrl: new URL(String(res.headers.location)), flowCookie: cookie!.value };
}

/** Visits the provider's authorize URL (a real HTTP request) and returns where it sends the browser back to. */
async function authorize(url: URL): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  return back;
}

async function callback(back: URL, flowCookie?: string) {
  const res = await app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    cookies: flowCookie ? { [GOOGLE_STATE_COOKIE]: flowCookie } : {},
  });
  const session = res.cookies.find((c) => c.name === SESSION_COOKIE && c.value)?.value;
  return { res, location: String(res.headers.location), session };
}

/** The whole browser round trip. */
async function signIn() {
  const { authorizeUrl, flowCookie } = await start();
  return callback(await authorize(authorizeUrl), flowCookie);
}

async function me(session: string | undefined) {
  return app.inject({ method: 'GET', url: '/api/auth/me', cookies: session ? { [SESSION_COOKIE]: session } : {} });
}

async function userByEmail(email: string) {
  const [row] = await database.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function register(username: string, email: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { username, email, password: 'correct horse battery' } });
  expect(res.statusCode).toBe(201);
  return res.json().user as { id: string };
}

async function expectNoSession(r: { session?: string }) {
  expect(r.session).toBeUndefined();
  expect((await me(r.session)).statusCode).toBe(401);
}

describe('Google sign-in (OIDC authorization code + PKCE)', () => {
  it('redirects to the provider with state, nonce and an S256 PKCE challenge, in a signed HttpOnly cookie', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/google' });
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(`${url.origin}${url.pathname}`).toBe(`${oidc.issuer}/authorize`);
    const p = url.searchParams;
    expect(p.get('response_type')).toBe('code');
    expect(p.get('client_id')).toBe(CLIENT_ID);
    expect(p.get('redirect_uri')).toBe(CALLBACK);
    expect(p.get('scope')).toBe('openid email profile');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get('state')!.length).toBeGreaterThanOrEqual(32);
    expect(p.get('nonce')!.length).toBeGreaterThanOrEqual(32);

    const cookie = res.cookies.find((c) => c.name === GOOGLE_STATE_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(String(cookie.sameSite).toLowerCase()).toBe('lax');
    expect(cookie.path).toBe('/api/auth/google');
    expect(cookie.maxAge).toBe(600);
    // Signed with the app's cookie secret.
    expect(app.unsignCookie(cookie.value).valid).toBe(true);
    // Two starts never share state.
    const again = await start();
    expect(again.authorizeUrl.searchParams.get('state')).not.toBe(p.get('state'));
  });

  it('creates a new account for a verified Google user and logs them in', async () => {
    oidc.user = { sub: 'sub-new-1', email: 'New.Person+tag@Example.com', email_verified: true, name: 'New Person' };
    const r = await signIn();
    expect(r.res.statusCode).toBe(302);
    expect(r.location).toBe('/pricing');
    // The flow cookie is cleared on the callback.
    const cleared = r.res.cookies.find((c) => c.name === GOOGLE_STATE_COOKIE);
    expect(cleared?.value).toBe('');

    const meRes = await me(r.session);
    expect(meRes.statusCode).toBe(200);
    expect(meRes.json().user).toMatchObject({ email: 'new.person+tag@example.com', username: 'new.person', role: 'free' });

    const row = await userByEmail('new.person+tag@example.com');
    expect(row.googleSub).toBe('sub-new-1');
    expect(row.emailVerified).toBe(true);
    expect(row.passwordHash).toBeNull();
    const actions = (await database.db.select().from(auditLog).where(eq(auditLog.userId, row.id))).map((a) => `${a.category}:${a.action}`);
    expect(actions).toEqual(expect.arrayContaining(['user:Registered with Google', 'auth:Logged in with Google']));

    // Signing in again with the same Google account (even after an e-mail change) reuses the account.
    oidc.user = { sub: 'sub-new-1', email: 'renamed@example.com', email_verified: true };
    const second = await signIn();
    expect(second.location).toBe('/pricing');
    expect((await me(second.session)).json().user.id).toBe(row.id);
    expect(await userByEmail('renamed@example.com')).toBeUndefined();
  });

  it('de-duplicates the derived username with a numeric suffix', async () => {
    await register('jane', 'jane-password@example.com');
    oidc.user = { sub: 'sub-jane', email: 'jane@gmail.example', email_verified: true, name: 'Jane' };
    const r = await signIn();
    expect(r.location).toBe('/pricing');
    expect((await me(r.session)).json().user.username).toBe('jane2');
  });

  it('links an existing password account when Google says the e-mail is verified', async () => {
    const existing = await register('linkme', 'linkme@example.com');
    oidc.user = { sub: 'sub-link', email: 'LinkMe@Example.com', email_verified: true };
    const r = await signIn();
    expect(r.location).toBe('/pricing');
    const meRes = await me(r.session);
    expect(meRes.statusCode).toBe(200);
    expect(meRes.json().user.id).toBe(existing.id);
    const row = await userByEmail('linkme@example.com');
    expect(row.googleSub).toBe('sub-link');
    expect(row.emailVerified).toBe(true);
    expect(row.passwordHash).not.toBeNull();
  });

  it('does NOT link an existing account when the Google e-mail is unverified', async () => {
    await register('nolink', 'nolink@example.com');
    oidc.user = { sub: 'sub-attacker', email: 'nolink@example.com', email_verified: false };
    const r = await signIn();
    expect(r.res.statusCode).toBe(302);
    expect(r.location).toBe('/login?error=google_email_unverified');
    await expectNoSession(r);
    const row = await userByEmail('nolink@example.com');
    expect(row.googleSub).toBeNull();
    expect(row.emailVerified).toBe(false);
  });

  it('refuses to create a new account from an unverified e-mail', async () => {
    oidc.user = { sub: 'sub-unverified', email: 'squatter@example.com', email_verified: false };
    const r = await signIn();
    expect(r.location).toBe('/login?error=google_email_unverified');
    await expectNoSession(r);
    expect(await userByEmail('squatter@example.com')).toBeUndefined();
  });

  it('refuses a callback whose state does not match the flow cookie, before redeeming the code', async () => {
    oidc.user = { sub: 'sub-state', email: 'state@example.com', email_verified: true };
    const { authorizeUrl, flowCookie } = await start();
    const back = await authorize(authorizeUrl);
    const before = oidc.tokenRequests;

    const forged = new URL(back);
    forged.searchParams.set('state', randomBytes(32).toString('base64url'));
    const r1 = await callback(forged, flowCookie);
    expect(r1.location).toBe('/login?error=google_failed');
    await expectNoSession(r1);

    // A valid state without its cookie (e.g. a login CSRF from another browser) is refused too.
    const r2 = await callback(back);
    expect(r2.location).toBe('/login?error=google_failed');
    await expectNoSession(r2);

    // And a cookie whose signature was tampered with.
    const r3 = await callback(back, `${flowCookie[0] === 'A' ? 'B' : 'A'}${flowCookie.slice(1)}`);
    expect(r3.location).toBe('/login?error=google_failed');
    await expectNoSession(r3);

    expect(oidc.tokenRequests).toBe(before);
    expect(await userByEmail('state@example.com')).toBeUndefined();
  });

  it('refuses a flow cookie older than 10 minutes, even if the browser still sends it', async () => {
    oidc.user = { sub: 'sub-late', email: 'late@example.com', email_verified: true };
    const { authorizeUrl, flowCookie } = await start();
    const back = await authorize(authorizeUrl);
    const realNow = app.ctx.now;
    app.ctx.now = () => new Date(Date.now() + 11 * 60 * 1000);
    try {
      const r = await callback(back, flowCookie);
      expect(r.location).toBe('/login?error=google_failed');
      expect(r.session).toBeUndefined();
    } finally {
      app.ctx.now = realNow;
    }
    expect(await userByEmail('late@example.com')).toBeUndefined();
  });

  it('fails when the provider rejects the PKCE verifier', async () => {
    oidc.user = { sub: 'sub-pkce', email: 'pkce@example.com', email_verified: true };
    const { authorizeUrl, flowCookie } = await start();
    // The provider is told a different challenge than the one our verifier hashes to.
    const otherChallenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
    authorizeUrl.searchParams.set('code_challenge', otherChallenge);
    const failuresBefore = oidc.tokenFailures.length;
    const r = await callback(await authorize(authorizeUrl), flowCookie);
    expect(oidc.tokenFailures.slice(failuresBefore)).toEqual(['PKCE verification failed']);
    expect(r.location).toBe('/login?error=google_failed');
    await expectNoSession(r);
    expect(await userByEmail('pkce@example.com')).toBeUndefined();
  });

  it('rejects an id_token whose nonce or audience is wrong', async () => {
    oidc.user = { sub: 'sub-nonce', email: 'nonce@example.com', email_verified: true };
    oidc.nonceOverride = randomBytes(32).toString('base64url');
    const r1 = await signIn();
    expect(r1.location).toBe('/login?error=google_failed');
    await expectNoSession(r1);

    oidc.nonceOverride = undefined;
    oidc.audienceOverride = 'some-other-client';
    const r2 = await signIn();
    expect(r2.location).toBe('/login?error=google_failed');
    await expectNoSession(r2);
    expect(await userByEmail('nonce@example.com')).toBeUndefined();
  });

  it('handles an error returned by the provider (e.g. the user cancelled)', async () => {
    const { authorizeUrl, flowCookie } = await start();
    const back = new URL(CALLBACK);
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('state', authorizeUrl.searchParams.get('state')!);
    const r = await callback(back, flowCookie);
    expect(r.location).toBe('/login?error=google_failed');
    await expectNoSession(r);
  });

  it('redirects to the login page with google_not_configured when no client is configured', async () => {
    const env = parseEnv({ NODE_ENV: 'test', APP_ORIGIN: ORIGIN });
    const bare = await buildApp(await createContext(env, database), { logger: false, serveClient: false });
    try {
      const res = await bare.inject({ method: 'GET', url: '/api/auth/google' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?error=google_not_configured');
      expect(res.cookies.find((c) => c.name === GOOGLE_STATE_COOKIE)).toBeUndefined();
      const cb = await bare.inject({ method: 'GET', url: '/api/auth/google/callback?code=x&state=y' });
      expect(cb.headers.location).toBe('/login?error=google_not_configured');
    } finally {
      await bare.close();
    }
  });
});
