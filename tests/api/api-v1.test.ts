import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { apiKeys, idempotencyKeys, mediaJobs, rateLimits, usageCounters, usageEvents, users } from '../../src/db/schema';
import { requestHash } from '../../src/server/services/public-api';

import { API_SCOPES } from '../../src/shared/api/api-keys';
import { ApiMeResponse, API_REQUESTS_PER_MINUTE } from '../../src/shared/api/public-api';
import type { Role } from '../../src/shared/roles';
import { RESUME } from '../unit/resume-fixture';
import { createAppOn, createTestApp, get, json, ORIGIN, post, type TestApp, signedInAccount } from '../helpers/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const V1_DETECTOR = '/api/v1/tools/content-detector';
const WEB_DETECTOR = '/api/tools/content-detector';
const TEXT =
  'The committee met on Tuesday to review the budget. Several members raised concerns about the timeline. ' +
  'After a long discussion, they agreed to revisit the proposal next month.';
const OTHER_TEXT = 'Rain fell on the old harbour all night. By morning the boats had drifted against the far wall, and nobody minded.';
const DAY_MS = 24 * 3600 * 1000;

/** A fresh account with this role, logged in from its own address (the login throttle stays out of the way). */
const account = (role: Role = 'pro') => signedInAccount(t, role);

type Created = { apiKey: { id: string; prefix: string; status: string; scopes: string[] | null; expiresAt: string | null }; key: string };

async function createKey(cookie: string, body: Record<string, unknown> = {}): Promise<Created> {
  const res = await post(t.app, '/api/user/api-keys', { name: 'script', ...body }, { cookie });
  expect(res.statusCode, res.body).toBe(201);
  return json(res);
}

/** A call to the public API with the key alone (no cookie). */
function v1(
  app: FastifyInstance,
  key: string | null,
  url = V1_DETECTOR,
  payload: unknown = { text: TEXT },
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as never,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
  });
}

function v1get(key: string, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}`, ...headers } });
}

async function eventsOf(userId: string) {
  return t.ctx.db.select().from(usageEvents).where(eq(usageEvents.userId, userId));
}

async function charactersUsed(userId: string): Promise<number> {
  const rows = await t.ctx.db
    .select()
    .from(usageCounters)
    .where(and(eq(usageCounters.userId, userId), eq(usageCounters.kind, 'characters')));
  return rows.reduce((n, r) => n + Number(r.used), 0);
}

function errorOf(res: LightMyRequestResponse): { code: string; message: string } {
  return json(res).error;
}

describe('the tool endpoints of /api/v1', () => {
  it('registers a key-only twin of every tool route, and the key scopes are exactly the tools with an endpoint', () => {
    const byUrl = new Map(t.app.routeAccess.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(t.app.toolRoutes.length).toBeGreaterThan(15);
    for (const info of t.app.toolRoutes) {
      expect(byUrl.get(`POST ${info.v1Path}`), info.v1Path).toBe('apikey');
      expect(byUrl.get(`POST ${info.path}`), info.path).not.toBe('apikey');
    }
    for (const url of ['GET /api/v1/me', 'GET /api/v1/jobs', 'GET /api/v1/jobs/:id', 'POST /api/v1/tools/resume-writer/export'])
      expect(byUrl.get(url), url).toBe('apikey');
    // Every /api/v1 route but the public document takes a key.
    for (const r of t.app.routeAccess.filter((r) => r.url.startsWith('/api/v1/') && r.url !== '/api/v1/openapi.json')) expect(r.access, r.url).toBe('apikey');
    expect([...API_SCOPES].sort()).toEqual([...new Set(t.app.toolRoutes.map((r) => r.tool))].sort());
  });
});

describe('key lifecycle: create, use, revoke, expire', () => {
  it('a new key works at once on /api/v1, metered to its owner and the key, with the rate headers', async () => {
    const pro = await account('pro');
    const { apiKey, key } = await createKey(pro.cookie);
    expect(apiKey).toMatchObject({ status: 'active', scopes: null, expiresAt: null });
    const res = await v1(t.app, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ engine: 'veritext', allowance: null });
    expect(['human', 'mixed', 'ai', 'uncertain']).toContain(json(res).verdict);
    expect(res.headers['x-ratelimit-limit']).toBe(String(API_REQUESTS_PER_MINUTE.pro));
    expect(res.headers['x-ratelimit-remaining']).toBe(String(API_REQUESTS_PER_MINUTE.pro - 1));
    const reset = Number(res.headers['x-ratelimit-reset']);
    expect(reset * 1000).toBeGreaterThan(Date.now());
    expect(reset * 1000).toBeLessThanOrEqual(Date.now() + 61_000);
    expect(String(res.headers['set-cookie'] ?? '')).toBe('');
    const events = await eventsOf(pro.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ tool: 'ai_content_detector', status: 'ok', apiKeyId: apiKey.id, anonId: null });
    expect(await charactersUsed(pro.id)).toBe([...TEXT].length);
  });

  it('a revoked key is refused with 401 and runs nothing', async () => {
    const pro = await account('pro');
    const { apiKey, key } = await createKey(pro.cookie);
    expect((await v1(t.app, key)).statusCode).toBe(200);
    expect((await post(t.app, `/api/user/api-keys/${apiKey.id}/revoke`, {}, { cookie: pro.cookie })).statusCode).toBe(200);
    const res = await v1(t.app, key);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('invalid_api_key');
    expect(await eventsOf(pro.id)).toHaveLength(1);
  });

  it('an expiring key works until its expiry, then answers 401 api_key_expired; the list says expired and frees its place', async () => {
    const pro = await account('agency');
    const expiresAt = new Date(Date.now() + 7 * DAY_MS).toISOString();
    const { apiKey, key } = await createKey(pro.cookie, { expiresAt });
    expect(apiKey.expiresAt).toBe(expiresAt);
    expect((await v1(t.app, key)).statusCode).toBe(200);
    // Time passes: the key's expiry is now behind us.
    await t.ctx.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, apiKey.id));
    const res = await v1(t.app, key);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toMatchObject({ code: 'api_key_expired' });
    expect(res.headers['www-authenticate']).toMatch(/^Bearer .*error="invalid_token"/);
    expect(errorOf(res).message).toMatch(/expired on \d{4}-\d{2}-\d{2}/);
    expect(await eventsOf(pro.id)).toHaveLength(1);
    const list = json(await get(t.app, '/api/user/api-keys', pro.cookie));
    expect(list.items[0]).toMatchObject({ id: apiKey.id, status: 'expired' });
    // An expired key does not count against the 10 active keys.
    for (let i = 0; i < 10; i++) await createKey(pro.cookie, { name: `k${i}` });
    expect((await post(t.app, '/api/user/api-keys', { name: 'one more' }, { cookie: pro.cookie })).statusCode).toBe(409);
  });

  it('refuses an expiry in the past, more than two years away, or not a date', async () => {
    const pro = await account('pro');
    for (const expiresAt of [new Date(Date.now() - 60_000).toISOString(), new Date(Date.now() + 731 * DAY_MS).toISOString(), 'next week', '2030-01-01']) {
      const res = await post(t.app, '/api/user/api-keys', { name: 'x', expiresAt }, { cookie: pro.cookie });
      expect(res.statusCode, expiresAt).toBe(400);
      expect(json(res).error.fields.expiresAt, expiresAt).toBeDefined();
    }
    expect(json(await get(t.app, '/api/user/api-keys', pro.cookie)).items).toEqual([]);
    // Two years minus a minute is fine, and null means never.
    await createKey(pro.cookie, { expiresAt: new Date(Date.now() + 730 * DAY_MS - 60_000).toISOString() });
    expect((await createKey(pro.cookie, { expiresAt: null })).apiKey.expiresAt).toBeNull();
  });

  it('keeps refusing keys of an account no longer on a plan with the API, whatever their scopes', async () => {
    const pro = await account('pro');
    const { key } = await createKey(pro.cookie, { scopes: ['ai_content_detector'] });
    await t.ctx.db.update(users).set({ role: 'basic' }).where(eq(users.id, pro.id));
    const res = await v1(t.app, key);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: 'forbidden' });
    expect(errorOf(res).message).toMatch(/Basic plan/);
    expect(await eventsOf(pro.id)).toEqual([]);
  });
});

describe('scopes', () => {
  it('a key limited to some tools calls those and gets 403 scope on the others, charging nothing', async () => {
    const pro = await account('pro');
    const { apiKey, key } = await createKey(pro.cookie, { scopes: ['keyword_extractor', 'ai_summarizer'] });
    expect(apiKey.scopes).toEqual(['keyword_extractor', 'ai_summarizer']);
    const refused = await v1(t.app, key);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('scope');
    expect(errorOf(refused).message).toMatch(/AI Content Detector/);
    // The refusal carries the rate headers like any answer after the key is known.
    expect(refused.headers['x-ratelimit-remaining']).toBeDefined();
    const ok = await v1(t.app, key, '/api/v1/tools/keyword-extractor');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok).keyphrases.length).toBeGreaterThan(0);
    const events = await eventsOf(pro.id);
    expect(events.map((e) => e.tool)).toEqual(['keyword_extractor']);
    // The key's scopes show on /api/v1/me and in the owner's list.
    expect(json(await v1get(key, '/api/v1/me')).apiKey.scopes).toEqual(['keyword_extractor', 'ai_summarizer']);
    expect(json(await get(t.app, '/api/user/api-keys', pro.cookie)).items[0].scopes).toEqual(['keyword_extractor', 'ai_summarizer']);
  });

  it('accepts only live tools with an endpoint, each once, and at least one', async () => {
    const pro = await account('pro');
    for (const scopes of [['nope'], ['ad_copy_generator'], ['chatgpt_detector'], ['ai_humanizer', 'ai_humanizer'], [], 'ai_humanizer']) {
      const res = await post(t.app, '/api/user/api-keys', { name: 'x', scopes }, { cookie: pro.cookie });
      expect(res.statusCode, JSON.stringify(scopes)).toBe(400);
      expect(
        Object.keys(json(res).error.fields).some((f) => f.startsWith('scopes')),
        JSON.stringify(scopes),
      ).toBe(true);
    }
    expect((await createKey(pro.cookie, { scopes: [...API_SCOPES] })).apiKey.scopes).toHaveLength(API_SCOPES.length);
  });

  it('a scoped key sees only the background jobs of its tools', async () => {
    const pro = await account('pro');
    const detectorOnly = await createKey(pro.cookie, { scopes: ['ai_content_detector'] });
    const everything = await createKey(pro.cookie);
    const [job] = await t.ctx.db
      .insert(mediaJobs)
      .values({ userId: pro.id, tool: 'speech_to_text', status: 'done', progress: 1, result: { text: 'hello' }, finishedAt: new Date() })
      .returning();
    const all = await v1get(everything.key, `/api/v1/jobs/${job.id}`);
    expect(all.statusCode, all.body).toBe(200);
    expect(json(all)).toMatchObject({ id: job.id, tool: 'speech_to_text', status: 'done' });
    expect(json(await v1get(everything.key, '/api/v1/jobs')).jobs.map((j: { id: string }) => j.id)).toEqual([job.id]);
    expect((await v1get(detectorOnly.key, `/api/v1/jobs/${job.id}`)).statusCode).toBe(404);
    expect(json(await v1get(detectorOnly.key, '/api/v1/jobs')).jobs).toEqual([]);
  });
});

describe('rate limits per key, in the database', () => {
  it('answers 429 rate_limited with Retry-After once the window is spent, charges nothing, and opens the next window', async () => {
    const pro = await account('pro');
    const { apiKey, key } = await createKey(pro.cookie);
    expect((await v1(t.app, key)).statusCode).toBe(200);
    // The window is spent (as after 60 calls within the minute).
    await t.ctx.db
      .update(rateLimits)
      .set({ count: API_REQUESTS_PER_MINUTE.pro })
      .where(eq(rateLimits.key, `api:key:${apiKey.id}`));
    const res = await v1(t.app, key);
    expect(res.statusCode).toBe(429);
    expect(errorOf(res).code).toBe('rate_limited');
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(res.headers['x-ratelimit-limit']).toBe(String(API_REQUESTS_PER_MINUTE.pro));
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    expect(Math.abs(Number(res.headers['x-ratelimit-reset']) - (Date.now() / 1000 + retry))).toBeLessThanOrEqual(2);
    expect(await eventsOf(pro.id)).toHaveLength(1);
    // A minute later the window starts over.
    await t.ctx.db
      .update(rateLimits)
      .set({ windowStart: new Date(Date.now() - 61_000) })
      .where(eq(rateLimits.key, `api:key:${apiKey.id}`));
    const next = await v1(t.app, key);
    expect(next.statusCode).toBe(200);
    expect(next.headers['x-ratelimit-remaining']).toBe(String(API_REQUESTS_PER_MINUTE.pro - 1));
  });

  it('gives Agency keys their own figure, counts each key apart, and counts /api/v1/me too', async () => {
    const agency = await account('agency');
    const a = await createKey(agency.cookie);
    const b = await createKey(agency.cookie);
    const me = await v1get(a.key, '/api/v1/me');
    expect(me.headers['x-ratelimit-limit']).toBe(String(API_REQUESTS_PER_MINUTE.agency));
    expect(json(me).rateLimit).toMatchObject({ limit: API_REQUESTS_PER_MINUTE.agency, remaining: API_REQUESTS_PER_MINUTE.agency - 1, windowSeconds: 60 });
    expect((await v1(t.app, a.key)).headers['x-ratelimit-remaining']).toBe(String(API_REQUESTS_PER_MINUTE.agency - 2));
    expect((await v1(t.app, b.key)).headers['x-ratelimit-remaining']).toBe(String(API_REQUESTS_PER_MINUTE.agency - 1));
  });

  it('counts one key across server instances sharing the database (API_RATE_LIMIT_PER_MINUTE=3)', async () => {
    const one = await createAppOn(t.database, { API_RATE_LIMIT_PER_MINUTE: '3' });
    const two = await createAppOn(t.database, { API_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const pro = await account('pro');
      const { key } = await createKey(pro.cookie);
      const answers = [];
      for (const app of [one.app, two.app, one.app, two.app]) answers.push(await v1(app, key));
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
      expect(answers.map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
      expect(answers.every((r) => r.headers['x-ratelimit-limit'] === '3')).toBe(true);
      expect(answers[3].headers['retry-after']).toBeDefined();
      expect(await eventsOf(pro.id)).toHaveLength(3);
    } finally {
      await one.app.close();
      await two.app.close();
    }
  });
});

describe('Idempotency-Key on POST', () => {
  it('answers a retry with the stored answer, marked replayed, without running or charging it again', async () => {
    const pro = await account('pro');
    const { key } = await createKey(pro.cookie);
    const headers = { 'idempotency-key': 'order-4711' };
    const first = await v1(t.app, key, V1_DETECTOR, { text: TEXT }, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const used = await charactersUsed(pro.id);
    expect(used).toBe([...TEXT].length);

    const again = await v1(t.app, key, V1_DETECTOR, { text: TEXT }, headers);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    expect(await eventsOf(pro.id)).toHaveLength(1);
    expect(await charactersUsed(pro.id)).toBe(used);
    // A retry still counts against the key's rate (it is a request).
    expect(Number(again.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
    // Without the header the same request runs again.
    expect((await v1(t.app, key)).headers['idempotent-replayed']).toBeUndefined();
    expect(await eventsOf(pro.id)).toHaveLength(2);
  });

  it('refuses the same key with another body (422 idempotency_mismatch) or another path', async () => {
    const pro = await account('pro');
    const { key } = await createKey(pro.cookie);
    const headers = { 'idempotency-key': 'same-key' };
    expect((await v1(t.app, key, V1_DETECTOR, { text: TEXT }, headers)).statusCode).toBe(200);
    const other = await v1(t.app, key, V1_DETECTOR, { text: OTHER_TEXT }, headers);
    expect(other.statusCode).toBe(422);
    expect(errorOf(other).code).toBe('idempotency_mismatch');
    const elsewhere = await v1(t.app, key, '/api/v1/tools/keyword-extractor', { text: TEXT }, headers);
    expect(elsewhere.statusCode).toBe(422);
    expect(await eventsOf(pro.id)).toHaveLength(1);
  });

  it('answers 409 idempotency_in_progress while the first request runs, and lets a retry take over an abandoned one', async () => {
    const pro = await account('pro');
    const { apiKey, key } = await createKey(pro.cookie);
    const first = await v1(t.app, key, V1_DETECTOR, { text: TEXT }, { 'idempotency-key': 'probe' });
    expect(first.statusCode).toBe(200);
    // The hash a run stores is the one this request has (method, path, body)...
    const [row] = await t.ctx.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.apiKeyId, apiKey.id), eq(idempotencyKeys.key, 'probe')));
    const hash = requestHash('POST', V1_DETECTOR, JSON.stringify({ text: TEXT }));
    expect(row).toMatchObject({ requestHash: hash, statusCode: 200 });
    // ...so a row of that hash without an answer is this request still running (as on another instance, mid-call).
    await t.ctx.db.insert(idempotencyKeys).values({ apiKeyId: apiKey.id, key: 'running', requestHash: hash, createdAt: new Date() });
    const busy = await v1(t.app, key, V1_DETECTOR, { text: TEXT }, { 'idempotency-key': 'running' });
    expect(busy.statusCode).toBe(409);
    expect(errorOf(busy).code).toBe('idempotency_in_progress');
    expect(busy.headers['retry-after']).toBe('1');
    expect(await eventsOf(pro.id)).toHaveLength(1);
    // An instance that died mid-request leaves its mark; after 15 minutes a retry runs instead of waiting a day.
    await t.ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(and(eq(idempotencyKeys.apiKeyId, apiKey.id), eq(idempotencyKeys.key, 'running')));
    const taken = await v1(t.app, key, V1_DETECTOR, { text: TEXT }, { 'idempotency-key': 'running' });
    expect(taken.statusCode).toBe(200);
    expect(taken.headers['idempotent-replayed']).toBeUndefined();
    expect(await eventsOf(pro.id)).toHaveLength(2);
  });

  it('runs concurrent retries of one request once: the others wait (409) or get the copy', async () => {
    const pro = await account('pro');
    const { key } = await createKey(pro.cookie);
    const long = Array.from({ length: 40 }, () => TEXT).join(' ');
    const answers = await Promise.all([1, 2, 3, 4].map(() => v1(t.app, key, V1_DETECTOR, { text: long }, { 'idempotency-key': 'burst' })));
    const ran = answers.filter((r) => r.statusCode === 200 && !r.headers['idempotent-replayed']);
    expect(ran).toHaveLength(1);
    for (const r of answers) {
      if (r === ran[0]) continue;
      if (r.statusCode === 200) expect(r.body).toBe(ran[0].body);
      else expect(errorOf(r).code).toBe('idempotency_in_progress');
    }
    expect(await eventsOf(pro.id)).toHaveLength(1);
    expect(await charactersUsed(pro.id)).toBe([...long].length);
  });

  it('releases the key of a failed first answer, so a retry runs again', async () => {
    const pro = await account('pro');
    const { apiKey, key } = await createKey(pro.cookie);
    const headers = { 'idempotency-key': 'fails-first' };
    const bad = await v1(t.app, key, V1_DETECTOR, { text: '   ' }, headers);
    expect(bad.statusCode).toBe(400);
    expect(await t.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.apiKeyId, apiKey.id))).toEqual([]);
    const again = await v1(t.app, key, V1_DETECTOR, { text: '   ' }, headers);
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    // Released, the key is free for the corrected request.
    const fixed = await v1(t.app, key, V1_DETECTOR, { text: TEXT }, headers);
    expect(fixed.statusCode).toBe(200);
  });

  it('keeps keys per API key: the same Idempotency-Key of another key (or another account) never replays its answer', async () => {
    const a = await account('pro');
    const b = await account('pro');
    const ka = await createKey(a.cookie);
    const kb = await createKey(b.cookie);
    const headers = { 'idempotency-key': 'shared-name' };
    const first = await v1(t.app, ka.key, V1_DETECTOR, { text: TEXT }, headers);
    const other = await v1(t.app, kb.key, V1_DETECTOR, { text: TEXT }, headers);
    expect(first.statusCode).toBe(200);
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(json(other).detectionId).not.toBe(json(first).detectionId);
    expect(await eventsOf(a.id)).toHaveLength(1);
    expect(await eventsOf(b.id)).toHaveLength(1);
  });

  it('hashes an upload by its parts: the same file sent again (a new multipart boundary) is replayed', async () => {
    const pro = await account('pro');
    const { key } = await createKey(pro.cookie);
    const upload = (boundary: string) =>
      t.app.inject({
        method: 'POST',
        url: V1_DETECTOR,
        headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'upload-1', 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="essay.txt"\r\nContent-Type: text/plain\r\n\r\n${TEXT}\r\n--${boundary}--\r\n`,
      });
    const first = await upload('aaaaBOUNDARY1');
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first).text).toBe(TEXT);
    const again = await upload('zzzzBOUNDARY2');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await eventsOf(pro.id)).toHaveLength(1);
  });

  it('replays a file answer (the resume export) byte for byte, with its headers', async () => {
    const pro = await account('pro');
    const { key } = await createKey(pro.cookie);
    const body = { resume: RESUME, layout: 'modern', format: 'docx' };
    const headers = { 'idempotency-key': 'resume-1' };
    const first = await v1(t.app, key, '/api/v1/tools/resume-writer/export', body, headers);
    expect(first.statusCode, first.body.slice(0, 200)).toBe(200);
    const again = await v1(t.app, key, '/api/v1/tools/resume-writer/export', body, headers);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['content-disposition']).toBe(first.headers['content-disposition']);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await eventsOf(pro.id)).toHaveLength(1);
  });

  it('refuses a malformed key and a streamed answer with 400', async () => {
    const pro = await account('pro');
    const { key } = await createKey(pro.cookie);
    for (const bad of ['', 'x'.repeat(201), 'tab\there']) {
      const res = await v1(t.app, key, V1_DETECTOR, { text: TEXT }, { 'idempotency-key': bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(errorOf(res).message).toMatch(/Idempotency-Key/);
    }
    const sse = await v1(t.app, key, '/api/v1/tools/ai-summarizer', { text: TEXT }, { 'idempotency-key': 'stream-1', accept: 'text/event-stream' });
    expect(sse.statusCode).toBe(400);
    expect(errorOf(sse).message).toMatch(/streamed/);
    expect(await eventsOf(pro.id)).toEqual([]);
    expect((await v1(t.app, key, V1_DETECTOR, { text: TEXT }, { 'idempotency-key': 'y'.repeat(200) })).statusCode).toBe(200);
  });

  it('sweeps keys older than 24 hours when new ones are taken; an old key is not replayed', async () => {
    const pro = await account('pro');
    const { apiKey, key } = await createKey(pro.cookie);
    expect((await v1(t.app, key, V1_DETECTOR, { text: TEXT }, { 'idempotency-key': 'old' })).statusCode).toBe(200);
    await t.ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(idempotencyKeys.apiKeyId, apiKey.id));
    expect((await v1(t.app, key, V1_DETECTOR, { text: OTHER_TEXT }, { 'idempotency-key': 'new' })).statusCode).toBe(200);
    const left = await t.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.apiKeyId, apiKey.id));
    expect(left.map((r) => r.key)).toEqual(['new']);
    const rerun = await v1(t.app, key, V1_DETECTOR, { text: TEXT }, { 'idempotency-key': 'old' });
    expect(rerun.headers['idempotent-replayed']).toBeUndefined();
    expect(await eventsOf(pro.id)).toHaveLength(3);
  });
});

describe('the session cookie and the API key are kept apart', () => {
  it('/api/v1 refuses a session cookie (401 api_key_required) and any other authorization scheme', async () => {
    const pro = await account('pro');
    const attempts: Record<string, string>[] = [{ cookie: pro.cookie }, { cookie: pro.cookie, origin: ORIGIN }, { authorization: 'Basic dXNlcjpwYXNz' }, {}];
    for (const headers of attempts) {
      const res = await v1(t.app, null, V1_DETECTOR, { text: TEXT }, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(errorOf(res).code).toBe('api_key_required');
      expect(errorOf(res).message).toMatch(/Authorization: Bearer/);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="Veritext API"');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: pro.cookie } })).statusCode).toBe(401);
    expect(await eventsOf(pro.id)).toEqual([]);
  });

  it('a web route refuses an API key with 401 use_api_v1, pointing to the /api/v1 path, even with a cookie', async () => {
    const pro = await account('pro');
    const { key } = await createKey(pro.cookie);
    const res = await post(t.app, WEB_DETECTOR, { text: TEXT }, { headers: { authorization: `Bearer ${key}` } });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('use_api_v1');
    expect(errorOf(res).message).toContain('/api/v1/tools/content-detector');
    const both = await post(t.app, WEB_DETECTOR, { text: TEXT }, { cookie: pro.cookie, headers: { authorization: `Bearer ${key}` } });
    expect(both.statusCode).toBe(401);
    for (const url of ['/api/jobs', '/api/user/usage', '/api/auth/me']) {
      const r = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
      expect(r.statusCode, url).toBe(401);
      expect(errorOf(r).code, url).toBe('use_api_v1');
    }
    expect(await eventsOf(pro.id)).toEqual([]);
    // The cookie alone still works on the web route, and the key alone on /api/v1.
    expect((await post(t.app, WEB_DETECTOR, { text: TEXT }, { cookie: pro.cookie })).statusCode).toBe(200);
    expect((await v1(t.app, key)).statusCode).toBe(200);
  });

  it('every web route (history, reports, account, staff…) refuses a key before it reads anything', async () => {
    const pro = await account('pro');
    const { key } = await createKey(pro.cookie);
    const web = t.app.routeAccess.filter((r) => !r.url.startsWith('/api/v1/'));
    expect(web.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const r of web) {
      const url = r.url.replace(/:(\w+)/g, (_m, name: string) => (name === 'id' ? '00000000-0000-4000-8000-000000000000' : 'x'));
      const res = await t.app.inject({ method: r.method as 'GET', url, headers: { authorization: `Bearer ${key}`, cookie: pro.cookie } });
      if (res.statusCode !== 401 || json(res).error?.code !== 'use_api_v1') wrong.push(`${r.method} ${r.url}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a key sent from another site’s page needs no CSRF check on /api/v1 and ignores the cookie sent along', async () => {
    const owner = await account('pro');
    const bystander = await account('agency');
    const { key } = await createKey(owner.cookie);
    const res = await v1(t.app, key, V1_DETECTOR, { text: TEXT }, { origin: 'https://elsewhere.example', cookie: bystander.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventsOf(bystander.id)).toEqual([]);
    expect(await eventsOf(owner.id)).toHaveLength(1);
  });
});

describe('a key of user A never acts as user B', () => {
  it('meters, reports and lists jobs for the key’s owner only', async () => {
    const a = await account('pro');
    const b = await account('pro');
    const ka = await createKey(a.cookie);
    const [bJob] = await t.ctx.db
      .insert(mediaJobs)
      .values({ userId: b.id, tool: 'speech_to_text', status: 'done', progress: 1, result: { text: 'B' } })
      .returning();
    // A's key with B's session cookie alongside: still A.
    const res = await v1(t.app, ka.key, V1_DETECTOR, { text: TEXT }, { cookie: b.cookie });
    expect(res.statusCode).toBe(200);
    expect(await eventsOf(a.id)).toHaveLength(1);
    expect(await eventsOf(b.id)).toEqual([]);
    expect(await charactersUsed(b.id)).toBe(0);
    const me = await v1get(ka.key, '/api/v1/me', { cookie: b.cookie });
    expect(json(me).user).toEqual({ id: a.id, username: a.username, email: a.email });
    expect((await v1get(ka.key, `/api/v1/jobs/${bJob.id}`, { cookie: b.cookie })).statusCode).toBe(404);
    expect(json(await v1get(ka.key, '/api/v1/jobs', { cookie: b.cookie })).jobs).toEqual([]);
    // B cannot revoke A's key by its id.
    expect((await post(t.app, `/api/user/api-keys/${ka.apiKey.id}/revoke`, {}, { cookie: b.cookie })).statusCode).toBe(404);
  });
});

describe('GET /api/v1/me', () => {
  it('answers the owner, plan, usage and the key’s limits in the documented shape', async () => {
    const pro = await account('pro');
    const expiresAt = new Date(Date.now() + 30 * DAY_MS).toISOString();
    const { apiKey, key } = await createKey(pro.cookie, { name: 'cli', expiresAt, scopes: ['ai_content_detector'] });
    expect((await v1(t.app, key)).statusCode).toBe(200);
    const res = await v1get(key, '/api/v1/me');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = ApiMeResponse.parse(json(res));
    expect(body).toMatchObject({
      user: { id: pro.id, email: pro.email },
      plan: { id: 'pro', name: 'Pro' },
      apiKey: { id: apiKey.id, name: 'cli', prefix: apiKey.prefix, scopes: ['ai_content_detector'], expiresAt },
      rateLimit: { limit: API_REQUESTS_PER_MINUTE.pro, remaining: API_REQUESTS_PER_MINUTE.pro - 2 },
    });
    expect(body.usage.characters).toEqual({ used: [...TEXT].length, limit: 1_000_000, remaining: 1_000_000 - [...TEXT].length });
    expect(body.usage.detections).toEqual({ today: 1, dailyLimit: null });
    expect(body.usage.wordLimit).toBe(10_000);
  });
});

describe('/admin/api-keys shows scopes and expiry', () => {
  it('lists them and filters expired keys apart from active ones', async () => {
    const admin = await account('admin');
    const owner = await account('agency');
    const scoped = await createKey(owner.cookie, { name: 'scoped', scopes: ['grammar_fixer'], expiresAt: new Date(Date.now() + DAY_MS).toISOString() });
    const lapsed = await createKey(owner.cookie, { name: 'lapsed' });
    await t.ctx.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - DAY_MS) })
      .where(eq(apiKeys.id, lapsed.apiKey.id));
    const q = encodeURIComponent(owner.email);
    const all = json(await get(t.app, `/api/admin/api-keys?q=${q}`, admin.cookie));
    expect(all.items.find((k: { id: string }) => k.id === scoped.apiKey.id)).toMatchObject({ scopes: ['grammar_fixer'], status: 'active' });
    expect(all.items.find((k: { id: string }) => k.id === lapsed.apiKey.id)).toMatchObject({ scopes: null, status: 'expired' });
    const ids = async (status: string) =>
      json(await get(t.app, `/api/admin/api-keys?q=${q}&status=${status}`, admin.cookie)).items.map((k: { id: string }) => k.id);
    expect(await ids('active')).toEqual([scoped.apiKey.id]);
    expect(await ids('expired')).toEqual([lapsed.apiKey.id]);
    expect(await ids('revoked')).toEqual([]);
  });
});
