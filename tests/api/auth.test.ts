import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { cookieFrom, createTestApp, json, login, me, post, register, sessionSetCookie, uniqueUser, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/auth/register', () => {
  it('creates the account, answers 201 and sets an HttpOnly, SameSite=Lax session cookie (not Secure outside production)', async () => {
    const u = uniqueUser('reg');
    const res = await post(t.app, '/api/auth/register', u);
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body.sessionActive).toBe(true);
    expect(body.user).toMatchObject({ username: u.username, email: u.email, role: 'free' });
    expect(Object.keys(body.user).sort()).toEqual(['email', 'id', 'role', 'username']);
    expect(res.headers['cache-control']).toBe('no-store');

    const raw = sessionSetCookie(res)!;
    expect(raw).toBeDefined();
    expect(raw).toMatch(/;\s*HttpOnly/i);
    expect(raw).toMatch(/;\s*SameSite=Lax/i);
    expect(raw).toMatch(/;\s*Path=\//i);
    expect(raw).not.toMatch(/;\s*Secure/i);

    // The cookie is a working session.
    const meRes = await me(t.app, cookieFrom(res));
    expect(meRes.statusCode).toBe(200);
    expect(json(meRes).user).toMatchObject({ username: u.username, email: u.email });
  });

  it('stores the e-mail lower-cased', async () => {
    const u = uniqueUser('Mixed');
    const res = await post(t.app, '/api/auth/register', { ...u, email: u.email.toUpperCase() });
    expect(res.statusCode).toBe(201);
    expect(json(res).user.email).toBe(u.email.toLowerCase());
  });

  it('refuses a duplicate e-mail (also in another case) with 409', async () => {
    const u = uniqueUser('dupe');
    await register(t.app, u);
    const again = await post(t.app, '/api/auth/register', { ...u, username: u.username + 'x', email: u.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    const body = json(again);
    expect(body.error.code).toBe('conflict');
    expect(body.message).toMatch(/email already exists/i);
    expect(sessionSetCookie(again)).toBeUndefined();
  });

  it('refuses a duplicate username with 409', async () => {
    const u = uniqueUser('dupu');
    await register(t.app, u);
    const other = uniqueUser('other');
    const again = await post(t.app, '/api/auth/register', { ...other, username: u.username });
    expect(again.statusCode).toBe(409);
    expect(json(again).error.code).toBe('conflict');
    expect(json(again).message).toMatch(/username is taken/i);
    // Usernames are unique ignoring case ("Alice" vs "alice").
    const upper = await post(t.app, '/api/auth/register', { ...uniqueUser('other'), username: u.username.toUpperCase() });
    expect(upper.statusCode).toBe(409);
    expect(json(upper).error.fields).toEqual({ username: 'Already taken' });
  });

  it('answers an invalid e-mail with 400 and its message in the error shape', async () => {
    const res = await post(t.app, '/api/auth/register', { ...uniqueUser(), email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    const body = json(res);
    expect(body).toMatchObject({
      error: { code: 'validation_failed', message: 'Please enter a valid email address' },
      message: 'Please enter a valid email address',
    });
    expect(body.error.fields.email).toBe('Please enter a valid email address');
  });

  it('answers a short password with 400 and its message', async () => {
    const res = await post(t.app, '/api/auth/register', { ...uniqueUser(), password: '12345' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      error: { code: 'validation_failed', message: 'Password must be at least 6 characters' },
      message: 'Password must be at least 6 characters',
    });
  });

  it('answers a missing body with 400 validation_failed', async () => {
    const res = await post(t.app, '/api/auth/register');
    expect(res.statusCode).toBe(400);
    expect(json(res).error.code).toBe('validation_failed');
  });

  it('never stores the password in plain text (argon2id hash)', async () => {
    const u = uniqueUser('hash');
    await register(t.app, u);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, u.email));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(u.password);
  });
});

describe('POST /api/auth/login', () => {
  const u = uniqueUser('login');
  beforeAll(async () => {
    await register(t.app, u);
  });

  it('logs in with 200 {sessionActive:true, user}', async () => {
    const res = await login(t.app, u.email, u.password);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.sessionActive).toBe(true);
    expect(body.user).toMatchObject({ username: u.username, email: u.email, role: 'free' });
    expect(body.user.passwordHash).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await me(t.app, cookieFrom(res))).statusCode).toBe(200);
  });

  it('refuses a wrong password with 401 "Invalid email or password" and no cookie', async () => {
    const res = await login(t.app, u.email, 'wrong password');
    expect(res.statusCode).toBe(401);
    expect(json(res)).toMatchObject({ error: { code: 'invalid_credentials' }, message: 'Invalid email or password' });
    expect(sessionSetCookie(res)).toBeUndefined();
  });

  it('refuses an unknown e-mail with the very same answer', async () => {
    const res = await login(t.app, 'nobody-' + u.email, u.password);
    expect(res.statusCode).toBe(401);
    expect(json(res)).toMatchObject({ error: { code: 'invalid_credentials' }, message: 'Invalid email or password' });
  });

  it('treats the e-mail case-insensitively', async () => {
    const res = await login(t.app, `  ${u.email.toUpperCase()} `, u.password);
    expect(res.statusCode).toBe(200);
    expect(json(res).user.email).toBe(u.email);
  });

  it('issues a new token on every login, and both stay valid', async () => {
    const a = cookieFrom(await login(t.app, u.email, u.password));
    const b = cookieFrom(await login(t.app, u.email, u.password));
    expect(a).not.toBe(b);
    expect((await me(t.app, a)).statusCode).toBe(200);
    expect((await me(t.app, b)).statusCode).toBe(200);
  });

  it('validates the body (400 with the field messages)', async () => {
    const bad = await post(t.app, '/api/auth/login', { email: 'x', password: 'whatever' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe('Please enter a valid email address');
    const short = await post(t.app, '/api/auth/login', { email: u.email, password: '123' });
    expect(short.statusCode).toBe(400);
    expect(json(short).message).toBe('Password must be at least 6 characters');
  });
});

describe('GET /api/auth/me and logout', () => {
  it('is 401 without a cookie', async () => {
    const res = await me(t.app);
    expect(res.statusCode).toBe(401);
    expect(json(res).error.code).toBe('unauthorized');
  });

  it('is 401 with a garbage or oversized cookie', async () => {
    expect((await me(t.app, 'vt_session=garbage')).statusCode).toBe(401);
    expect((await me(t.app, 'vt_session=' + 'a'.repeat(43))).statusCode).toBe(401);
    expect((await me(t.app, 'vt_session=' + 'a'.repeat(5000))).statusCode).toBe(401);
  });

  it('logout deletes the session: the old cookie is refused afterwards', async () => {
    const u = uniqueUser('logout');
    const cookie = await register(t.app, u);
    const other = cookieFrom(await login(t.app, u.email, u.password));
    expect((await me(t.app, cookie)).statusCode).toBe(200);

    const out = await post(t.app, '/api/auth/logout', undefined, { cookie });
    expect(out.statusCode).toBe(200);
    expect(json(out).success).toBe(true);
    // The browser is told to drop the cookie...
    expect(sessionSetCookie(out)).toMatch(/^vt_session=;/);
    // ...and the token itself is dead server-side, even if someone kept a copy.
    expect((await me(t.app, cookie)).statusCode).toBe(401);
    // Other devices stay logged in.
    expect((await me(t.app, other)).statusCode).toBe(200);
  });

  it('logout without a session still answers 200', async () => {
    const out = await post(t.app, '/api/auth/logout');
    expect(out.statusCode).toBe(200);
  });
});
