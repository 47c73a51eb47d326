import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/server/services/users';
import { PLAN_ROLES, STAFF_ROLES, type Role } from '../../src/shared/roles';
import { cookieFrom, createTestApp, get, json, login, uniqueUser, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function cookieForRole(role: Role): Promise<string> {
  const u = uniqueUser(role.replace('_', ''));
  const row = await createUser(t.ctx.db, { ...u, role });
  expect(row.role).toBe(role);
  expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  const res = await login(t.app, u.email, u.password);
  expect(res.statusCode).toBe(200);
  expect(json(res).user.role).toBe(role);
  return cookieFrom(res);
}

describe('GET /api/admin/overview', () => {
  it('is 401 for anonymous visitors', async () => {
    const res = await get(t.app, '/api/admin/overview');
    expect(res.statusCode).toBe(401);
    expect(json(res).error.code).toBe('unauthorized');
  });

  it('is 401 with an invalid session cookie', async () => {
    expect((await get(t.app, '/api/admin/overview', 'vt_session=forged-token')).statusCode).toBe(401);
  });

  for (const role of PLAN_ROLES) {
    it(`is 403 for a ${role} user`, async () => {
      const res = await get(t.app, '/api/admin/overview', await cookieForRole(role));
      expect(res.statusCode).toBe(403);
      expect(json(res).error.code).toBe('forbidden');
    });
  }

  for (const role of STAFF_ROLES) {
    it(`is 200 for ${role}`, async () => {
      const res = await get(t.app, '/api/admin/overview', await cookieForRole(role));
      expect(res.statusCode).toBe(200);
      const body = json(res);
      expect(Array.isArray(body.usersByRole)).toBe(true);
      expect(body.usersByRole.find((r: { role: string }) => r.role === role)?.users).toBeGreaterThanOrEqual(1);
      expect(Number(body.activeSessions)).toBeGreaterThanOrEqual(1);
    });
  }

  it('guards every /api/admin path, including unknown ones: 401, 403, and a 404 only for staff', async () => {
    // No route answers these paths; the staff prefix is still guarded, so probing reveals nothing.
    for (const [method, url] of [
      ['GET', '/api/admin/no-such-page'],
      ['POST', '/api/admin/no-such-thing'],
      ['DELETE', '/api/admin/overview'],
    ] as const) {
      const anon = await t.app.inject({ method, url });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      expect(anon.headers['content-type']).toMatch(/application\/json/);
      expect(json(anon).error.code).toBe('unauthorized');
      const plan = await t.app.inject({ method, url, headers: { cookie: await cookieForRole('pro') } });
      expect(plan.statusCode, `${method} ${url}`).toBe(403);
      expect(json(plan).error.code).toBe('forbidden');
      const staff = await t.app.inject({ method, url, headers: { cookie: await cookieForRole('support') } });
      expect(staff.statusCode, `${method} ${url}`).toBe(404);
      expect(json(staff).error.code).toBe('not_found');
    }
    // Outside the prefix, an unknown path is a plain 404 for anyone.
    expect((await get(t.app, '/api/administrator')).statusCode).toBe(404);
  });

  it('the role comes from the database, not the client: demoting a user revokes access on the next request', async () => {
    const u = uniqueUser('demoted');
    const row = await createUser(t.ctx.db, { ...u, role: 'admin' });
    const cookie = cookieFrom(await login(t.app, u.email, u.password));
    expect((await get(t.app, '/api/admin/overview', cookie)).statusCode).toBe(200);
    const { users } = await import('../../src/db/schema');
    const { eq } = await import('drizzle-orm');
    await t.ctx.db.update(users).set({ role: 'free' }).where(eq(users.id, row.id));
    expect((await get(t.app, '/api/admin/overview', cookie)).statusCode).toBe(403);
  });
});
