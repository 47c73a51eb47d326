import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { createContext } from '../../src/server/boot';
import type { ServerContext } from '../../src/server/context';
import { parseEnv } from '../../src/server/env';
import { openDatabase, type Database } from '../../src/db/client';
import { loadTemplate } from './pglite-template';
import { multipartBody } from './provider-servers';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { createUser } from '../../src/server/services/users';
import type { Role } from '../../src/shared/roles';

export const ORIGIN = 'http://localhost:3000';

export interface TestApp {
  app: FastifyInstance;
  ctx: ServerContext;
  database: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface TestDatabase {
  database: Database;
  kind: 'pglite' | 'postgres';
  /** Connection string of the PostgreSQL test database (undefined for PGlite). */
  url?: string;
  close(): Promise<void>;
}

/** The admin connection string with its database replaced by `name`. */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A fresh, empty, migrated database: in-memory PGlite by default, or a uniquely named
 * PostgreSQL database on the TEST_DATABASE_URL server (dropped again on close).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ dataDir: 'memory://', template: loadTemplate() });
    return { database, kind: 'pglite', close: () => database.close() };
  }
  const name = `vt_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const drop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      // pool.end() resolves before every backend has seen its client go: wait for them (up to 2 s), or the
      // forced drop terminates a closing client, whose FATAL then surfaces as an uncaught error in the test run.
      for (let i = 0; i < 40; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await c.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await c.end();
    }
  };
  const url = withDatabase(adminUrl, name);
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  } catch (err) {
    await drop();
    throw err;
  }
  return {
    database,
    kind: 'postgres',
    url,
    async close() {
      await database.close();
      await drop();
    },
  };
}

export function testEnv(overrides: Record<string, string> = {}) {
  // Test files register many accounts from one address; the sign-up limit has its own test.
  return parseEnv({ NODE_ENV: 'test', APP_ORIGIN: ORIGIN, SIGNUPS_PER_ADDRESS_PER_HOUR: '0', ...overrides });
}

/** An app on an existing database (e.g. a second instance sharing one database). Closing it leaves the database open. */
export async function createAppOn(database: Database, envOverrides: Record<string, string> = {}) {
  const ctx = await createContext(testEnv(envOverrides), database);
  const app = await buildApp(ctx, { logger: false, serveClient: false });
  await app.ready();
  return { app, ctx };
}

/** Build the app on a fresh database. */
export async function createTestApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  const tdb = await createTestDatabase();
  try {
    const { app, ctx } = await createAppOn(tdb.database, envOverrides);
    return {
      app,
      ctx,
      database: tdb.database,
      kind: tdb.kind,
      async close() {
        await app.close();
        await tdb.close();
      },
    };
  } catch (err) {
    await tdb.close();
    throw err;
  }
}

// `any` by default so a test can read a field of an answer without declaring its shape first.
export function json<T = any>(res: LightMyRequestResponse): T {
  return JSON.parse(res.body) as T;
}

/** All Set-Cookie headers of a response, as an array. */
export function setCookies(res: LightMyRequestResponse): string[] {
  const h = res.headers['set-cookie'];
  if (!h) return [];
  return Array.isArray(h) ? h : [String(h)];
}

/** The raw Set-Cookie header of the session cookie. */
export function sessionSetCookie(res: LightMyRequestResponse): string | undefined {
  return setCookies(res).find((c) => c.startsWith('vt_session='));
}

/** `vt_session=<token>` ready for a Cookie request header (throws if the response set none). */
export function cookieFrom(res: LightMyRequestResponse): string {
  const c = sessionSetCookie(res);
  if (!c) throw new Error(`response set no session cookie (status ${res.statusCode}: ${res.body})`);
  const pair = c.split(';')[0];
  if (pair === 'vt_session=') throw new Error('response cleared the session cookie');
  return pair;
}

/** The raw session token inside a `vt_session=<token>` cookie string. */
export function tokenOf(cookie: string): string {
  return decodeURIComponent(cookie.slice('vt_session='.length));
}

let counter = 0;
export function uniqueUser(prefix = 'user') {
  counter += 1;
  const id = `${prefix}${counter}_${randomBytes(3).toString('hex')}`;
  return { username: id, email: `${id}@example.com`, password: 'correct horse battery' };
}

export async function post(
  app: FastifyInstance,
  url: string,
  payload?: unknown,
  opts: { cookie?: string; headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as never,
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    remoteAddress: opts.remoteAddress,
  });
}

export async function get(app: FastifyInstance, url: string, cookie?: string) {
  return app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

/** Register an account through the API and return its session cookie (`vt_session=...`). */
export async function register(app: FastifyInstance, user: { username?: string; email?: string; password?: string } = {}): Promise<string> {
  const u = { ...uniqueUser(), ...user };
  const res = await post(app, '/api/auth/register', u);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res);
}

export async function login(app: FastifyInstance, email: string, password: string, remoteAddress?: string) {
  return post(app, '/api/auth/login', { email, password }, { remoteAddress });
}

export async function me(app: FastifyInstance, cookie?: string) {
  return get(app, '/api/auth/me', cookie);
}

let loginAddress = 0;
/** A login address of its own for each call, so the per-address login throttle stays out of a test's way. */
export function nextLoginAddress(): string {
  loginAddress++;
  return `10.77.${Math.floor(loginAddress / 250)}.${loginAddress % 250}`;
}

/** A fresh account with this role, created directly and logged in (from its own address unless `ip` is given). */
export async function signedInAccount(t: Pick<TestApp, 'app' | 'ctx'>, role: Role, opts: { prefix?: string; emailVerified?: boolean; ip?: string } = {}) {
  const u = uniqueUser(opts.prefix ?? role.replace(/[_:]/g, ''));
  const row = await createUser(t.ctx.db, { ...u, role, emailVerified: opts.emailVerified });
  const ip = opts.ip ?? nextLoginAddress();
  const res = await login(t.app, u.email, u.password, ip);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return { ...u, id: row.id, role, ip, cookie: cookieFrom(res) };
}

/** The signed-in account's id, as the server sees it. */
export async function userIdOf(t: Pick<TestApp, 'app'>, cookie: string): Promise<string> {
  return json(await me(t.app, cookie)).user.id;
}

/** A registered account (through the public sign-up) moved to this role directly in the database. */
export async function registeredAccount(t: Pick<TestApp, 'app' | 'ctx'>, role: Role): Promise<{ cookie: string; id: string }> {
  const cookie = await register(t.app);
  const id = await userIdOf(t, cookie);
  await t.ctx.db.update(users).set({ role }).where(eq(users.id, id));
  return { cookie, id };
}

/** POST one file (and form fields) as multipart/form-data, as the upload tools' pages do. */
export function uploadFile(
  t: Pick<TestApp, 'app'>,
  url: string,
  file: { name: string; content: Buffer; type: string },
  opts: { cookie?: string; fields?: Record<string, string>; remoteAddress?: string } = {},
) {
  const mp = multipartBody(file, opts.fields);
  return t.app.inject({
    method: 'POST',
    url,
    payload: mp.payload,
    headers: { ...mp.headers, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
    remoteAddress: opts.remoteAddress,
  });
}
