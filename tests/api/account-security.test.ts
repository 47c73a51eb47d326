import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailChangeTokens, outbox, twoFactor, users } from '../../src/db/schema';
import { hashToken } from '../../src/server/services/tokens';
import { base32Decode, totp } from '../../src/server/services/totp';
import { cookieFrom, createTestApp, get, json, login, me, ORIGIN, post, register, uniqueUser, type TestApp } from '../helpers/app';

/** Sensitive account changes: the e-mail needs the password and can be undone from the old address; staff two-factor. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function patchProfile(body: unknown, cookie: string) {
  return t.app.inject({ method: 'PATCH', url: '/api/user/profile', payload: body as never, headers: { cookie } });
}

async function mailTo(to: string) {
  return t.ctx.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt));
}

async function userRow(id: string) {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Follow the undo link from the notice: the page (GET) changes nothing; its form posts the token. */
function undoLinkIn(text: string): { url: string; token: string } {
  const m = /(https?:\/\/\S+\/api\/user\/email\/undo\?token=(\S+))/.exec(text);
  if (!m) throw new Error(`no undo link in: ${text}`);
  return { url: m[1].replace(ORIGIN, ''), token: decodeURIComponent(m[2]) };
}
function postUndo(token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/email/undo',
    payload: new URLSearchParams({ token }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
  });
}

describe('changing the e-mail', () => {
  it('stops guessing the current password after 10 wrong tries: 429 with Retry-After, even for the right one', async () => {
    const u = uniqueUser('guess');
    const cookie = await register(t.app, u);
    for (let i = 0; i < 10; i++) expect((await patchProfile({ email: `new.${u.email}`, currentPassword: `wrong-${i}` }, cookie)).statusCode).toBe(400);
    const refused = await patchProfile({ email: `new.${u.email}`, currentPassword: u.password }, cookie);
    expect(refused.statusCode).toBe(429);
    expect(json(refused).error.code).toBe('rate_limited');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(json(await me(t.app, cookie)).user.email).toBe(u.email);
  });

  it('needs the current password: missing → 400, wrong → 400 naming the field; nothing changes', async () => {
    const u = uniqueUser('mail');
    const cookie = await register(t.app, u);
    const missing = await patchProfile({ email: `new.${u.email}` }, cookie);
    expect(missing.statusCode).toBe(400);
    expect(json(missing).error).toMatchObject({ code: 'validation_failed', fields: { currentPassword: 'Enter your current password' } });
    const wrong = await patchProfile({ email: `new.${u.email}`, currentPassword: 'not the password' }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).error).toMatchObject({ code: 'validation_failed', fields: { currentPassword: 'Incorrect password' } });
    expect(json(await me(t.app, cookie)).user.email).toBe(u.email);
    expect(await mailTo(u.email)).toHaveLength(0);
    // The username alone still changes without it.
    const name = await patchProfile({ username: `${u.username}z` }, cookie);
    expect(name.statusCode, name.body).toBe(200);
    expect(json(name)).toEqual({ user: expect.objectContaining({ username: `${u.username}z`, email: u.email }) });
  });

  it('with the password: changes it, ends the other sessions, and mails the old address an undo link that works once', async () => {
    const u = uniqueUser('undo');
    const cookie = await register(t.app, u);
    const other = cookieFrom(await login(t.app, u.email, u.password));
    const newEmail = `thief.${u.email}`;
    const res = await patchProfile({ email: newEmail, currentPassword: u.password }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ user: { email: newEmail }, otherSessionsEnded: 1 });
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    expect((await me(t.app, other)).statusCode).toBe(401);

    const [notice] = await mailTo(u.email);
    expect(notice.subject).toMatch(/e-mail address .* was changed/);
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toMatch(/within 7 days/);
    const { url, token } = undoLinkIn(notice.text);
    // The notice went to the old address only; the link's token is stored only as a hash.
    expect(await mailTo(newEmail)).toHaveLength(0);
    const stored = await t.ctx.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.oldEmail, u.email));
    expect(stored.map((r) => r.tokenHash)).toEqual([hashToken(token)]);

    // Opening the link shows a confirmation page and changes nothing (mail scanners follow links).
    const page = await get(t.app, url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('method="post"');
    const { id } = json(await me(t.app, cookie)).user;
    expect((await userRow(id)).email).toBe(newEmail);

    // Undoing restores the old address, ends every session, and leads to choosing a new password.
    const undo = await postUndo(token);
    expect(undo.statusCode, undo.body).toBe(303);
    const location = String(undo.headers.location);
    expect(location).toMatch(/^\/reset-password\?token=/);
    const row = await userRow(id);
    expect(row.email).toBe(u.email);
    expect((await me(t.app, cookie)).statusCode).toBe(401);
    // Whoever made the change knew the password: it no longer works.
    expect((await login(t.app, u.email, u.password, '198.51.100.7')).statusCode).toBe(401);
    const resetToken = decodeURIComponent(location.split('token=')[1]);
    const reset = await post(t.app, '/api/auth/reset-password', { token: resetToken, password: 'a brand new one' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(t.app, u.email, 'a brand new one', '198.51.100.8')).statusCode).toBe(200);

    // The link works once.
    const again = await postUndo(token);
    expect(again.statusCode).toBe(400);
    expect(json(again).error.code).toBe('invalid_token');
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.userId, id));
    expect(audit.map((a) => a.action)).toContain(`e-mail change undone (${newEmail} → ${u.email})`);
  });

  it('keeps the old address reserved for its undo link; an unknown or expired token is refused', async () => {
    const a = uniqueUser('resv');
    const b = uniqueUser('grab');
    const cookieA = await register(t.app, a);
    const cookieB = await register(t.app, b);
    expect((await patchProfile({ email: `moved.${a.email}`, currentPassword: a.password }, cookieA)).statusCode).toBe(200);
    const grab = await patchProfile({ email: a.email, currentPassword: b.password }, cookieB);
    expect(grab.statusCode).toBe(409);
    expect((await postUndo('x'.repeat(43))).statusCode).toBe(400);
    const { token: live } = undoLinkIn((await mailTo(a.email))[0].text);
    // The form post is covered by the same-origin check like every other state change.
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/user/email/undo',
      payload: new URLSearchParams({ token: live }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);

    const { token } = undoLinkIn((await mailTo(a.email))[0].text);
    const realNow = t.ctx.now;
    t.ctx.now = () => new Date(Date.now() + 8 * 24 * 3600 * 1000);
    try {
      expect((await postUndo(token)).statusCode).toBe(400);
    } finally {
      t.ctx.now = realNow;
    }
  });

  it('an account without a password (Google sign-in) must set one first', async () => {
    const u = uniqueUser('gonly');
    const cookie = await register(t.app, u);
    const { id } = json(await me(t.app, cookie)).user;
    await t.ctx.db.update(users).set({ passwordHash: null }).where(eq(users.id, id));
    const res = await patchProfile({ email: `new.${u.email}`, currentPassword: 'anything' }, cookie);
    expect(res.statusCode).toBe(400);
    expect(json(res).error.message).toMatch(/Forgot password/);
    expect((await userRow(id)).email).toBe(u.email);
  });
});

describe('changing the password', () => {
  it('mails a notice to the account address', async () => {
    const u = uniqueUser('pwnote');
    const cookie = await register(t.app, u);
    const res = await post(t.app, '/api/user/password', { currentPassword: u.password, newPassword: 'another password' }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const [notice] = await mailTo(u.email);
    expect(notice.subject).toBe('Your Veritext password was changed');
    expect(notice.text).toContain(`${ORIGIN}/forgot-password`);
  });
});

describe('two-factor authentication (staff)', () => {
  let clock = Date.now();
  const tick = () => (clock += 30_000);

  async function staff() {
    const u = uniqueUser('staff');
    const cookie = await register(t.app, u);
    const { id } = json(await me(t.app, cookie)).user;
    await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, id));
    return { ...u, id, cookie };
  }

  async function enrol(s: { password: string; cookie: string }) {
    const setup = await post(t.app, '/api/user/2fa/setup', { password: s.password }, { cookie: s.cookie });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUri } = json(setup);
    expect(otpauthUri).toMatch(new RegExp(`^otpauth://totp/Veritext%3A.*\\?secret=${secret}&`));
    const key = base32Decode(secret);
    const code = () => totp(key, clock);
    const confirm = await post(t.app, '/api/user/2fa/confirm', { code: code() }, { cookie: s.cookie });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { recoveryCodes } = json(confirm);
    return { key, code, recoveryCodes: recoveryCodes as string[] };
  }

  beforeAll(() => {
    t.ctx.now = () => new Date(clock);
  });
  afterAll(() => {
    t.ctx.now = () => new Date();
  });

  it('enrols with the password and a code; stores the secret encrypted; shows the recovery codes once', async () => {
    const s = await staff();
    expect(json(await get(t.app, '/api/user/2fa', s.cookie))).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await post(t.app, '/api/user/2fa/setup', { password: 'wrong password' }, { cookie: s.cookie })).statusCode).toBe(400);

    const setup = json(await post(t.app, '/api/user/2fa/setup', { password: s.password }, { cookie: s.cookie }));
    const [row] = await t.ctx.db.select().from(twoFactor).where(eq(twoFactor.userId, s.id));
    expect(row.enabledAt).toBeNull();
    expect(row.secretEnc).not.toContain(setup.secret);
    // Not confirmed yet: the password alone still logs in.
    expect(json(await login(t.app, s.email, s.password))).toMatchObject({ sessionActive: true });
    const wrong = await post(t.app, '/api/user/2fa/confirm', { code: '000000' }, { cookie: s.cookie });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).error.fields).toEqual({ code: 'Incorrect code' });

    tick();
    const { recoveryCodes } = await enrol(s);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(json(await get(t.app, '/api/user/2fa', s.cookie))).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    expect((await post(t.app, '/api/user/2fa/setup', { password: s.password }, { cookie: s.cookie })).statusCode).toBe(409);
  });

  it('is offered to staff only', async () => {
    const cookie = await register(t.app, uniqueUser('plain'));
    expect((await post(t.app, '/api/user/2fa/setup', { password: 'correct horse battery' }, { cookie })).statusCode).toBe(403);
    expect((await post(t.app, '/api/user/2fa/setup', { password: 'x' })).statusCode).toBe(401);
  });

  it('login: the password earns a challenge, not a session; the code completes it and cannot be replayed', async () => {
    const s = await staff();
    tick();
    const { code } = await enrol(s);
    tick();
    const first = await login(t.app, s.email, s.password);
    expect(first.statusCode).toBe(200);
    const body = json(first);
    expect(body).toMatchObject({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(body.user).toBeUndefined();
    expect(first.headers['set-cookie'] ?? '').not.toMatch(/vt_session=[^;]/);

    const bad = await post(t.app, '/api/auth/login/2fa', { challenge: body.challenge, code: '000000' });
    expect(bad.statusCode).toBe(401);
    const forged = await post(t.app, '/api/auth/login/2fa', { challenge: `${body.challenge.split('.')[0]}.AAAA`, code: code() });
    expect(forged.statusCode).toBe(400);

    const ok = await post(t.app, '/api/auth/login/2fa', { challenge: body.challenge, code: code() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok)).toMatchObject({ sessionActive: true, user: { id: s.id, role: 'admin' } });
    expect((await me(t.app, cookieFrom(ok))).statusCode).toBe(200);

    // The same code again, even with a fresh challenge within its window: refused.
    const second = json(await login(t.app, s.email, s.password));
    const replay = await post(t.app, '/api/auth/login/2fa', { challenge: second.challenge, code: code() });
    expect(replay.statusCode).toBe(401);
    tick();
    expect((await post(t.app, '/api/auth/login/2fa', { challenge: second.challenge, code: code() })).statusCode).toBe(200);

    // A challenge expires after five minutes.
    const late = json(await login(t.app, s.email, s.password));
    clock += 6 * 60_000;
    expect((await post(t.app, '/api/auth/login/2fa', { challenge: late.challenge, code: code() })).statusCode).toBe(400);
  });

  it('a recovery code logs in once', async () => {
    const s = await staff();
    tick();
    const { recoveryCodes } = await enrol(s);
    const { challenge } = json(await login(t.app, s.email, s.password));
    const ok = await post(t.app, '/api/auth/login/2fa', { challenge, code: recoveryCodes[0].toUpperCase() });
    expect(ok.statusCode, ok.body).toBe(200);
    const again = await post(t.app, '/api/auth/login/2fa', { challenge, code: recoveryCodes[0] });
    expect(again.statusCode).toBe(401);
    expect(json(await get(t.app, '/api/user/2fa', s.cookie)).recoveryCodesLeft).toBe(9);
  });

  it('wrong codes are throttled per account', async () => {
    const s = await staff();
    tick();
    await enrol(s);
    const { challenge } = json(await login(t.app, s.email, s.password));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post(t.app, '/api/auth/login/2fa', { challenge, code: String(100000 + i) })).statusCode);
    expect(statuses.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('turning it off needs the current password and a code', async () => {
    const s = await staff();
    tick();
    const { code } = await enrol(s);
    tick();
    expect((await post(t.app, '/api/user/2fa/disable', { password: s.password, code: '000000' }, { cookie: s.cookie })).statusCode).toBe(400);
    expect((await post(t.app, '/api/user/2fa/disable', { password: 'wrong password', code: code() }, { cookie: s.cookie })).statusCode).toBe(400);
    const off = await post(t.app, '/api/user/2fa/disable', { password: s.password, code: code() }, { cookie: s.cookie });
    expect(off.statusCode, off.body).toBe(200);
    expect(json(await get(t.app, '/api/user/2fa', s.cookie))).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(json(await login(t.app, s.email, s.password))).toMatchObject({ sessionActive: true });
  });
});
