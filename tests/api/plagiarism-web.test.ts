import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureSafeFetch, type Transport } from '../../src/server/services/safe-fetch';
import { pickQueries } from '../../src/server/services/plagiarism-web';
import type { PlagiarismResponse, PlagiarismStatus } from '../../src/shared/api/plagiarism';
import { createTestApp, get, json, post, type TestApp } from '../helpers/app';

const URL_ = '/api/tools/plagiarism-checker';

// Moby-Dick (1851), public domain: the page a search finds.
const MOBY =
  'Call me Ishmael. Some years ago, never mind how long precisely, having little or no money in my purse, and nothing particular to ' +
  'interest me on shore, I thought I would sail about a little and see the watery part of the world. It is a way I have of driving off ' +
  'the spleen and regulating the circulation. Whenever I find myself growing grim about the mouth; whenever it is a damp, drizzly November ' +
  'in my soul; whenever I find myself involuntarily pausing before coffin warehouses, and bringing up the rear of every funeral I meet; ' +
  'then, I account it high time to get to sea as soon as I can.';
const PAGE = `<!doctype html><html><head><title>Moby-Dick, chapter 1: Loomings</title></head><body>
<nav><a href="/">Home</a> <a href="/books">Books</a></nav><main><h1>Loomings</h1><p>${MOBY}</p></main>
<footer>Public domain text, transcribed by volunteers.</footer></body></html>`;
const OTHER =
  '<html><head><title>Sailing courses</title></head><body><p>Learn to sail on the lake this summer with our friendly instructors.</p></body></html>';
// The student's essay: their own opening and closing around a lightly edited copy of the novel's opening.
const ESSAY =
  'My essay about the sea starts with a sentence that I wrote myself on a rainy afternoon. ' +
  MOBY.replace('watery part', 'watery parts').replace('drizzly', 'wet') +
  ' I end with my own thoughts about why the ocean still calls to young people today.';

interface Fake {
  server: Server;
  url: string;
  requests: { url: string; headers: IncomingMessage['headers'] }[];
  status: number;
}

async function fakeSearch(answer: (url: URL) => unknown): Promise<Fake> {
  const fake: Fake = { server: createServer(), url: '', requests: [], status: 200 };
  fake.server.on('request', (req, res) => {
    fake.requests.push({ url: req.url ?? '', headers: req.headers });
    res.writeHead(fake.status, { 'content-type': 'application/json' });
    res.end(fake.status === 200 ? JSON.stringify(answer(new URL(req.url ?? '/', 'http://x'))) : '{"error":"down"}');
  });
  await new Promise<void>((r) => fake.server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}

/** The web as the SSRF guard sees it: two public pages, and one name that resolves to a private address. */
const fetched: string[] = [];
const web: Transport = async (req) => {
  fetched.push(`${req.address} ${req.url.href}`);
  const html = req.url.hostname === 'books.example' ? PAGE : OTHER;
  return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: [Buffer.from(html)], close: () => {} };
};
const resolve = async (host: string) => (host === 'intranet.example' ? ['10.0.0.5'] : ['93.184.216.34']);

const RESULTS = [
  { url: 'https://books.example/moby-dick/loomings#top', title: 'Loomings' },
  { url: 'https://intranet.example/secret', title: 'Internal' },
  { url: 'https://sailing.example/', title: 'Sailing' },
  { url: 'ftp://files.example/moby.txt', title: 'not a web page' },
];

describe('plagiarism check against the web (SearXNG)', () => {
  let t: TestApp;
  let searx: Fake;
  beforeAll(async () => {
    searx = await fakeSearch(() => ({ query: 'q', results: RESULTS }));
    t = await createTestApp({ SEARXNG_URL: searx.url });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    searx.server.close();
  });
  afterEach(() => {
    configureSafeFetch(null);
    fetched.length = 0;
    searx.status = 200;
    searx.requests.length = 0;
  });

  it('finds the page a passage was copied from, reads it through the SSRF guard, and reports its URL and passages', async () => {
    configureSafeFetch({ resolve, transport: web });
    const res = await post(t.app, URL_, { text: ESSAY });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<PlagiarismResponse>(res);
    // distinctive passages were searched, in SearXNG's JSON format
    expect(searx.requests.length).toBeGreaterThanOrEqual(2);
    expect(searx.requests.every((r) => r.url.includes('format=json'))).toBe(true);
    // the private address was never connected to; the ftp result was never fetched
    expect(fetched.some((f) => f.startsWith('10.'))).toBe(false);
    expect(fetched.some((f) => f.includes('ftp:'))).toBe(false);
    const source = body.items.find((i) => i.origin === 'web');
    expect(source, JSON.stringify(body.items)).toBeDefined();
    expect(source!.reference).toBe('https://books.example/moby-dick/loomings');
    expect(source!.title).toBe('Moby-Dick, chapter 1: Loomings');
    expect(source!.passages.length).toBeGreaterThan(0);
    expect(source!.passages[0]!.sourceExcerpt).toContain('Ishmael');
    // the page's navigation and footer are not part of what was aligned
    expect(source!.passages.map((p) => p.sourceExcerpt).join(' ')).not.toContain('transcribed by volunteers');
    expect(body.similarity).toBeGreaterThan(60);
    expect(body.similarity).toBeLessThan(100);
    expect(body.fallback).toBe(false);
    expect(body.checkedAgainst.web).toMatchObject({ providers: ['SearXNG'], pages: 2, unreadable: 1 });
  });

  it('a text of its own matches no web page', async () => {
    configureSafeFetch({ resolve, transport: web });
    const own = 'We drove up to the lake on Friday, later than planned because Sam forgot the tent poles and we had to turn back home again.';
    const body = json<PlagiarismResponse>(await post(t.app, URL_, { text: own }));
    expect(body.items.filter((i) => i.origin === 'web')).toEqual([]);
    expect(body.similarity).toBe(0);
  });

  it('when the search provider fails, the library alone answers and the report says so', async () => {
    configureSafeFetch({ resolve, transport: web });
    searx.status = 500;
    const res = await post(t.app, URL_, { text: ESSAY });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<PlagiarismResponse>(res);
    expect(body.fallback).toBe(true);
    expect(body.items.filter((i) => i.origin === 'web')).toEqual([]);
    expect(fetched).toEqual([]);
  });

  it('the status names the web search provider, for the page', async () => {
    expect(json<PlagiarismStatus>(await get(t.app, `${URL_}/status`)).webSearch).toEqual(['SearXNG']);
  });
});

describe('plagiarism check against the web (Brave Search API)', () => {
  let t: TestApp;
  let brave: Fake;
  beforeAll(async () => {
    brave = await fakeSearch(() => ({ web: { results: RESULTS } }));
    t = await createTestApp({ BRAVE_SEARCH_API_KEY: 'brave-test-key', BRAVE_SEARCH_URL: `${brave.url}/res/v1/web/search` });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    brave.server.close();
  });
  afterEach(() => configureSafeFetch(null));

  it('sends the key, and aligns the pages it finds', async () => {
    configureSafeFetch({ resolve, transport: web });
    const body = json<PlagiarismResponse>(await post(t.app, URL_, { text: ESSAY }));
    expect(brave.requests[0]!.headers['x-subscription-token']).toBe('brave-test-key');
    expect(brave.requests[0]!.url).toMatch(/^\/res\/v1\/web\/search\?q=/);
    expect(body.items.find((i) => i.origin === 'web')?.reference).toBe('https://books.example/moby-dick/loomings');
    expect(body.checkedAgainst.web?.providers).toEqual(['Brave Search']);
  });
});

describe('without web search', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t.close());

  it('the library alone answers, and that is not a fallback', async () => {
    const body = json<PlagiarismResponse>(await post(t.app, URL_, { text: ESSAY }));
    expect(body.fallback).toBe(false);
    expect(body.checkedAgainst.web).toBeUndefined();
    expect(json<PlagiarismStatus>(await get(t.app, `${URL_}/status`)).webSearch).toEqual([]);
  });
});

describe('pickQueries', () => {
  it('takes distinctive windows spread over the text, at most four', () => {
    const q = pickQueries(ESSAY);
    expect(q.length).toBeGreaterThanOrEqual(2);
    expect(q.length).toBeLessThanOrEqual(4);
    for (const query of q) expect(query.split(' ').length).toBeLessThanOrEqual(14);
    expect(pickQueries('Too short.')).toEqual([]);
  });
});
