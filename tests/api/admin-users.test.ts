import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auditLog, outbox, payments, users } from '../../src/db/schema';
import { createUser } from '../../src/server/services/users';
import type { Role } from '../../src/shared/roles';
import { cookieFrom, createTestApp, get, json, login, me, post, type TestApp, signedInAccount } from '../helpers/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A fresh account with this role, logged in (each login from its own address, so the login throttle stays out of the way). */
const account = (role: Role, prefix?: string) => signedInAccount(t, role, { prefix });

async function lastAudit(actorId: string) {
  const [row] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.userId, actorId)).orderBy(desc(auditLog.createdAt)).limit(1);
  return row;
}

describe('GET /api/admin/users', () => {
  let staff: Awaited<ReturnType<typeof account>>;
  const tag = `zq${Date.now().toString(36)}`;
  beforeAll(async () => {
    staff = await account('support');
    // Seven accounts whose names share a tag: four free, two pro, one suspended pro, one with the tag in capitals.
    for (let i = 0; i < 4; i++) await createUser(t.ctx.db, { username: `${tag}_free${i}`, email: `${tag}.free${i}@example.com`, password: 'x-password' });
    for (let i = 0; i < 2; i++)
      await createUser(t.ctx.db, { username: `${tag}_pro${i}`, email: `pro${i}.${tag}@example.org`, password: 'x-password', role: 'pro' });
    const s = await createUser(t.ctx.db, { username: `${tag}_gone`, email: `gone.${tag}@example.net`, password: 'x-password', role: 'pro' });
    await t.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, s.id));
    await createUser(t.ctx.db, { username: `Mixed${tag.toUpperCase()}`, email: `mixed-${Date.now()}@example.com`, password: 'x-password' });
  });

  it('finds accounts by part of the e-mail or username, in any case, with the total', async () => {
    const res = await get(t.app, `/api/admin/users?q=${tag.toUpperCase()}`, staff.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.total).toBe(8);
    expect(body.items).toHaveLength(8);
    expect(body.items.map((u: { username: string }) => u.username)).toContain(`Mixed${tag.toUpperCase()}`);
    // A prefix of an e-mail address only.
    const byEmail = json(await get(t.app, `/api/admin/users?q=gone.${tag}`, staff.cookie));
    expect(byEmail.items.map((u: { email: string }) => u.email)).toEqual([`gone.${tag}@example.net`]);
    const row = byEmail.items[0];
    expect(row).toMatchObject({ role: 'pro', status: 'suspended', emailVerified: false });
    expect(typeof row.suspendedAt).toBe('string');
    expect(row).not.toHaveProperty('passwordHash');
  });

  it('treats LIKE wildcards in the search as plain characters', async () => {
    const body = json(await get(t.app, `/api/admin/users?q=${encodeURIComponent('%')}`, staff.cookie));
    expect(body.total).toBe(0);
    expect(json(await get(t.app, `/api/admin/users?q=${tag}_free`, staff.cookie)).total).toBe(4);
  });

  it('filters by role and by status', async () => {
    const pro = json(await get(t.app, `/api/admin/users?q=${tag}&role=pro`, staff.cookie));
    expect(pro.total).toBe(3);
    expect(pro.items.every((u: { role: string }) => u.role === 'pro')).toBe(true);
    const active = json(await get(t.app, `/api/admin/users?q=${tag}&role=pro&status=active`, staff.cookie));
    expect(active.total).toBe(2);
    const suspended = json(await get(t.app, `/api/admin/users?q=${tag}&status=suspended`, staff.cookie));
    expect(suspended.items.map((u: { username: string }) => u.username)).toEqual([`${tag}_gone`]);
    // Empty filters from a form mean "any".
    expect(json(await get(t.app, `/api/admin/users?q=${tag}&role=&status=`, staff.cookie)).total).toBe(8);
  });

  it('pages through the results without repeating or skipping anyone', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < 8; offset += 3) {
      const page = json(await get(t.app, `/api/admin/users?q=${tag}&limit=3&offset=${offset}`, staff.cookie));
      expect(page).toMatchObject({ total: 8, offset, limit: 3 });
      expect(page.items.length).toBe(Math.min(3, 8 - offset));
      seen.push(...page.items.map((u: { id: string }) => u.id));
    }
    expect(new Set(seen).size).toBe(8);
    expect(json(await get(t.app, `/api/admin/users?q=${tag}&offset=100`, staff.cookie)).items).toEqual([]);
  });

  it('refuses a page over 100, an unknown role or status', async () => {
    for (const query of ['limit=101', 'limit=0', 'offset=-1', 'role=emperor', 'status=deleted']) {
      const res = await get(t.app, `/api/admin/users?${query}`, staff.cookie);
      expect(res.statusCode, query).toBe(400);
      expect(json(res).error.code).toBe('validation_failed');
    }
    expect(json(await get(t.app, '/api/admin/users?limit=100', staff.cookie)).limit).toBe(100);
  });
});

describe('GET /api/admin/users/:id', () => {
  it('shows the profile, plan, usage, sessions, payments and audit trail to a role that may read them', async () => {
    const admin = await account('admin');
    const user = await account('pro');
    await t.ctx.db.insert(payments).values({
      userId: user.id,
      email: user.email,
      kind: 'subscription',
      item: 'pro',
      description: 'Pro plan (monthly)',
      amount: 1900,
      status: 'paid',
      provider: 'test',
      providerRef: `test-${user.id}`,
    });
    const res = await get(t.app, `/api/admin/users/${user.id}`, admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.user).toMatchObject({ id: user.id, email: user.email, username: user.username, role: 'pro', status: 'active', hasPassword: true });
    expect(body.subscription).toMatchObject({ plan: 'pro', status: 'active' });
    expect(body.usage.characters.used).toBe(0);
    expect(body.usage.characters.limit).toBeGreaterThan(0);
    expect(body.usage.byTool).toEqual([]);
    expect(body.activeSessions).toBe(1);
    expect(body.payments).toHaveLength(1);
    expect(body.payments[0]).toMatchObject({ amount: 1900, description: 'Pro plan (monthly)' });
    expect(body.audit.map((a: { action: string }) => a.action)).toContain('Logged in');
  });

  it('leaves out payments and the audit trail for a role that may not read them (support)', async () => {
    const support = await account('support');
    const user = await account('free');
    const body = json(await get(t.app, `/api/admin/users/${user.id}`, support.cookie));
    expect(body.user.id).toBe(user.id);
    expect(body.payments).toBeNull();
    expect(body.audit).toBeNull();
  });

  it('has no plan for a staff account, and 404 for an unknown or malformed id', async () => {
    const admin = await account('admin');
    const manager = await account('manager');
    const body = json(await get(t.app, `/api/admin/users/${manager.id}`, admin.cookie));
    expect(body.subscription).toBeNull();
    expect(body.usage.period).toBeNull();
    expect((await get(t.app, '/api/admin/users/00000000-0000-4000-8000-000000000000', admin.cookie)).statusCode).toBe(404);
    expect((await get(t.app, '/api/admin/users/not-a-uuid', admin.cookie)).statusCode).toBe(400);
  });
});

describe('POST /api/admin/users/:id/role', () => {
  it('changes the role, answers the user as it now is, and writes the audit entry', async () => {
    const admin = await account('admin');
    const user = await account('free');
    const res = await post(t.app, `/api/admin/users/${user.id}/role`, { role: 'basic' }, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).user).toMatchObject({ id: user.id, role: 'basic' });
    expect(json(await me(t.app, user.cookie)).user.role).toBe('basic');
    const entry = await lastAudit(admin.id);
    expect(entry).toMatchObject({ category: 'user', email: admin.email });
    expect(entry.action).toBe(`Changed the role of ${user.email} (user ${user.id}) from free to basic`);
    // The entry is part of the user's own trail too.
    const detail = json(await get(t.app, `/api/admin/users/${user.id}`, admin.cookie));
    expect(detail.audit[0].action).toBe(entry.action);
  });

  it("refuses one's own role, and the same role again", async () => {
    const admin = await account('admin');
    const own = await post(t.app, `/api/admin/users/${admin.id}/role`, { role: 'free' }, { cookie: admin.cookie });
    expect(own.statusCode).toBe(403);
    expect(json(own).error.message).toMatch(/your own account/);
    expect(json(await me(t.app, admin.cookie)).user.role).toBe('admin');
    const user = await account('pro');
    expect((await post(t.app, `/api/admin/users/${user.id}/role`, { role: 'pro' }, { cookie: admin.cookie })).statusCode).toBe(409);
  });

  it('is 403 for a manager and for support, and the role stays', async () => {
    const user = await account('free');
    for (const role of ['manager', 'support'] as const) {
      const staff = await account(role);
      const res = await post(t.app, `/api/admin/users/${user.id}/role`, { role: 'manager' }, { cookie: staff.cookie });
      expect(res.statusCode, role).toBe(403);
      expect(json(res).error.code).toBe('forbidden');
    }
    expect(json(await me(t.app, user.cookie)).user.role).toBe('free');
  });

  it('lets an admin grant a staff role, but only a super administrator grant or take away super_admin', async () => {
    const admin = await account('admin');
    const superAdmin = await account('super_admin');
    const user = await account('free');
    expect((await post(t.app, `/api/admin/users/${user.id}/role`, { role: 'support' }, { cookie: admin.cookie })).statusCode).toBe(200);
    expect((await post(t.app, `/api/admin/users/${user.id}/role`, { role: 'super_admin' }, { cookie: admin.cookie })).statusCode).toBe(403);
    expect((await post(t.app, `/api/admin/users/${superAdmin.id}/role`, { role: 'free' }, { cookie: admin.cookie })).statusCode).toBe(403);
    expect(json(await me(t.app, superAdmin.cookie)).user.role).toBe('super_admin');
    expect((await post(t.app, `/api/admin/users/${user.id}/role`, { role: 'super_admin' }, { cookie: superAdmin.cookie })).statusCode).toBe(200);
    expect(json(await me(t.app, user.cookie)).user.role).toBe('super_admin');
  });

  it('refuses an unknown role', async () => {
    const admin = await account('admin');
    const user = await account('free');
    const res = await post(t.app, `/api/admin/users/${user.id}/role`, { role: 'emperor' }, { cookie: admin.cookie });
    expect(res.statusCode).toBe(400);
  });
});

describe('suspend and restore', () => {
  it('suspending ends every session, login says why, and restoring lets the user back in', async () => {
    const manager = await account('manager');
    const user = await account('free');
    // A second session, from another device.
    const other = cookieFrom(await login(t.app, user.email, user.password, '10.30.0.1'));
    expect((await me(t.app, other)).statusCode).toBe(200);

    const res = await post(t.app, `/api/admin/users/${user.id}/suspend`, {}, { cookie: manager.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).user).toMatchObject({ id: user.id, status: 'suspended' });
    expect((await lastAudit(manager.id)).action).toBe(`Suspended ${user.email} (user ${user.id})`);
    expect((await lastAudit(manager.id)).category).toBe('user');

    for (const cookie of [user.cookie, other]) {
      const after = await me(t.app, cookie);
      expect(after.statusCode).toBe(401);
    }
    expect(json(await get(t.app, `/api/admin/users/${user.id}`, manager.cookie)).activeSessions).toBe(0);

    const refused = await login(t.app, user.email, user.password, '10.30.0.2');
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error.message).toBe('This account is suspended. Contact support.');
    expect(refused.headers['set-cookie']).toBeUndefined();
    // The wrong password still says only that the credentials are wrong.
    const wrong = await login(t.app, user.email, 'not the password', '10.30.0.3');
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong).error.message).not.toMatch(/suspended/);

    expect((await post(t.app, `/api/admin/users/${user.id}/suspend`, {}, { cookie: manager.cookie })).statusCode).toBe(409);

    const restored = await post(t.app, `/api/admin/users/${user.id}/restore`, {}, { cookie: manager.cookie });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(json(restored).user).toMatchObject({ status: 'active', suspendedAt: null });
    expect((await lastAudit(manager.id)).action).toBe(`Restored ${user.email} (user ${user.id})`);
    // Old sessions stay ended; a new login works.
    expect((await me(t.app, other)).statusCode).toBe(401);
    const back = await login(t.app, user.email, user.password, '10.30.0.4');
    expect(back.statusCode, back.body).toBe(200);
    expect((await me(t.app, cookieFrom(back))).statusCode).toBe(200);
    expect((await post(t.app, `/api/admin/users/${user.id}/restore`, {}, { cookie: manager.cookie })).statusCode).toBe(409);
  });

  it('a suspended user is refused even by a session the delete missed', async () => {
    const user = await account('basic');
    // Suspended directly in the database (as a racing login could leave a session behind): the lookup itself refuses it.
    await t.ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    expect((await me(t.app, user.cookie)).statusCode).toBe(401);
    await t.ctx.db.update(users).set({ suspendedAt: null }).where(eq(users.id, user.id));
    expect((await me(t.app, user.cookie)).statusCode).toBe(200);
  });

  it('refuses suspending oneself; support may not suspend; a manager may not suspend staff', async () => {
    const manager = await account('manager');
    const own = await post(t.app, `/api/admin/users/${manager.id}/suspend`, {}, { cookie: manager.cookie });
    expect(own.statusCode).toBe(403);
    expect((await me(t.app, manager.cookie)).statusCode).toBe(200);

    const user = await account('free');
    const support = await account('support');
    expect((await post(t.app, `/api/admin/users/${user.id}/suspend`, {}, { cookie: support.cookie })).statusCode).toBe(403);

    const admin = await account('admin');
    expect((await post(t.app, `/api/admin/users/${admin.id}/suspend`, {}, { cookie: manager.cookie })).statusCode).toBe(403);
    expect((await me(t.app, admin.cookie)).statusCode).toBe(200);
    expect((await post(t.app, `/api/admin/users/${manager.id}/suspend`, {}, { cookie: admin.cookie })).statusCode).toBe(200);
    expect((await me(t.app, manager.cookie)).statusCode).toBe(401);
  });

  it('is 404 for an unknown account', async () => {
    const admin = await account('admin');
    expect((await post(t.app, '/api/admin/users/00000000-0000-4000-8000-000000000000/suspend', {}, { cookie: admin.cookie })).statusCode).toBe(404);
  });
});

describe('POST /api/admin/users/:id/password-reset', () => {
  it('e-mails the user a working reset link and writes the audit entry; support may not, nobody for themselves', async () => {
    const manager = await account('manager');
    const user = await account('free');
    const res = await post(t.app, `/api/admin/users/${user.id}/password-reset`, {}, { cookie: manager.cookie });
    expect(res.statusCode, res.body).toBe(202);
    expect((await lastAudit(manager.id)).action).toBe(`Sent a password reset e-mail to ${user.email} (user ${user.id})`);
    expect((await lastAudit(manager.id)).category).toBe('security');

    // The mail lands in the outbox (no SMTP in tests); its link resets the password once.
    const mail = await vi.waitFor(
      async () => {
        const [row] = await t.ctx.db.select().from(outbox).where(eq(outbox.to, user.email)).orderBy(desc(outbox.createdAt)).limit(1);
        expect(row).toBeDefined();
        return row;
      },
      { timeout: 10_000 },
    );
    const token = decodeURIComponent(/reset-password\?token=([^\s"&<]+)/.exec(mail.text)![1]);
    const reset = await post(t.app, '/api/auth/reset-password', { token, password: 'a-brand-new-password-1' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login(t.app, user.email, 'a-brand-new-password-1', '10.40.0.1')).statusCode).toBe(200);

    const support = await account('support');
    expect((await post(t.app, `/api/admin/users/${user.id}/password-reset`, {}, { cookie: support.cookie })).statusCode).toBe(403);
    expect((await post(t.app, `/api/admin/users/${manager.id}/password-reset`, {}, { cookie: manager.cookie })).statusCode).toBe(403);
  });
});
