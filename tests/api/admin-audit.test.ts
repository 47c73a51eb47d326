import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema';
import { createUser, type UserRow } from '../../src/server/services/users';
import type { Role } from '../../src/shared/roles';
import { cookieFrom, createTestApp, get, json, login, post, register, uniqueUser, type TestApp } from '../helpers/app';

let t: TestApp;
let admin: UserRow;
let support: UserRow;
let adminCookie: string;
let ipN = 0;

async function staff(role: Role): Promise<{ row: UserRow; cookie: string }> {
  const u = uniqueUser(role.replace('_', ''));
  const row = await createUser(t.ctx.db, { ...u, role });
  // One address per login, so the login throttle never interferes.
  const res = await login(t.app, u.email, u.password, `10.20.0.${++ipN}`);
  expect(res.statusCode, res.body).toBe(200);
  return { row, cookie: cookieFrom(res) };
}

const at = (iso: string) => new Date(iso);

/** Entries in January 2020, far from anything the app writes during the test, so filters can be checked exactly. */
async function seed() {
  const rows = [
    { userId: admin.id, email: admin.email, action: 'seed: plan basic edited', category: 'payment', ip: '203.0.113.1', createdAt: at('2020-01-01T23:59:59Z') },
    { userId: admin.id, email: admin.email, action: 'seed: role changed', category: 'user', ip: '203.0.113.2', createdAt: at('2020-01-02T00:00:00Z') },
    { userId: support.id, email: support.email, action: 'seed: Logged in', category: 'auth', ip: '203.0.113.3', createdAt: at('2020-01-02T12:00:00Z') },
    {
      userId: support.id,
      email: support.email,
      action: 'seed: Failed two-factor code',
      category: 'security',
      ip: '203.0.113.4',
      createdAt: at('2020-01-03T23:59:59Z'),
    },
    { userId: null, email: 'someone@elsewhere.test', action: 'seed: Failed login', category: 'auth', ip: '203.0.113.5', createdAt: at('2020-01-04T00:00:00Z') },
    { userId: null, email: null, action: 'seed: backup, "nightly"\nsecond line', category: 'system', ip: null, createdAt: at('2020-01-05T08:00:00Z') },
  ];
  await t.ctx.db.insert(auditLog).values(rows);
}

async function list(query: string, cookie = adminCookie) {
  const res = await get(t.app, `/api/admin/audit?${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return json<{
    items: { action: string; category: string; timestamp: string; ip: string | null; user: { email: string | null; role: string | null } | null }[];
    total: number;
  }>(res);
}

const JAN = 'from=2020-01-01&to=2020-01-31';

beforeAll(async () => {
  t = await createTestApp();
  const a = await staff('admin');
  admin = a.row;
  adminCookie = a.cookie;
  support = (await staff('support')).row;
  await seed();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/audit', () => {
  it('is for audit:read only: 401 anonymous, 403 for manager and support, 200 for admin and super_admin', async () => {
    expect((await get(t.app, '/api/admin/audit')).statusCode).toBe(401);
    for (const role of ['manager', 'support', 'pro'] as const) {
      const { cookie } = await staff(role);
      for (const url of ['/api/admin/audit', '/api/admin/audit.csv']) {
        const res = await get(t.app, url, cookie);
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(json(res).error.code).toBe('forbidden');
      }
    }
    expect((await get(t.app, '/api/admin/audit', (await staff('super_admin')).cookie)).statusCode).toBe(200);
  });

  it('the date range is inclusive: a bare day as "to" covers the whole day', async () => {
    const body = await list('from=2020-01-02&to=2020-01-03');
    expect(body.items.map((i) => i.action)).toEqual(['seed: Failed two-factor code', 'seed: Logged in', 'seed: role changed']);
    expect(body.total).toBe(3);
    // An exact instant is taken as it is.
    const narrow = await list(`from=${encodeURIComponent('2020-01-02T06:00:00Z')}&to=${encodeURIComponent('2020-01-02T12:00:00Z')}`);
    expect(narrow.items.map((i) => i.action)).toEqual(['seed: Logged in']);
  });

  it('filters by category', async () => {
    const auth = await list(`${JAN}&category=auth`);
    expect(auth.items.map((i) => i.action)).toEqual(['seed: Failed login', 'seed: Logged in']);
    expect(auth.items.every((i) => i.category === 'auth')).toBe(true);
    expect((await list(`${JAN}&category=payment`)).items.map((i) => i.action)).toEqual(['seed: plan basic edited']);
    // Empty means All, as the form's empty choice.
    expect((await list(`${JAN}&category=`)).total).toBe(6);
    expect((await get(t.app, '/api/admin/audit?category=nonsense', adminCookie)).statusCode).toBe(400);
  });

  it("filters by the acting account's role", async () => {
    const bySupport = await list(`${JAN}&actorRole=support`);
    expect(bySupport.items.map((i) => i.action)).toEqual(['seed: Failed two-factor code', 'seed: Logged in']);
    expect(bySupport.items.every((i) => i.user?.email === support.email && i.user?.role === 'support')).toBe(true);
    const byAdmin = await list(`${JAN}&actorRole=admin`);
    expect(byAdmin.items.map((i) => i.action)).toEqual(['seed: role changed', 'seed: plan basic edited']);
    // Outside January, the admin's own login of this test run is there too.
    expect((await list('actorRole=admin')).items.some((i) => i.action === 'Logged in' && i.user?.email === admin.email)).toBe(true);
  });

  it('filters by a custom role too, and refuses a role that cannot exist', async () => {
    const u = uniqueUser('auditor');
    const row = await createUser(t.ctx.db, { ...u, role: 'custom:night-auditors' as Role });
    await t.ctx.db
      .insert(auditLog)
      .values({ userId: row.id, email: row.email, action: 'seed: custom role entry', category: 'system', ip: null, createdAt: at('2021-03-03T10:00:00Z') });
    const byCustom = await list('from=2021-03-01&to=2021-03-31&actorRole=custom:night-auditors');
    expect(byCustom.items.map((i) => i.action)).toEqual(['seed: custom role entry']);
    expect(byCustom.items[0].user?.role).toBe('custom:night-auditors');
    expect((await list(`${JAN}&actorRole=custom:night-auditors`)).total).toBe(0);
    const bad = await get(t.app, '/api/admin/audit?actorRole=custom:Not%20A%20Slug', adminCookie);
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error.code).toBe('validation_failed');
  });

  it('searches the e-mail (entry or account) and the username, case-insensitively and literally', async () => {
    expect((await list(`${JAN}&q=ELSEWHERE.test`)).items.map((i) => i.action)).toEqual(['seed: Failed login']);
    const byName = await list(`${JAN}&q=${encodeURIComponent(support.username.toUpperCase())}`);
    expect(byName.items.map((i) => i.action)).toEqual(['seed: Failed two-factor code', 'seed: Logged in']);
    // LIKE wildcards are plain characters: as a wildcard, `_` would match the "a" of every example.com address.
    expect((await list(`${JAN}&q=%25`)).total).toBe(0);
    expect((await list(`${JAN}&q=ex_mple`)).total).toBe(0);
    expect((await list(`${JAN}&q=example`)).total).toBe(4);
    // Filters combine.
    expect((await list(`${JAN}&q=${encodeURIComponent(support.email)}&category=security`)).items.map((i) => i.action)).toEqual([
      'seed: Failed two-factor code',
    ]);
  });

  it('pages newest first, with the total of all pages', async () => {
    const all = await list(JAN);
    expect(all.total).toBe(6);
    const stamps = all.items.map((i) => i.timestamp);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    const p1 = await list(`${JAN}&limit=4&offset=0`);
    const p2 = await list(`${JAN}&limit=4&offset=4`);
    expect(p1.items).toHaveLength(4);
    expect(p2.items).toHaveLength(2);
    expect(p1.total).toBe(6);
    expect(p2.total).toBe(6);
    expect([...p1.items, ...p2.items].map((i) => i.action)).toEqual(all.items.map((i) => i.action));
    expect((await get(t.app, '/api/admin/audit?limit=100000', adminCookie)).statusCode).toBe(400);
    // An entry with nobody behind it has no user.
    expect(all.items.find((i) => i.category === 'system')?.user).toBeNull();
  });
});

describe('GET /api/admin/audit.csv', () => {
  it('downloads the filtered entries as an attachment, with a header row and escaped cells', async () => {
    const res = await get(t.app, `/api/admin/audit.csv?${JAN}`, adminCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('"Timestamp","User","Role","Action","Category","IP Address"');
    // The comma, the quotes and the line break stay inside one quoted cell.
    expect(res.body).toContain('"2020-01-05T08:00:00.000Z","","","seed: backup, ""nightly""\nsecond line","System",""\r\n');
    expect(res.body).toContain(`"2020-01-02T12:00:00.000Z","${support.email}","support","seed: Logged in","Authentication","203.0.113.3"\r\n`);
    expect(res.body.endsWith('\r\n')).toBe(true);
    expect(res.body.match(/seed: /g)).toHaveLength(6);
  });

  it('applies the same filters as the list, and defuses spreadsheet formulas', async () => {
    await t.ctx.db.insert(auditLog).values({ action: '=HYPERLINK("http://evil.test")', category: 'system', createdAt: at('2020-02-01T00:00:00Z') });
    const res = await get(t.app, '/api/admin/audit.csv?from=2020-01-01&to=2020-02-28&category=system', adminCookie);
    expect(res.statusCode).toBe(200);
    const rows = res.body.trimEnd().split('\r\n');
    // Header, the formula entry and the backup entry (whose cell holds a line break).
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    expect(res.body).not.toContain('Authentication');
    expect(rows[0]).toContain('"Timestamp"');
    expect(res.body.match(/"System"/g)).toHaveLength(2);
  });
});

describe('security events are written to the audit table', () => {
  it('a failed login records the address tried, never the password; a successful one is recorded too', async () => {
    const u = uniqueUser('auditlogin');
    await createUser(t.ctx.db, u);
    const secret = 'not-the-Right-pass-93x';
    expect((await login(t.app, u.email, secret, '198.51.100.77')).statusCode).toBe(401);
    expect((await login(t.app, 'nobody-here@example.com', secret, '198.51.100.78')).statusCode).toBe(401);
    expect((await login(t.app, u.email, u.password, '198.51.100.79')).statusCode).toBe(200);

    const mine = await list(`category=auth&q=${encodeURIComponent(u.email)}`);
    expect(mine.items.map((i) => [i.action, i.ip])).toEqual([
      ['Logged in', '198.51.100.79'],
      ['Failed login', '198.51.100.77'],
    ]);
    const unknown = await list('q=nobody-here@example.com');
    expect(unknown.items.map((i) => [i.action, i.user?.email])).toEqual([['Failed login', 'nobody-here@example.com']]);
    // No column of any entry holds a password.
    const everything = JSON.stringify(await t.ctx.db.select().from(auditLog));
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(u.password);
  });

  it('an e-mail change is a security event', async () => {
    const u = uniqueUser('mailchange');
    const cookie = await register(t.app, u);
    const next = `new-${u.email}`;
    const res = await t.app.inject({ method: 'PATCH', url: '/api/user/profile', headers: { cookie }, payload: { email: next, currentPassword: u.password } });
    expect(res.statusCode, res.body).toBe(200);
    const found = await list(`category=security&q=${encodeURIComponent(next)}`);
    expect(found.items.map((i) => i.action)).toContain('profile updated (email)');
  });

  it('publishing, unpublishing and deleting a blog post are recorded with who did it', async () => {
    const created = await post(
      t.app,
      '/api/admin/blog/posts',
      { title: 'Audited post', content: 'Some words here.', status: 'published' },
      { cookie: adminCookie },
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = json(created).post.id;
    expect((await post(t.app, `/api/admin/blog/posts/${id}/unpublish`, undefined, { cookie: adminCookie })).statusCode).toBe(200);
    expect((await post(t.app, `/api/admin/blog/posts/${id}/publish`, undefined, { cookie: adminCookie })).statusCode).toBe(200);
    // An edit that does not change the status is not a publication.
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/blog/posts/${id}`,
      headers: { cookie: adminCookie },
      payload: { content: 'Other words.' },
    });
    expect(edit.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/blog/posts/${id}`, headers: { cookie: adminCookie } })).statusCode).toBe(204);

    const entries = (await t.ctx.db.select().from(auditLog)).filter((e) => e.action.endsWith(': Audited post'));
    entries.sort((a, b) => +new Date(a.createdAt) - +new Date(b.createdAt));
    expect(entries.map((e) => e.action)).toEqual([
      'Blog post published: Audited post',
      'Blog post unpublished: Audited post',
      'Blog post published: Audited post',
      'Blog post deleted: Audited post',
    ]);
    expect(entries.every((e) => e.category === 'system')).toBe(true);
    expect(entries.slice(0, 3).every((e) => e.userId === admin.id)).toBe(true);
    const shown = await list(`category=system&actorRole=admin&q=${encodeURIComponent(admin.email)}`);
    expect(shown.items.filter((i) => i.action === 'Blog post published: Audited post')).toHaveLength(2);
  });

  it('adding and removing a library document are recorded', async () => {
    const added = await post(
      t.app,
      '/api/admin/library',
      { title: 'Audited source', reference: 'https://example.org/audited', text: 'A reference text with enough words to be indexed by the library.' },
      { cookie: adminCookie },
    );
    expect(added.statusCode, added.body).toBe(201);
    const { id } = json(added);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/library/${id}`, headers: { cookie: adminCookie } })).statusCode).toBe(204);
    const entries = await t.ctx.db.select().from(auditLog).where(eq(auditLog.category, 'system'));
    const actions = entries.map((e) => e.action);
    expect(actions).toContain('Library document added: Audited source (https://example.org/audited)');
    expect(actions).toContain('Library document removed: Audited source (https://example.org/audited)');
    expect(entries.find((e) => e.action.startsWith('Library document added: Audited source'))?.userId).toBe(admin.id);
  });
});
