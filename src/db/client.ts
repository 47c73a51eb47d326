import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Key of the session-level advisory lock the PostgreSQL migrations run under: an arbitrary constant, the same in
 * every instance, so instances started together on one database take turns and the later ones find nothing to do.
 */
export const MIGRATION_LOCK_KEY = 7_265_746_578_742_001n;

/** PostgreSQL pool defaults: an unreachable database fails a request within seconds instead of hanging it. */
const PG_CONNECT_TIMEOUT_MS = 5_000;
const PG_STATEMENT_TIMEOUT_MS = 30_000;
/** A transaction left open (a crashed handler, a lost client) would hold its row locks; the server ends it. */
const PG_IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

export interface OpenOptions {
  /** postgres:// URL; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; 'memory://' (or undefined with no URL) keeps it in memory. */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PostgreSQL statement_timeout of the pool's connections (default 30 s); 0 turns it off. */
  statementTimeoutMs?: number;
  /**
   * PGlite only: start from this data directory (a `dumpDataDir()` tarball) instead of an empty cluster. The tests
   * start from one migrated copy, since creating a cluster (initdb) is 2–3 s of each test app; pending migrations
   * still run after it.
   */
  template?: Blob;
}

/** Open the database and apply pending migrations: the same migrations run on both engines. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    await migratePostgres(opts.databaseUrl);
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      // TCP keepalive notices a database host that vanished without closing its connections.
      keepAlive: true,
      statement_timeout: opts.statementTimeoutMs ?? PG_STATEMENT_TIMEOUT_MS,
      idle_in_transaction_session_timeout: PG_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    });
    // An idle client whose backend goes away (a PostgreSQL restart or failover) emits 'error' on the pool;
    // unhandled, that would crash the server. The pool drops the client and the next query reconnects.
    pool.on('error', (err) => console.warn(`PostgreSQL idle connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (opts.dataDir && opts.dataDir !== 'memory://') {
    dataDir = resolve(opts.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  // PGlite is single-process (src/db/lock.ts keeps a second process out), so its migrations need no lock.
  // pg_trgm ships inside the PGlite package (loaded from disk, nothing fetched): the users search index needs it.
  // (The options-object form: PGlite ignores extensions given beside an undefined data directory.)
  const client = new PGlite({ dataDir, extensions: { pg_trgm }, loadDataDir: opts.template });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

/**
 * Apply pending migrations on PostgreSQL under an advisory lock held by one dedicated connection: without it, two
 * instances starting on an empty database both create the schema and the second dies. The lock is a session lock,
 * so it also goes away if this process dies while holding it.
 */
async function migratePostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    await client.end();
  }
}

let shipped: number | undefined;
/** How many migrations this build ships (src/db/migrations/meta/_journal.json), read once. */
function shippedMigrations(): number {
  if (shipped === undefined) {
    const journal = JSON.parse(readFileSync(resolve(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    shipped = journal.entries.length;
  }
  return shipped;
}

export interface Readiness {
  ready: boolean;
  /** Why not, for the health answer and the log; absent when ready. */
  reason?: 'database_unreachable' | 'database_timeout' | 'migrations_pending';
}

/**
 * Whether this instance can serve: the database answers within `timeoutMs`, and every migration this build ships is
 * applied (one query does both: it counts drizzle's own migrations table).
 */
export async function checkReadiness(database: Database, timeoutMs = 2_000): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((r) => {
    timer = setTimeout(() => r('timeout'), timeoutMs);
  });
  try {
    const query = Promise.resolve()
      .then(() => database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))
      .then((res) => Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0));
    const applied = await Promise.race([query, timeout]);
    if (applied === 'timeout') {
      query.catch(() => {}); // answered already; its late failure is of no interest
      return { ready: false, reason: 'database_timeout' };
    }
    return applied >= shippedMigrations() ? { ready: true } : { ready: false, reason: 'migrations_pending' };
  } catch (err) {
    // A database without the migrations table has not been migrated yet; anything else is an outage.
    return { ready: false, reason: sqlState(err) === '42P01' ? 'migrations_pending' : 'database_unreachable' };
  } finally {
    clearTimeout(timer);
  }
}

/** The SQLSTATE (or Node errno code) of a driver error, looked up through drizzle's wrapping `cause`. */
export function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

/** Socket-level failures reaching the database (node-postgres passes them through with Node's errno code). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of an unavailable database: class 08 (connection exception), class 53 (insufficient resources: too many
 * connections, out of memory, disk full), 57P01-57P03 (shutting down, crashed, starting up) and 57014 (a statement
 * cancelled by statement_timeout: the database is too busy to answer in time).
 */
function unavailableSqlState(code: string): boolean {
  return code.startsWith('08') || code.startsWith('53') || code === '57P01' || code === '57P02' || code === '57P03' || code === '57014';
}

/**
 * node-postgres and PGlite raise these without a code: the fixed messages of a connection that ended, a pool that
 * timed out or was closed, and a closed PGlite.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated\b/,
  /^timeout exceeded when trying to connect$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^PGlite is closed$/,
];

/**
 * Whether `err` says the database cannot be reached or cannot serve now (as opposed to a bad query): the server
 * answers such errors with 503 and Retry-After. Drizzle wraps driver errors, so the cause chain is walked.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e !== 'object') return false;
    if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || (/^[0-9A-Z]{5}$/.test(e.code) && unavailableSqlState(e.code)))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(e!.message as string))) return true;
  }
  return false;
}
