import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { outbox, passwordResetTokens, sessions, users } from '../../src/db/schema';
import { SESSION_TTL_MS } from '../../src/server/services/sessions';
import { SIGNED_IN_HINT_COOKIE } from '../../src/shared/api/auth';
import {
  cookieFrom,
  createTestApp,
  get,
  json,
  login,
  me,
  post,
  register,
  sessionSetCookie,
  setCookies,
  tokenOf,
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

async function userId(email: string): Promise<string> {
  const [row] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}

async function sessionsOf(email: string) {
  return t.ctx.db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, await userId(email)));
}

describe('session storage', () => {
  it('stores only the SHA-256 hash of the cookie token', async () => {
    const u = uniqueUser('hash');
    const cookie = await register(t.app, u);
    const token = tokenOf(cookie);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url

    const rows = await sessionsOf(u.email);
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toBe(token);
    expect(rows[0].tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    // Nowhere in the row does the raw token appear.
    expect(JSON.stringify(rows[0])).not.toContain(token);
  });

  it('expires 30 days after login, in the database and on the cookie', async () => {
    const u = uniqueUser('ttl');
    await register(t.app, u);
    const before = Date.now();
    const res = await login(t.app, u.email, u.password);
    const after = Date.now();
    const token = tokenOf(cookieFrom(res));
    const [row] = await t.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect(SESSION_TTL_MS).toBe(30 * 24 * 3600 * 1000);
    expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before + SESSION_TTL_MS - 1000);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(after + SESSION_TTL_MS + 1000);

    const expires = /Expires=([^;]+)/i.exec(sessionSetCookie(res)!)?.[1];
    expect(expires).toBeDefined();
    expect(Math.abs(new Date(expires!).getTime() - row.expiresAt.getTime())).toBeLessThan(2000);
  });

  it('refuses a session whose expiry has passed in the database', async () => {
    const u = uniqueUser('expired');
    const cookie = await register(t.app, u);
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, await userId(u.email)));
    expect((await me(t.app, cookie)).statusCode).toBe(401);
  });

  it('refuses a session once the clock passes 30 days', async () => {
    const u = uniqueUser('clock');
    const cookie = await register(t.app, u);
    const realNow = t.ctx.now;
    try {
      t.ctx.now = () => new Date(Date.now() + 29 * 24 * 3600 * 1000);
      expect((await me(t.app, cookie)).statusCode).toBe(200);
      t.ctx.now = () => new Date(Date.now() + SESSION_TTL_MS + 60_000);
      expect((await me(t.app, cookie)).statusCode).toBe(401);
    } finally {
      t.ctx.now = realNow;
    }
  });
});

async function lastMailTo(email: string) {
  const [m] = await t.ctx.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(desc(outbox.createdAt)).limit(1);
  return m;
}

function tokenFromMail(text: string): string {
  const m = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!m) throw new Error(`no reset link in: ${text}`);
  return decodeURIComponent(m[1]);
}

async function forgot(email: string) {
  return post(t.app, '/api/auth/forgot-password', { email });
}

describe('forgot / reset password', () => {
  it('answers the same for known and unknown e-mails, and mails a reset link only to the known one', async () => {
    const u = uniqueUser('forgot');
    await register(t.app, u);
    const known = await forgot(u.email.toUpperCase());
    const unknown = await forgot('unknown-' + u.email);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(json(known).success).toBe(true);

    const mail = await lastMailTo(u.email);
    expect(mail).toBeDefined();
    expect(mail.status).toBe('outbox');
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.text).toContain('http://localhost:3000/reset-password?token=');
    expect(await lastMailTo('unknown-' + u.email)).toBeUndefined();

    // The dev mailbox shows it too.
    const box = await get(t.app, '/api/dev/mailbox');
    expect(box.statusCode).toBe(200);
    expect(json(box).transport).toBe('outbox');
    expect(json(box).messages.some((m: { to: string }) => m.to === u.email)).toBe(true);

    // Only the hash of the token is stored.
    const token = tokenFromMail(mail.text);
    const rows = await t.ctx.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, await userId(u.email)));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
  });

  it('validates the e-mail', async () => {
    const res = await forgot('nope');
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Please enter a valid email address');
  });

  it('resets the password with the mailed token, once; ends every session; old password stops working', async () => {
    const u = uniqueUser('reset');
    const cookieA = await register(t.app, u);
    const cookieB = cookieFrom(await login(t.app, u.email, u.password));
    expect((await me(t.app, cookieB)).statusCode).toBe(200);

    await forgot(u.email);
    const token = tokenFromMail((await lastMailTo(u.email)).text);
    const newPassword = 'a brand new password';

    const res = await post(t.app, '/api/auth/reset-password', { token, password: newPassword });
    expect(res.statusCode).toBe(200);
    expect(json(res).success).toBe(true);

    // Every session of the account is gone.
    expect((await me(t.app, cookieA)).statusCode).toBe(401);
    expect((await me(t.app, cookieB)).statusCode).toBe(401);
    expect(await sessionsOf(u.email)).toHaveLength(0);

    // Old password refused, new one accepted.
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(401);
    const ok = await login(t.app, u.email, newPassword);
    expect(ok.statusCode).toBe(200);

    // The token is single-use.
    const again = await post(t.app, '/api/auth/reset-password', { token, password: 'yet another password' });
    expect(again.statusCode).toBe(400);
    expect(json(again).error.code).toBe('invalid_token');
    expect((await login(t.app, u.email, newPassword)).statusCode).toBe(200);
  });

  it('a reset also voids the other pending links of the account', async () => {
    const u = uniqueUser('twolinks');
    await register(t.app, u);
    await forgot(u.email);
    const first = tokenFromMail((await lastMailTo(u.email)).text);
    await new Promise((r) => setTimeout(r, 5));
    await forgot(u.email);
    const second = tokenFromMail((await lastMailTo(u.email)).text);
    expect(second).not.toBe(first);
    expect((await post(t.app, '/api/auth/reset-password', { token: second, password: 'password two' })).statusCode).toBe(200);
    const stale = await post(t.app, '/api/auth/reset-password', { token: first, password: 'password one' });
    expect(stale.statusCode).toBe(400);
    expect(json(stale).error.code).toBe('invalid_token');
  });

  it('refuses an expired token', async () => {
    const u = uniqueUser('expiredlink');
    await register(t.app, u);
    await forgot(u.email);
    const token = tokenFromMail((await lastMailTo(u.email)).text);
    await t.ctx.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResetTokens.userId, await userId(u.email)));
    const res = await post(t.app, '/api/auth/reset-password', { token, password: 'a brand new password' });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.code).toBe('invalid_token');
    // The password is unchanged.
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(200);
  });

  it('refuses a made-up token', async () => {
    const res = await post(t.app, '/api/auth/reset-password', { token: 'x'.repeat(43), password: 'a brand new password' });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.code).toBe('invalid_token');
  });

  it('validates the new password', async () => {
    const res = await post(t.app, '/api/auth/reset-password', { token: 'x'.repeat(43), password: '123' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('Password must be at least 6 characters');
  });
});

describe('the signed-in hint cookie (SPEC: /api/auth/me is skipped on public routes for visitors)', () => {
  const hintOf = (res: Parameters<typeof sessionSetCookie>[0]) => setCookies(res).find((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));

  it('is set readable (no HttpOnly, no secret) beside the session at login, and cleared with it at logout', async () => {
    const u = uniqueUser('hint');
    await register(t.app, u);
    const res = await login(t.app, u.email, u.password);
    const hint = hintOf(res);
    expect(hint).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=1;`));
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=Lax/i);
    expect(sessionSetCookie(res)).toMatch(/HttpOnly/i);
    const out = await post(t.app, '/api/auth/logout', {}, { cookie: cookieFrom(res) });
    expect(hintOf(out)).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=;`));
  });

  it('is given back by /api/auth/me to a session that lacks it, and not sent again when present', async () => {
    const u = uniqueUser('hint2');
    const cookie = await register(t.app, u);
    const without = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(without.statusCode).toBe(200);
    expect(hintOf(without)).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=1;`));
    const withHint = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `${cookie}; ${SIGNED_IN_HINT_COOKIE}=1` } });
    expect(hintOf(withHint)).toBeUndefined();
    // the hint alone signs no one in
    const hintOnly = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `${SIGNED_IN_HINT_COOKIE}=1` } });
    expect(hintOnly.statusCode).toBe(401);
  });
});
