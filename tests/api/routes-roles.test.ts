import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customRoles } from '../../src/db/schema';
import type { RouteEntry } from '../../src/server/access';
import { createUser } from '../../src/server/services/users';
import { can, customRolePermissions, type Permission, type RouteAccess } from '../../src/shared/permissions';
import { ROLES, isStaff, type CustomRole, type Role } from '../../src/shared/roles';
import { canUseTool, findToolBySlug } from '../../src/shared/catalogue';
import { cookieFrom, createTestApp, login, uniqueUser, type TestApp } from '../helpers/app';

/**
 * Every /api route × every identity (anonymous and each role), checked against the access the route
 * declares. The list comes from the app itself (`app.routeAccess`), so a new route cannot escape.
 */

/**
 * Custom staff roles, each with the permissions stored for it: their holders must reach exactly these routes (and
 * the base 'admin:access'), whatever the built-in table says about any role.
 */
const CUSTOM: Record<CustomRole, Permission[]> = {
  'custom:empty': [],
  'custom:desk': ['users:read', 'support:read', 'reports:read'],
  'custom:ops': ['users:suspend', 'plans:edit', 'usage:read', 'roles:manage', 'audit:read'],
};
const CUSTOM_ROLES = Object.keys(CUSTOM) as CustomRole[];

type Identity = Role | 'anonymous';
const IDENTITIES: Identity[] = ['anonymous', ...ROLES, ...CUSTOM_ROLES];

// Calls that may end the caller's session run after every other call, one at a time and in this
// order (logout last), so the shared cookies stay valid for everything else.
const ENDS_SESSION = ['DELETE /api/user/account', 'POST /api/auth/logout'];

// Browser pages under /api: their errors are HTML pages for a person, not JSON for a client.
const HTML_PAGES = new Set(['GET /api/billing/test-checkout/:id']);

// Routes whose declaration does not yet say what they do, with the access they really enforce.
// GET /api/auth/me answers 401 to a visitor by design (the client reads it as "anonymous"), so
// its access is 'user'; routes/auth.ts still declares 'public'. Remove the entry once it says 'user'.
const ACTUAL_ACCESS: Record<string, RouteAccess> = {};

let t: TestApp;
const cookies = new Map<Role, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const [id, permissions] of Object.entries(CUSTOM)) await t.ctx.db.insert(customRoles).values({ id, name: id, permissions });
  let n = 0;
  for (const role of [...ROLES, ...CUSTOM_ROLES]) {
    const u = uniqueUser(role.replace(/[_:]/g, ''));
    await createUser(t.ctx.db, { ...u, role });
    // One address per login: the login throttle must not turn a later login away.
    const res = await login(t.app, u.email, u.password, `10.9.0.${++n}`);
    expect(res.statusCode, res.body).toBe(200);
    cookies.set(role, cookieFrom(res));
  }
});
afterAll(async () => {
  await t?.close();
});

/** A path with every parameter filled: ids get a random UUID (valid, but naming nothing), others 'x'. */
function concrete(url: string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) => (name === 'id' ? randomUUID() : 'x'));
}

/** What the route's declared access predicts: 'refused' with its status, or 'granted'. */
function predicted(entry: RouteEntry, who: Identity): { refused: 401 | 403 } | 'granted' {
  const access = ACTUAL_ACCESS[`${entry.method} ${entry.url}`] ?? entry.access;
  if (access === 'public') {
    // Tool routes are public, but a login-only or plan-gated tool (the catalogue's requiresAuth and requiredRole)
    // refuses visitors (401) and the plans it does not list (403), before reading the body.
    const tool = /^\/api\/tools\/([^/]+)/.exec(entry.url)?.[1];
    const gated = tool ? findToolBySlug(tool) : undefined;
    if (gated && !canUseTool(gated, who === 'anonymous' ? null : (who as Role))) return { refused: who === 'anonymous' ? 401 : 403 };
    return 'granted';
  }
  if (who === 'anonymous') return { refused: 401 };
  // The public API (/api/v1) takes an API key only: a session cookie, whoever's, is 401 api_key_required.
  if (access === 'apikey') return { refused: 401 };
  if (access === 'user') return 'granted';
  if (access === 'account') return isStaff(who) ? { refused: 403 } : 'granted';
  if (who in CUSTOM) return customRolePermissions(CUSTOM[who as CustomRole]).includes(access) ? 'granted' : { refused: 403 };
  return can(who, access) ? 'granted' : { refused: 403 };
}

function call(entry: RouteEntry, who: Identity) {
  const cookie = who === 'anonymous' ? undefined : cookies.get(who);
  return t.app.inject({
    method: entry.method as 'GET',
    url: concrete(entry.url),
    headers: cookie ? { cookie } : {},
    ...(entry.method === 'GET' ? {} : { payload: {} }),
  });
}

/** Problems with one answer, as readable lines (empty when it is right). */
function check(entry: RouteEntry, who: Identity, res: LightMyRequestResponse): string[] {
  const where = `${entry.method} ${entry.url} as ${who} (access ${entry.access}): ${res.statusCode}`;
  const problems: string[] = [];
  if (HTML_PAGES.has(`${entry.method} ${entry.url}`)) {
    // A page: refused visitors are sent to log in, and an unknown checkout is an HTML 404 page.
    if (res.statusCode === 401 || res.statusCode === 403) problems.push(`${where}, expected the page or a redirect`);
    if (res.statusCode >= 400 && !String(res.headers['content-type']).includes('text/html')) problems.push(`${where}, error page is not HTML`);
    return problems;
  }
  const expected = predicted(entry, who);
  let body: { error?: { code?: unknown; message?: unknown } } | null = null;
  try {
    body = JSON.parse(res.body);
  } catch {
    body = null;
  }
  if (expected === 'granted') {
    if (res.statusCode === 401 || res.statusCode === 403) problems.push(`${where}, expected access`);
    // Only a dummy id may be unknown; "No route" would mean the path itself was not found.
    if (res.statusCode === 404 && (body?.error?.code !== 'not_found' || String(body.error.message).startsWith('No route')))
      problems.push(`${where}, a 404 that is not "not found" for the dummy id: ${res.body.slice(0, 200)}`);
  } else if (res.statusCode !== expected.refused) {
    problems.push(`${where}, expected ${expected.refused}`);
  }
  if (res.statusCode >= 400) {
    if (!String(res.headers['content-type']).includes('application/json')) problems.push(`${where}, error answer is not JSON`);
    else if (typeof body?.error?.code !== 'string' || typeof body.error.message !== 'string')
      problems.push(`${where}, not the one error shape: ${res.body.slice(0, 200)}`);
  }
  return problems;
}

/** Run `jobs` with at most `limit` in flight: enough to overlap the database, not to swamp two cores. */
async function pool<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < jobs.length) {
        const i = next++;
        out[i] = await jobs[i]();
      }
    }),
  );
  return out;
}

describe('every /api route answers every role as its declared access says', () => {
  it('lists the routes of the whole API', () => {
    const keys = t.app.routeAccess.map((r) => `${r.method} ${r.url}`);
    expect(keys.length).toBeGreaterThan(40);
    expect(keys).toEqual(
      expect.arrayContaining(['GET /api/admin/overview', 'POST /api/tools/content-detector', 'POST /api/admin/library', 'GET /api/user/usage']),
    );
    expect(new Set(keys).size).toBe(keys.length);
    // Every kind of access is exercised.
    const kinds = new Set(t.app.routeAccess.map((r) => r.access));
    for (const k of ['public', 'user', 'account', 'admin:access', 'plans:edit', 'library:write', 'blog:write']) expect(kinds, k).toContain(k);
    // An override of a declaration that now says the same is stale: remove it.
    for (const [k, access] of Object.entries(ACTUAL_ACCESS)) {
      const entry = t.app.routeAccess.find((r) => `${r.method} ${r.url}` === k);
      expect(entry, k).toBeDefined();
      expect(entry?.access, `${k} now declares '${access}': remove it from ACTUAL_ACCESS`).not.toBe(access);
    }
  });

  it('refuses exactly whom the table refuses, with the one error shape', async () => {
    // Every route is called: none is skipped.
    const routes = t.app.routeAccess;
    const key = (r: RouteEntry) => `${r.method} ${r.url}`;
    const first = routes.filter((r) => !ENDS_SESSION.includes(key(r)));
    const last = ENDS_SESSION.map((k) => routes.find((r) => key(r) === k)).filter((r) => r !== undefined);
    expect(last.length).toBe(ENDS_SESSION.length);

    const jobs = (list: RouteEntry[]) => list.flatMap((entry) => IDENTITIES.map((who) => async () => check(entry, who, await call(entry, who))));
    const problems = [...(await pool(jobs(first), 4)), ...(await pool(jobs(last), 1))].flat();
    expect(problems).toEqual([]);
  }, 120_000);
});
