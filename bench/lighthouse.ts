/**
 * npm run bench:lighthouse — Lighthouse 12 (mobile profile, its default) on the real production server, for the
 * pages a first visitor lands on: /, /tools/ai-content-detector and /pricing.
 *
 * Build first: this script builds nothing and serves whatever dist/client holds (`npm run build`).
 *
 * It starts `src/server/index.ts` with NODE_ENV=production, STARTER_LIBRARY=small and a fresh temporary DATA_DIR on
 * a free port (or --port N), waits for /api/health, runs the Lighthouse CLI with the system Chromium
 * (/usr/bin/chromium, or CHROME_PATH) for the performance, accessibility, best-practices and SEO categories, and
 * prints one row per page: the four scores, LCP, TBT and CLS; then, per page, every accessibility, best-practices
 * and SEO audit scoring under 1 and the top performance opportunities. --runs N runs each page N times and reports
 * the run with the median performance score (Lighthouse's advice for noisy machines). --json FILE also writes the
 * rows as JSON. The server is stopped and its data directory removed at the end.
 *
 * Performance is simulated throttling (a mid-range phone on slow 4G) computed from this machine's trace, so a busy
 * machine lowers it: compare runs made on the same quiet machine.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProcess, waitFor200 } from './lib';

const PAGES = ['/', '/tools/ai-content-detector', '/pricing'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const RUNS = Math.max(1, Number(arg('runs') ?? 1));
const JSON_OUT = arg('json');
/** a directory to keep each run's full Lighthouse report in (open one in https://googlechrome.github.io/lighthouse/viewer/) */
const REPORTS = arg('reports');

interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
  details?: { type?: string; overallSavingsMs?: number; overallSavingsBytes?: number };
  metricSavings?: Record<string, number>;
}
interface Lhr {
  categories: Record<string, { score: number | null; auditRefs: { id: string; group?: string }[] }>;
  audits: Record<string, Audit>;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
}

interface Row {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failing: { category: string; id: string; title: string; detail: string }[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function runLighthouse(url: string, outFile: string): Promise<Lhr> {
  const bin = join('node_modules', '.bin', 'lighthouse');
  const args = [
    url,
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    '--output=json',
    `--output-path=${outFile}`,
    '--quiet',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code} for ${url}\n${stderr.slice(-2000)}`));
      resolve(JSON.parse(readFileSync(outFile, 'utf8')) as Lhr);
    });
  });
}

/**
 * One Lighthouse run, tried up to three times: Chromium sometimes fails to record the trace of a load ("NO_NAVSTART",
 * "NO_FCP" on a busy machine), which says nothing about the page.
 */
async function measured(url: string, outFile: string): Promise<Lhr> {
  let last: unknown;
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const lhr = await runLighthouse(url, outFile);
      if (!lhr.runtimeError) return lhr;
      last = new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    } catch (err) {
      last = err;
    }
    console.warn(`${url}: attempt ${attempt} failed (${String(last).split('\n')[0]}), trying again`);
  }
  throw last;
}

/** The audits a page loses points on: any a11y/best-practices/SEO audit under 1, and the biggest perf opportunities. */
function failingAudits(lhr: Lhr): Row['failing'] {
  const out: Row['failing'] = [];
  for (const cat of ['accessibility', 'best-practices', 'seo'] as const) {
    for (const ref of lhr.categories[cat]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (
        !a ||
        a.score === null ||
        a.score >= 1 ||
        a.scoreDisplayMode === 'informative' ||
        a.scoreDisplayMode === 'manual' ||
        a.scoreDisplayMode === 'notApplicable'
      )
        continue;
      out.push({ category: cat, id: a.id, title: a.title, detail: a.displayValue ?? '' });
    }
  }
  const perf = (lhr.categories.performance?.auditRefs ?? [])
    .filter((r) => r.group !== 'metrics')
    .map((r) => lhr.audits[r.id])
    .filter((a): a is Audit => !!a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => ({ a, savings: a.details?.overallSavingsMs ?? (a.metricSavings ? Object.values(a.metricSavings).reduce((s, v) => s + v, 0) : 0) }))
    .sort((x, y) => y.savings - x.savings)
    .slice(0, 6);
  for (const { a, savings } of perf) {
    const bytes = a.details?.overallSavingsBytes;
    const detail = [a.displayValue, savings ? `~${Math.round(savings)} ms` : '', bytes ? `${Math.round(bytes / 1024)} KiB` : ''].filter(Boolean).join(', ');
    out.push({ category: 'performance', id: a.id, title: a.title, detail });
  }
  return out;
}

function rowOf(page: string, lhr: Lhr): Row {
  const score = (c: string) => {
    const s = lhr.categories[c]?.score;
    return s === null || s === undefined ? null : Math.round(s * 100);
  };
  return {
    page,
    scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    failing: failingAudits(lhr),
  };
}

function pad(s: string, n: number, right = false): string {
  return right ? s.padStart(n) : s.padEnd(n);
}

function printTable(rows: Row[]): void {
  const w = Math.max(4, ...rows.map((r) => r.page.length));
  const header = `${pad('page', w)}  ${pad('perf', 4, true)}  ${pad('a11y', 4, true)}  ${pad('b-p', 4, true)}  ${pad('seo', 4, true)}  ${pad('LCP', 7, true)}  ${pad('TBT', 6, true)}  ${pad('CLS', 5, true)}`;
  console.log(`\n${header}\n${'-'.repeat(header.length)}`);
  const n = (v: number | null) => pad(v === null ? '-' : String(v), 4, true);
  for (const r of rows) {
    console.log(
      `${pad(r.page, w)}  ${n(r.scores.performance)}  ${n(r.scores.accessibility)}  ${n(r.scores['best-practices'])}  ${n(r.scores.seo)}  ` +
        `${pad(`${(r.lcpMs / 1000).toFixed(2)} s`, 7, true)}  ${pad(`${Math.round(r.tbtMs)} ms`, 6, true)}  ${pad(r.cls.toFixed(3), 5, true)}`,
    );
  }
  for (const r of rows) {
    console.log(`\n${r.page}: ${r.failing.length ? '' : 'no failing audits'}`);
    for (const f of r.failing) console.log(`  [${f.category}] ${f.id}: ${f.title}${f.detail ? ` (${f.detail})` : ''}`);
  }
}

async function main(): Promise<void> {
  if (REPORTS) mkdirSync(REPORTS, { recursive: true });
  const port = Number(arg('port') ?? (await freePort()));
  const dataDir = mkdtempSync(join(tmpdir(), 'vt-lighthouse-'));
  const origin = `http://127.0.0.1:${port}`;
  const server = startProcess(['--import', 'tsx', 'src/server/index.ts'], {
    NODE_ENV: 'production',
    // no plagiarism library: its first-boot import is a one-off background job that would share the cores with the
    // runs (the pages measured do not read it)
    STARTER_LIBRARY: 'false',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_ORIGIN: origin,
    LOG_LEVEL: 'warn',
    COOKIE_SECRET: 'bench-lighthouse-cookie-secret-0123456789abcdef',
  });
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    // a cold start (migrations) on a busy machine has taken minutes
    await waitFor200(`${origin}/api/health`, Number(process.env.LIGHTHOUSE_START_TIMEOUT_MS ?? 600_000));
    console.log(`server up on ${origin} (data in ${dataDir}); ${RUNS} run(s) per page`);
    // Each page once before measuring: its first request loads the server render and renders it (kept afterwards),
    // which every later visitor is spared; the figures are for those visitors.
    for (const page of PAGES) await fetch(origin + page, { headers: { 'accept-encoding': 'br' } }).then((r) => r.arrayBuffer());
    const rows: Row[] = [];
    for (const page of PAGES) {
      const runs: Row[] = [];
      for (let i = 0; i < RUNS; i++) {
        const file = join(REPORTS ?? dataDir, `lh${page.replace(/\W+/g, '-')}-${i + 1}.json`);
        const lhr = await measured(origin + page, file);
        for (const w of lhr.runWarnings ?? []) console.warn(`${page}: ${w}`);
        const row = rowOf(page, lhr);
        runs.push(row);
        console.log(`${page} run ${i + 1}/${RUNS}: performance ${row.scores.performance}`);
      }
      runs.sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
      rows.push(runs[Math.floor((runs.length - 1) / 2)]!);
    }
    printTable(rows);
    if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(rows, null, 2));
  } finally {
    await stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
