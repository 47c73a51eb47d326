import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { usageEvents, usageRejections, users } from '../../src/db/schema';
import { buildApp } from '../../src/server/app';
import { createContext } from '../../src/server/boot';
import { AppError } from '../../src/server/errors';
import type { ServerContext } from '../../src/server/context';
import { extractText } from '../../src/server/services/extract-text';
import { toolRoute } from '../../src/server/tool-route';
import { createTestApp, createTestDatabase, json, me, register, testEnv, type TestApp, type TestDatabase } from '../helpers/app';
import { startLlm, type FakeLlm } from '../helpers/llm-server';
import { multipartBody } from '../helpers/provider-servers';

// A spy on the upload reader, so a test can tell whether an upload was extracted at all.
vi.mock('../../src/server/services/extract-text', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/server/services/extract-text')>();
  return { ...actual, extractText: vi.fn(actual.extractText) };
});

const FILE_TEXT =
  'The committee met on Tuesday to discuss the budget. Several members raised concerns about the cost of the new bridge, ' +
  'which had doubled since the first estimate. Others argued that delays were unavoidable given the weather this year.';

/**
 * A multipart upload as a body stream that records whether anything read it: the request is refused before the
 * file is read only if `pulled` stays false.
 */
function uploadStream(text = FILE_TEXT) {
  const mp = multipartBody({ name: 'essay.txt', content: text, type: 'text/plain' });
  const state = { pulled: false };
  const payload = new Readable({
    read() {
      state.pulled = true;
      this.push(mp.payload);
      this.push(null);
    },
  });
  return { payload, headers: mp.headers, state };
}

describe('every tool answer names the text of an uploaded file `text`', () => {
  let llm: FakeLlm;
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    // A language model, so the text expander answers too.
    llm = await startLlm({ status: 200, content: 'A model-written version of the text.' });
    t = await createTestApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: '5000' });
    cookie = await register(t.app);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  /**
   * Every POST under /api/tools, with how it takes an uploaded file. A new tool route fails the first assertion until
   * it is listed here: either with the upload it accepts, or with the reason it takes no file.
   */
  const CODE = 'def area(w, h):\n    if w < 0 or h < 0:\n        raise ValueError("negative")\n    return w * h\n';
  const ROUTES: Record<string, { file?: { name: string; content: string }; fields?: Record<string, string>; pro?: boolean } | { noUpload: string }> = {
    '/api/tools/ai-humanizer': {},
    '/api/tools/ai-rewriter': {},
    '/api/tools/ai-summarizer': {},
    '/api/tools/content-detector': {},
    '/api/tools/grammar-fixer': {},
    '/api/tools/plagiarism-checker': {},
    '/api/tools/sentence-shortener': {},
    '/api/tools/text-expander': {},
    '/api/tools/keyword-extractor': {},
    '/api/tools/hashtag-generator': {},
    '/api/tools/seo-meta-description': { pro: true },
    '/api/tools/seo-score-analyzer': {},
    '/api/tools/seo-score-analyzer/suggestions': { noUpload: "it takes the report's weak checks and the page's words behind them from the page" },
    '/api/tools/text-to-speech': {},
    '/api/tools/image-caption-generator': { noUpload: 'its upload is an image (a media file), not a text file: tests/api/caption.test.ts' },
    '/api/tools/speech-to-text': { noUpload: 'its upload is audio (a media file), not a text file: tests/api/stt.test.ts' },
    '/api/tools/deepfake-detector': { noUpload: 'its upload is an image (a media file), not a text file: tests/api/deepfake.test.ts' },
    '/api/tools/content-generator': {},
    '/api/tools/code-explainer': { file: { name: 'area.txt', content: CODE }, fields: { language: 'python' } },
    '/api/tools/code-explainer/prose': { file: { name: 'area.txt', content: CODE }, fields: { language: 'python' } },
    '/api/tools/code-generator': {},
    '/api/tools/essay-writer/outline': { noUpload: 'its text is a topic of at most 300 characters, typed' },
    '/api/tools/essay-writer': { noUpload: 'its text is a topic of at most 300 characters, typed' },
    '/api/tools/resume-writer/rewrite-bullets': { noUpload: 'its text is at most 12 bullet lines from the form' },
    '/api/tools/resume-writer/export': { noUpload: 'it takes the structured resume of the form and answers a file' },
  };

  it('for each tool endpoint (JSON answers)', async () => {
    const tools = t.app.routeAccess.filter((r) => r.method === 'POST' && r.url.startsWith('/api/tools/')).map((r) => r.url);
    expect(tools.sort()).toEqual(Object.keys(ROUTES).sort());
    const pro = await register(t.app);
    await t.ctx.db
      .update(users)
      .set({ role: 'pro' })
      .where(eq(users.id, json(await me(t.app, pro)).user.id));
    for (const url of tools) {
      const how = ROUTES[url];
      if ('noUpload' in how) continue;
      const content = how.file?.content ?? FILE_TEXT;
      const who = how.pro ? pro : cookie;
      const mp = multipartBody(how.file ?? { name: 'essay.txt', content: FILE_TEXT, type: 'text/plain' }, how.fields);
      const res = await t.app.inject({ method: 'POST', url, payload: mp.payload, headers: { ...mp.headers, cookie: who } });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
      const body = json(res);
      expect(body.text, url).toBe(content);
      expect(body, url).not.toHaveProperty('input');
      // typed text is not echoed back
      const typed = json(await t.app.inject({ method: 'POST', url, payload: { text: content, ...how.fields }, headers: { cookie: who } }));
      expect(typed, url).not.toHaveProperty('text');
    }
  }, 180_000);

  it('in the final event of a streamed answer', async () => {
    const mp = multipartBody({ name: 'essay.txt', content: FILE_TEXT, type: 'text/plain' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tools/ai-rewriter',
      payload: mp.payload,
      headers: { ...mp.headers, cookie, accept: 'text/event-stream' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    const done = res.body.trim().split('\n\n').at(-1)!;
    expect(done).toMatch(/^event: done\n/);
    const data = JSON.parse(/data: (.*)/.exec(done)![1]);
    expect(data).toMatchObject({ text: FILE_TEXT, output: 'A model-written version of the text.' });
  });
});

describe('toolRoute', () => {
  let db: TestDatabase;
  let ctx: ServerContext;
  let app: FastifyInstance;
  const calls = { gated: 0 };

  beforeAll(async () => {
    db = await createTestDatabase();
    ctx = await createContext(testEnv(), db.database);
    app = await buildApp(ctx, { logger: false, serveClient: false });
    // A login-only tool whose plans are Pro and up (the Essay Writer in the catalogue); its service must not run
    // for a caller who may not use it.
    toolRoute({
      path: '/api/tools/test-gated',
      input: z.object({ text: z.string() }),
      tool: 'essay_writer',
      run: async ({ input }) => {
        calls.gated += 1;
        return { words: input.text.length };
      },
      engine: () => 'test',
      answer: (r) => ({ length: r.words }),
    }).register(app);
    // An open tool with a slow engine, to see what the usage event's latency covers.
    toolRoute({
      path: '/api/tools/test-slow',
      input: z.object({ text: z.string() }),
      tool: 'keyword_extractor',
      run: () => new Promise<string>((ok) => setTimeout(() => ok('done'), 150)),
      engine: (r) => r,
      answer: (r) => ({ output: r }),
    }).register(app);
    // A tool whose service streams two words, or fails before or after the first.
    toolRoute({
      path: '/api/tools/test-stream',
      input: z.object({ text: z.string(), fail: z.enum(['none', 'before', 'after']).default('none') }),
      tool: 'keyword_extractor',
      stream: () => true,
      run: async ({ input, onDelta }) => {
        if (input.fail === 'before') throw new AppError('upstream_failed', 'Failed before any word.');
        onDelta?.('one ');
        if (input.fail === 'after') throw new AppError('upstream_timeout', 'Too slow after one word.');
        onDelta?.('two');
        return { output: 'one two', streamed: onDelta !== null };
      },
      engine: () => 'test',
      answer: (r) => r,
    }).register(app);
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  async function userId(cookie: string): Promise<string> {
    return json(await me(app, cookie)).user.id;
  }

  it('refuses a visitor’s upload to a login-only tool before the file is read', async () => {
    vi.mocked(extractText).mockClear();
    const up = uploadStream();
    const res = await app.inject({ method: 'POST', url: '/api/tools/test-gated', payload: up.payload, headers: up.headers });
    expect(res.statusCode, res.body).toBe(401);
    expect(json(res).message).toMatch(/log in to use the Essay Writer/);
    expect(up.state.pulled).toBe(false);
    expect(extractText).not.toHaveBeenCalled();
    expect(calls.gated).toBe(0);
    // the refusal is counted (per day, tool, reason and visitor address), with no characters since nothing was read
    const rows = await ctx.db.select().from(usageRejections).where(eq(usageRejections.tool, 'essay_writer'));
    expect(rows.length).toBe(1);
    expect(rows[0]).toMatchObject({ userId: null, reason: 'unauthorized', count: 1, characters: 0 });
    expect(rows[0].subject).toMatch(/^ip:/);
  });

  it('refuses an upload from a plan without the tool before the file is read', async () => {
    const cookie = await register(app); // a free account
    vi.mocked(extractText).mockClear();
    const up = uploadStream();
    const res = await app.inject({ method: 'POST', url: '/api/tools/test-gated', payload: up.payload, headers: { ...up.headers, cookie } });
    expect(res.statusCode, res.body).toBe(403);
    expect(json(res).message).toMatch(/not included in the Free plan/);
    expect(up.state.pulled).toBe(false);
    expect(extractText).not.toHaveBeenCalled();
    expect(calls.gated).toBe(0);
  });

  it('reads the upload and runs the service for a caller who may use the tool', async () => {
    const cookie = await register(app);
    // staff use every tool
    await ctx.db
      .update(users)
      .set({ role: 'admin' })
      .where(eq(users.id, await userId(cookie)));
    vi.mocked(extractText).mockClear();
    const up = uploadStream();
    const res = await app.inject({ method: 'POST', url: '/api/tools/test-gated', payload: up.payload, headers: { ...up.headers, cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(up.state.pulled).toBe(true);
    expect(extractText).toHaveBeenCalledTimes(1);
    expect(calls.gated).toBe(1);
    expect(json(res)).toEqual({ length: FILE_TEXT.length, text: FILE_TEXT });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('records a latency that covers the engine’s work and no more than the round trip', async () => {
    const cookie = await register(app);
    const id = await userId(cookie);
    const t0 = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/tools/test-slow', payload: { text: 'Some words to work on.' }, headers: { cookie } });
    const wallMs = performance.now() - t0;
    expect(res.statusCode, res.body).toBe(200);
    const [event] = await ctx.db.select().from(usageEvents).where(eq(usageEvents.userId, id));
    expect(event).toMatchObject({ tool: 'keyword_extractor', status: 'ok', engine: 'done' });
    expect(event.latencyMs).toBeGreaterThanOrEqual(150);
    expect(event.latencyMs).toBeLessThanOrEqual(Math.ceil(wallMs));
  });

  describe('streaming', () => {
    const sse = (fail: string, accept = 'text/event-stream') =>
      app.inject({ method: 'POST', url: '/api/tools/test-stream', payload: { text: 'Some words.', fail }, headers: { accept } });
    const events = (body: string) =>
      body
        .trim()
        .split('\n\n')
        .map((block) => ({ event: /^event: (\w+)$/m.exec(block)![1], data: JSON.parse(/^data: (.*)$/m.exec(block)![1]) }));

    it('sends the deltas, then the answer, when the browser asks for server-sent events', async () => {
      const res = await sse('none');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      // the visitor cookie goes out with the stream, so a visitor's next request is counted against the same allowance
      expect(String(res.headers['set-cookie'])).toMatch(/^vt_anon=/);
      expect(events(res.body)).toEqual([
        { event: 'delta', data: { text: 'one ' } },
        { event: 'delta', data: { text: 'two' } },
        { event: 'done', data: { output: 'one two', streamed: true } },
      ]);
    });

    it('answers one JSON body otherwise', async () => {
      const res = await sse('none', 'application/json');
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(json(res)).toEqual({ output: 'one two', streamed: false });
    });

    it('a failure before any output is an ordinary JSON error', async () => {
      const res = await sse('before');
      expect(res.statusCode).toBe(502);
      expect(json(res).error).toEqual({ code: 'upstream_failed', message: 'Failed before any word.' });
    });

    it('a failure after output has gone out is an error event', async () => {
      const res = await sse('after');
      expect(res.statusCode).toBe(200);
      expect(events(res.body)).toEqual([
        { event: 'delta', data: { text: 'one ' } },
        {
          event: 'error',
          data: { error: { code: 'upstream_timeout', message: 'Too slow after one word.' }, message: 'Too slow after one word.' },
        },
      ]);
    });
  });
});
