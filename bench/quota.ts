/**
 * npm run bench:quota — the metering figures, on PGlite and on PostgreSQL:
 *   1. allowance checks with charges per second (vt_charge: check + charge in one statement), 1 client
 *   2. the same with 50 concurrent clients charging one account (worst case: one counter row)
 *   3. overspend under 50 concurrent clients racing for an allowance plus pack credits  target 0
 * PostgreSQL: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres);
 * a scratch database is created there and dropped afterwards. Skipped when unreachable.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';
import { creditBalances, usageCounters, users } from '../src/db/schema';
import { grantCredits } from '../src/server/services/billing';
import { charge } from '../src/server/services/metering';
import { fmt } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CLIENTS = 50;
const rows: [string, string, string][] = [];

async function newUser(database: Database): Promise<string> {
  const id = randomBytes(6).toString('hex');
  const [u] = await database.db
    .insert(users)
    .values({ username: `bench_${id}`, email: `bench_${id}@example.test` })
    .returning({ id: users.id });
  return u.id;
}

/** Charges per second from `clients` concurrent loops for SECONDS, all on one account. */
async function throughput(database: Database, clients: number): Promise<number> {
  const userId = await newUser(database);
  const end = performance.now() + SECONDS * 1000;
  let done = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const r = await charge(database.db, { userId, periodKey: 'bench', characters: 100, limit: Number.MAX_SAFE_INTEGER, day: null, dailyDetections: null });
        if (!r.ok) throw new Error('unexpected refusal');
        done++;
      }
    }),
  );
  return done / ((performance.now() - t0) / 1000);
}

/** 50 clients charge 37 characters each until refused; what they got may not exceed allowance + credits. */
async function overspend(database: Database): Promise<{ overspend: number; granted: number; offered: number; consistent: boolean }> {
  const userId = await newUser(database);
  const LIMIT = 20_000;
  const CREDITS = 7_500;
  await grantCredits(database.db, userId, { text: CREDITS }, `bench:${userId}`, 'staff');
  let granted = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (;;) {
        const r = await charge(database.db, { userId, periodKey: 'race', characters: 37, limit: LIMIT, day: null, dailyDetections: null });
        if (!r.ok) return;
        granted += r.fromAllowance + r.fromCredits;
      }
    }),
  );
  const [counter] = await database.db
    .select()
    .from(usageCounters)
    .where(and(eq(usageCounters.userId, userId), eq(usageCounters.kind, 'characters'), eq(usageCounters.periodKey, 'race')));
  const [credit] = await database.db
    .select()
    .from(creditBalances)
    .where(and(eq(creditBalances.userId, userId), eq(creditBalances.kind, 'text')));
  const used = Number(counter.used);
  const left = Number(credit.balance);
  // The books agree with what the clients were told: counter + credits spent = characters granted.
  const consistent = used <= LIMIT && left >= 0 && used + (CREDITS - left) === granted;
  return { overspend: Math.max(0, granted - (LIMIT + CREDITS)), granted, offered: LIMIT + CREDITS, consistent };
}

async function run(name: string, database: Database) {
  console.error(`${name}…`);
  await throughput(database, 1).catch(() => 0); // warm-up (plans, JIT)
  const one = await throughput(database, 1);
  rows.push([`${name}: allowance checks with charges, 1 client`, `${fmt(one)} /s`, 'printed']);
  const many = await throughput(database, CLIENTS);
  rows.push([`${name}: the same, ${CLIENTS} concurrent clients on one account`, `${fmt(many)} /s`, 'printed']);
  let worst = 0;
  let detail = '';
  for (let i = 0; i < 3; i++) {
    const o = await overspend(database);
    if (!o.consistent) throw new Error(`${name}: counters disagree with the charges granted`);
    worst = Math.max(worst, o.overspend);
    detail = `${fmt(o.granted)} of ${fmt(o.offered)} characters granted`;
  }
  rows.push([`${name}: overspend under ${CLIENTS} concurrent clients (3 races; ${detail})`, String(worst), '0']);
}

// PGlite (in memory, as the tests run it; one query at a time by design).
{
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await run('PGlite', database);
  } finally {
    await database.close();
  }
}

// PostgreSQL.
{
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `vt_bench_quota_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  let created = false;
  try {
    await admin.connect();
    await admin.query(`create database "${name}"`);
    created = true;
  } catch (err) {
    rows.push(['PostgreSQL', `skipped (${(err as Error).message})`, '']);
  }
  if (created) {
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 20 });
    try {
      await run('PostgreSQL (pool of 20)', database);
    } catch (err) {
      console.error('PostgreSQL run failed:', err);
      process.exitCode = 1;
    } finally {
      await database.close();
      // Without FORCE: connections the pool is still closing would be killed mid-way and raise errors.
      for (let i = 0; i < 20; i++) {
        try {
          await admin.query(`drop database if exists "${name}"`);
          break;
        } catch {
          await new Promise((r) => setTimeout(r, 250));
        }
      }
    }
  }
  await admin.end().catch(() => undefined);
}

const w = Math.max(...rows.map((r) => r[0].length));
console.log(`\n${'Figure'.padEnd(w)} | Result | Target`);
for (const [a, b, c] of rows) console.log(`${a.padEnd(w)} | ${b} | ${c}`);
const failed = rows.some((r) => r[2] === '0' && r[1] !== '0');
process.exit(failed ? 1 : 0);
