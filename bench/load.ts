/**
 * npm run bench:load — two production instances on one PostgreSQL database under 200 concurrent clients, with one
 * instance killed (SIGKILL) halfway through the metered phase. Prints:
 *   - requests per second and p99 latency per phase: GET /api/auth/me for logged-in users, then POST
 *     /api/tools/content-detector for one metered user (before and after the kill)
 *   - 5xx answers from the surviving instance                                           target 0
 *   - overspend: characters charged beyond the plan's allowance (from the usage counters)  target 0
 *   - charges without results after the crash sweep                                     target 0
 *
 * Requests go round-robin to the instances that are up; a client that loses its connection to the killed instance
 * stops sending there, as a load balancer's passive health check would. LOAD_SECONDS (default 60) is the whole
 * run, half per phase; LOAD_CLIENTS (default 200). The database is created on TEST_DATABASE_URL (else
 * postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { sessions } from '../src/db/schema';
import { updatePlan } from '../src/server/services/admin';
import * as metering from '../src/server/services/metering';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../src/server/services/sessions';
import { hashToken, newToken } from '../src/server/services/tokens';
import { createUser } from '../src/server/services/users';
import { fmt } from './lib';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200);
const ME_USERS = 50;
const PORTS = [3481, 3482];
// One paragraph of ordinary prose (about 100 words): every detector request charges exactly its length.
const TEXT =
  'The city council met on Tuesday evening to discuss the new budget for public libraries. Several residents spoke in favour of longer opening ' +
  'hours, while others asked for more money to repair the older buildings first. The mayor said that both goals mattered, but that the repairs ' +
  'could not wait another winter. After two hours of debate the council agreed to fund the repairs this year and to review the opening hours in ' +
  'the spring, once the library staff had counted how many people used each branch in the evenings. The vote was seven to two.';
const CHARS = metering.chargeableCharacters(TEXT);
/**
 * Metered users, each shared by CLIENTS / METERED_USERS concurrent clients (so their charges race). Tool requests are
 * also rate-limited per account (60 a minute): each allowance is set below what that lets through in the detector
 * phase, so the allowance, not the rate limit, is what runs out, and it runs out around the kill.
 */
const METERED_USERS = Number(process.env.LOAD_METERED_USERS ?? 50);
// About 1.5 times what two instances answered before the kill on this 2-core machine (some 120 detections a second),
// capped at 50 (under the rate limit's 60 a minute). LOAD_ALLOWANCE_REQUESTS overrides it.
const ALLOWANCE_REQUESTS = Number(process.env.LOAD_ALLOWANCE_REQUESTS ?? Math.min(50, Math.max(5, Math.round(SECONDS * 0.9))));
const ALLOWANCE = ALLOWANCE_REQUESTS * CHARS;

type PhaseName = 'me' | 'detector, 2 instances' | 'detector, 1 instance (after the kill)';
interface Tally {
  latencies: number[];
  statuses: Map<string, number>;
  errors: number;
  start: number;
  end: number;
}
const tallies = new Map<PhaseName, Tally>();
/** 5xx per instance, and requests lost with the killed one (in flight or sent before the clients noticed). */
const fiveXX = [0, 0];
let lostOnKilled = 0;
let okDetections = 0;

function tally(phase: PhaseName): Tally {
  let t = tallies.get(phase);
  if (!t) tallies.set(phase, (t = { latencies: [], statuses: new Map(), errors: 0, start: performance.now(), end: 0 }));
  return t;
}

const agents = PORTS.map(() => new http.Agent({ keepAlive: true, maxSockets: CLIENTS }));

/** One request: its status, with the error code for a refusal (e.g. "429 limit_reached"), so the figures say why. */
function request(instance: number, method: string, path: string, cookie: string, body?: string): Promise<{ status: number; label: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORTS[instance],
        method,
        path,
        agent: agents[instance],
        headers: { cookie, ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => status >= 400 && chunks.push(c));
        res.on('end', () => {
          let code = '';
          try {
            code = status >= 400 ? String(JSON.parse(Buffer.concat(chunks).toString()).error?.code ?? '') : '';
          } catch {
            /* not JSON */
          }
          resolve({ status, label: code ? `${status} ${code}` : String(status) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.end(body);
  });
}

function startInstance(port: number, databaseUrl: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_ORIGIN: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      // Both instances must sign and read the same cookies.
      COOKIE_SECRET: 'bench-load-cookie-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
      GRAMMAR_PRELOAD: 'false',
      STARTER_LIBRARY: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitForHealth(port: number, timeoutMs = 60_000): Promise<void> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`instance on port ${port} did not become healthy within ${timeoutMs} ms`);
}

function p99(xs: number[]): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))];
}

const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `vt_bench_load_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database "${dbName}"`);
const instances: ChildProcess[] = [];
let exitCode = 0;

try {
  // Migrate and create the accounts before any instance starts, with the services the server itself uses.
  const database = await openDatabase({ databaseUrl: dbUrl, poolSize: 4 });
  const mint = async (userId: string) => {
    const token = newToken();
    await database.db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
    return `${SESSION_COOKIE}=${token}`;
  };
  const staff = await createUser(database.db, { username: 'loadadmin', email: 'loadadmin@example.test', role: 'admin' });
  // The metered users are on Pro (no daily detection cap), whose character allowance is set to a known figure first:
  // the subscription copies the plan's terms on its first request.
  await updatePlan(database.db, 'pro', { monthlyCharacters: ALLOWANCE }, { id: staff.id, email: staff.email, ip: '127.0.0.1' });
  const metered: { id: string; cookie: string }[] = [];
  for (let i = 0; i < METERED_USERS; i++) {
    const u = await createUser(database.db, { username: `loadmetered${i}`, email: `loadmetered${i}@example.test`, role: 'pro' });
    metered.push({ id: u.id, cookie: await mint(u.id) });
  }
  const meCookies: string[] = [];
  for (let i = 0; i < ME_USERS; i++) {
    const u = await createUser(database.db, { username: `load${i}`, email: `load${i}@example.test` });
    meCookies.push(await mint(u.id));
  }

  for (const port of PORTS) instances.push(startInstance(port, dbUrl));
  await Promise.all(PORTS.map((p) => waitForHealth(p)));
  console.error(
    `2 instances up on ${dbName}; ${CLIENTS} clients for ${SECONDS} s; ${METERED_USERS} metered users with ${fmt(ALLOWANCE)} characters each (${ALLOWANCE_REQUESTS} requests)`,
  );

  const up = [true, true];
  let rr = 0;
  const nextInstance = () => {
    for (let i = 0; i < PORTS.length; i++) {
      const n = rr++ % PORTS.length;
      if (up[n]) return n;
    }
    return 0;
  };

  const half = (SECONDS * 1000) / 2;
  const t0 = performance.now();
  const meEnd = t0 + half;
  const killAt = meEnd + half / 2;
  const end = t0 + 2 * half;
  let killed = false;
  const killTimer = setTimeout(() => {
    killed = true;
    instances[1].kill('SIGKILL');
    console.error(`instance on port ${PORTS[1]} killed (SIGKILL)`);
  }, killAt - t0);

  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (;;) {
        const now = performance.now();
        if (now >= end) return;
        const detect = now >= meEnd;
        const phase: PhaseName = !detect ? 'me' : killed ? 'detector, 1 instance (after the kill)' : 'detector, 2 instances';
        const t = tally(phase);
        const instance = nextInstance();
        const started = performance.now();
        try {
          const { status, label } = detect
            ? await request(instance, 'POST', '/api/tools/content-detector', metered[c % METERED_USERS].cookie, JSON.stringify({ text: TEXT }))
            : await request(instance, 'GET', '/api/auth/me', meCookies[c % ME_USERS]);
          t.latencies.push(performance.now() - started);
          t.statuses.set(label, (t.statuses.get(label) ?? 0) + 1);
          if (status >= 500) fiveXX[instance]++;
          if (detect && status === 200) okDetections++;
        } catch {
          if (instance === 1 && killed) {
            up[1] = false;
            lostOnKilled++;
          } else t.errors++;
        }
        t.end = performance.now();
      }
    }),
  );
  clearTimeout(killTimer);

  // The charges in flight when the instance died are left without results until the crash sweep refunds them.
  // Per metered user: characters charged (the usage counter) and characters of requests that produced a result.
  const ids = metered.map((m) => m.id);
  const count = async () => {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    try {
      const { rows } = await c.query<{ charged: string; with_results: string }>(
        `select coalesce((select sum(used) from usage_counters where user_id = u and kind = 'characters'), 0) as charged,
                coalesce((select sum(characters) from usage_events where user_id = u and status = 'ok'), 0) as with_results
         from unnest($1::uuid[]) as u`,
        [ids],
      );
      const charged = rows.map((r) => Number(r.charged));
      return {
        charged: charged.reduce((a, b) => a + b, 0),
        withResults: rows.reduce((a, r) => a + Number(r.with_results), 0),
        overspend: charged.reduce((a, n) => a + Math.max(0, n - ALLOWANCE), 0),
      };
    } finally {
      await c.end();
    }
  };
  const before = await count();
  const sweep = (metering as Record<string, unknown>).sweepPendingCharges as
    ((db: typeof database.db, now: Date, maxAgeMs: number) => Promise<number>) | undefined;
  let swept: number | null = null;
  let after = before;
  if (sweep) {
    // No request is in flight any more (every client has its answer), so every marker left is a dead instance's.
    await new Promise((r) => setTimeout(r, 1000));
    swept = await sweep(database.db, new Date(), 0);
    after = await count();
  }
  await database.close();

  const rows: [string, string, string][] = [];
  for (const [name, t] of tallies) {
    const n = t.latencies.length;
    const secs = (t.end - t.start) / 1000;
    const statuses = [...t.statuses.entries()]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([s, k]) => `${s}×${fmt(k)}`)
      .join(' ');
    rows.push([`${name}: requests per second (p99)`, `${fmt(n / secs)} req/s (p99 ${fmt(p99(t.latencies))} ms)`, 'printed']);
    rows.push([`  answers (${name})`, `${statuses}${t.errors ? `, ${t.errors} connection errors` : ''}`, 'printed']);
  }
  rows.push(['Requests lost with the killed instance', fmt(lostOnKilled), 'printed']);
  rows.push(['5xx from the surviving instance', String(fiveXX[0]), '0']);
  // Refunds only lower the counters: the figure before the sweep is the most that was ever charged.
  const overspend = Math.max(before.overspend, after.overspend);
  rows.push([`Overspend: characters charged beyond the allowances (${METERED_USERS} × ${fmt(ALLOWANCE)})`, fmt(overspend), '0']);
  rows.push(['  characters charged in all (before the sweep)', fmt(before.charged), 'printed']);
  rows.push(['  characters answered with a result (200s seen by the clients)', fmt(okDetections * CHARS), 'printed']);
  const orphans = (x: { charged: number; withResults: number }) => Math.round((x.charged - x.withResults) / CHARS);
  rows.push(['Charges without results before the sweep', fmt(orphans(before)), 'printed']);
  rows.push(['Charges without results after the sweep', sweep ? `${fmt(orphans(after))} (the sweep refunded ${fmt(swept ?? 0)})` : 'n/a: no sweep yet', '0']);

  const w = Math.max(...rows.map((r) => r[0].length));
  console.log(`\n${'Figure'.padEnd(w)} | Result | Target`);
  for (const [a, b, c] of rows) console.log(`${a.padEnd(w)} | ${b} | ${c}`);
  if (fiveXX[0] > 0 || overspend > 0 || (sweep && orphans(after) !== 0)) exitCode = 1;
} catch (err) {
  console.error('bench:load failed:', err);
  exitCode = 1;
} finally {
  for (const child of instances) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await new Promise((r) => setTimeout(r, 500));
  for (const a of agents) a.destroy();
  await admin.query(`drop database if exists "${dbName}" with (force)`).catch((err) => console.error(`could not drop ${dbName}: ${err.message}`));
  await admin.end();
}
process.exit(exitCode);
