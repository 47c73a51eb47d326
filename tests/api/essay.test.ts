import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmUsage, usageEvents, users } from '../../src/db/schema';
import { detect, MODEL_VERSION } from '../../src/engines/detector';
import { buildOutline, outlineToText } from '../../src/engines/essay';
import { createTestApp, json, me, post, register, type TestApp } from '../helpers/app';
import { startLlm, type FakeLlm } from '../helpers/llm-server';

const BRIEF = {
  text: 'Should cities ban cars from their centres?',
  thesis: 'Car-free centres make cities healthier and richer.',
  type: 'argumentative',
  level: 'undergraduate',
  words: 800,
  citationStyle: 'apa',
};

// about 120 words, enough for the detector's verdict
const ESSAY =
  'Car-Free Centres\n\n' +
  'Cities that close their centres to cars change how people move, shop and breathe. The case for doing so rests on health, ' +
  'on trade and on the simple use of space [citation needed].\n\n' +
  'First, fewer cars mean cleaner air. When traffic leaves a district, the fumes that children breathe on their way to school ' +
  'leave with it, and walking becomes pleasant rather than a chore. Shops notice the change as well, because people on foot ' +
  'stop, look and return more often than drivers who pass by (Bloom, 2015).\n\n' +
  'Critics say deliveries and disabled residents would suffer. Both concerns are real, and both are answered by delivery ' +
  'windows and permits rather than by keeping every street open to every car.\n\n' +
  'A centre without cars is not a museum; it is a place people want to be.';

async function proAccount(t: TestApp, role: 'pro' | 'free' = 'pro'): Promise<string> {
  const cookie = await register(t.app);
  const id = json(await me(t.app, cookie)).user.id;
  await t.ctx.db.update(users).set({ role }).where(eq(users.id, id));
  return cookie;
}

describe('essay writer without a language model', () => {
  let t: TestApp;
  let pro: string;
  let free: string;
  beforeAll(async () => {
    t = await createTestApp();
    pro = await proAccount(t);
    free = await proAccount(t, 'free');
  });
  afterAll(() => t.close());

  it('builds the outline offline for a Pro account, labelled as an outline', async () => {
    const res = await post(t.app, '/api/tools/essay-writer/outline', BRIEF, { cookie: pro });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    const expected = buildOutline({ topic: BRIEF.text, thesis: BRIEF.thesis, type: 'argumentative', level: 'undergraduate', words: 800, citationStyle: 'apa' });
    expect(body).toEqual({ outline: expected, outlineText: outlineToText(expected), engine: 'offline' });
    expect(body.outline.kind).toBe('outline');
    expect(body.outlineText).toMatch(/^OUTLINE \(a plan to write from, not an essay\)/);
    expect(body.outline.sections.map((s: { kind: string }) => s.kind)).toEqual(['introduction', 'body', 'counter-argument', 'conclusion', 'references']);
  });

  it('uses the defaults for omitted options', async () => {
    const body = json(await post(t.app, '/api/tools/essay-writer/outline', { text: 'The history of bread' }, { cookie: pro }));
    expect(body.outline).toMatchObject({ type: 'argumentative', level: 'undergraduate', targetWords: 1000, citationStyle: 'none', thesis: null });
  });

  it('the full essay answers 503 llm_not_configured, and charges nothing', async () => {
    const res = await post(t.app, '/api/tools/essay-writer', BRIEF, { cookie: pro });
    expect(res.statusCode).toBe(503);
    expect(json(res).error.code).toBe('llm_not_configured');
    expect(json(res).message).toMatch(/language model/);
  });

  it('refuses bad input with 400 and the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...BRIEF, text: '' }, 'text'],
      [{ ...BRIEF, text: 'x'.repeat(301) }, 'text'],
      [{ ...BRIEF, type: 'limerick' }, 'type'],
      [{ ...BRIEF, level: 'kindergarten' }, 'level'],
      [{ ...BRIEF, words: 100 }, 'words'],
      [{ ...BRIEF, words: 9000 }, 'words'],
      [{ ...BRIEF, words: 'many' }, 'words'],
      [{ ...BRIEF, citationStyle: 'ieee' }, 'citationStyle'],
      [{ ...BRIEF, sources: 's'.repeat(6001) }, 'sources'],
    ];
    for (const [payload, field] of cases) {
      for (const path of ['/api/tools/essay-writer/outline', '/api/tools/essay-writer']) {
        const res = await post(t.app, path, payload, { cookie: pro });
        expect(res.statusCode, `${path} ${JSON.stringify(payload).slice(0, 80)}`).toBe(400);
        expect(json(res).error.code).toBe('validation_failed');
        expect(Object.keys(json(res).error.fields ?? {})).toContain(field);
      }
    }
  });

  it('refuses a free account with 403 naming the Pro plan, and a visitor with 401', async () => {
    for (const path of ['/api/tools/essay-writer/outline', '/api/tools/essay-writer']) {
      const res = await post(t.app, path, BRIEF, { cookie: free });
      expect(res.statusCode).toBe(403);
      expect(json(res).message).toMatch(/Essay Writer is not included in the Free plan: it is available with the Pro plan or higher/);
      const anon = await post(t.app, path, BRIEF);
      expect(anon.statusCode).toBe(401);
    }
  });
});

describe('essay writer with a language model', () => {
  let llm: FakeLlm;
  let t: TestApp;
  let pro: string;
  beforeAll(async () => {
    llm = await startLlm({ status: 200, content: ESSAY });
    t = await createTestApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: '1500' });
    pro = await proAccount(t);
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('writes the essay with the prompt built from the outline, and reads it with the detector', async () => {
    llm.reply = { status: 200, content: ESSAY };
    const sources = 'Bloom, N. (2015). Does working from home work? QJE.';
    const res = await post(t.app, '/api/tools/essay-writer', { ...BRIEF, sources }, { cookie: pro });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({ essay: ESSAY, engine: 'test-model', citationsNeeded: 1, citationStyle: 'apa' });
    expect(body.words).toBeGreaterThan(100);
    expect(body.detector).toEqual({ score: detect(ESSAY).score, modelVersion: MODEL_VERSION });
    const [system, user] = llm.requests.at(-1)!.messages;
    expect(system.content).toMatch(/Cite ONLY the sources listed/);
    expect(system.content).toContain('720 to 880 words');
    expect(user.content).toContain(BRIEF.text);
    expect(user.content).toContain(BRIEF.thesis);
    expect(user.content).toContain(sources);
    expect(user.content).toContain('Counter-argument and rebuttal');
    const rows = await t.ctx.db.select().from(llmUsage).where(eq(llmUsage.tool, 'essay-writer'));
    expect(rows.at(-1)).toMatchObject({ model: 'test-model', totalTokens: 18 });
  });

  it('gives no detector reading for an essay too short for a verdict', async () => {
    llm.reply = { status: 200, content: 'Too short.' };
    const body = json(await post(t.app, '/api/tools/essay-writer', BRIEF, { cookie: pro }));
    expect(body.essay).toBe('Too short.');
    expect(body.detector).toBeNull();
  });

  it('streams the essay as server-sent events, then the full answer with the detector score', async () => {
    llm.reply = { status: 200, content: ESSAY };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tools/essay-writer',
      payload: BRIEF,
      headers: { cookie: pro, accept: 'text/event-stream' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    const events = res.body
      .trim()
      .split('\n\n')
      .map((block) => ({ event: /event: (\w+)/.exec(block)![1], data: JSON.parse(/data: (.*)/.exec(block)![1]) }));
    const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text);
    expect(deltas.length).toBeGreaterThan(10);
    expect(deltas.join('')).toBe(ESSAY);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.detector).toEqual({ score: detect(done.data.essay).score, modelVersion: MODEL_VERSION });
    expect(llm.requests.at(-1)!.stream).toBe(true);
  });

  it('a failing model answers 502 upstream_failed', async () => {
    llm.reply = { status: 200, raw: '{not json' };
    const res = await post(t.app, '/api/tools/essay-writer', BRIEF, { cookie: pro });
    expect(res.statusCode).toBe(502);
    expect(json(res).error.code).toBe('upstream_failed');
  });

  it('the outline still answers offline, and records the usage event of the essay tool', async () => {
    const res = await post(t.app, '/api/tools/essay-writer/outline', BRIEF, { cookie: pro });
    expect(res.statusCode).toBe(200);
    expect(json(res).engine).toBe('offline');
    const id = json(await me(t.app, pro)).user.id;
    const rows = await t.ctx.db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, id), eq(usageEvents.tool, 'essay_writer')));
    expect(rows.map((r) => r.status)).toContain('ok');
    expect(rows.some((r) => r.engine === 'offline')).toBe(true);
    expect(rows.some((r) => r.engine === 'test-model')).toBe(true);
  });
});
