import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { apiKeys, auditLog, outbox, usageCounters, usageEvents, users } from '../../src/db/schema';

import { hashToken } from '../../src/server/services/tokens';
import { API_KEYS_PER_ACCOUNT } from '../../src/shared/api/api-keys';
import type { Role } from '../../src/shared/roles';
import { createTestApp, get, json, ORIGIN, post, type TestApp, signedInAccount } from '../helpers/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The public API's detector: keys work there only (the web route answers them 401 use_api_v1, see api-v1.test.ts). */
const DETECTOR = '/api/v1/tools/content-detector';
const WEB_DETECTOR = '/api/tools/content-detector';
const TEXT =
  'The committee met on Tuesday to review the budget. Several members raised concerns about the timeline. ' +
  'After a long discussion, they agreed to revisit the proposal next month.';

/** A fresh account with this role, logged in from its own address (the login throttle stays out of the way). */
const account = (role: Role, prefix?: string) => signedInAccount(t, role, { prefix });

async function createKey(cookie: string, name = 'CI pipeline') {
  const res = await post(t.app, '/api/user/api-keys', { name }, { cookie });
  expect(res.statusCode, res.body).toBe(201);
  return json<{ apiKey: { id: string; prefix: string; name: string; status: string }; key: string }>(res);
}

/** A tool call with only the key: no cookie at all. */
function withKey(key: string, headers: Record<string, string> = {}) {
  return post(t.app, DETECTOR, { text: TEXT }, { headers: { authorization: `Bearer ${key}`, ...headers } });
}

async function keyRow(id: string) {
  const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, id));
  return row;
}

describe('a user’s own keys', () => {
  it('creates a key shown once, stores only its hash, lists it without the key and audits the creation', async () => {
    const pro = await account('pro');
    const created = await createKey(pro.cookie, '  Zapier  ');
    expect(created.key).toMatch(/^vt_live_[0-9A-Za-z]{32}$/);
    expect(created.apiKey).toMatchObject({ name: 'Zapier', prefix: created.key.slice(0, 12), status: 'active' });

    const row = await keyRow(created.apiKey.id);
    expect(row.keyHash).toBe(hashToken(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const list = json(await get(t.app, '/api/user/api-keys', pro.cookie));
    expect(list).toMatchObject({ allowed: true, max: API_KEYS_PER_ACCOUNT, plans: ['pro', 'agency'] });
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ id: created.apiKey.id, status: 'active', lastUsedAt: null });
    expect(JSON.stringify(list)).not.toContain(created.key);

    const [entry] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.userId, pro.id)).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(entry).toMatchObject({ category: 'security', action: `Created API key "Zapier" (${created.apiKey.prefix}…)` });
  });

  it('revokes a key once; the list marks it revoked', async () => {
    const agency = await account('agency');
    const { apiKey } = await createKey(agency.cookie);
    const res = await post(t.app, `/api/user/api-keys/${apiKey.id}/revoke`, {}, { cookie: agency.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).apiKey).toMatchObject({ id: apiKey.id, status: 'revoked' });
    expect((await keyRow(apiKey.id)).revokedBy).toBeNull();
    expect(json(await get(t.app, '/api/user/api-keys', agency.cookie)).items[0].status).toBe('revoked');
    const again = await post(t.app, `/api/user/api-keys/${apiKey.id}/revoke`, {}, { cookie: agency.cookie });
    expect(again.statusCode).toBe(409);
  });

  it('refuses to revoke another user’s key (404, and the key keeps working)', async () => {
    const owner = await account('pro');
    const other = await account('pro');
    const { apiKey, key } = await createKey(owner.cookie);
    const res = await post(t.app, `/api/user/api-keys/${apiKey.id}/revoke`, {}, { cookie: other.cookie });
    expect(res.statusCode).toBe(404);
    expect(json(res).error.code).toBe('not_found');
    expect((await keyRow(apiKey.id)).revokedAt).toBeNull();
    expect((await withKey(key)).statusCode).toBe(200);
    expect(json(await get(t.app, '/api/user/api-keys', other.cookie)).items).toEqual([]);
  });

  it('needs a name, and a Pro or Agency plan', async () => {
    const pro = await account('pro');
    const blank = await post(t.app, '/api/user/api-keys', { name: '   ' }, { cookie: pro.cookie });
    expect(blank.statusCode).toBe(400);
    expect(json(blank).error.fields.name).toBeDefined();
    expect((await post(t.app, '/api/user/api-keys', { name: 'x'.repeat(61) }, { cookie: pro.cookie })).statusCode).toBe(400);

    for (const role of ['free', 'basic'] as const) {
      const u = await account(role);
      const res = await post(t.app, '/api/user/api-keys', { name: 'mine' }, { cookie: u.cookie });
      expect(res.statusCode, role).toBe(403);
      expect(json(res).error.message).toMatch(/Pro and Agency/);
      expect(json(await get(t.app, '/api/user/api-keys', u.cookie)).allowed).toBe(false);
    }
    // Staff have no plan and no keys of their own; a visitor is asked to log in.
    const admin = await account('admin');
    expect((await post(t.app, '/api/user/api-keys', { name: 'mine' }, { cookie: admin.cookie })).statusCode).toBe(403);
    expect((await post(t.app, '/api/user/api-keys', { name: 'mine' })).statusCode).toBe(401);
  });

  it(`allows ${API_KEYS_PER_ACCOUNT} active keys at once; revoking one frees a place`, async () => {
    const pro = await account('pro');
    const ids: string[] = [];
    for (let i = 0; i < API_KEYS_PER_ACCOUNT; i++) ids.push((await createKey(pro.cookie, `key ${i}`)).apiKey.id);
    const over = await post(t.app, '/api/user/api-keys', { name: 'one more' }, { cookie: pro.cookie });
    expect(over.statusCode).toBe(409);
    expect(json(over).error.message).toMatch(/Revoke one/);
    expect((await post(t.app, `/api/user/api-keys/${ids[0]}/revoke`, {}, { cookie: pro.cookie })).statusCode).toBe(200);
    await createKey(pro.cookie, 'replacement');
  });
});

describe('Bearer keys on the public API’s tool endpoints', () => {
  it('runs a tool call without a cookie as the key’s owner, metered to them and to the key', async () => {
    const pro = await account('pro');
    const { apiKey, key } = await createKey(pro.cookie);
    const res = await withKey(key);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).verdict).toBeDefined();
    // No visitor cookie is handed out: the caller is the account, not an anonymous visitor.
    expect(String(res.headers['set-cookie'] ?? '')).not.toContain('vt_anon');

    const events = await t.ctx.db.select().from(usageEvents).where(eq(usageEvents.userId, pro.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ tool: 'ai_content_detector', status: 'ok', anonId: null, apiKeyId: apiKey.id });
    // The owner's monthly character allowance was charged.
    const counters = await t.ctx.db.select().from(usageCounters).where(eq(usageCounters.userId, pro.id));
    expect(counters.map((c) => c.used)).toContain([...TEXT].length);
    expect((await keyRow(apiKey.id)).lastUsedAt).toBeInstanceOf(Date);
  });

  it('marks the key used at most once a minute', async () => {
    const pro = await account('pro');
    const { apiKey, key } = await createKey(pro.cookie);
    expect((await withKey(key)).statusCode).toBe(200);
    const first = (await keyRow(apiKey.id)).lastUsedAt!;
    expect((await withKey(key)).statusCode).toBe(200);
    expect((await keyRow(apiKey.id)).lastUsedAt!.getTime()).toBe(first.getTime());
    const old = new Date(Date.now() - 2 * 60_000);
    await t.ctx.db.update(apiKeys).set({ lastUsedAt: old }).where(eq(apiKeys.id, apiKey.id));
    expect((await withKey(key)).statusCode).toBe(200);
    expect((await keyRow(apiKey.id)).lastUsedAt!.getTime()).toBeGreaterThan(old.getTime() + 60_000);
  });

  it('answers 401 invalid_api_key to an unknown, malformed or revoked key, and runs nothing', async () => {
    const pro = await account('pro');
    const { apiKey, key } = await createKey(pro.cookie);
    for (const bad of [`vt_live_${'A'.repeat(32)}`, 'abc', '', `${key}x`]) {
      const res = await post(t.app, DETECTOR, { text: TEXT }, { headers: { authorization: `Bearer ${bad}` } });
      expect(res.statusCode, bad).toBe(401);
      expect(json(res).error.code).toBe('invalid_api_key');
    }
    await post(t.app, `/api/user/api-keys/${apiKey.id}/revoke`, {}, { cookie: pro.cookie });
    const res = await withKey(key);
    expect(res.statusCode).toBe(401);
    expect(json(res).error).toMatchObject({ code: 'invalid_api_key' });
    expect(json(res).error.message).toMatch(/revoked/);
    expect(await t.ctx.db.select().from(usageEvents).where(eq(usageEvents.userId, pro.id))).toEqual([]);
  });

  it('answers 403 when the owner is suspended or no longer on a plan with API access', async () => {
    const pro = await account('pro');
    const { key } = await createKey(pro.cookie);
    await t.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, pro.id));
    const suspended = await withKey(key);
    expect(suspended.statusCode).toBe(403);
    expect(json(suspended).error.message).toMatch(/suspended/);
    await t.ctx.db.update(users).set({ suspendedAt: null, role: 'basic' }).where(eq(users.id, pro.id));
    const downgraded = await withKey(key);
    expect(downgraded.statusCode).toBe(403);
    expect(json(downgraded).error.message).toMatch(/Basic plan/);
    await t.ctx.db.update(users).set({ role: 'pro' }).where(eq(users.id, pro.id));
    expect((await withKey(key)).statusCode).toBe(200);
  });

  it('needs no CSRF check with a key, ignores any cookie sent with it, and still checks CSRF for cookie sessions', async () => {
    const owner = await account('pro');
    const bystander = await account('pro');
    const { key } = await createKey(owner.cookie);
    // A key sent from another site's page is the key's owner's own request: no ambient credential is used.
    const res = await withKey(key, { origin: 'https://elsewhere.example', cookie: bystander.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.ctx.db.select().from(usageEvents).where(eq(usageEvents.userId, bystander.id))).toEqual([]);
    expect(await t.ctx.db.select().from(usageEvents).where(eq(usageEvents.userId, owner.id))).toHaveLength(1);
    // The same cross-site request with the cookie alone is refused on the web route (and /api/v1 reads no cookie).
    const forged = await post(t.app, WEB_DETECTOR, { text: TEXT }, { cookie: bystander.cookie, headers: { origin: 'https://elsewhere.example' } });
    expect(forged.statusCode).toBe(403);
    expect(json(forged).error.code).toBe('csrf_rejected');
    // A Bearer header does not switch the check off on routes that read the cookie.
    const account2 = await post(
      t.app,
      '/api/user/api-keys',
      { name: 'x' },
      { cookie: bystander.cookie, headers: { origin: 'https://elsewhere.example', authorization: `Bearer ${key}` } },
    );
    expect(account2.statusCode).toBe(403);
    expect(json(account2).error.code).toBe('csrf_rejected');
    // Our own origin with a key is fine too.
    expect((await withKey(key, { origin: ORIGIN })).statusCode).toBe(200);
  });

  it('leaves other authorization schemes to the cookie (a password-protected staging proxy sends Basic)', async () => {
    const res = await post(t.app, WEB_DETECTOR, { text: TEXT }, { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('/api/admin/api-keys', () => {
  it('lists every key with its owner, usage of the last 30 days and status; searches by owner and prefix', async () => {
    const admin = await account('admin');
    const owner = await account('agency', 'keyowner');
    const a = await createKey(owner.cookie, 'first');
    const b = await createKey(owner.cookie, 'second');
    expect((await withKey(a.key)).statusCode).toBe(200);
    expect((await withKey(a.key)).statusCode).toBe(200);
    // An event older than 30 days is not counted.
    await t.ctx.db.insert(usageEvents).values({
      userId: owner.id,
      apiKeyId: a.apiKey.id,
      tool: 'ai_content_detector',
      characters: 999,
      status: 'ok',
      createdAt: new Date(Date.now() - 31 * 24 * 3600 * 1000),
    });
    await post(t.app, `/api/user/api-keys/${b.apiKey.id}/revoke`, {}, { cookie: owner.cookie });

    const res = await get(t.app, `/api/admin/api-keys?q=${encodeURIComponent(owner.email.toUpperCase())}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.total).toBe(2);
    const first = body.items.find((k: { id: string }) => k.id === a.apiKey.id);
    expect(first).toMatchObject({ name: 'first', status: 'active', owner: { id: owner.id, email: owner.email }, revokedBy: null });
    expect(first.usage).toEqual({ calls: 2, characters: 2 * [...TEXT].length });
    expect(first.lastUsedAt).not.toBeNull();
    expect(body.items.find((k: { id: string }) => k.id === b.apiKey.id)).toMatchObject({ status: 'revoked', usage: { calls: 0, characters: 0 } });
    expect(JSON.stringify(body)).not.toContain(a.key);

    const byPrefix = json(await get(t.app, `/api/admin/api-keys?q=${a.apiKey.prefix}`, admin.cookie));
    expect(byPrefix.items.map((k: { id: string }) => k.id)).toContain(a.apiKey.id);
    const active = json(await get(t.app, `/api/admin/api-keys?q=${encodeURIComponent(owner.email)}&status=active`, admin.cookie));
    expect(active.items.map((k: { id: string }) => k.id)).toEqual([a.apiKey.id]);
    expect(json(await get(t.app, `/api/admin/api-keys?q=${encodeURIComponent('%')}`, admin.cookie)).total).toBe(0);
    expect((await get(t.app, '/api/admin/api-keys?status=lost', admin.cookie)).statusCode).toBe(400);
  });

  it('revokes a key: the next call is 401, the action is audited and the owner is e-mailed', async () => {
    const admin = await account('super_admin');
    const owner = await account('pro', 'revokeme');
    const { apiKey, key } = await createKey(owner.cookie, 'Make.com');
    expect((await withKey(key)).statusCode).toBe(200);

    const res = await post(t.app, `/api/admin/api-keys/${apiKey.id}/revoke`, {}, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).apiKey).toMatchObject({ id: apiKey.id, status: 'revoked', revokedBy: { id: admin.id, email: admin.email } });
    expect((await keyRow(apiKey.id)).revokedBy).toBe(admin.id);
    expect((await withKey(key)).statusCode).toBe(401);

    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, admin.id), eq(auditLog.category, 'security')))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry.action).toBe(`Revoked API key "Make.com" (${apiKey.prefix}…) of ${owner.email} (user ${owner.id})`);
    const [mail] = await t.ctx.db.select().from(outbox).where(eq(outbox.to, owner.email)).orderBy(desc(outbox.createdAt)).limit(1);
    expect(mail.subject).toMatch(/API key was revoked/);
    expect(mail.text).toContain(apiKey.prefix);

    expect((await post(t.app, `/api/admin/api-keys/${apiKey.id}/revoke`, {}, { cookie: admin.cookie })).statusCode).toBe(409);
    expect((await post(t.app, `/api/admin/api-keys/00000000-0000-4000-8000-000000000000/revoke`, {}, { cookie: admin.cookie })).statusCode).toBe(404);
    expect((await post(t.app, `/api/admin/api-keys/not-a-uuid/revoke`, {}, { cookie: admin.cookie })).statusCode).toBe(400);
  });

  it('is closed to manager, support, plan accounts and visitors', async () => {
    const owner = await account('pro');
    const { apiKey, key } = await createKey(owner.cookie);
    for (const role of ['manager', 'support', 'pro'] as const) {
      const u = await account(role);
      expect((await get(t.app, '/api/admin/api-keys', u.cookie)).statusCode, role).toBe(403);
      expect((await post(t.app, `/api/admin/api-keys/${apiKey.id}/revoke`, {}, { cookie: u.cookie })).statusCode, role).toBe(403);
    }
    expect((await get(t.app, '/api/admin/api-keys')).statusCode).toBe(401);
    // A key is not a staff credential, even its owner's.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/api-keys', headers: { authorization: `Bearer ${key}` } })).statusCode).toBe(401);
    expect((await keyRow(apiKey.id)).revokedAt).toBeNull();
  });
});
