/**
 * Runs hostile requests against the fuzz target (fuzz-server.ts, a child process) over real HTTP, one at a time,
 * and judges each: no 5xx but 503, an answer within its time budget, GET /api/health answering within its own
 * budget all along (probed from this process while the hostile request runs), and the server still alive after.
 * A server that is stuck or dead is replaced by a fresh one, so one bad input cannot hide the rest.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ORIGIN } from './app';

export const REQUEST_BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 10_000);
export const HEALTH_BUDGET_MS = 1_000;
const HEALTH_INTERVAL_MS = 100;

export interface FuzzRequest {
  method: string;
  /** Path and query, e.g. /api/user/usage?days=abc */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface FuzzCase {
  /** 'POST /api/tools/ai-rewriter', as in app.routeAccess */
  route: string;
  /** 'apikey': the Agency account's API key (Authorization: Bearer), for the /api/v1 routes. */
  who: 'anonymous' | 'admin' | 'apikey';
  label: string;
  request: FuzzRequest;
}

export type Problem = '5xx' | 'over budget' | 'health slow' | 'crash' | 'connection error';

export interface CaseResult {
  fuzzCase: FuzzCase;
  status: number | null;
  ms: number;
  /** The slowest health check during the case (a check that got no answer counts as its budget). */
  healthMs: number;
  problems: Problem[];
  /** The start of the answer body, or the error. */
  detail: string;
}

const serverEntry = fileURLToPath(new URL('./fuzz-server.ts', import.meta.url));

export class FuzzTarget {
  private child: ChildProcess | null = null;
  private exited = false;
  private messageSeq = 0;
  base = '';
  adminCookie = '';
  apiKey = '';
  restarts = 0;

  async start(): Promise<void> {
    // PGlite in memory whatever the caller's environment: a killed server must leave no database behind. The heap
    // cap (2 GB, the memory target of one instance) goes through NODE_OPTIONS: in execArgv it would be inherited by
    // the server's worker threads, which refuse it.
    const child = fork(serverEntry, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, TEST_DATABASE_URL: '', DATABASE_URL: '', NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=2048`.trim() },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    this.exited = false;
    child.once('exit', () => {
      this.exited = true;
    });
    const ready = await new Promise<{ port: number; adminCookie: string; apiKey: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('fuzz server did not start within 60 s')), 60_000);
      child.on('message', (m: { type?: string; port?: number; adminCookie?: string; apiKey?: string }) => {
        if (m?.type === 'ready') {
          clearTimeout(timer);
          resolve(m as { port: number; adminCookie: string; apiKey: string });
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`fuzz server exited during start (${signal ?? code})`));
      });
    });
    this.base = `http://127.0.0.1:${ready.port}`;
    this.adminCookie = ready.adminCookie;
    this.apiKey = ready.apiKey;
  }

  get alive(): boolean {
    return this.child !== null && !this.exited;
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  async restart(): Promise<void> {
    this.restarts++;
    await this.stop();
    await this.start();
  }

  /** Ask the server process for something over IPC and wait for its answer (10 s at most). */
  private ask<T>(type: string): Promise<T> {
    const child = this.child;
    if (!child || !this.alive) return Promise.reject(new Error('fuzz server is not running'));
    const id = ++this.messageSeq;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no '${type}' answer from the fuzz server`)), 10_000);
      const onMessage = (m: { type?: string; id?: number }) => {
        if (m?.type !== type || m.id !== id) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(m as T);
      };
      child.on('message', onMessage);
      child.send({ type, id });
    });
  }

  /** A fresh admin session, minted by the server process (fuzzed logouts and profile edits may end the old one). */
  async renewAdminSession(): Promise<void> {
    this.adminCookie = (await this.ask<{ cookie: string }>('session')).cookie;
  }

  /** Clear the rate limits and allowances: every case starts from none used (see fuzz-server.ts). */
  async resetLimits(): Promise<void> {
    await this.ask('reset-limits');
  }

  /** One health check: its latency in ms, or null when it got no 200 within the budget. */
  async health(budgetMs = HEALTH_BUDGET_MS): Promise<number | null> {
    const t0 = performance.now();
    try {
      const res = await fetch(`${this.base}/api/health`, { signal: AbortSignal.timeout(budgetMs) });
      await res.arrayBuffer();
      return res.status === 200 ? performance.now() - t0 : null;
    } catch {
      return null;
    }
  }

  /** Send one hostile request with health checks running alongside; replace the server if it ended up stuck or dead. */
  async run(fuzzCase: FuzzCase): Promise<CaseResult> {
    const { request, who } = fuzzCase;
    await this.resetLimits();
    const headers: Record<string, string> = { origin: ORIGIN, ...request.headers };
    if (who === 'admin') headers.cookie = this.adminCookie;
    if (who === 'apikey') headers.authorization = `Bearer ${this.apiKey}`;

    let done = false;
    let finished: () => void = () => {};
    const finishedP = new Promise<void>((r) => (finished = r));
    let healthMs = 0;
    const probes = (async () => {
      while (!done) {
        const ms = await this.health();
        healthMs = Math.max(healthMs, ms ?? HEALTH_BUDGET_MS);
        // The pause between checks ends early when the request does, so a quick case costs no more than itself.
        if (!done) await Promise.race([finishedP, new Promise((r) => setTimeout(r, HEALTH_INTERVAL_MS))]);
      }
    })();

    const t0 = performance.now();
    let status: number | null = null;
    let detail = '';
    let error: string | null = null;
    try {
      const res = await fetch(`${this.base}${request.path}`, {
        method: request.method,
        headers,
        body: typeof request.body === 'string' || request.body === undefined ? request.body : new Uint8Array(request.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_BUDGET_MS),
      });
      status = res.status;
      detail = (await res.text()).slice(0, 200);
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      error = e.name === 'TimeoutError' ? 'timeout' : `${e.message}${e.cause ? `: ${e.cause.code ?? e.cause.message}` : ''}`;
      detail = error;
    }
    const ms = performance.now() - t0;
    done = true;
    finished();
    await probes;

    const problems: Problem[] = [];
    if (status !== null && status >= 500 && status !== 503) problems.push('5xx');
    if (ms > REQUEST_BUDGET_MS || error === 'timeout') problems.push('over budget');
    if (healthMs >= HEALTH_BUDGET_MS) problems.push('health slow');
    if (!this.alive) problems.push('crash');
    else if (error && error !== 'timeout') problems.push('connection error');

    // Still serving? A server grinding through an abandoned request, or gone, is replaced.
    if (problems.some((p) => p !== '5xx')) {
      const ok = this.alive && (await this.health(2_000)) !== null;
      if (!ok) await this.restart();
    }
    return { fuzzCase, status, ms, healthMs, problems, detail };
  }
}

/** The failures as a table by route, and one line per failure (route, identity, input, status, time). */
export function summarise(results: CaseResult[], restarts: number): string {
  const byRoute = new Map<string, { cases: number; counts: Record<Problem, number> }>();
  for (const r of results) {
    const row = byRoute.get(r.fuzzCase.route) ?? {
      cases: 0,
      counts: { '5xx': 0, 'over budget': 0, 'health slow': 0, crash: 0, 'connection error': 0 },
    };
    row.cases++;
    for (const p of r.problems) row.counts[p]++;
    byRoute.set(r.fuzzCase.route, row);
  }
  const failing = [...byRoute.entries()].filter(([, row]) => Object.values(row.counts).some((n) => n > 0));
  const failures = results.filter((r) => r.problems.length > 0);
  const lines = [`Fuzz: ${results.length} cases on ${byRoute.size} routes, ${failures.length} failed, ${restarts} server restarts.`];
  if (failing.length) {
    const kinds: Problem[] = ['5xx', 'over budget', 'health slow', 'crash', 'connection error'];
    const w = Math.max(5, ...failing.map(([k]) => k.length));
    lines.push('', `${'route'.padEnd(w)} | cases | ${kinds.join(' | ')}`);
    lines.push(`${'-'.repeat(w)}-|-------|${kinds.map((k) => '-'.repeat(k.length + 2)).join('|')}`);
    for (const [route, row] of failing)
      lines.push(`${route.padEnd(w)} | ${String(row.cases).padStart(5)} | ${kinds.map((k) => String(row.counts[k]).padStart(k.length)).join(' | ')}`);
    lines.push('', 'Failures:');
    for (const r of failures) lines.push(describe(r));
  }
  return lines.join('\n');
}

export function describe(r: CaseResult): string {
  const c = r.fuzzCase;
  return `${c.route} as ${c.who}: ${c.label} → ${r.status ?? '-'} in ${Math.round(r.ms)} ms (health ${Math.round(r.healthMs)} ms) [${r.problems.join(', ')}] ${r.detail.replace(/\s+/g, ' ').slice(0, 120)}`;
}
