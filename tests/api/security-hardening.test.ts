import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { UserConfig, ConfigEnv } from 'vite';
import { auditLog } from '../../src/db/schema';
import { parseEnv } from '../../src/server/env';
import { FORGOT_ANSWER_MS } from '../../src/server/services/auth';
import { LOGIN_FREE_ATTEMPTS, LOGIN_MAX_PER_ACCOUNT } from '../../src/server/services/login-throttle';
import type { MailMessage } from '../../src/server/services/mail';
import { createTestApp, json, login, ORIGIN, post, register, uniqueUser, type TestApp } from '../helpers/app';

/** The address each failed login of `email` was recorded from, oldest first. */
async function failedLoginIps(t: TestApp, email: string): Promise<(string | null)[]> {
  const rows = await t.ctx.db
    .select({ ip: auditLog.ip })
    .from(auditLog)
    .where(and(eq(auditLog.email, email), eq(auditLog.action, 'Failed login')))
    .orderBy(auditLog.createdAt);
  return rows.map((r) => r.ip);
}

function loginVia(t: TestApp, email: string, password: string, remoteAddress: string, forwardedFor?: string) {
  return post(t.app, '/api/auth/login', { email, password }, { remoteAddress, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
}

describe('proxy trust', () => {
  it('refuses TRUST_PROXY=true at boot, saying what to write instead', () => {
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*number of proxies/);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
  });

  describe('behind one proxy (TRUST_PROXY=1)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ TRUST_PROXY: '1' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('takes the client address from the last X-Forwarded-For hop only: rotating the left part changes nothing', async () => {
      const u = uniqueUser('xff');
      await register(t.app, u);
      const proxy = '10.0.0.5';
      for (let i = 1; i <= LOGIN_FREE_ATTEMPTS; i++) {
        const res = await loginVia(t, u.email, 'wrong password', proxy, `198.51.100.${i}, 203.0.113.77`);
        expect(res.statusCode, `attempt ${i}`).toBe(401);
      }
      expect(await failedLoginIps(t, u.email)).toEqual(Array(LOGIN_FREE_ATTEMPTS).fill('203.0.113.77'));
      // The same client behind a fresh spoofed prefix is still the same client: its pair is slowed down.
      const refused = await loginVia(t, u.email, u.password, proxy, `192.0.2.200, 203.0.113.77`);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('the dev mailbox refuses a forged X-Forwarded-For: 127.0.0.1 from a non-loopback socket', async () => {
      const forged = await t.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(forged.statusCode).toBe(404);
      expect(json(forged).messages).toBeUndefined();
      // A loopback socket relaying someone else's request (a local reverse proxy) is refused too.
      const relayed = await t.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(relayed.statusCode).toBe(404);
      // A direct connection from this machine still reads it.
      const local = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '127.0.0.1' });
      expect(local.statusCode).toBe(200);
    });
  });

  describe('behind listed proxies (TRUST_PROXY=10.0.0.0/8)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('believes X-Forwarded-For only from a listed proxy', async () => {
      const u = uniqueUser('xfflist');
      await register(t.app, u);
      await loginVia(t, u.email, 'wrong password', '10.1.2.3', '198.51.100.1, 203.0.113.5');
      // Not a listed proxy: its header is the client's own claim.
      await loginVia(t, u.email, 'wrong password', '192.0.2.44', '10.1.2.3');
      expect((await failedLoginIps(t, u.email)).sort()).toEqual(['192.0.2.44', '203.0.113.5']);
    });
  });
});

describe('without a proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ignores X-Forwarded-For, for the client address and for the dev mailbox', async () => {
    const v = uniqueUser('xffnone');
    await register(t.app, v);
    await loginVia(t, v.email, 'wrong password', '192.0.2.45', '127.0.0.1');
    expect(await failedLoginIps(t, v.email)).toEqual(['192.0.2.45']);
    const mailbox = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      remoteAddress: '192.0.2.45',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(mailbox.statusCode).toBe(404);
  });

  it('50 concurrent wrong passwords: at most the free attempts are checked, the rest get 429 with Retry-After', async () => {
    const u = uniqueUser('race');
    await register(t.app, u);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => login(t.app, u.email, `wrong password ${i}`, '198.51.100.50')));
    const checked = answers.filter((r) => r.statusCode === 401);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(checked.length + refused.length).toBe(50);
    expect(checked.length).toBeLessThanOrEqual(LOGIN_FREE_ATTEMPTS);
    // Every checked password left one audit row: the passwords verified are exactly the 401s.
    expect((await failedLoginIps(t, u.email)).length).toBe(checked.length);
    for (const r of refused) {
      expect(json(r).error.code).toBe('rate_limited');
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('after the pair is locked, the right password from a fresh address logs in', async () => {
    const u = uniqueUser('owner');
    await register(t.app, u);
    for (let i = 0; i < LOGIN_FREE_ATTEMPTS; i++) expect((await login(t.app, u.email, 'wrong password', '198.51.100.60')).statusCode).toBe(401);
    expect((await login(t.app, u.email, u.password, '198.51.100.60')).statusCode).toBe(429);
    expect((await login(t.app, u.email, u.password, '192.0.2.60')).statusCode).toBe(200);
  });

  it('an account attacked from many addresses is slowed to one attempt per address, never locked for its owner', async () => {
    const u = uniqueUser('spread');
    await register(t.app, u);
    // As if a botnet had spent the account's hourly budget.
    await t.ctx.db.execute(sql`insert into rate_limits (key, window_start, count) values (${`login:account:${u.email}`}, now(), ${LOGIN_MAX_PER_ACCOUNT})`);
    expect((await login(t.app, u.email, 'wrong password', '198.51.100.70')).statusCode).toBe(401);
    const again = await login(t.app, u.email, 'wrong password', '198.51.100.70');
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(t.app, u.email, u.password, '192.0.2.70')).statusCode).toBe(200);
  });

  it('forgot-password takes the same time for a registered and an unknown e-mail, with a slow mail server', async () => {
    const delivered: MailMessage[] = [];
    const mailer = t.ctx.mailer;
    // A slow mail server: if the answer waited for it, a registered e-mail would answer this much later.
    t.ctx.mailer = {
      transport: 'smtp',
      async send(m) {
        await new Promise((r) => setTimeout(r, 1000));
        delivered.push(m);
      },
    };
    try {
      const timings: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
      const rounds = 8;
      for (let i = 0; i < rounds; i++) {
        const known = uniqueUser('timing');
        await register(t.app, known);
        for (const which of ['known', 'unknown'] as const) {
          // A fresh address and e-mail each time, so the throttle never drops a request early.
          const email = which === 'known' ? known.email : `nobody-${known.email}`;
          const started = performance.now();
          const res = await post(t.app, '/api/auth/forgot-password', { email }, { remoteAddress: `198.51.100.${100 + i}` });
          timings[which].push(performance.now() - started);
          expect(res.statusCode).toBe(200);
        }
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      expect(Math.abs(median(timings.known) - median(timings.unknown))).toBeLessThan(100);
      expect(median(timings.unknown)).toBeGreaterThanOrEqual(FORGOT_ANSWER_MS - 5);
      // The mail still goes out, after the answer, and only to the registered addresses.
      await vi.waitFor(() => expect(delivered.length).toBe(rounds), { timeout: 5000 });
      expect(delivered.every((m) => m.to.startsWith('timing'))).toBe(true);
    } finally {
      t.ctx.mailer = mailer;
    }
  });
});

describe('production build', () => {
  it('ships no source maps', async () => {
    const { default: config } = (await import('../../vite.config')) as { default: UserConfig | ((env: ConfigEnv) => UserConfig) };
    const resolved = typeof config === 'function' ? config({ mode: 'production', command: 'build' }) : config;
    expect(resolved.build?.sourcemap).toBe(false);
  });
});

describe('sign-ups per address', () => {
  it('lets one address create SIGNUPS_PER_ADDRESS_PER_HOUR accounts an hour, then 429 with Retry-After; other addresses are not affected', async () => {
    const t = await createTestApp({ SIGNUPS_PER_ADDRESS_PER_HOUR: '3' });
    try {
      const signUp = (remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: '/api/auth/register', payload: uniqueUser('signup'), remoteAddress, headers: { origin: ORIGIN } });
      // concurrent sign-ups cannot overshoot the limit
      const burst = await Promise.all([1, 2, 3, 4, 5].map(() => signUp('203.0.113.7')));
      expect(burst.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429, 429]);
      const refused = burst.find((r) => r.statusCode === 429)!;
      expect(json(refused).error.code).toBe('rate_limited');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect((await signUp('203.0.113.8')).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});
