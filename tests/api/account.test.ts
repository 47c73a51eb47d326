import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeys,
  auditLog,
  detectionLogs,
  nativePushTokens,
  payments,
  pushSubscriptions,
  referenceDocuments,
  supportMessages,
  supportTickets,
  usageEvents,
  users,
} from '../../src/db/schema';
import { createBatch } from '../../src/server/services/batches';
import { cookieFrom, createTestApp, get, json, login, me, ORIGIN, post, register, uniqueUser, type TestApp } from '../helpers/app';

const TEXT = 'We met in order to plan the launch, due to the fact that it was late and the team was tired.';
const form = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };

async function buyPack(t: TestApp, cookie: string) {
  const { url } = json(await post(t.app, '/api/billing/checkout', { kind: 'pack', pack: 'text_boost_small' }, { cookie }));
  const res = await t.app.inject({ method: 'POST', url: `${url}/pay`, payload: '', headers: { ...form, cookie } });
  expect(res.statusCode).toBe(303);
}

function send(t: TestApp, method: 'PATCH' | 'DELETE', url: string, payload: unknown, cookie: string) {
  return t.app.inject({ method, url, payload: payload as never, headers: { cookie } });
}

describe(`account (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('updates the profile; a taken email or username is a 409 naming which', async () => {
    const a = uniqueUser('alice');
    const b = uniqueUser('bob');
    const cookie = await register(t.app, a);
    await register(t.app, b);
    // An e-mail change needs the current password (tests/api/account-security.test.ts covers its refusals).
    const ok = await send(t, 'PATCH', '/api/user/profile', { username: `${a.username}x`, email: `NEW.${a.email}`, currentPassword: a.password }, cookie);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).user).toMatchObject({ username: `${a.username}x`, email: `new.${a.email}` });
    expect(json(await me(t.app, cookie)).user.email).toBe(`new.${a.email}`);

    const email = await send(t, 'PATCH', '/api/user/profile', { email: b.email.toUpperCase(), currentPassword: a.password }, cookie);
    expect(email.statusCode).toBe(409);
    expect(json(email).error).toMatchObject({ code: 'conflict', fields: { email: 'Already registered' } });
    const name = await send(t, 'PATCH', '/api/user/profile', { username: b.username.toUpperCase() }, cookie);
    expect(name.statusCode).toBe(409);
    expect(json(name).error.fields).toEqual({ username: 'Already taken' });

    for (const bad of [{ email: 'not-an-email' }, { username: 'a' }, { role: 'admin' }, [1]]) {
      const res = await send(t, 'PATCH', '/api/user/profile', bad, cookie);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(json(res).error.code).toEqual(expect.any(String));
    }
    const text = await t.app.inject({ method: 'PATCH', url: '/api/user/profile', payload: 'x', headers: { cookie, 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(400);
    expect(json(await me(t.app, cookie)).user.role).toBe('free');
    expect((await send(t, 'PATCH', '/api/user/profile', { username: 'someone' }, '')).statusCode).toBe(401);
  });

  it('changes the password after checking the current one, keeping this session and ending the others', async () => {
    const u = uniqueUser();
    const cookie = await register(t.app, u);
    const other = cookieFrom(await login(t.app, u.email, u.password));
    const wrong = await post(t.app, '/api/user/password', { currentPassword: 'not it', newPassword: 'a-new-password' }, { cookie });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).error.fields).toEqual({ currentPassword: 'Incorrect password' });
    const short = await post(t.app, '/api/user/password', { currentPassword: u.password, newPassword: '123' }, { cookie });
    expect(short.statusCode).toBe(400);
    expect(json(short).message).toBe('Password must be at least 6 characters');

    const res = await post(t.app, '/api/user/password', { currentPassword: u.password, newPassword: 'a-new-password' }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ ok: true, otherSessionsEnded: 1 });
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    expect(json(await me(t.app, other)).user ?? null).toBeNull();
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(401);
    expect((await login(t.app, u.email, 'a-new-password')).statusCode).toBe(200);
  });

  it('exports the user’s own data as a JSON attachment, and nobody else’s', async () => {
    const mine = uniqueUser('export');
    const theirs = uniqueUser('stranger');
    const cookie = await register(t.app, mine);
    const otherCookie = await register(t.app, theirs);
    await post(t.app, '/api/tools/sentence-shortener', { text: TEXT }, { cookie });
    await post(t.app, '/api/tools/sentence-shortener', { text: 'Someone else wrote this sentence in order to test it.' }, { cookie: otherCookie });
    await buyPack(t, cookie);
    await buyPack(t, otherCookie);

    const res = await get(t.app, '/api/user/export', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="veritext-data-export.*\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = json(res);
    expect(data.account).toMatchObject({ username: mine.username, email: mine.email, hasPassword: true, twoFactorEnabled: false });
    expect(data.account.passwordHash).toBeUndefined();
    expect(res.body).not.toContain('argon2');
    expect(data.usage).toHaveLength(1);
    expect(data.usage[0]).toMatchObject({ tool: 'sentence_shortener', characters: TEXT.length, status: 'ok' });
    expect(data.payments).toHaveLength(1);
    expect(data.credits).toEqual([{ kind: 'text', balance: 300_000 }]);
    expect(data.subscription.plan).toBe('free');
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(res.body).not.toContain(theirs.email);
    expect(res.body).not.toContain(theirs.username);
    expect(res.body).not.toContain('Someone else wrote');
    expect((await get(t.app, '/api/user/export')).statusCode).toBe(401);
  });

  it('the export also holds the keys, detections, tickets and notification sign-ups, without their secrets', async () => {
    const cookie = await register(t.app);
    const { id, email } = json(await me(t.app, cookie)).user;
    const db = t.ctx.db;
    await db
      .insert(apiKeys)
      .values({ userId: id, name: 'Grading script', prefix: 'vt_live_ab12', keyHash: 'secret-key-hash-0001', scopes: ['ai_content_detector'] });
    await db.insert(detectionLogs).values({ userId: id, score: 0.91, verdict: 'uncertain', words: 180, engine: 'veritext', text: null });
    const [ticket] = await db.insert(supportTickets).values({ userId: id, email, subject: 'My essay was flagged' }).returning({ id: supportTickets.id });
    await db.insert(supportMessages).values([
      { ticketId: ticket.id, authorId: id, body: 'Please look at my result.' },
      { ticketId: ticket.id, fromStaff: true, body: 'We have looked at it.' },
    ]);
    await db
      .insert(pushSubscriptions)
      .values({ userId: id, endpoint: 'https://push.example.test/send/capability-token-123', p256dh: 'p256dh-key-material', auth: 'auth-secret-456' });
    await db.insert(nativePushTokens).values({ userId: id, token: 'device-token-789', platform: 'android', registeredAt: new Date() });
    await createBatch(t.ctx, id, { tool: 'content_detector', name: 'Essays' }, [{ filename: 'essay.txt', text: TEXT, words: 20, error: null }]);

    const res = await get(t.app, '/api/user/export', cookie);
    expect(res.statusCode).toBe(200);
    const data = json(res);
    expect(data.apiKeys).toEqual([
      expect.objectContaining({ name: 'Grading script', prefix: 'vt_live_ab12', scopes: ['ai_content_detector'], revokedAt: null }),
    ]);
    expect(data.detections).toEqual([expect.objectContaining({ score: 0.91, verdict: 'uncertain', words: 180, engine: 'veritext' })]);
    expect(data.supportTickets).toHaveLength(1);
    expect(data.supportTickets[0]).toMatchObject({ subject: 'My essay was flagged', status: 'open' });
    expect(data.supportTickets[0].messages.map((m: { fromStaff: boolean; body: string }) => [m.fromStaff, m.body])).toEqual([
      [false, 'Please look at my result.'],
      [true, 'We have looked at it.'],
    ]);
    expect(data.notifications.browsers).toEqual([expect.objectContaining({ pushService: 'https://push.example.test' })]);
    expect(data.notifications.apps).toEqual([expect.objectContaining({ platform: 'android' })]);
    expect(data.batches).toEqual([
      expect.objectContaining({
        name: 'Essays',
        status: 'queued',
        total: 1,
        documents: [expect.objectContaining({ position: 0, filename: 'essay.txt', text: TEXT })],
      }),
    ]);
    expect(data.batches[0].id).toBeUndefined();
    expect(data.supportTickets[0].messages[0].ticketId).toBeUndefined();
    // a stolen export gives access to nothing: no key hash, push capability or keys, device token
    for (const secret of ['secret-key-hash-0001', 'capability-token-123', 'p256dh-key-material', 'auth-secret-456', 'device-token-789'])
      expect(res.body).not.toContain(secret);
  });

  it('deletes the account after confirmation: the data goes, payments stay anonymised', async () => {
    const u = uniqueUser('leaver');
    const cookie = await register(t.app, u);
    const id = json(await me(t.app, cookie)).user.id;
    const stay = await register(t.app);
    await post(t.app, '/api/tools/sentence-shortener', { text: TEXT }, { cookie });
    await post(t.app, '/api/tools/sentence-shortener', { text: TEXT }, { cookie: stay });
    await buyPack(t, cookie);

    const wrong = await send(t, 'DELETE', '/api/user/account', { confirm: 'not my password' }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect((await send(t, 'DELETE', '/api/user/account', {}, cookie)).statusCode).toBe(400);
    expect((await me(t.app, cookie)).statusCode).toBe(200);

    const res = await send(t, 'DELETE', '/api/user/account', { confirm: u.password }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ deleted: true });
    expect(String(res.headers['set-cookie'])).toMatch(/vt_session=;/);
    expect(json(await me(t.app, cookie)).user ?? null).toBeNull();
    expect(await t.ctx.db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
    expect(await t.ctx.db.select().from(usageEvents).where(eq(usageEvents.userId, id))).toHaveLength(0);
    const kept = (await t.ctx.db.select().from(payments)).filter((p) => p.providerRef.startsWith('test:') && p.userId === null);
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(kept.every((p) => p.email === null)).toBe(true);
    expect(JSON.stringify(await t.ctx.db.select().from(payments))).not.toContain(u.email);
    // Other accounts are untouched; the e-mail can be registered again.
    expect((await get(t.app, '/api/user/usage', stay)).statusCode).toBe(200);
    expect(json(await get(t.app, '/api/user/usage', stay)).byTool).toHaveLength(1);
    expect((await post(t.app, '/api/auth/register', u)).statusCode).toBe(201);
  });

  it('deletes in one transaction: when a later write fails, nothing is deleted and the account still works', async () => {
    const u = uniqueUser('halfway');
    const cookie = await register(t.app, u);
    const id = json(await me(t.app, cookie)).user.id;
    await buyPack(t, cookie);
    await t.ctx.db.insert(referenceDocuments).values({ title: 'Mine', reference: `user:${id}`, origin: 'user', text: TEXT, wordCount: 20, addedBy: id });
    const deletedAudits = async () => (await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'account deleted by its owner'))).length;
    const auditsBefore = await deletedAudits();

    // The user row is deleted after the payments and the activity log were anonymised and the shared
    // texts deleted: a trigger makes that delete fail, so those earlier writes must be undone.
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await t.ctx.db.execute(
      sql.raw(`create function vt_test_refuse_delete() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`),
    );
    await t.ctx.db.execute(
      sql.raw(`create trigger vt_test_refuse_delete before delete on users for each row when (old.id = '${id}') execute function vt_test_refuse_delete()`),
    );
    try {
      const res = await send(t, 'DELETE', '/api/user/account', { confirm: u.password }, cookie);
      expect(res.statusCode, res.body).toBe(500);
    } finally {
      await t.ctx.db.execute(sql.raw('drop trigger vt_test_refuse_delete on users'));
      await t.ctx.db.execute(sql.raw('drop function vt_test_refuse_delete()'));
    }

    expect(await t.ctx.db.select().from(users).where(eq(users.id, id))).toHaveLength(1);
    const paid = await t.ctx.db.select().from(payments).where(eq(payments.userId, id));
    expect(paid).toHaveLength(1);
    expect(paid[0].email).toBe(u.email);
    const activity = await t.ctx.db.select().from(auditLog).where(eq(auditLog.userId, id));
    expect(activity.length).toBeGreaterThan(0);
    expect(activity.every((a) => a.email === u.email)).toBe(true);
    expect(
      await t.ctx.db
        .select()
        .from(referenceDocuments)
        .where(and(eq(referenceDocuments.origin, 'user'), eq(referenceDocuments.addedBy, id))),
    ).toHaveLength(1);
    expect(await deletedAudits()).toBe(auditsBefore);
    expect(json(await me(t.app, cookie)).user.id).toBe(id);
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(200);

    // Without the fault the same request deletes everything.
    const res = await send(t, 'DELETE', '/api/user/account', { confirm: u.password }, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.ctx.db.select().from(users).where(eq(users.id, id))).toHaveLength(0);
    expect(
      await t.ctx.db
        .select()
        .from(referenceDocuments)
        .where(eq(referenceDocuments.reference, `user:${id}`)),
    ).toHaveLength(0);
    expect(await deletedAudits()).toBe(auditsBefore + 1);
  });
});
