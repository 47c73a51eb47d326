import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmUsage } from '../../src/db/schema';
import { checkGrammar, warmUp } from '../../src/engines/grammar';
import { detect, MODEL_VERSION } from '../../src/engines/detector';
import { guardHumanized, humanize, humanizeUnits, revertUnits } from '../../src/engines/humanizer';
import { humanizerGuard } from '../../src/server/services/writing';
import { LIMIT_MESSAGES } from '../../src/shared/limits';
import { createTestApp, json, post, register, setCookies, type TestApp } from '../helpers/app';
import { startLlm, type FakeLlm } from '../helpers/llm-server';

const AI_TEXT =
  "In today's fast-paced world, it is important to note that remote work plays a pivotal role in how 250 employees at Acme collaborate. " +
  'Moreover, organizations must leverage robust tools in order to foster seamless communication across teams in Berlin and Toronto. ' +
  'In conclusion, companies that utilize these strategies will navigate the complexities of hybrid work more effectively.';

describe('writing tools on the offline engines', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await register(t.app);
  });
  afterAll(() => t.close());

  it('humanizes offline, keeping numbers and names, labelled offline', async () => {
    const res = await post(t.app, '/api/tools/ai-humanizer', { text: AI_TEXT, style: 'casual' }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.engine).toBe('offline');
    expect(body.humanized_text).toBe(body.output);
    expect(body.output).not.toBe(AI_TEXT);
    for (const keep of ['250', 'Acme', 'Berlin', 'Toronto']) expect(body.output).toContain(keep);
    // the offline detector's reading of the input and of the output comes with it
    expect(body.detector).toEqual({ before: detect(AI_TEXT).score, after: detect(body.output).score, modelVersion: MODEL_VERSION });
  });

  it('gives no detector reading for a text too short for a verdict', async () => {
    const body = json(await post(t.app, '/api/tools/ai-humanizer', { text: 'Moreover, it is crucial to leverage robust tools.' }, { cookie }));
    expect(body.output).toBeTruthy();
    expect(body.detector).toBeNull();
  });

  it('checks the offline humanizer output with the grammar engine and says so', async () => {
    await warmUp();
    const res = await post(t.app, '/api/tools/ai-humanizer', { text: AI_TEXT, style: 'casual' }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.grammarChecked).toBe(true);
    // the answer is the guard's, with the grammar engine itself as the checker
    const guarded = await guardHumanized(AI_TEXT, humanize(AI_TEXT, { style: 'casual' }), checkGrammar);
    expect(body.revertedSentences).toBe(guarded.reverted.length);
    expect(body.output).toBe(guarded.result.text);
  }, 60_000);

  it('reverts exactly the sentences whose humanized wording gains a grammar issue, and counts them', async () => {
    const raw = humanize(AI_TEXT, { style: 'casual' });
    const units = humanizeUnits(AI_TEXT, raw);
    const changed = units.map((u, i) => (u.changes.length > 0 ? i : -1)).filter((i) => i >= 0);
    // two changed sentences at least, so reverting one of them is told apart from reverting all
    expect(changed.length).toBeGreaterThanOrEqual(2);
    const target = units[changed[0]];
    const saved = { ...humanizerGuard };
    try {
      // an issue in the output of the first changed sentence only; the input has none
      humanizerGuard.check = async (text) =>
        text === AI_TEXT
          ? { issues: [] }
          : { issues: [{ start: target.outStart, end: target.outStart + 1, rule: 'Test', message: 'introduced by the rewrite' }] };
      let body = json(await post(t.app, '/api/tools/ai-humanizer', { text: AI_TEXT, style: 'casual' }, { cookie }));
      expect(body).toMatchObject({ grammarChecked: true, revertedSentences: 1 });
      expect(body.output).toBe(revertUnits(AI_TEXT, raw, units, [changed[0]]).text);
      expect(body.output).toContain(AI_TEXT.slice(target.inStart, target.inEnd));

      // the same issue in the input and the output is not new: nothing is reverted
      const same = { start: 0, end: 1, rule: 'Test', message: 'already in the input' };
      humanizerGuard.check = async () => ({ issues: [same] });
      body = json(await post(t.app, '/api/tools/ai-humanizer', { text: AI_TEXT, style: 'casual' }, { cookie }));
      expect(body).toMatchObject({ grammarChecked: true, revertedSentences: 0 });
      expect(body.output).toBe(raw.text);
    } finally {
      Object.assign(humanizerGuard, saved);
    }
  });

  it('answers with the unchecked humanized text when the grammar check fails or is too slow', async () => {
    const saved = { ...humanizerGuard };
    try {
      humanizerGuard.check = () => Promise.reject(new Error('grammar engine down'));
      let body = json(await post(t.app, '/api/tools/ai-humanizer', { text: AI_TEXT, style: 'casual' }, { cookie }));
      expect(body.grammarChecked).toBe(false);
      expect(body.revertedSentences).toBeUndefined();
      expect(body.output).toBe(humanize(AI_TEXT, { style: 'casual' }).text);
      humanizerGuard.check = () => new Promise(() => {});
      humanizerGuard.boundMs = 50;
      const t0 = Date.now();
      body = json(await post(t.app, '/api/tools/ai-humanizer', { text: AI_TEXT, style: 'casual' }, { cookie }));
      expect(body.grammarChecked).toBe(false);
      expect(Date.now() - t0).toBeLessThan(2000);
    } finally {
      Object.assign(humanizerGuard, saved);
    }
  });

  it('shortens wordy phrases and reports the word counts', async () => {
    const res = await post(
      t.app,
      '/api/tools/sentence-shortener',
      { text: 'We met in order to plan the launch, due to the fact that it was late.' },
      { cookie },
    );
    const body = json(res);
    expect(res.statusCode).toBe(200);
    expect(body.output).toContain('to plan');
    expect(body.output).not.toContain('in order to');
    expect(body.wordsAfter).toBeLessThan(body.wordsBefore);
  });

  it('summarizes with sentences taken from the input', async () => {
    const res = await post(t.app, '/api/tools/ai-summarizer', { text: AI_TEXT, length: 'short', format: 'paragraph' }, { cookie });
    const body = json(res);
    expect(res.statusCode).toBe(200);
    expect(body.sentences.length).toBeGreaterThan(0);
    for (const s of body.sentences) expect(AI_TEXT.slice(s.start, s.end).length).toBe(s.end - s.start);
  });

  it('rewrites in a tone and refuses an unknown tone', async () => {
    expect((await post(t.app, '/api/tools/ai-rewriter', { text: AI_TEXT, tone: 'academic' }, { cookie })).statusCode).toBe(200);
    const bad = await post(t.app, '/api/tools/ai-rewriter', { text: AI_TEXT, tone: 'angry' }, { cookie });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error.code).toBe('validation_failed');
  });

  it('the text expander says clearly that it needs a language model', async () => {
    const res = await post(t.app, '/api/tools/text-expander', { text: 'Short note.', tone: 'casual' }, { cookie });
    expect(res.statusCode).toBe(503);
    expect(json(res).error.code).toBe('llm_not_configured');
    expect(json(res).message).toMatch(/language model/);
  });

  it('gives an anonymous visitor 2 humanizations, then the limit message', async () => {
    let res = await post(t.app, '/api/tools/ai-humanizer', { text: AI_TEXT });
    const anon = setCookies(res)
      .find((c) => c.startsWith('vt_anon='))!
      .split(';')[0];
    res = await post(t.app, '/api/tools/ai-humanizer', { text: AI_TEXT }, { cookie: anon });
    expect(res.statusCode).toBe(200);
    res = await post(t.app, '/api/tools/ai-humanizer', { text: AI_TEXT }, { cookie: anon });
    expect(res.statusCode).toBe(429);
    expect(json(res).message).toBe(LIMIT_MESSAGES.humanize.message);
  });

  it('applies the word limits and refuses empty text', async () => {
    const long = Array.from({ length: 501 }, (_, i) => `w${i}`).join(' ');
    expect((await post(t.app, '/api/tools/ai-rewriter', { text: long })).statusCode).toBe(413);
    expect((await post(t.app, '/api/tools/ai-rewriter', { text: '  ' }, { cookie })).statusCode).toBe(400);
  });
});

describe('writing tools with a language model', () => {
  let llm: FakeLlm;
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    llm = await startLlm({ status: 200, content: 'A model-written version.' });
    t = await createTestApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: '1500' });
    cookie = await register(t.app);
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('uses the model, with the tool prompt, and names the model', async () => {
    llm.reply = { status: 200, content: 'Longer, fuller text.' };
    const res = await post(t.app, '/api/tools/text-expander', { text: 'Short note.', tone: 'casual' }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ output: 'Longer, fuller text.', expanded_text: 'Longer, fuller text.', engine: 'test-model' });
    const last = llm.requests.at(-1)!;
    expect(last.model).toBe('test-model');
    // Token usage is recorded per call.
    const rows = await t.ctx.db.select().from(llmUsage).where(eq(llmUsage.tool, 'text-expander'));
    expect(rows.at(-1)).toMatchObject({ model: 'test-model', promptTokens: 11, completionTokens: 7, totalTokens: 18 });
    expect(rows.at(-1)!.userId).toBeTruthy();
    expect(last.messages.map((m) => m.content).join('\n')).toContain('Short note.');
  });

  it('falls back to the offline engine when the model fails, and says so', async () => {
    llm.reply = { status: 500, content: '' };
    const res = await post(t.app, '/api/tools/ai-humanizer', { text: AI_TEXT }, { cookie });
    expect(res.statusCode).toBe(200);
    expect(json(res).engine).toBe('offline');
    expect(json(res).notice).toMatch(/offline engine/);
  });

  it('a model-only tool answers a clear 4xx/5xx JSON error on failure, never a 500 page', async () => {
    llm.reply = { status: 200, raw: '{not json' };
    const res = await post(t.app, '/api/tools/text-expander', { text: 'Short note.' }, { cookie });
    expect(res.statusCode).toBe(502);
    expect(json(res)).toMatchObject({ error: { code: 'upstream_failed', message: 'Failed to expand text. Please try again.' } });
  });

  it("reads the model's humanized text with the offline detector too", async () => {
    llm.reply = { status: 200, content: 'A model-written version.' };
    const body = json(await post(t.app, '/api/tools/ai-humanizer', { text: AI_TEXT }, { cookie }));
    expect(body.engine).toBe('test-model');
    expect(body.detector).toEqual({ before: detect(AI_TEXT).score, after: detect('A model-written version.').score, modelVersion: MODEL_VERSION });
  });

  it('streams the model words as server-sent events, then the full answer', async () => {
    llm.reply = { status: 200, content: 'One two three four.' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tools/ai-rewriter',
      payload: { text: AI_TEXT, tone: 'casual' },
      headers: { cookie, accept: 'text/event-stream' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    const events = res.body
      .trim()
      .split('\n\n')
      .map((block) => ({ event: /event: (\w+)/.exec(block)![1], data: JSON.parse(/data: (.*)/.exec(block)![1]) }));
    const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('One two three four.');
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data).toMatchObject({ output: 'One two three four.', rewritten_text: 'One two three four.', engine: 'test-model' });
    expect(llm.requests.at(-1)!.stream).toBe(true);
  });

  it('a slow model times out with the timeout message', async () => {
    llm.reply = { status: 200, content: 'late', delayMs: 4000 };
    const res = await post(t.app, '/api/tools/text-expander', { text: 'Short note.' }, { cookie });
    expect(res.statusCode).toBe(504);
    expect(json(res).message).toBe('Request timed out. Try with shorter text or try again later when server traffic is lower.');
  }, 20_000);
});
