import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { auditLog, customRoles, payments, sessions, subscriptions, users } from '../../src/db/schema';

import type { Role } from '../../src/shared/roles';
import { createTestApp, get, json, me, post, type TestApp, signedInAccount } from '../helpers/app';

/**
 * Custom staff roles (Role Management, Access Control) and the account actions of issue 15: bulk suspend and
 * restore, a plan free of charge, deleting an account. Each action's audit entry is checked too.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const account = (role: Role, prefix?: string) => signedInAccount(t, role, { prefix });
type Account = Awaited<ReturnType<typeof account>>;

function send(method: 'PATCH' | 'DELETE', url: string, cookie: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { cookie }, payload: payload as never });
}

async function lastAudit(actorId: string) {
  const [row] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.userId, actorId)).orderBy(desc(auditLog.createdAt)).limit(1);
  return row;
}

const roleUrl = (id: string) => `/api/admin/roles/${encodeURIComponent(id)}`;

describe('custom roles: create, edit, delete', () => {
  let admin: Account;
  let superAdmin: Account;
  let manager: Account;
  beforeAll(async () => {
    admin = await account('admin');
    superAdmin = await account('super_admin');
    manager = await account('manager');
  });

  it('lists the built-in staff roles with their permissions and user counts', async () => {
    const res = await get(t.app, '/api/admin/roles', admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    const ids = body.roles.map((r: { id: string }) => r.id);
    expect(ids.slice(0, 4)).toEqual(['super_admin', 'admin', 'manager', 'support']);
    const adminRow = body.roles.find((r: { id: string }) => r.id === 'admin');
    expect(adminRow).toMatchObject({ builtin: true, name: 'Admin', createdAt: null });
    expect(adminRow.permissions).toEqual(body.permissions);
    expect(adminRow.users).toBeGreaterThanOrEqual(1);
    const supportRow = body.roles.find((r: { id: string }) => r.id === 'support');
    expect(supportRow.permissions).toContain('support:read');
    expect(supportRow.permissions).not.toContain('payments:read');
    expect(body.superAdminOnly).toEqual(['roles:manage', 'security:manage', 'backup:manage']);
    // A manager does not manage roles.
    expect((await get(t.app, '/api/admin/roles', manager.cookie)).statusCode).toBe(403);
  });

  it('creates a custom role from a name, audited as a security event; the same name again is a 409', async () => {
    const res = await post(
      t.app,
      '/api/admin/roles',
      { name: 'Billing Desk', description: 'Payments only', permissions: ['payments:read'] },
      { cookie: admin.cookie },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { role } = json(res);
    expect(role).toMatchObject({ id: 'custom:billing-desk', name: 'Billing Desk', builtin: false, users: 0, permissions: ['admin:access', 'payments:read'] });
    const entry = await lastAudit(admin.id);
    expect(entry).toMatchObject({ category: 'security' });
    expect(entry.action).toContain('Created the custom role Billing Desk (custom:billing-desk)');
    expect(entry.action).toContain('payments:read');

    const again = await post(t.app, '/api/admin/roles', { name: 'billing  desk!', permissions: [] }, { cookie: admin.cookie });
    expect(again.statusCode).toBe(409);
    expect(json(again).error.message).toContain('custom:billing-desk');
  });

  it('refuses bad input with 400 and never a 500', async () => {
    for (const body of [{}, { name: 'x' }, { name: '!!!' }, { name: 'Ok name', permissions: ['fly:moon'] }, { name: 'Ok name', extra: 1 }, { name: 5 }]) {
      const res = await post(t.app, '/api/admin/roles', body, { cookie: admin.cookie });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(json(res).error.code).toBe('validation_failed');
    }
    expect((await send('PATCH', roleUrl('custom:billing-desk'), admin.cookie, {})).statusCode).toBe(400);
  });

  it('only a super administrator grants roles:manage, security:manage or backup:manage', async () => {
    const refused = await post(t.app, '/api/admin/roles', { name: 'Sec Ops', permissions: ['security:manage'] }, { cookie: admin.cookie });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error.message).toContain('super administrator');
    const edit = await send('PATCH', roleUrl('custom:billing-desk'), admin.cookie, { permissions: ['payments:read', 'backup:manage'] });
    expect(edit.statusCode).toBe(403);
    const ok = await post(t.app, '/api/admin/roles', { name: 'Sec Ops', permissions: ['security:manage', 'audit:read'] }, { cookie: superAdmin.cookie });
    expect(ok.statusCode, ok.body).toBe(201);
    // An administrator may take such a permission away (less power is always safe), not add it back.
    const removed = await send('PATCH', roleUrl('custom:sec-ops'), admin.cookie, { permissions: ['audit:read'] });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(json(removed).role.permissions).toEqual(['admin:access', 'audit:read']);
  });

  it('built-in roles cannot be edited or deleted; unknown ones are 404', async () => {
    for (const id of ['admin', 'super_admin', 'support', 'free']) {
      expect((await send('PATCH', roleUrl(id), admin.cookie, { name: 'Renamed' })).statusCode, id).toBe(403);
      expect((await send('DELETE', roleUrl(id), admin.cookie)).statusCode, id).toBe(403);
    }
    expect((await send('PATCH', roleUrl('custom:nope'), admin.cookie, { name: 'Renamed' })).statusCode).toBe(404);
    expect((await send('DELETE', roleUrl('nonsense'), admin.cookie)).statusCode).toBe(404);
    const list = json(await get(t.app, '/api/admin/roles', admin.cookie));
    expect(list.roles.find((r: { id: string }) => r.id === 'admin').name).toBe('Admin');
  });

  it('edits are audited with what was added and removed', async () => {
    const res = await send('PATCH', roleUrl('custom:billing-desk'), admin.cookie, {
      name: 'Billing Team',
      description: 'Payments and refunds',
      permissions: ['refunds:approve'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).role).toMatchObject({ id: 'custom:billing-desk', name: 'Billing Team', permissions: ['admin:access', 'refunds:approve'] });
    const entry = await lastAudit(admin.id);
    expect(entry.category).toBe('security');
    expect(entry.action).toContain('added refunds:approve');
    expect(entry.action).toContain('removed payments:read');
    expect(entry.action).toContain('renamed from "Billing Desk" to "Billing Team"');
  });

  it('a role someone holds is not deleted (409 with the count); once nobody holds it, it goes, audited', async () => {
    await post(t.app, '/api/admin/roles', { name: 'Temp Role', permissions: ['usage:read'] }, { cookie: admin.cookie });
    const holder = await account('custom:temp-role' as Role, 'temp');
    const refused = await send('DELETE', roleUrl('custom:temp-role'), admin.cookie);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).error.message).toMatch(/^1 account holds this role/);
    // Give the holder a plan role again, then delete.
    expect((await post(t.app, `/api/admin/users/${holder.id}/role`, { role: 'free' }, { cookie: admin.cookie })).statusCode).toBe(200);
    const del = await send('DELETE', roleUrl('custom:temp-role'), admin.cookie);
    expect(del.statusCode, del.body).toBe(200);
    expect(await t.ctx.db.select().from(customRoles).where(eq(customRoles.id, 'custom:temp-role'))).toHaveLength(0);
    const entry = await lastAudit(admin.id);
    expect(entry).toMatchObject({ category: 'security' });
    expect(entry.action).toContain('Deleted the custom role Temp Role (custom:temp-role)');
  });
});

describe('a custom-role user holds exactly its permissions, and loses one at once', () => {
  let admin: Account;
  let desk: Account;
  let target: Account;
  beforeAll(async () => {
    admin = await account('admin');
    const res = await post(t.app, '/api/admin/roles', { name: 'Front Desk', permissions: ['users:read', 'users:suspend'] }, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(201);
    const plain = await account('free', 'deskuser');
    // Given through the API, as an administrator would.
    const given = await post(t.app, `/api/admin/users/${plain.id}/role`, { role: 'custom:front-desk' }, { cookie: admin.cookie });
    expect(given.statusCode, given.body).toBe(200);
    expect(json(given).user.role).toBe('custom:front-desk');
    desk = plain;
    target = await account('free', 'desktarget');
  });

  it('the session endpoint answers its effective permissions', async () => {
    const body = json(await me(t.app, desk.cookie));
    expect(body.user.role).toBe('custom:front-desk');
    expect(body.permissions).toEqual(['admin:access', 'users:read', 'users:suspend']);
    // Built-in roles get the table's list.
    const adminMe = json(await me(t.app, admin.cookie));
    expect(adminMe.permissions).toContain('backup:manage');
  });

  it('reaches its permissions’ routes and no others', async () => {
    expect((await get(t.app, '/api/admin/overview', desk.cookie)).statusCode).not.toBe(403); // admin:access
    expect((await get(t.app, '/api/admin/users', desk.cookie)).statusCode).toBe(200);
    expect((await get(t.app, `/api/admin/users/${target.id}`, desk.cookie)).statusCode).toBe(200);
    expect((await get(t.app, '/api/admin/roles', desk.cookie)).statusCode).toBe(403);
    expect((await get(t.app, '/api/admin/audit', desk.cookie)).statusCode).toBe(403);
    expect((await get(t.app, '/api/admin/plans', desk.cookie)).statusCode).toBe(403);
    // A staff role has no plan: the plan account routes refuse it.
    expect((await post(t.app, '/api/billing/cancel', {}, { cookie: desk.cookie })).statusCode).toBe(403);
    // Suspending a plan account works; a staff account is for administrators only.
    const s = await post(t.app, `/api/admin/users/${target.id}/suspend`, {}, { cookie: desk.cookie });
    expect(s.statusCode, s.body).toBe(200);
    expect((await post(t.app, `/api/admin/users/${admin.id}/suspend`, {}, { cookie: desk.cookie })).statusCode).toBe(403);
    expect((await post(t.app, `/api/admin/users/${target.id}/restore`, {}, { cookie: desk.cookie })).statusCode).toBe(200);
  });

  it('loses a permission at its next request once an administrator removes it', async () => {
    const res = await send('PATCH', roleUrl('custom:front-desk'), admin.cookie, { permissions: ['users:read'] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await post(t.app, `/api/admin/users/${target.id}/suspend`, {}, { cookie: desk.cookie })).statusCode).toBe(403);
    expect((await get(t.app, '/api/admin/users', desk.cookie)).statusCode).toBe(200);
    expect(json(await me(t.app, desk.cookie)).permissions).toEqual(['admin:access', 'users:read']);
    // And gains one at once.
    await send('PATCH', roleUrl('custom:front-desk'), admin.cookie, { permissions: ['users:read', 'audit:read'] });
    expect((await get(t.app, '/api/admin/audit', desk.cookie)).statusCode).toBe(200);
  });

  it('nobody edits the custom role they hold', async () => {
    const sa = await account('super_admin');
    await send('PATCH', roleUrl('custom:front-desk'), sa.cookie, { permissions: ['users:read', 'roles:manage'] });
    const res = await send('PATCH', roleUrl('custom:front-desk'), desk.cookie, { permissions: ['users:read', 'roles:manage', 'plans:edit'] });
    expect(res.statusCode).toBe(403);
    expect(json(res).error.message).toContain('role you hold');
  });

  it('a role that does not exist cannot be given; a malformed one is a 400', async () => {
    const ghost = await post(t.app, `/api/admin/users/${target.id}/role`, { role: 'custom:ghost' }, { cookie: admin.cookie });
    expect(ghost.statusCode).toBe(400);
    const bad = await post(t.app, `/api/admin/users/${target.id}/role`, { role: 'custom:Bad Role' }, { cookie: admin.cookie });
    expect(bad.statusCode).toBe(400);
    // Only administrators give staff roles, custom ones included.
    const manager = await account('manager');
    const m = await post(t.app, `/api/admin/users/${target.id}/role`, { role: 'custom:front-desk' }, { cookie: manager.cookie });
    expect(m.statusCode).toBe(403);
  });

  it('the users list filters by a custom role', async () => {
    const body = json(await get(t.app, `/api/admin/users?role=${encodeURIComponent('custom:front-desk')}`, admin.cookie));
    expect(body.items.map((u: { id: string }) => u.id)).toEqual([desk.id]);
  });
});

describe('bulk suspend and restore', () => {
  it('acts on each account and reports the skipped ones (own account, staff, already suspended, unknown)', async () => {
    const manager = await account('manager');
    const a = await account('free', 'bulka');
    const b = await account('pro', 'bulkb');
    const staff = await account('support', 'bulkstaff');
    const missing = '00000000-0000-4000-8000-000000000000';
    const res = await post(
      t.app,
      '/api/admin/users/bulk',
      { action: 'suspend', ids: [a.id, b.id, staff.id, manager.id, missing, a.id] },
      { cookie: manager.cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({ action: 'suspend', done: 2, skipped: 3 });
    const by = new Map(body.results.map((r: { id: string }) => [r.id, r]));
    expect(by.get(a.id)).toMatchObject({ outcome: 'done', email: a.email });
    expect(by.get(staff.id)).toMatchObject({ outcome: 'skipped', email: staff.email });
    expect((by.get(manager.id) as { message: string }).message).toContain('your own account');
    expect(by.get(missing)).toMatchObject({ outcome: 'skipped', email: null });
    // Suspended accounts are signed out.
    expect((await me(t.app, a.cookie)).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, b.id))).toHaveLength(0);
    const entries = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, manager.id), like(auditLog.action, 'Suspended %')));
    expect(entries).toHaveLength(2);

    // Again: both are already suspended.
    const again = json(await post(t.app, '/api/admin/users/bulk', { action: 'suspend', ids: [a.id] }, { cookie: manager.cookie }));
    expect(again.results[0]).toMatchObject({ outcome: 'skipped', message: 'This account is already suspended.' });
    const restored = json(await post(t.app, '/api/admin/users/bulk', { action: 'restore', ids: [a.id, b.id] }, { cookie: manager.cookie }));
    expect(restored).toMatchObject({ done: 2, skipped: 0 });
  });

  it('refuses bad input and callers without users:suspend', async () => {
    const manager = await account('manager');
    for (const body of [{}, { action: 'delete', ids: [] }, { action: 'suspend', ids: [] }, { action: 'suspend', ids: ['x'] }]) {
      expect((await post(t.app, '/api/admin/users/bulk', body, { cookie: manager.cookie })).statusCode, JSON.stringify(body)).toBe(400);
    }
    const support = await account('support');
    expect((await post(t.app, '/api/admin/users/bulk', { action: 'suspend', ids: [manager.id] }, { cookie: support.cookie })).statusCode).toBe(403);
  });
});

describe('change plan free of charge', () => {
  it('puts a plan account on the plan now, without payment, audited as a payment event', async () => {
    const admin = await account('admin');
    const u = await account('free', 'compplan');
    const res = await post(t.app, `/api/admin/users/${u.id}/plan`, { plan: 'pro' }, { cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).subscription).toMatchObject({ plan: 'pro', status: 'active', provider: null });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row.role).toBe('pro');
    const [sub] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, u.id));
    expect(sub).toMatchObject({ plan: 'pro', price: 0, provider: null });
    expect(await t.ctx.db.select().from(payments).where(eq(payments.userId, u.id))).toHaveLength(0);
    const entry = await lastAudit(admin.id);
    expect(entry.category).toBe('payment');
    expect(entry.action).toContain(`Gave ${u.email}`);
    expect(entry.action).toContain('Pro plan free of charge (was free)');
    // The user sees it.
    expect(json(await me(t.app, u.cookie)).user.role).toBe('pro');
    // The account's page shows it.
    expect(json(await get(t.app, `/api/admin/users/${u.id}`, admin.cookie)).subscription).toMatchObject({ plan: 'pro' });
    // Same plan again: nothing to do.
    expect((await post(t.app, `/api/admin/users/${u.id}/plan`, { plan: 'pro' }, { cookie: admin.cookie })).statusCode).toBe(409);
  });

  it('staff have no plan; managers may not give plans; bad plans are 400', async () => {
    const admin = await account('admin');
    const staff = await account('support');
    const res = await post(t.app, `/api/admin/users/${staff.id}/plan`, { plan: 'pro' }, { cookie: admin.cookie });
    expect(res.statusCode).toBe(409);
    expect(json(res).error.message).toContain('Staff accounts have no plan');
    const u = await account('free', 'compplan2');
    const manager = await account('manager');
    expect((await post(t.app, `/api/admin/users/${u.id}/plan`, { plan: 'pro' }, { cookie: manager.cookie })).statusCode).toBe(403);
    expect((await post(t.app, `/api/admin/users/${u.id}/plan`, { plan: 'platinum' }, { cookie: admin.cookie })).statusCode).toBe(400);
  });
});

describe('delete a user', () => {
  it('needs the e-mail typed again, removes the account in one go and audits it', async () => {
    const admin = await account('admin');
    const u = await account('basic', 'doomed');
    const wrong = await send('DELETE', `/api/admin/users/${u.id}`, admin.cookie, { confirm: 'someone@else.com' });
    expect(wrong.statusCode).toBe(400);
    expect((await send('DELETE', `/api/admin/users/${u.id}`, admin.cookie, {})).statusCode).toBe(400);
    const res = await send('DELETE', `/api/admin/users/${u.id}`, admin.cookie, { confirm: u.email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.ctx.db.select().from(users).where(eq(users.id, u.id))).toHaveLength(0);
    expect((await me(t.app, u.cookie)).statusCode).toBe(401);
    const entry = await lastAudit(admin.id);
    expect(entry).toMatchObject({ category: 'user' });
    expect(entry.action).toBe(`Deleted a basic account (user ${u.id})`);
    expect((await get(t.app, `/api/admin/users/${u.id}`, admin.cookie)).statusCode).toBe(404);
  });

  it('follows the suspension rules: not oneself, staff only by an administrator, not without users:suspend', async () => {
    const admin = await account('admin');
    const manager = await account('manager');
    const support = await account('support');
    const u = await account('free', 'keep');
    expect((await send('DELETE', `/api/admin/users/${admin.id}`, admin.cookie, { confirm: admin.email })).statusCode).toBe(403);
    expect((await send('DELETE', `/api/admin/users/${support.id}`, manager.cookie, { confirm: support.email })).statusCode).toBe(403);
    expect((await send('DELETE', `/api/admin/users/${u.id}`, support.cookie, { confirm: u.email })).statusCode).toBe(403);
    const sa = await account('super_admin');
    expect((await send('DELETE', `/api/admin/users/${sa.id}`, admin.cookie, { confirm: sa.email })).statusCode).toBe(403);
    expect(await t.ctx.db.select().from(users).where(eq(users.id, u.id))).toHaveLength(1);
  });
});

describe('a user page', () => {
  it('lists the active sessions', async () => {
    const admin = await account('admin');
    const u = await account('free', 'sessions');
    const body = json(await get(t.app, `/api/admin/users/${u.id}`, admin.cookie));
    expect(body.activeSessions).toBe(1);
    expect(body.sessions).toHaveLength(1);
    expect(body.sessions[0]).toMatchObject({ ip: expect.stringMatching(/^10\.77\./) });
  });
});
