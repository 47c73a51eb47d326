/**
 * Batch checks on PostgreSQL with two worker processes (`npm run worker:batch`, src/server/worker.ts):
 *
 *   npm run bench:batch
 *
 * 500 documents (250 human, 250 machine-written: the xsum set of ../shared/datasets/detection/fast_detect_gpt, read
 * now, never copied into the repository) are queued as ten batches of 50 for the AI detector, in a fresh database on
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres). Two worker processes with a 3-second lease
 * take them; once half are done one worker is killed with SIGKILL in the middle of a document. The other finishes
 * everything, the killed worker's document once its lease has run out.
 *
 * Prints: documents per second (both workers, then the whole run with the kill and the lease wait), "done twice"
 * (items whose work was recorded more than once: must be 0), "lost" (documents never finished: must be 0), and the
 * metering: one charge per document, the killed worker's charge left pending (refunded by the crash sweep).
 *
 * BENCH_BATCH_DATA: another fast_detect_gpt raw_data.json file; BENCH_BATCH_DOCS (default 500); BENCH_BATCH_LEASE_MS
 * (default 3000).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { createUser } from '../src/server/services/users';
import { createBatch } from '../src/server/services/batches';
import { chargeableCharacters } from '../src/server/services/metering';
import { createContext } from '../src/server/boot';
import { parseEnv } from '../src/server/env';
import { countWords } from '../src/shared/limits';
import { BATCH_LIMITS } from '../src/shared/api/batches';
import { fmt } from './lib';

const DOCS = Number(process.env.BENCH_BATCH_DOCS ?? 500);
const LEASE_MS = Number(process.env.BENCH_BATCH_LEASE_MS ?? 3000);
const DATA =
  process.env.BENCH_BATCH_DATA ??
  fileURLToPath(new URL('../../shared/datasets/detection/fast_detect_gpt/exp_main/data/xsum_gpt2-xl.raw_data.json', import.meta.url));

if (!existsSync(DATA)) {
  console.error(`No data at ${DATA}: set BENCH_BATCH_DATA to a fast_detect_gpt raw_data.json file.`);
  process.exit(2);
}
const raw = JSON.parse(readFileSync(DATA, 'utf8')) as { original: string[]; sampled: string[] };
const half = Math.ceil(DOCS / 2);
const texts = [...raw.original.slice(0, half), ...raw.sampled.slice(0, DOCS - half)].map((t) => t.trim()).filter((t) => countWords(t) > 0);
if (texts.length < DOCS) {
  console.error(`${DATA} holds only ${texts.length} usable texts; ${DOCS} are needed.`);
  process.exit(2);
}

const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `vt_bench_batch_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

function startWorker(id: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts', '--id', id, '--lease-ms', String(LEASE_MS), '--idle-ms', '200'], {
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: dbUrl, LOG_LEVEL: 'warn', APP_ORIGIN: 'http://127.0.0.1:3000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database "${dbName}"`);
const workers: ChildProcess[] = [];
let exitCode = 0;

try {
  const database = await openDatabase({ databaseUrl: dbUrl, poolSize: 4 });
  const db = database.db;
  const count = async (q: ReturnType<typeof sql>) => Number(((await db.execute(q)) as unknown as { rows: { n: string | number }[] }).rows[0].n);

  // The documents' owner: Agency (no daily detection cap; 5 million characters cover the run), queued as the upload
  // would queue them, in batches of at most 50.
  const owner = await createUser(db, { username: 'batchbench', email: 'batchbench@example.test', role: 'agency' });
  const ctx = await createContext(parseEnv({ NODE_ENV: 'production', DATABASE_URL: dbUrl, APP_ORIGIN: 'http://127.0.0.1:3000' }), database);
  for (let i = 0; i < DOCS; i += BATCH_LIMITS.maxDocuments) {
    const docs = texts.slice(i, i + BATCH_LIMITS.maxDocuments).map((text, j) => ({
      filename: `${i + j < half ? 'human' : 'ai'}-${String(i + j + 1).padStart(3, '0')}.txt`,
      text,
      words: countWords(text),
      error: null,
    }));
    await createBatch(ctx, owner.id, { tool: 'content_detector', name: `bench ${i / BATCH_LIMITS.maxDocuments + 1}` }, docs);
  }
  const words = texts.reduce((n, t) => n + countWords(t), 0);
  console.log(
    `Batch checks: ${DOCS} documents (${fmt(words / DOCS)} words on average; ${half} human, ${DOCS - half} AI) in ${DOCS / BATCH_LIMITS.maxDocuments} batches, PostgreSQL, 2 worker processes, lease ${LEASE_MS} ms`,
  );

  const finished = () => count(sql`select count(*) as n from batch_items where status in ('done', 'failed')`);
  const a = startWorker('bench-a');
  const b = startWorker('bench-b');
  workers.push(a, b);

  // the clock starts at the first finished document (the workers' start, about a second of loading, is not the queue's)
  while ((await finished()) === 0) await sleep(20);
  const t0 = performance.now();
  const killAt = Math.floor(DOCS / 2);
  while ((await finished()) < killAt) await sleep(10);
  // kill A while it holds a document
  let held: { id: string; filename: string } | undefined;
  for (let i = 0; i < 500 && !held; i++) {
    const rows = (await db.execute(sql`select id, filename from batch_items where status = 'running' and locked_by = 'bench-a' limit 1`)) as unknown as {
      rows: { id: string; filename: string }[];
    };
    held = rows.rows[0];
    if (!held) await sleep(2);
  }
  a.kill('SIGKILL');
  const tKill = performance.now();
  const beforeKill = await finished();
  console.log(
    `  killed worker A (SIGKILL) after ${beforeKill} documents, ${held ? `while it held ${held.filename}` : 'between two documents (no document was held at that instant)'}`,
  );

  const deadline = performance.now() + 120_000 + LEASE_MS;
  while ((await finished()) < DOCS && performance.now() < deadline) await sleep(20);
  const tEnd = performance.now();

  const done = await count(sql`select count(*) as n from batch_items where status = 'done'`);
  const failed = await count(sql`select count(*) as n from batch_items where status = 'failed'`);
  const lost = DOCS - done - failed;
  const twice = await count(sql`select count(*) as n from batch_items where completions > 1`);
  const byB = await count(sql`select count(*) as n from batch_items where status = 'done' and locked_by = 'bench-b'`);
  const batchesDone = await count(sql`select count(*) as n from batches where status = 'done' and done + failed = total`);
  const events = await count(sql`select count(*) as n from usage_events where status = 'ok' and tool = 'ai_content_detector'`);
  const charged = await count(sql`select coalesce(sum(used), 0) as n from usage_counters where kind = 'characters'`);
  const pending = await count(sql`select count(*) as n from pending_charges`);
  const doneChars = (
    (await db.execute(sql`select text from batch_items where status = 'done'`)) as unknown as {
      rows: { text: string }[];
    }
  ).rows.reduce((n, r) => n + chargeableCharacters(r.text), 0);
  let heldLine = '';
  if (held) {
    const r = (await db.execute(sql`select status, locked_by, attempts, completions from batch_items where id = ${held.id}::uuid`)) as unknown as {
      rows: { status: string; locked_by: string; attempts: number; completions: number }[];
    };
    const x = r.rows[0];
    heldLine = `  the document A held (${held.filename}): ${x.status} by ${x.locked_by}, claimed ${x.attempts} times, completed ${x.completions} time`;
  }

  const both = beforeKill / ((tKill - t0) / 1000);
  const whole = (done + failed) / ((tEnd - t0) / 1000);
  console.log(`  documents per second, both workers: ${fmt(both, 1)}`);
  console.log(`  documents per second, whole run (one worker after the kill, lease wait included): ${fmt(whole, 1)} (${fmt((tEnd - t0) / 1000, 1)} s)`);
  console.log(
    `  done: ${done}, failed: ${failed}; worker B finished ${byB}, A ${done - byB}; batches done: ${batchesDone} of ${DOCS / BATCH_LIMITS.maxDocuments}`,
  );
  if (heldLine) console.log(heldLine);
  console.log(`done twice: ${twice}`);
  console.log(`lost: ${lost}`);
  const pendingNote = pending > 0 ? ` (the killed worker's, refunded by the crash sweep once it is older than the longest request)` : '';
  console.log(
    `  metering: ${events} usage events for ${done} documents; ${fmt(charged)} characters charged for ${fmt(doneChars)} in the checked documents${pending ? `, plus ${pending} charge still pending${pendingNote}` : ''}`,
  );
  if (twice !== 0 || lost !== 0 || failed !== 0 || events !== done) exitCode = 1;
  await database.close();
} finally {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGTERM');
  await Promise.all(workers.map((w) => (w.exitCode !== null || w.signalCode !== null ? null : new Promise((r) => w.once('exit', r)))));
  await admin.query(`drop database if exists "${dbName}" with (force)`);
  await admin.end();
}
process.exit(exitCode);
