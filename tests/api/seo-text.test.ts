import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llmUsage } from '../../src/db/schema';
import { createUser } from '../../src/server/services/users';
import type { Role } from '../../src/shared/roles';
import { cookieFrom, createTestApp, json, login, post, register, uniqueUser, type TestApp } from '../helpers/app';
import { startLlm, type FakeLlm } from '../helpers/llm-server';

const ARTICLE =
  'Solar panels convert sunlight into electricity for homes and businesses. Modern solar panels reach an efficiency of more than twenty percent, ' +
  'and the cost of solar panels has fallen sharply over the last decade. Homeowners who install solar panels can cut their electricity bills ' +
  'and sell surplus power back to the grid. Battery storage lets a household keep solar energy for the evening, when demand peaks.';

let n = 0;
async function account(t: TestApp, role: Role): Promise<string> {
  const u = uniqueUser(role);
  await createUser(t.ctx.db, { ...u, role });
  const res = await login(t.app, u.email, u.password, `10.8.0.${++n}`);
  expect(res.statusCode, res.body).toBe(200);
  return cookieFrom(res);
}

function multipart(fields: Record<string, string>, file: { name: string; type: string; body: string }) {
  const boundary = '----seo' + Date.now();
  let body = '';
  for (const [k, v] of Object.entries(fields)) body += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  body += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n${file.body}\r\n--${boundary}--\r\n`;
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('SEO text tools without a language model', () => {
  let t: TestApp;
  let free: string;
  let pro: string;
  beforeAll(async () => {
    t = await createTestApp();
    free = await register(t.app);
    pro = await account(t, 'pro');
  });
  afterAll(() => t.close());

  it('extracts keyphrases with scores, frequencies and positions, for a visitor too', async () => {
    const res = await post(t.app, '/api/tools/keyword-extractor', { text: ARTICLE, max: 10 });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.engine).toBe('offline');
    expect(body.keyphrases.length).toBeGreaterThan(3);
    expect(body.keyphrases.length).toBeLessThanOrEqual(10);
    expect(body.keyphrases[0].phrase).toBe('solar panels');
    expect(body.keyphrases[0].score).toBe(1);
    expect(body.keyphrases[0].frequency).toBe(4);
    for (const k of body.keyphrases) {
      for (const p of k.positions) expect(ARTICLE.slice(p.start, p.end).toLowerCase().replace(/s\b/g, '')).toContain(k.phrase.split(' ')[0].replace(/s$/, ''));
      expect(k.firstPosition).toBe(k.positions[0].start);
    }
  });

  it('reads an uploaded .txt file and answers its text', async () => {
    const mp = multipart({ max: '5' }, { name: 'post.txt', type: 'text/plain', body: ARTICLE });
    const res = await t.app.inject({ method: 'POST', url: '/api/tools/keyword-extractor', ...mp, headers: { ...mp.headers, cookie: free } });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.text).toBe(ARTICLE);
    expect(body.keyphrases).toHaveLength(5);
  });

  it('answers 4xx for bad input on every tool', async () => {
    for (const path of ['/api/tools/keyword-extractor', '/api/tools/hashtag-generator']) {
      expect((await post(t.app, path, { text: '' }, { cookie: free })).statusCode).toBe(400);
      expect((await post(t.app, path, { text: 42 }, { cookie: free })).statusCode).toBe(400);
      expect((await post(t.app, path, {}, { cookie: free })).statusCode).toBe(400);
    }
    expect((await post(t.app, '/api/tools/keyword-extractor', { text: ARTICLE, max: 500 }, { cookie: free })).statusCode).toBe(400);
    expect((await post(t.app, '/api/tools/hashtag-generator', { text: ARTICLE, platform: 'myspace' }, { cookie: free })).statusCode).toBe(400);
    expect((await post(t.app, '/api/tools/seo-meta-description', { text: ARTICLE, mode: 'poem' }, { cookie: pro })).statusCode).toBe(400);
    expect((await post(t.app, '/api/tools/seo-meta-description', { text: '' }, { cookie: pro })).statusCode).toBe(400);
    expect((await post(t.app, '/api/tools/seo-meta-description', { text: '1234 5678 !!!' }, { cookie: pro })).statusCode).toBe(400);
    expect((await post(t.app, '/api/tools/seo-meta-description', { text: ARTICLE, focus: 'x'.repeat(200) }, { cookie: pro })).statusCode).toBe(400);
  });

  it('makes CamelCase hashtags within the platform limits', async () => {
    const ig = json(await post(t.app, '/api/tools/hashtag-generator', { text: ARTICLE, platform: 'instagram' }, { cookie: free }));
    expect(ig.platform).toBe('instagram');
    expect(ig.hashtags[0].tag).toBe('#SolarPanels');
    for (const h of ig.hashtags) expect(h.tag).toMatch(/^#[\p{L}\p{N}]+$/u);
    const x = json(await post(t.app, '/api/tools/hashtag-generator', { text: ARTICLE, platform: 'x' }, { cookie: free }));
    expect(x.hashtags.length).toBeLessThanOrEqual(x.limits.maxTags);
    expect(x.hashtags.length).toBeGreaterThan(0);
    expect(x.limits.maxTags).toBe(3);
  });

  it('refuses the meta description to visitors (401) and free users (403), before reading the body', async () => {
    const anon = await post(t.app, '/api/tools/seo-meta-description', { text: ARTICLE });
    expect(anon.statusCode).toBe(401);
    const res = await post(t.app, '/api/tools/seo-meta-description', { text: ARTICLE }, { cookie: free });
    expect(res.statusCode).toBe(403);
    expect(json(res).error.code).toBe('forbidden');
    // even with bad input: the plan check comes first
    expect((await post(t.app, '/api/tools/seo-meta-description', { text: '' }, { cookie: free })).statusCode).toBe(403);
  });

  it('writes an extractive meta description offline for a Pro user, within length and with the focus keyphrase', async () => {
    const res = await post(t.app, '/api/tools/seo-meta-description', { text: ARTICLE, focus: 'solar panels' }, { cookie: pro });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.engine).toBe('offline');
    expect(body.focus).toBe('solar panels');
    expect(body.limits).toEqual({ minChars: 120, maxChars: 158, maxPixels: 920 });
    const best = body.variants[0];
    expect(best.source).toBe('extractive');
    expect(best.text).toBe(body.description);
    expect(best.withinLength).toBe(true);
    expect(best.hasFocus).toBe(true);
    expect(best.length).toBeGreaterThanOrEqual(120);
    expect(best.length).toBeLessThanOrEqual(158);
    expect(best.pixels).toBeLessThanOrEqual(920);
    expect(body.description.toLowerCase()).toContain('solar panels');
  });

  it('says llm_not_configured (503) only when a generated description is asked for', async () => {
    const res = await post(t.app, '/api/tools/seo-meta-description', { text: ARTICLE, mode: 'generate' }, { cookie: pro });
    expect(res.statusCode).toBe(503);
    expect(json(res).error.code).toBe('llm_not_configured');
    // the offline tools never need one
    expect((await post(t.app, '/api/tools/keyword-extractor', { text: ARTICLE }, { cookie: free })).statusCode).toBe(200);
    expect((await post(t.app, '/api/tools/hashtag-generator', { text: ARTICLE }, { cookie: free })).statusCode).toBe(200);
    const ai = await post(t.app, '/api/tools/hashtag-generator', { text: ARTICLE, mode: 'ai' }, { cookie: free });
    expect(ai.statusCode).toBe(503);
    expect(json(ai).error.code).toBe('llm_not_configured');
    const grouped = await post(t.app, '/api/tools/keyword-extractor', { text: ARTICLE, group: true }, { cookie: free });
    expect(grouped.statusCode).toBe(503);
    expect(json(grouped).error.code).toBe('llm_not_configured');
    const plain = json(await post(t.app, '/api/tools/keyword-extractor', { text: ARTICLE, group: false }, { cookie: free }));
    expect(plain.groups).toBeUndefined();
  });

  it('refuses a group flag that is not true or false', async () => {
    const res = await post(t.app, '/api/tools/keyword-extractor', { text: ARTICLE, group: 'yes' }, { cookie: free });
    expect(res.statusCode).toBe(400);
  });
});

describe('keyword topic groups by a language model', () => {
  let t: TestApp;
  let llm: FakeLlm;
  let cookie: string;
  beforeAll(async () => {
    llm = await startLlm({ status: 200, content: '' });
    t = await createTestApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: '1500' });
    cookie = await register(t.app);
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it("groups only the extracted keyphrases, drops the model's inventions and records the usage", async () => {
    const groups = [
      { topic: 'Solar equipment', intent: 'commercial', keyphrases: [1, 99, 'wind turbines'] },
      { topic: 'Made up', intent: 'transactional', keyphrases: ['buy cheap panels'] },
      { topic: 'Odd intent', intent: 'emotional', keyphrases: [2] },
      { topic: 'Energy at home', intent: 'informational', keyphrases: [2, 3, 1] },
    ];
    llm.reply = { status: 200, content: '```json\n' + JSON.stringify({ groups }) + '\n```' };
    const res = await post(t.app, '/api/tools/keyword-extractor', { text: ARTICLE, max: 10, group: true }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.engine).toBe('test-model');
    const phrases: string[] = body.keyphrases.map((k: { phrase: string }) => k.phrase);
    expect(body.groups).toEqual([
      { topic: 'Solar equipment', intent: 'commercial', keyphrases: [phrases[0]] },
      { topic: 'Energy at home', intent: 'informational', keyphrases: [phrases[1], phrases[2]] },
    ]);
    const sent = llm.requests
      .at(-1)!
      .messages.map((m) => m.content)
      .join('\n');
    expect(sent).toContain(`1. ${phrases[0]}\n2. ${phrases[1]}`);
    const usage = await t.ctx.db.select().from(llmUsage).where(eq(llmUsage.tool, 'keyword-extractor'));
    expect(usage.length).toBeGreaterThan(0);
  });

  it('accepts group as a form field, answers 502 for unusable groups and a failing model, and never asks without group', async () => {
    llm.reply = { status: 200, content: JSON.stringify({ groups: [{ topic: 'Mine', intent: 'commercial', keyphrases: ['invented phrase'] }] }) };
    const bad = await post(t.app, '/api/tools/keyword-extractor', { text: ARTICLE, group: 'true' }, { cookie });
    expect(bad.statusCode).toBe(502);
    expect(json(bad).error.code).toBe('upstream_failed');
    llm.reply = { status: 500, content: 'boom' };
    const failed = await post(t.app, '/api/tools/keyword-extractor', { text: ARTICLE, group: true }, { cookie });
    expect([502, 504]).toContain(failed.statusCode);
    expect(json(failed).error.message).toMatch(/could not be grouped/i);
    const before = llm.requests.length;
    const off = json(await post(t.app, '/api/tools/keyword-extractor', { text: ARTICLE }, { cookie }));
    expect(off.engine).toBe('offline');
    expect(off.groups).toBeUndefined();
    expect(llm.requests.length).toBe(before);
  });
});

describe('hashtags suggested by a language model', () => {
  let t: TestApp;
  let llm: FakeLlm;
  let cookie: string;
  beforeAll(async () => {
    llm = await startLlm({ status: 200, content: '' });
    t = await createTestApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: '1500' });
    cookie = await register(t.app);
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it("lists the model's tags that pass the platform's rules first, then the offline ones, and sends the text and platform", async () => {
    // one valid, one too long for X (25 characters), one duplicate in other case, one without letters, one more valid
    llm.reply = { status: 200, content: '1. #SolarPower\n2. #ThisHashtagIsFarTooLongForX\n3. #solarpower\n4. #2024\n5. home batteries' };
    const res = await post(t.app, '/api/tools/hashtag-generator', { text: ARTICLE, platform: 'x', mode: 'ai' }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.engine).toBe('test-model');
    const model = body.hashtags.filter((h: { source: string }) => h.source === 'model').map((h: { tag: string }) => h.tag);
    expect(model).toEqual(['#SolarPower', '#HomeBatteries']);
    expect(body.hashtags.slice(0, 2).map((h: { source: string }) => h.source)).toEqual(['model', 'model']);
    expect(body.hashtags.some((h: { source: string }) => h.source === 'offline')).toBe(true);
    for (const h of body.hashtags) expect(h.tag.length).toBeLessThanOrEqual(25);
    const sent = llm.requests
      .at(-1)!
      .messages.map((m) => m.content)
      .join('\n');
    expect(sent).toContain('X (Twitter)');
    expect(sent).toContain(ARTICLE.slice(0, 60));
  });

  it('answers 502 when the model suggests nothing usable, and offline mode never asks it', async () => {
    llm.reply = { status: 200, content: '#1234\n#!!!' };
    const res = await post(t.app, '/api/tools/hashtag-generator', { text: ARTICLE, mode: 'ai' }, { cookie });
    expect(res.statusCode).toBe(502);
    expect(json(res).error.code).toBe('upstream_failed');
    const before = llm.requests.length;
    const off = json(await post(t.app, '/api/tools/hashtag-generator', { text: ARTICLE }, { cookie }));
    expect(off.engine).toBe('offline');
    expect(off.hashtags.every((h: { source: string }) => h.source === 'offline')).toBe(true);
    expect(llm.requests.length).toBe(before);
  });
});

describe('SEO meta description with a language model', () => {
  let t: TestApp;
  let llm: FakeLlm;
  let pro: string;
  const GOOD = 'Solar panels turn sunlight into cheaper electricity: see how efficient modern panels are and how battery storage keeps power for the evening.';
  const SHORT = 'Solar panels explained.';
  const OFF_TOPIC = 'Learn how households cut their power bills and sell surplus energy back to the grid with modern rooftop systems and home batteries.';
  beforeAll(async () => {
    llm = await startLlm({ status: 200, content: `1. ${GOOD}\n2. "${SHORT}"\n3. ${OFF_TOPIC}` });
    t = await createTestApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: '1500' });
    pro = await account(t, 'pro');
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  it('checks each generated variant for length, width and the focus keyphrase, best first', async () => {
    const res = await post(t.app, '/api/tools/seo-meta-description', { text: ARTICLE, focus: 'solar panels', mode: 'generate' }, { cookie: pro });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.engine).toBe('test-model');
    const model = body.variants.filter((v: { source: string }) => v.source === 'model');
    expect(model.map((v: { text: string }) => v.text)).toEqual([GOOD, OFF_TOPIC, SHORT]);
    expect(model[0]).toMatchObject({ withinLength: true, hasFocus: true });
    expect(model[1]).toMatchObject({ withinLength: true, hasFocus: false });
    expect(model[2]).toMatchObject({ withinLength: false, tooShort: true, hasFocus: true });
    expect(body.description).toBe(GOOD);
    // the extractive one is offered beside them
    expect(body.variants.at(-1).source).toBe('extractive');
    // the prompt names the focus keyphrase and the limits
    const system = llm.requests.at(-1)!.messages[0]!.content;
    expect(system).toContain('"solar panels"');
    expect(system).toContain('120–158');
    const usage = await t.ctx.db.select().from(llmUsage).where(eq(llmUsage.tool, 'seo-meta-description'));
    expect(usage.length).toBe(1);
  });

  it('still extracts offline in extract mode, and reports a failing model as 502', async () => {
    const before = llm.requests.length;
    const ex = json(await post(t.app, '/api/tools/seo-meta-description', { text: ARTICLE }, { cookie: pro }));
    expect(ex.engine).toBe('offline');
    expect(llm.requests.length).toBe(before);
    llm.reply = { status: 500, content: 'boom' };
    const res = await post(t.app, '/api/tools/seo-meta-description', { text: ARTICLE, mode: 'generate' }, { cookie: pro });
    expect(res.statusCode).toBe(502);
    expect(json(res).error.code).toBe('upstream_failed');
  });
});
