/**
 * The engine pool runs the offline engines in worker threads (TypeScript through tsx, under vitest as under the
 * server's tsx), with a time budget, a heap limit and cancellation, so that no request can block the event loop.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { detect } from '../../src/engines/detector';
import { checkGrammar, configureGrammar } from '../../src/engines/grammar';
import { rewrite } from '../../src/engines/rewriter';
import { configureEnginePool, EnginePool } from '../../src/server/engine-pool';
import { AppError } from '../../src/server/errors';
import { fixGrammar } from '../../src/server/services/grammar';
import type { ToolCall } from '../../src/server/tool-route';
import { createTestApp, get, json, post } from '../helpers/app';

const PROSE =
  'Moreover, the platform leverages robust tools to facilitate seamless collaboration across teams. However, it is important to note that teams utilize it daily. ' +
  'In order to obtain the best results, individuals should purchase the premium plan. Furthermore, the system is fast and it is also cheap. ';

/** Longest gap between event-loop turns while `work` runs (a blocked loop shows as one long gap). */
async function loopLag<T>(work: Promise<T>): Promise<{ result: T | Error; lagMs: number }> {
  let last = performance.now();
  let lagMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    lagMs = Math.max(lagMs, now - last);
    last = now;
  }, 10);
  const result = await work.catch((e: Error) => e);
  clearInterval(timer);
  return { result, lagMs };
}

describe('engine pool', () => {
  const pool = new EnginePool({ size: 2, budgetMs: 1500, maxHeapMb: 96 });
  afterAll(() => pool.close());

  it('starts no thread before the first call, and answers as the engine does in-process', async () => {
    expect(pool.threads).toBe(0);
    // a cold thread loads the engines first: a generous budget for these calls on a busy machine
    const [d, r] = await Promise.all([
      pool.run('detect', { text: PROSE.repeat(4) }, { budgetMs: 30_000 }),
      pool.run('rewrite', { text: PROSE, tone: 'casual' }, { budgetMs: 30_000 }),
    ]);
    expect(d).toEqual(detect(PROSE.repeat(4)));
    expect(r.text).toBe(rewrite(PROSE, { tone: 'casual' }).text);
    expect(pool.threads).toBeGreaterThan(0);
    expect(pool.threads).toBeLessThanOrEqual(2);
  }, 60_000);

  it('keeps the event loop free while a thread is busy', async () => {
    const { result, lagMs } = await loopLag(pool.run('spin', { ms: 1000 }, { budgetMs: 10_000 }));
    expect(typeof result).toBe('number');
    expect(lagMs).toBeLessThan(200);
  }, 30_000);

  it('stops a call past its budget with 503, replaces the thread, and serves the next call', async () => {
    const t = performance.now();
    const err = await pool.run('spin', { ms: 60_000 }, { label: 'The rewriter' }).catch((e: unknown) => e);
    expect(performance.now() - t).toBeLessThan(5000);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('service_unavailable');
    expect((err as AppError).message).toMatch(/^The rewriter took longer than 1\.5 s on this text and was stopped/);
    expect(await pool.run('shorten', { text: 'In order to win, we must try.' }, { budgetMs: 30_000 })).toMatchObject({ text: 'To win, we must try.' });
  }, 30_000);

  it('fails a call that outgrows the heap limit with 422, alone', async () => {
    const other = pool.run('spin', { ms: 300 }, { budgetMs: 30_000 });
    const err = await pool.run('hog', {}, { budgetMs: 20_000, label: 'The summarizer' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('unprocessable');
    expect((err as AppError).message).toMatch(/^The summarizer needs more memory/);
    expect(typeof (await other)).toBe('number');
  }, 60_000);

  it("cancels a running call when the request's signal aborts", async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 200);
    const t = performance.now();
    const err = await pool.run('spin', { ms: 60_000 }, { signal: ac.signal, budgetMs: 60_000 }).catch((e: unknown) => e);
    expect(performance.now() - t).toBeLessThan(2000);
    expect((err as Error).name).toBe('AbortError');
    expect(await pool.run('spin', { ms: 1 }, { budgetMs: 30_000 })).toBeGreaterThanOrEqual(0);
  }, 30_000);

  it('runs queued calls in turn, no more at once than its size', async () => {
    const t = performance.now();
    const all = await Promise.all([1, 2, 3, 4].map(() => pool.run('spin', { ms: 400 }, { budgetMs: 30_000 })));
    expect(all).toHaveLength(4);
    // two threads: four calls of 400 ms take two rounds
    expect(performance.now() - t).toBeGreaterThanOrEqual(780);
  }, 30_000);

  it('works under tsx, as the server runs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vt-pool-'));
    const file = join(dir, 'run.mts');
    writeFileSync(
      file,
      [
        `import { EnginePool } from ${JSON.stringify(pathToFileURL(join(process.cwd(), 'src/server/engine-pool.ts')).href)};`,
        'const pool = new EnginePool({ size: 1 });',
        "const r = await pool.run('shorten', { text: 'In order to win, we must try.' });",
        'console.log(r.text);',
        'await pool.close();',
      ].join('\n'),
    );
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', file], { cwd: process.cwd() });
      expect(stdout.trim()).toBe('To win, we must try.');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('tool routes through the pool', () => {
  afterAll(() => configureEnginePool({ budgetMs: undefined }));

  it('answer 503 with a clear message when the engine runs past its budget, while /api/health keeps answering', async () => {
    const t = await createTestApp();
    try {
      // every call lands on a fresh (cold) thread, which takes far longer than 1 ms
      configureEnginePool({ budgetMs: 1 });
      const pending = post(t.app, '/api/tools/ai-rewriter', { text: PROSE, tone: 'casual' });
      const health = await get(t.app, '/api/health/live');
      expect(health.statusCode).toBe(200);
      const res = await pending;
      expect(res.statusCode).toBe(503);
      expect(json(res).error).toMatchObject({ code: 'service_unavailable', message: expect.stringMatching(/^The rewriter took longer than/) });

      configureEnginePool({ budgetMs: 30_000 });
      const ok = await post(t.app, '/api/tools/ai-rewriter', { text: PROSE, tone: 'casual' });
      expect(ok.statusCode).toBe(200);
      expect(json(ok).engine).toBe('offline');
    } finally {
      await t.close();
    }
  }, 90_000);
});

describe('grammar workers', () => {
  afterAll(() => configureGrammar({ budgetMs: 30_000 }));

  it('terminate a check past its budget (503 with a clear message), and the next check gets a fresh worker', async () => {
    configureGrammar({ budgetMs: 1 });
    const log = { warn: () => {}, error: () => {} };
    const call = { input: { text: 'Their going to the market tomorow.' }, log } as unknown as ToolCall<{ text: string }>;
    const err = await fixGrammar(call).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('service_unavailable');
    expect((err as AppError).message).toMatch(/^The grammar checker took longer than 0 s on this text and was stopped/);

    configureGrammar({ budgetMs: 60_000 });
    const r = await checkGrammar('Their going to the market tomorow.');
    expect(r.issues.length).toBeGreaterThan(0);
  }, 120_000);
});
