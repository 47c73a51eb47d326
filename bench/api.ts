/**
 * npm run bench:api — the platform figures of the foundation issue:
 *   1. server process start → first 200 on / (existing data directory)      target ≤ 2 s
 *   2. GET /api/auth/me with a valid session, 50 connections, PGlite           target ≥ 1,000 req/s
 *   3. the same on PostgreSQL (when reachable)                                  target ≥ 2,500 req/s
 *   4. the same as a ratio to a bare Fastify JSON route measured in this run
 * Servers run as separate processes, as in production; request logging is at 'warn'.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { fmt, load, startProcess, waitFor200 } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const tsx = ['--import', 'tsx'];
const server = [...tsx, 'src/server/index.ts'];

if (!existsSync('dist/client/index.html')) execSync('npx vite build', { stdio: 'inherit' });

async function sessionCookie(base: string): Promise<string> {
  const user = { username: `bench${Date.now()}`, email: `bench${Date.now()}@example.test`, password: 'bench-password' };
  const res = await fetch(`${base}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const rows: [string, string, string][] = [];
const env = { NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', APP_ORIGIN: 'http://127.0.0.1', SIGNUPS_PER_ADDRESS_PER_HOUR: '0' };

// 1. Cold start with an existing (already migrated) data directory.
const dataDir = mkdtempSync(join(tmpdir(), 'veritext-bench-'));
{
  const first = startProcess(server, { ...env, PORT: '3471', DATA_DIR: dataDir });
  await waitFor200('http://127.0.0.1:3471/');
  await first.stop();
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const p = startProcess(server, { ...env, PORT: '3471', DATA_DIR: dataDir });
    await waitFor200('http://127.0.0.1:3471/');
    times.push(performance.now() - t0);
    await p.stop();
  }
  times.sort((a, b) => a - b);
  rows.push(['Process start → first 200 on / (PGlite, existing data dir), median of 3', `${fmt(times[1])} ms`, '≤ 2,000 ms']);
}

// 4 (floor). Bare Fastify.
let bareRps = 0;
{
  const p = startProcess([...tsx, 'bench/bare-server.ts'], { PORT: '3472' });
  await waitFor200('http://127.0.0.1:3472/bare');
  await load('http://127.0.0.1:3472/bare', {}, 2); // warm-up
  const r = await load('http://127.0.0.1:3472/bare', {}, SECONDS);
  bareRps = r.rps;
  rows.push(['Bare Fastify JSON route, 50 connections', `${fmt(r.rps)} req/s (p99 ${r.p99} ms)`, 'reference']);
  await p.stop();
}

async function meFigure(label: string, target: string, extraEnv: Record<string, string>, port: number): Promise<void> {
  const p = startProcess(server, { ...env, PORT: String(port), ...extraEnv });
  const base = `http://127.0.0.1:${port}`;
  await waitFor200(`${base}/api/health`);
  const cookie = await sessionCookie(base);
  await load(`${base}/api/auth/me`, { cookie }, 2);
  const r = await load(`${base}/api/auth/me`, { cookie }, SECONDS);
  if (r.non2xx || r.errors) throw new Error(`${label}: ${r.non2xx} non-2xx and ${r.errors} errors`);
  rows.push([`GET /api/auth/me with a session, 50 connections, ${label}`, `${fmt(r.rps)} req/s (p99 ${r.p99} ms)`, target]);
  rows.push([`  ratio to bare Fastify (${label})`, `${fmt((r.rps / bareRps) * 100, 1)} %`, 'printed']);
  await p.stop();
}

await meFigure('PGlite', '≥ 1,000 req/s', { DATA_DIR: dataDir }, 3473);

const pgAdmin = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const pgClient = new pg.Client({ connectionString: pgAdmin });
let pgReady = false;
try {
  await pgClient.connect();
  await pgClient.query('drop database if exists veritext_bench with (force)');
  await pgClient.query('create database veritext_bench');
  pgReady = true;
} catch (err) {
  rows.push(['GET /api/auth/me, PostgreSQL', `skipped: ${(err as Error).message}`, '≥ 2,500 req/s']);
}
if (pgReady) {
  const url = new URL(pgAdmin);
  url.pathname = '/veritext_bench';
  await meFigure('PostgreSQL', '≥ 2,500 req/s', { DATABASE_URL: url.toString() }, 3474);
  await pgClient.query('drop database if exists veritext_bench with (force)');
}
await pgClient.end().catch(() => {});
rmSync(dataDir, { recursive: true, force: true });

const w = Math.max(...rows.map((r) => r[0].length));
console.log('\nVeritext API figures (2 cores; servers in separate processes; autocannon in this one)\n');
console.log(`${'Figure'.padEnd(w)}  ${'Result'.padEnd(34)}  Target`);
for (const [a, b, c] of rows) console.log(`${a.padEnd(w)}  ${b.padEnd(34)}  ${c}`);
