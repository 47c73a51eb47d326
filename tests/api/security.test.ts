import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LOGIN_FREE_ATTEMPTS, LOGIN_MAX_PER_IP } from '../../src/server/services/login-throttle';
import {
  cookieFrom,
  createAppOn,
  createTestApp,
  createTestDatabase,
  get,
  json,
  login,
  me,
  post,
  register,
  sessionSetCookie,
  uniqueUser,
  type TestApp,
} from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
/** A fresh client address per test, so the per-IP counter of one test does not leak into another. */
function freshIp(): string {
  ipCounter += 1;
  return `203.0.113.${ipCounter}`;
}

describe('CSRF origin check', () => {
  it('refuses a POST from another site with 403 csrf_rejected, before touching the account', async () => {
    const u = uniqueUser('csrf');
    await register(t.app, u);
    const res = await post(t.app, '/api/auth/login', { email: u.email, password: u.password }, { headers: { origin: 'http://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({ error: { code: 'csrf_rejected' } });
    expect(typeof json(res).message).toBe('string');
    expect(sessionSetCookie(res)).toBeUndefined();
  });

  it('refuses a foreign Referer when there is no Origin, and an opaque "null" Origin', async () => {
    const u = uniqueUser('csrf2');
    const byReferer = await post(t.app, '/api/auth/register', u, { headers: { referer: 'http://evil.example/page' } });
    expect(byReferer.statusCode).toBe(403);
    expect(json(byReferer).error.code).toBe('csrf_rejected');
    const nullOrigin = await post(t.app, '/api/auth/register', u, { headers: { origin: 'null' } });
    expect(nullOrigin.statusCode).toBe(403);
    // Neither request created the account.
    expect((await post(t.app, '/api/auth/register', u)).statusCode).toBe(201);
  });

  it('protects logout too: a foreign site cannot log the user out', async () => {
    const cookie = await register(t.app);
    const res = await post(t.app, '/api/auth/logout', undefined, { cookie, headers: { origin: 'http://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect((await me(t.app, cookie)).statusCode).toBe(200);
  });

  it('allows the site’s own origin', async () => {
    const u = uniqueUser('own');
    const res = await post(t.app, '/api/auth/register', u, { headers: { origin: 'http://localhost:3000' } });
    expect(res.statusCode).toBe(201);
    const res2 = await post(
      t.app,
      '/api/auth/login',
      { email: u.email, password: u.password },
      { headers: { origin: 'http://localhost:3000', referer: 'http://localhost:3000/login' } },
    );
    expect(res2.statusCode).toBe(200);
  });

  it('allows requests without Origin or Referer (non-browser clients)', async () => {
    const u = uniqueUser('noorigin');
    expect((await post(t.app, '/api/auth/register', u)).statusCode).toBe(201);
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(200);
  });

  it('does not apply to safe methods', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'http://evil.example' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('login throttling', () => {
  it(`slows the address and account pair after ${LOGIN_FREE_ATTEMPTS} failures, even for the right password, with retry-after`, async () => {
    expect(LOGIN_FREE_ATTEMPTS).toBe(5);
    const u = uniqueUser('throttle');
    await register(t.app, u);
    const ip = freshIp();
    for (let i = 1; i <= LOGIN_FREE_ATTEMPTS; i++) {
      const res = await login(t.app, u.email, `wrong password ${i}`, ip);
      expect(res.statusCode, `attempt ${i}`).toBe(401);
    }
    const blocked = await login(t.app, u.email, u.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked).error.code).toBe('rate_limited');
    expect(json(blocked).message).toMatch(/too many failed login attempts/i);
    expect(json(blocked).message).toMatch(/\d+ minutes?/);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    // The first delay of the backoff is one minute.
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(sessionSetCookie(blocked)).toBeUndefined();
    // The e-mail's case does not get around it.
    expect((await login(t.app, u.email.toUpperCase(), u.password, ip)).statusCode).toBe(429);

    // Once the delay has passed, the right password works again from that address.
    await t.ctx.db.execute(sql`update rate_limits set window_start = now() - interval '61 seconds' where key = ${`login:pair:${ip}:${u.email}`}`);
    expect((await login(t.app, u.email, u.password, ip)).statusCode).toBe(200);
  });

  it('doubles the delay with every further failure of the pair, and forgives a pair left alone', async () => {
    const u = uniqueUser('backoff');
    await register(t.app, u);
    const ip = freshIp();
    const pairKey = `login:pair:${ip}:${u.email}`;
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS; i++) expect((await login(t.app, u.email, 'wrong password', ip)).statusCode).toBe(401);
    for (const minutes of [1, 2, 4]) {
      const refused = await login(t.app, u.email, 'wrong password', ip);
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan((minutes - 1) * 60);
      expect(retryAfter).toBeLessThanOrEqual(minutes * 60);
      await t.ctx.db.execute(sql`update rate_limits set window_start = now() - make_interval(secs => ${minutes * 60 + 1}) where key = ${pairKey}`);
      expect((await login(t.app, u.email, 'wrong password', ip)).statusCode).toBe(401);
    }
    expect(Number((await login(t.app, u.email, u.password, ip)).headers['retry-after'])).toBeGreaterThan(7 * 60);
    // Fifteen quiet minutes after the wait forgive the pair: five free attempts again.
    await t.ctx.db.execute(sql`update rate_limits set window_start = now() - interval '24 minutes' where key = ${pairKey}`);
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS - 1; i++) expect((await login(t.app, u.email, 'wrong password', ip)).statusCode).toBe(401);
    expect((await login(t.app, u.email, u.password, ip)).statusCode).toBe(200);
  });

  it('a successful login clears the account’s failure count', async () => {
    const u = uniqueUser('reset');
    await register(t.app, u);
    const ip = freshIp();
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS - 1; i++) expect((await login(t.app, u.email, 'wrong password', ip)).statusCode).toBe(401);
    expect((await login(t.app, u.email, u.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS - 1; i++) expect((await login(t.app, u.email, 'wrong password', ip)).statusCode).toBe(401);
    expect((await login(t.app, u.email, u.password, ip)).statusCode).toBe(200);
  });

  it(`limits one address to ${LOGIN_MAX_PER_IP} failures across many accounts`, async () => {
    const victim = uniqueUser('victim');
    await register(t.app, victim);
    const ip = freshIp();
    for (let i = 0; i < LOGIN_MAX_PER_IP; i++) {
      // A different (unknown) account every time, so no single account reaches its own limit.
      const res = await login(t.app, `spray${i}-${victim.email}`, 'guess password', ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await login(t.app, victim.email, victim.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked).error.code).toBe('rate_limited');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Other addresses are unaffected.
    expect((await login(t.app, victim.email, victim.password, freshIp())).statusCode).toBe(200);
  });

  it('keeps the counters in the database, so two instances on one database share them', async () => {
    const shared = await createTestDatabase();
    try {
      const a = await createAppOn(shared.database);
      const b = await createAppOn(shared.database);
      try {
        const u = uniqueUser('shared');
        expect((await post(a.app, '/api/auth/register', u)).statusCode).toBe(201);
        const ip = freshIp();
        for (let i = 0; i < LOGIN_FREE_ATTEMPTS; i++) {
          const app = i % 2 === 0 ? a.app : b.app;
          expect((await login(app, u.email, 'wrong password', ip)).statusCode).toBe(401);
        }
        expect((await login(a.app, u.email, u.password, ip)).statusCode).toBe(429);
        expect((await login(b.app, u.email, u.password, ip)).statusCode).toBe(429);
        const [row] = (
          (await shared.database.db.execute(sql`select count from rate_limits where key = ${`login:pair:${ip}:${u.email}`}`)) as unknown as {
            rows: { count: number }[];
          }
        ).rows;
        expect(Number(row.count)).toBe(LOGIN_FREE_ATTEMPTS);
        // Both instances also agree on the generated cookie secret, so sessions work across them.
        expect(a.ctx.cookieSecret).toBe(b.ctx.cookieSecret);
      } finally {
        await a.app.close();
        await b.app.close();
      }
    } finally {
      await shared.close();
    }
  });

  it('sessions issued by one instance are valid on another sharing the database', async () => {
    const shared = await createTestDatabase();
    try {
      const a = await createAppOn(shared.database);
      const b = await createAppOn(shared.database);
      try {
        const cookie = await register(a.app);
        expect((await me(b.app, cookie)).statusCode).toBe(200);
        expect((await post(b.app, '/api/auth/logout', undefined, { cookie })).statusCode).toBe(200);
        expect((await me(a.app, cookie)).statusCode).toBe(401);
      } finally {
        await a.app.close();
        await b.app.close();
      }
    } finally {
      await shared.close();
    }
  });
});

describe('production mode', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ NODE_ENV: 'production', APP_ORIGIN: 'https://veritext.example.org' });
  });
  afterAll(async () => {
    await p?.close();
  });

  it('marks the session cookie Secure (register and login)', async () => {
    const u = uniqueUser('prod');
    const reg = await post(p.app, '/api/auth/register', u);
    expect(reg.statusCode).toBe(201);
    expect(sessionSetCookie(reg)).toMatch(/;\s*Secure/i);
    const res = await login(p.app, u.email, u.password);
    expect(res.statusCode).toBe(200);
    const raw = sessionSetCookie(res)!;
    expect(raw).toMatch(/;\s*Secure/i);
    expect(raw).toMatch(/;\s*HttpOnly/i);
    expect(raw).toMatch(/;\s*SameSite=Lax/i);
    const out = await post(p.app, '/api/auth/logout', undefined, { cookie: cookieFrom(res) });
    expect(sessionSetCookie(out)).toMatch(/;\s*Secure/i);
  });

  it('hides the dev mailbox (404)', async () => {
    const res = await get(p.app, '/api/dev/mailbox');
    expect(res.statusCode).toBe(404);
    expect(json(res).error.code).toBe('not_found');
  });

  it('sends HSTS', async () => {
    const res = await get(p.app, '/api/health');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('checks CSRF against the configured public origin', async () => {
    const u = uniqueUser('prodcsrf');
    expect((await post(p.app, '/api/auth/register', u, { headers: { origin: 'https://veritext.example.org' } })).statusCode).toBe(201);
    expect((await post(p.app, '/api/auth/login', u, { headers: { origin: 'http://localhost:3000' } })).statusCode).toBe(403);
  });
});

describe('test mode', () => {
  it('serves the dev mailbox', async () => {
    const res = await get(t.app, '/api/dev/mailbox');
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(json(res).messages)).toBe(true);
  });

  it('does not send HSTS', async () => {
    const res = await get(t.app, '/api/health');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
