/**
 * npm run bench:admin — the administrator area's figures (issue 15) on PostgreSQL:
 *   with 100,000 users and 1,000,000 usage events (a year of history), the users search (GET /api/admin/users?q=…,
 *   several terms and filters) and the dashboard (GET /api/admin/dashboard) answer with p95 ≤ 150 ms each.
 * Then the plan (EXPLAIN ANALYZE) of the slowest single SQL statement those endpoints run is printed.
 *
 * The database is a fresh one (veritext_bench_admin) on TEST_DATABASE_URL / DATABASE_URL / postgres://postgres@127.0.0.1:5432,
 * dropped at the end; rows are generated in SQL (generate_series). The server runs as a separate process, as in
 * production, and is called over HTTP one request at a time, so the figures are answer times, not throughput.
 *
 * BENCH_ROUNDS: timed requests per case (default 40). BENCH_KEEP=1 keeps the database for a look afterwards.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import type { ServerContext } from '../src/server/context';
import { adminDashboard } from '../src/server/services/admin';
import { searchUsers } from '../src/server/services/admin-users';
import { AdminUsersQuery } from '../src/shared/api/admin-users';
import { fmt, startProcess, waitFor200 } from './lib';

const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 40));
const USERS = 100_000;
const EVENTS = 1_000_000;
const TARGET_P95_MS = 150;
const PORT = Number(process.env.BENCH_PORT ?? 5321);
const DB_NAME = 'veritext_bench_admin';

const adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
})();

if (!existsSync('dist/client/index.html')) execSync('npx vite build', { stdio: 'inherit' });

const t0 = performance.now();
const since = () => `${fmt((performance.now() - t0) / 1000, 1)} s`;

// ---------- A fresh database, migrated ----------
{
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`drop database if exists ${DB_NAME} with (force)`);
  await c.query(`create database ${DB_NAME}`);
  await c.end();
}
const database = await openDatabase({ databaseUrl: dbUrl, poolSize: 4 });
const seed = new pg.Client({ connectionString: dbUrl });
await seed.connect();

// ---------- Seed: users, subscriptions, sessions, payments, usage events ----------
console.log(`Seeding ${fmt(USERS)} users and ${fmt(EVENTS)} usage events…`);
const NAMES = [
  'alice',
  'bob',
  'carol',
  'dave',
  'erin',
  'frank',
  'grace',
  'heidi',
  'ivan',
  'judy',
  'mallory',
  'niaj',
  'olivia',
  'peggy',
  'rupert',
  'sybil',
  'trent',
  'victor',
  'walter',
  'yolanda',
];
const DOMAINS = ['gmail.com', 'example.com', 'uni.edu', 'corp.io', 'mail.de'];
const TOOLS = [
  'ai_content_detector',
  'ai_humanizer',
  'grammar_fixer',
  'ai_rewriter',
  'ai_summarizer',
  'plagiarism_checker',
  'sentence_shortener',
  'word_counter',
];
const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;
await seed.query(`
  insert into users (username, email, role, email_verified, created_at, updated_at)
  select n || g, n || g || '@' || (${arr(DOMAINS)})[1 + g % ${DOMAINS.length}], r, g % 3 <> 0, c, c
  from (
    select g, (${arr(NAMES)})[1 + g % ${NAMES.length}] as n,
           case when g % 100 < 5 then 'pro' when g % 100 < 8 then 'basic' when g % 100 < 9 then 'agency' else 'free' end as r,
           now() - (random() * interval '730 days') as c
    from generate_series(1, ${USERS}) g
  ) s
  order by c`);
await seed.query(`
  insert into subscriptions (user_id, plan, status, monthly_characters, word_limit, price, current_period_start, current_period_end, provider, updated_at)
  select id, role, 'active', 50000, 2000, case role when 'pro' then 1999 when 'basic' then 499 when 'agency' then 4999 else 0 end,
         now() - interval '10 days', now() + interval '20 days', case when role = 'free' then null else 'test' end, created_at
  from users`);
// Sessions: 30,000 over the last 30 days, two thirds still valid.
await seed.query(`
  insert into sessions (token_hash, user_id, expires_at, created_at)
  select md5('s' || g), ids[1 + (g::bigint * 7919) % array_length(ids, 1)], now() + case when g % 3 = 0 then -interval '1 day' else interval '10 days' end,
         now() - random() * interval '30 days'
  from (select array_agg(id) as ids from users) u, generate_series(1, 30000) g`);
// Payments: 20,000 over a year, some refunded.
await seed.query(`
  insert into payments (user_id, email, kind, item, description, amount, currency, status, provider, provider_ref, created_at)
  select ids[1 + (g::bigint * 104729) % array_length(ids, 1)], 'payer' || g || '@example.com', case when g % 4 = 0 then 'pack' else 'subscription' end,
         'pro', 'Seeded payment', case when g % 4 = 0 then 999 else 1999 end, 'usd', case when g % 50 = 0 then 'refunded' else 'paid' end,
         'test', 'bench-' || g, now() - random() * interval '365 days'
  from (select array_agg(id) as ids from users) u, generate_series(1, 20000) g`);
await seed.query(`
  insert into refunds (payment_id, amount, currency, provider_ref, created_at)
  select id, amount, currency, 'bench-refund-' || id, created_at + interval '2 days' from payments where status = 'refunded'`);
// Usage events: a year of history, 80% from accounts, 3% errors; 30% written before the plan column (plan null).
// Inserted oldest first, as an append-only log is written, so the table's pages follow created_at as in production.
await seed.query(`
  insert into usage_events (user_id, anon_id, tool, characters, status, latency_ms, engine, plan, created_at)
  select case when g % 5 = 0 then null else ids[1 + (g::bigint * 7919) % array_length(ids, 1)] end,
         case when g % 5 = 0 then 'anon' || (g % 5000) end,
         (${arr(TOOLS)})[1 + g % ${TOOLS.length}], 200 + (g % 4000), case when g % 33 = 0 then 'error' else 'ok' end,
         20 + (g % 900), 'offline', case when g % 10 < 3 then null when g % 5 = 0 then 'anonymous' else 'free' end,
         now() - random() * interval '365 days' as created_at
  from (select array_agg(id) as ids from users) u, generate_series(1, ${EVENTS}) g
  order by created_at`);
await seed.query('vacuum analyze');
console.log(`Seeded in ${since()}.`);

// ---------- The server, and a staff session ----------
const env = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PORT: String(PORT),
  APP_ORIGIN: `http://127.0.0.1:${PORT}`,
  SIGNUPS_PER_ADDRESS_PER_HOUR: '0',
  DATABASE_URL: dbUrl,
};
const server = startProcess(['--import', 'tsx', 'src/server/index.ts'], env);
const base = `http://127.0.0.1:${PORT}`;
const results: { label: string; first: number; p50: number; p95: number; max: number }[] = [];
try {
  await waitFor200(`${base}/api/health`);
  const who = { username: `benchadmin${Date.now()}`, email: `benchadmin${Date.now()}@example.test`, password: 'bench-password-1' };
  const reg = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(who),
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const cookie = reg.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await seed.query(`update users set role = 'admin' where email = $1`, [who.email]);

  async function time(label: string, path: string): Promise<void> {
    const call = async () => {
      const s = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      return performance.now() - s;
    };
    // The first request is reported apart: it is the one no cache of the database's pages has seen yet.
    const first = await call();
    for (let i = 0; i < 2; i++) await call();
    const ms: number[] = [];
    for (let i = 0; i < ROUNDS; i++) ms.push(await call());
    ms.sort((a, b) => a - b);
    const q = (p: number) => ms[Math.min(ms.length - 1, Math.ceil(p * ms.length) - 1)];
    results.push({ label, first, p50: q(0.5), p95: q(0.95), max: ms[ms.length - 1] });
    console.log(`  ${label}: p50 ${fmt(q(0.5), 1)} ms, p95 ${fmt(q(0.95), 1)} ms`);
  }

  console.log(`Timing ${ROUNDS} requests per case (after 3 warm-up requests)…`);
  const SEARCHES: [string, string][] = [
    ['users, first page (no filter)', '/api/admin/users'],
    ['users search "alice4242" (one account)', '/api/admin/users?q=alice4242'],
    ['users search "grace" (5,000 accounts)', '/api/admin/users?q=grace'],
    ['users search "uni.edu" (20,000 accounts)', '/api/admin/users?q=uni.edu'],
    ['users search "example" (e-mail domain, 20,000)', '/api/admin/users?q=example'],
    ['users search "zq" (2 characters: no trigram, none)', '/api/admin/users?q=zq'],
    ['users search "al" (2 characters: no trigram, 5,000)', '/api/admin/users?q=al'],
    ['users search "com" (80,000 accounts)', '/api/admin/users?q=com'],
    ['users search "77" + role pro', '/api/admin/users?q=77&role=pro'],
    ['users, status suspended', '/api/admin/users?status=suspended'],
    ['users search "bob", page 40', '/api/admin/users?q=bob&offset=1000&limit=25'],
  ];
  for (const [label, path] of SEARCHES) await time(label, path);
  await time('dashboard (admin: with revenue)', '/api/admin/dashboard');
  await time('overview (role counts, sessions)', '/api/admin/overview');
} finally {
  await server.stop();
}

// ---------- The plan of the slowest statement ----------
// The same endpoints' services, run in this process with every statement timed, name the slowest one.
const timed: { text: string; values: unknown[]; ms: number }[] = [];
const poolQuery = pg.Pool.prototype.query;
pg.Pool.prototype.query = function patched(this: pg.Pool, ...args: unknown[]) {
  const cfg = args[0] as string | { text: string; values?: unknown[] };
  const text = typeof cfg === 'string' ? cfg : cfg.text;
  const values = (typeof cfg === 'string' ? undefined : cfg.values) ?? (args[1] as unknown[] | undefined) ?? [];
  const s = performance.now();
  const out = (poolQuery as (...a: unknown[]) => Promise<unknown>).apply(this, args);
  void out.then(
    () => timed.push({ text, values, ms: performance.now() - s }),
    () => {},
  );
  return out;
} as typeof pg.Pool.prototype.query;
const ctx = { db: database.db, now: () => new Date() } as unknown as ServerContext;
for (const q of ['alice4242', 'grace', 'uni.edu', 'example', 'zq', 'al', 'com', '']) {
  for (let i = 0; i < 3; i++) await searchUsers(ctx, AdminUsersQuery.parse({ q }));
}
for (let i = 0; i < 3; i++) await adminDashboard(ctx, { withRevenue: true });
pg.Pool.prototype.query = poolQuery;
const byText = new Map<string, { text: string; values: unknown[]; ms: number[] }>();
for (const s of timed) {
  const k = `${s.text}|${JSON.stringify(s.values)}`;
  const e = byText.get(k) ?? { text: s.text, values: s.values, ms: [] };
  e.ms.push(s.ms);
  byText.set(k, e);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const slowest = [...byText.values()].sort((a, b) => median(b.ms) - median(a.ms))[0];

console.log('\nVeritext admin figures (PostgreSQL, 100,000 users, 1,000,000 usage events, 2 cores; one request at a time)\n');
const w = Math.max(...results.map((r) => r.label.length));
console.log(`${'Case'.padEnd(w)}  ${'first'.padStart(9)}  ${'p50'.padStart(9)}  ${'p95'.padStart(9)}  ${'max'.padStart(9)}  Target p95 ≤ ${TARGET_P95_MS} ms`);
for (const r of results) {
  const ok = r.p95 <= TARGET_P95_MS ? 'ok' : 'OVER';
  console.log(
    `${r.label.padEnd(w)}  ${`${fmt(r.first, 1)} ms`.padStart(9)}  ${`${fmt(r.p50, 1)} ms`.padStart(9)}  ${`${fmt(r.p95, 1)} ms`.padStart(9)}  ${`${fmt(r.max, 1)} ms`.padStart(9)}  ${ok}`,
  );
}
if (slowest) {
  console.log(`\nSlowest statement (median ${fmt(median(slowest.ms), 1)} ms in-process), parameters ${JSON.stringify(slowest.values)}:\n${slowest.text}\n`);
  const plan = await seed.query(`explain (analyze, buffers) ${slowest.text}`, slowest.values as unknown[]);
  for (const row of plan.rows as Record<string, string>[]) console.log(row['QUERY PLAN']);
}

await seed.end();
await database.close();
if (!process.env.BENCH_KEEP) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`drop database if exists ${DB_NAME} with (force)`);
  await c.end();
}
console.log(`\nDone in ${since()}.`);
const over = results.filter((r) => r.p95 > TARGET_P95_MS);
if (over.length) {
  console.log(`Over target: ${over.map((r) => r.label).join('; ')}`);
  process.exitCode = 1;
}
