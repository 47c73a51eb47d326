import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureSafeFetch, type Transport } from '../../src/server/services/safe-fetch';
import type { SeoResponse } from '../../src/shared/api/seo-score';
import { createTestApp, json, ORIGIN, post, register, type TestApp } from '../helpers/app';
import { startLlm, type FakeLlm } from '../helpers/llm-server';
import { multipartBody } from '../helpers/provider-servers';

const URL_ = '/api/tools/seo-score-analyzer';

const PAGE = `<!doctype html><html><head><title>Sourdough bread for beginners: a simple guide</title>
<meta name="description" content="Bake sourdough bread at home: a simple starter, clear timings and the tips that make a good loaf, explained step by step for beginners.">
</head><body><main><h1>Sourdough bread for beginners</h1>
<p>Sourdough bread needs only flour, water and salt. However, it takes time.</p>
<h2>The starter</h2><p>Feed the starter the night before. For example, use rye flour. Then keep it warm.</p>
<img src="/loaf.jpg"><p>Read <a href="/rye">our rye guide</a>.</p></main></body></html>`;

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('POST /api/tools/seo-score-analyzer', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await register(t.app);
  }, 120_000);
  afterAll(() => t.close());
  afterEach(() => configureSafeFetch(null));

  it('analyses pasted HTML: score, readability figures and a light with a fix per check', async () => {
    const res = await post(t.app, URL_, { text: PAGE, keyphrase: 'sourdough bread', slug: 'sourdough-bread' });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<SeoResponse>(res);
    expect(body.engine).toBe('offline');
    expect(body.score).toBeGreaterThan(0);
    expect(body.score).toBeLessThanOrEqual(100);
    expect(body.readability.fleschReadingEase).toBeGreaterThan(0);
    expect(body.document).toMatchObject({ format: 'html', h1: 1, images: 1, imagesWithAlt: 0, internalLinks: 1, titleSource: 'html' });
    const byId = Object.fromEntries(body.checks.map((c) => [c.id, c]));
    expect(byId.keyphrase_in_title.light).toBe('good');
    expect(byId.keyphrase_in_slug.light).toBe('good');
    expect(byId.images.light).toBe('problem');
    expect(byId.images.fix).toContain('alt');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('analyses Markdown, and a .txt upload', async () => {
    const md = '# Pizza dough\n\nPizza dough is easy. You need flour.\n\n## Kneading\n\nKnead it well.';
    const res = await post(t.app, URL_, { text: md, keyphrase: 'pizza dough', format: 'markdown' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<SeoResponse>(res).document.format).toBe('markdown');

    const mp = multipartBody({ name: 'post.txt', content: md, type: 'text/plain' }, { keyphrase: 'pizza dough' });
    const up = await t.app.inject({ method: 'POST', url: URL_, payload: mp.payload, headers: mp.headers });
    expect(up.statusCode, up.body).toBe(200);
    const body = json<SeoResponse>(up);
    expect(body.text).toBe(md);
    expect(body.keyphrase).toBe('pizza dough');
  });

  it('refuses bad input with a 4xx in the one error shape', async () => {
    for (const payload of [{ text: '   ' }, {}, { text: 42 }, { text: 'x', format: 'pdf' }, { text: 'x', keyphrase: 'k'.repeat(101) }, { text: 'x', url: 5 }]) {
      const res = await post(t.app, URL_, payload, { cookie });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = json(res);
      expect(body.error.code).toBe('validation_failed');
      expect(typeof body.error.message).toBe('string');
      expect(body.message).toBe(body.error.message);
    }
    const long = await post(t.app, URL_, { text: words(5000) });
    expect(long.statusCode).toBe(413);
    expect(json(long).error.code).toBe('word_limit_exceeded');
  });

  it.each([
    'http://127.0.0.1/',
    'http://localhost/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://2130706433/',
    'http://10.0.0.1/',
    'file:///etc/passwd',
    'http://example.com:8080/',
  ])('refuses to fetch %s (422 url_not_allowed)', async (url) => {
    const res = await post(t.app, URL_, { url, keyphrase: 'x' }, { cookie });
    expect(res.statusCode, res.body).toBe(422);
    const body = json(res);
    expect(body.error.code).toBe('url_not_allowed');
    expect(body.error.message).toMatch(/cannot be fetched|Enter a full web address/);
    expect(body.message).toBe(body.error.message);
  });

  it('refuses a public page that redirects to a private address', async () => {
    configureSafeFetch({
      resolve: async () => ['93.184.216.34'],
      transport: async () => ({ status: 302, headers: { location: 'http://192.168.1.1/' }, body: [], close: () => {} }),
    });
    const res = await post(t.app, URL_, { url: 'https://public.example/' }, { cookie });
    expect(res.statusCode, res.body).toBe(422);
    expect(json(res).error.code).toBe('url_not_allowed');
  });

  it('fetches a public page by URL and analyses it; the word limit applies to the fetched page', async () => {
    const served: string[] = [];
    const page =
      (html: string): Transport =>
      async (req) => {
        served.push(`${req.address} ${req.url.href}`);
        return { status: 200, headers: { 'content-type': 'text/html' }, body: [Buffer.from(html)], close: () => {} };
      };
    configureSafeFetch({ resolve: async () => ['93.184.216.34'], transport: page(PAGE) });
    const res = await post(t.app, URL_, { url: 'https://bakery.example/recipes/sourdough-bread', keyphrase: 'sourdough bread' }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<SeoResponse>(res);
    expect(served).toEqual(['93.184.216.34 https://bakery.example/recipes/sourdough-bread']);
    expect(body.fetched).toMatchObject({ finalUrl: 'https://bakery.example/recipes/sourdough-bread', redirects: 0 });
    expect(body.document.slug).toBe('sourdough-bread');
    // the relative link is internal, measured against the fetched page's host
    expect(body.document.internalLinks).toBe(1);

    // a visitor (500 words a request) and a page of 800 words
    configureSafeFetch({ resolve: async () => ['93.184.216.34'], transport: page(`<p>${words(800)}.</p>`) });
    const over = await post(t.app, URL_, { url: 'https://long.example/' });
    expect(over.statusCode).toBe(413);
    expect(json(over).error.code).toBe('word_limit_exceeded');
    expect(json(over).error.message).toContain('800 words');
  });

  it('a page that is not HTML, or too large, is a clear 422', async () => {
    configureSafeFetch({
      resolve: async () => ['93.184.216.34'],
      transport: async () => ({ status: 200, headers: { 'content-type': 'image/png' }, body: [], close: () => {} }),
    });
    let res = await post(t.app, URL_, { url: 'https://img.example/x.png' }, { cookie });
    expect(res.statusCode).toBe(422);
    expect(json(res).error.code).toBe('url_fetch_failed');
    configureSafeFetch({
      resolve: async () => ['93.184.216.34'],
      transport: async () => ({ status: 200, headers: { 'content-type': 'text/html', 'content-length': String(10 * 1024 * 1024) }, body: [], close: () => {} }),
    });
    res = await post(t.app, URL_, { url: 'https://big.example/' }, { cookie });
    expect(res.statusCode).toBe(422);
    expect(json(res).error.code).toBe('url_too_large');
  });
});

describe('POST /api/tools/seo-score-analyzer/suggestions', () => {
  const SUGGEST = '/api/tools/seo-score-analyzer/suggestions';
  const LONG =
    'When you bake sourdough bread at home for the very first time you will probably notice that the dough behaves quite differently from the yeasted doughs you know.';
  const PASSIVE = 'The loaf was baked by my grandmother every Sunday.';
  // a weak page: short title, no meta description, no keyphrase in the introduction, a long and a passive sentence
  const WEAK = `<html><head><title>Home baking</title></head><body><h1>Home baking</h1>
<p>Baking at home is a slow pleasure.</p><p>${LONG} ${PASSIVE}</p></body></html>`;
  const GOOD_META =
    'Bake sourdough bread at home with a simple starter, clear timings and the small tips that turn a first attempt into a loaf you are proud of.';
  const WIDE_TITLE = 'WWWW sourdough bread MMMM WWWW MMMM WWWW MMMM WWWW MMMM WWWW';
  let t: TestApp;
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startLlm({
      status: 200,
      content: `SEO title: Home baking → ${WIDE_TITLE}\nMeta description: (none) → ${GOOD_META}\nSentence: ${PASSIVE} → My grandmother baked the loaf every Sunday.`,
    });
    t = await createTestApp({ LLM_BASE_URL: llm.baseUrl, LLM_MODEL: 'test-model', LLM_TIMEOUT_MS: '1500' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await llm.close();
  });

  /** What the page sends: the report's weak checks and the page's words behind them. */
  async function payloadFromReport() {
    const res = await post(t.app, URL_, { text: WEAK, keyphrase: 'sourdough bread' });
    expect(res.statusCode, res.body).toBe(200);
    const report = json<SeoResponse>(res);
    expect(report.excerpts.introduction).toBe('Baking at home is a slow pleasure.');
    expect(report.excerpts.longSentences).toEqual([LONG]);
    expect(report.excerpts.passiveSentences).toEqual([PASSIVE]);
    const weak = report.checks.filter((c) => c.light !== 'good');
    return {
      text: [report.document.title, report.excerpts.introduction, LONG, PASSIVE].join('\n\n'),
      keyphrase: 'sourdough bread',
      title: report.document.title,
      checks: weak.map((c) => ({ id: c.id, light: c.light, message: `${c.label}: ${c.value}. ${c.fix}` })),
      introduction: report.excerpts.introduction,
      longSentences: report.excerpts.longSentences,
      passiveSentences: report.excerpts.passiveSentences,
    };
  }

  it("sends the report's weak items to the model and measures its title and meta description by the analyzer's rules", async () => {
    const payload = await payloadFromReport();
    const before = llm.requests.length;
    const res = await post(t.app, SUGGEST, payload);
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.engine).toBe('test-model');
    expect(body.suggestions).toContain('My grandmother baked the loaf every Sunday.');
    // a title too wide for the search result is kept, and flagged
    expect(body.measured).toEqual([
      expect.objectContaining({ kind: 'title', text: WIDE_TITLE, chars: WIDE_TITLE.length, light: 'problem', hasKeyphrase: true }),
      expect.objectContaining({ kind: 'meta_description', text: GOOD_META, chars: GOOD_META.length, pixels: null, light: 'good', hasKeyphrase: true }),
    ]);
    expect(body.measured[0].pixels).toBeGreaterThan(600);
    expect(body.measured[0].note).toBe('wider than 600 px: search results cut it off');
    expect(llm.requests.length).toBe(before + 1);
    const sent = llm.requests
      .at(-1)!
      .messages.map((m) => m.content)
      .join('\n');
    expect(sent).toContain('Focus keyphrase: "sourdough bread"');
    expect(sent).toContain('SEO title: Home baking → <a new SEO title');
    expect(sent).toContain('Meta description: (none) → <a new meta description of 120–158 characters');
    expect(sent).toContain('Introduction: Baking at home is a slow pleasure. → <a new first sentence');
    expect(sent).toContain(`Sentence: ${LONG} → <the same content in shorter sentences`);
    expect(sent).toContain(`Sentence: ${PASSIVE} → <the same sentence in the active voice`);
    expect(sent).toMatch(/- keyphrase_in_introduction \(problem\): Keyphrase in introduction: Not in the first paragraph/);
    expect(sent).toMatch(/do not invent numbers, names/i);
  });

  it('streams the suggestions as server-sent events', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: SUGGEST,
      payload: await payloadFromReport(),
      headers: { accept: 'text/event-stream', origin: ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);
    const deltas = [...res.body.matchAll(/event: delta\ndata: (.*)\n/g)].map((m) => JSON.parse(m[1]!));
    expect(deltas.length).toBeGreaterThan(3);
    const last = res.body.trim().split('\n\n').at(-1)!;
    expect(last).toMatch(/^event: done\n/);
    expect(last).toContain('wider than 600 px');
    expect(llm.requests.at(-1)!.stream).toBe(true);
  });

  it('answers a model failure with a clear error, not a 500', async () => {
    llm.reply = { status: 500, content: 'boom' };
    try {
      const res = await post(t.app, SUGGEST, {
        text: LONG,
        checks: [{ id: 'sentence_length', light: 'problem', message: 'Too long.' }],
        longSentences: [LONG],
      });
      expect(res.statusCode).toBe(502);
      expect(json(res).error.code).toBe('upstream_failed');
      expect(json(res).error.message).toMatch(/^The suggestions could not be written/);
    } finally {
      llm.reply = { status: 200, content: 'Sentence: a → b' };
    }
  });

  it('refuses bad input with 400, and answers 503 llm_not_configured on a server without a model', async () => {
    for (const bad of [
      { text: '' },
      { text: '   ' },
      { text: LONG, checks: 'many' },
      { text: LONG, checks: [{ id: 'Bad Id!', light: 'problem', message: 'x' }] },
      { text: LONG, checks: [{ id: 'seo_title', light: 'good', message: 'x' }] },
      { text: LONG, longSentences: Array(11).fill(LONG) },
      { text: 'x'.repeat(20_001) },
    ]) {
      const res = await post(t.app, SUGGEST, bad);
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(json(res).error.code).toBe('validation_failed');
    }
    const bare = await createTestApp();
    try {
      const res = await post(bare.app, SUGGEST, { text: LONG, checks: [{ id: 'sentence_length', light: 'problem', message: 'Too long.' }] });
      expect(res.statusCode).toBe(503);
      expect(json(res).error.code).toBe('llm_not_configured');
    } finally {
      await bare.close();
    }
  });
});
