import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmUsage } from '../../src/db/schema';
import { contentPrompt } from '../../src/server/services/content';
import { CONTENT_WORDS } from '../../src/shared/api/content';
import { createTestApp, json, post, register, type TestApp } from '../helpers/app';
import { startLlm, type FakeLlm } from '../helpers/llm-server';

const BRIEF = 'Launch post for Trailhead, a waterproof hiking boot for beginners; mention the 2-year warranty and the free returns.';

describe('content generator without a language model', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await register(t.app);
  });
  afterAll(() => t.close());

  it('answers 503 llm_not_configured and never writes template text', async () => {
    for (const c of [undefined, cookie]) {
      const res = await post(t.app, '/api/tools/content-generator', { text: BRIEF, type: 'blog_post' }, c ? { cookie: c } : {});
      expect(res.statusCode).toBe(503);
      expect(json(res).error).toMatchObject({ code: 'llm_not_configured', message: expect.stringMatching(/needs a language model/) });
      expect(json(res).output).toBeUndefined();
    }
  });

  it('refuses bad input with a 400 first', async () => {
    for (const payload of [
      { text: '' },
      { text: BRIEF, type: 'poem' },
      { text: BRIEF, tone: 'angry' },
      { text: BRIEF, length: 'huge' },
      { text: 'x'.repeat(4001) },
    ]) {
      const res = await post(t.app, '/api/tools/content-generator', payload, { cookie });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('content generator with a language model', () => {
  let t: TestApp;
  let llm: FakeLlm;
  let cookie: string;
  beforeAll(async () => {
    llm = await startLlm({ status: 200, content: '# Meet Trailhead\n\nYour first boots.' });
    t = await createTestApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: '1500' });
    cookie = await register(t.app);
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('sends the brief, type, tone and length to the model and answers its text', async () => {
    llm.reply = { status: 200, content: '# Meet Trailhead\n\nYour first boots.' };
    const res = await post(t.app, '/api/tools/content-generator', { text: BRIEF, type: 'blog_post', tone: 'conversational', length: 'short' }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      output: '# Meet Trailhead\n\nYour first boots.',
      engine: 'test-model',
      type: 'blog_post',
      tone: 'conversational',
      length: 'short',
      words: 6,
    });
    const [system, user] = llm.requests.at(-1)!.messages;
    expect(user.content).toContain(BRIEF);
    expect(system.content).toMatch(/a blog post/);
    expect(system.content).toMatch(/Tone: conversational/);
    expect(system.content).toContain(`about ${CONTENT_WORDS.blog_post.short} words (short)`);
    // the brief travels only in the user message
    expect(system.content).not.toContain('Trailhead');
    // the token budget follows the length
    expect((llm.requests.at(-1) as { max_tokens?: number }).max_tokens).toBe(CONTENT_WORDS.blog_post.short * 2 + 200);
    const rows = await t.ctx.db.select().from(llmUsage).where(eq(llmUsage.tool, 'content-generator'));
    expect(rows.at(-1)).toMatchObject({ model: 'test-model', totalTokens: 18 });
  });

  it('each type, tone and length changes the prompt', () => {
    const base = { text: BRIEF, type: 'article', tone: 'professional', length: 'medium' } as const;
    const sys = (i: Parameters<typeof contentPrompt>[0]) => contentPrompt(i)[0].content;
    expect(sys({ ...base, type: 'product_description' })).toMatch(/product description.*bullet list/);
    expect(sys({ ...base, type: 'social_post' })).toMatch(/social media post.*hashtags/);
    expect(sys({ ...base, type: 'article' })).toMatch(/an article/);
    expect(sys({ ...base, tone: 'academic' })).toMatch(/Tone: academic/);
    expect(sys({ ...base, length: 'long' })).toContain(`about ${CONTENT_WORDS.article.long} words (long)`);
    expect(sys(base)).toMatch(/Do not invent statistics/);
  });

  it('streams the words as server-sent events, then the full answer', async () => {
    llm.reply = { status: 200, content: 'Boots that forgive beginner mistakes.' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tools/content-generator',
      payload: { text: BRIEF, type: 'social_post', tone: 'casual', length: 'short' },
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
    expect(deltas.join('')).toBe('Boots that forgive beginner mistakes.');
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { output: 'Boots that forgive beginner mistakes.', type: 'social_post', words: 5 } });
    expect(llm.requests.at(-1)!.stream).toBe(true);
  });

  it('a failing or silent model is a clear 5xx JSON error', async () => {
    llm.reply = { status: 500, content: '' };
    let res = await post(t.app, '/api/tools/content-generator', { text: BRIEF }, { cookie });
    expect(res.statusCode).toBe(502);
    expect(json(res).error).toMatchObject({ code: 'upstream_failed', message: expect.stringMatching(/could not be written/) });
    llm.reply = { status: 200, content: '   ' };
    res = await post(t.app, '/api/tools/content-generator', { text: BRIEF }, { cookie });
    expect(res.statusCode).toBe(502);
    llm.reply = { status: 200, content: 'late', delayMs: 3000 };
    res = await post(t.app, '/api/tools/content-generator', { text: BRIEF }, { cookie });
    expect(res.statusCode).toBe(504);
  }, 20_000);
});
