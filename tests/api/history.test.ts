import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { appSettings, scanHistory } from '../../src/db/schema';
import type { ServerContext } from '../../src/server/context';
import {
  claimSweepLease,
  describeFile,
  recordHistory,
  sourceOf,
  storedResult,
  sweepHistory,
  sweepHistoryIfDue,
  SWEEP_LEASE_KEY,
} from '../../src/server/services/history';
import { resetSettings, updateSettings } from '../../src/server/services/settings';
import type { Caller } from '../../src/server/services/tool-gate';
import type { HistoryItem, HistoryListResponse } from '../../src/shared/api/history';
import { createTestApp, get, json, me, post, register, type TestApp } from '../helpers/app';

const DETECT = '/api/tools/content-detector';
const PLAGIARISM = '/api/tools/plagiarism-checker';
const DAY = 24 * 60 * 60 * 1000;

const TEXT =
  'We drove up to the lake on Friday, later than planned because Sam forgot the tent poles and we had to turn back. ' +
  'By the time we got there it was dark, the campsite was muddy and the only free pitch was next to a family with three dogs. ' +
  'Honestly it was fine. The dogs were friendly, the kids shared their marshmallows, and on Saturday the rain stopped long enough for a swim. ' +
  'I would go again, but I would pack the poles myself.';

const OTHER =
  'The committee met on Tuesday to review the allotment waiting list, which has grown to forty-one names since spring. ' +
  'Mrs Okafor proposed splitting the three largest plots, and after a long argument about the compost bins the motion passed.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function userId(cookie: string): Promise<string> {
  return json(await me(t.app, cookie)).user.id;
}

function history(cookie: string, query = '') {
  return get(t.app, `/api/history${query}`, cookie);
}

function del(url: string, cookie?: string) {
  return t.app.inject({ method: 'DELETE', url, headers: cookie ? { cookie } : {} });
}

async function turnOn(cookie: string, on = true) {
  const res = await t.app.inject({ method: 'PUT', url: '/api/user/settings', payload: { historyEnabled: on }, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  expect(json(res).historyEnabled).toBe(on);
}

async function detect(cookie: string, text = TEXT) {
  const res = await post(t.app, DETECT, { text }, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return json(res);
}

async function rowsOf(id: string) {
  return t.ctx.db.select().from(scanHistory).where(eq(scanHistory.userId, id));
}

describe('scan history', () => {
  it('needs a signed-in user', async () => {
    expect((await get(t.app, '/api/history')).statusCode).toBe(401);
    expect((await get(t.app, '/api/history/3f1c2f8e-0000-4000-8000-000000000000')).statusCode).toBe(401);
    expect((await del('/api/history')).statusCode).toBe(401);
  });

  it('is off by default: a check is not kept', async () => {
    const cookie = await register(t.app);
    const settings = json(await get(t.app, '/api/user/settings', cookie));
    expect(settings.historyEnabled).toBe(false);
    await detect(cookie);
    expect(await rowsOf(await userId(cookie))).toHaveLength(0);
    const list = json<HistoryListResponse>(await history(cookie));
    expect(list).toMatchObject({ items: [], total: 0, enabled: false, retentionDays: 90 });
  });

  it('keeps visitors out entirely', async () => {
    const before = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(scanHistory);
    expect((await post(t.app, DETECT, { text: TEXT })).statusCode).toBe(200);
    const after = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(scanHistory);
    expect(after[0].n).toBe(before[0].n);
  });

  it('while on, keeps each check with its tool, input, result, date and source', async () => {
    const cookie = await register(t.app);
    await turnOn(cookie);
    const answer = await detect(cookie);
    const plag = await post(t.app, PLAGIARISM, { text: OTHER }, { cookie });
    expect(plag.statusCode, plag.body).toBe(200);

    const list = json<HistoryListResponse>(await history(cookie));
    expect(list.enabled).toBe(true);
    expect(list.total).toBe(2);
    // newest first
    expect(list.items.map((i) => i.tool)).toEqual(['plagiarism_checker', 'ai_content_detector']);
    const [p, d] = list.items;
    expect(d).toMatchObject({ toolName: 'AI Content Detector', source: 'web', inputChars: TEXT.length });
    expect(d.preview).toBe(TEXT.slice(0, 240));
    expect(d.summary).toBe(`${answer.verdictText} · ${(answer.score * 100).toFixed(2)}% AI`);
    expect(p.summary).toMatch(/similarity · \d+ sources?$/);
    expect(list.tools.map((x) => x.id).sort()).toEqual(['ai_content_detector', 'plagiarism_checker']);

    const item = json<HistoryItem>(await get(t.app, `/api/history/${d.id}`, cookie));
    expect(item.input).toBe(TEXT);
    expect(item.source).toBe('web');
    expect(item.result.score).toBe(answer.score);
    expect(item.result.sentences).toEqual(answer.sentences);
    // a visitor's allowance is never part of a user's item
    expect('allowance' in item.result).toBe(false);
    expect(new Date(item.expiresAt).getTime() - new Date(item.createdAt).getTime()).toBe(90 * DAY);

    // turning it off stops recording, and keeps what was kept
    await turnOn(cookie, false);
    await detect(cookie, OTHER);
    expect(json<HistoryListResponse>(await history(cookie))).toMatchObject({ total: 2, enabled: false });
  });

  it('searches the input on the server, filters by tool and pages', async () => {
    const cookie = await register(t.app);
    await turnOn(cookie);
    await detect(cookie, TEXT);
    await detect(cookie, OTHER);
    expect((await post(t.app, PLAGIARISM, { text: `${OTHER} 100% compost` }, { cookie })).statusCode).toBe(200);

    const allotment = json<HistoryListResponse>(await history(cookie, '?q=ALLOTMENT'));
    expect(allotment.total).toBe(2);
    expect(allotment.items.every((i) => i.preview.includes('allotment'))).toBe(true);
    const detectorOnly = json<HistoryListResponse>(await history(cookie, '?q=allotment&tool=ai_content_detector'));
    expect(detectorOnly.total).toBe(1);
    expect(detectorOnly.items[0].tool).toBe('ai_content_detector');
    // % and _ are literal characters, not patterns
    expect(json<HistoryListResponse>(await history(cookie, `?q=${encodeURIComponent('100%')}`)).total).toBe(1);
    expect(json<HistoryListResponse>(await history(cookie, `?q=${encodeURIComponent('%')}`)).total).toBe(1);
    expect(json<HistoryListResponse>(await history(cookie, '?q=_')).total).toBe(0);
    expect(json<HistoryListResponse>(await history(cookie, '?q=nothing-like-this')).total).toBe(0);

    const page1 = json<HistoryListResponse>(await history(cookie, '?limit=2'));
    const page2 = json<HistoryListResponse>(await history(cookie, '?limit=2&offset=2'));
    expect(page1.total).toBe(3);
    expect(page1.items).toHaveLength(2);
    expect(page2.items).toHaveLength(1);
    expect(new Set([...page1.items, ...page2.items].map((i) => i.id)).size).toBe(3);

    expect((await history(cookie, '?limit=500')).statusCode).toBe(400);
    expect((await history(cookie, `?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('deletes one item, then all of them', async () => {
    const cookie = await register(t.app);
    await turnOn(cookie);
    await detect(cookie, TEXT);
    await detect(cookie, OTHER);
    await detect(cookie, `${TEXT} Again.`);
    const list = json<HistoryListResponse>(await history(cookie));
    expect(list.total).toBe(3);

    expect((await del(`/api/history/${list.items[0].id}`, cookie)).statusCode).toBe(204);
    expect((await get(t.app, `/api/history/${list.items[0].id}`, cookie)).statusCode).toBe(404);
    expect((await del(`/api/history/${list.items[0].id}`, cookie)).statusCode).toBe(404);
    expect(json<HistoryListResponse>(await history(cookie)).total).toBe(2);

    const cleared = await del('/api/history', cookie);
    expect(cleared.statusCode).toBe(200);
    expect(json(cleared)).toEqual({ deleted: 2 });
    expect(json<HistoryListResponse>(await history(cookie)).total).toBe(0);
  });

  it("never shows or deletes another user's item (404, as for an unknown id)", async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    await turnOn(b);
    await detect(b);
    const [item] = json<HistoryListResponse>(await history(b)).items;

    expect((await get(t.app, `/api/history/${item.id}`, a)).statusCode).toBe(404);
    expect((await del(`/api/history/${item.id}`, a)).statusCode).toBe(404);
    expect(json<HistoryListResponse>(await history(a)).total).toBe(0);
    // A's "delete all" is A's only
    expect(json(await del('/api/history', a))).toEqual({ deleted: 0 });
    expect((await get(t.app, `/api/history/${item.id}`, b)).statusCode).toBe(200);
    // ids that are not ids
    expect((await get(t.app, '/api/history/not-a-uuid', a)).statusCode).toBe(404);
    expect(json(await get(t.app, '/api/history/not-a-uuid', a)).error.code).toBe('not_found');
  });

  it('is in the account data export', async () => {
    const cookie = await register(t.app);
    await turnOn(cookie);
    await detect(cookie);
    const res = await get(t.app, '/api/user/export', cookie);
    expect(res.statusCode).toBe(200);
    const data = JSON.parse(res.body);
    expect(data.account.historyEnabled).toBe(true);
    expect(data.history).toHaveLength(1);
    expect(data.history[0]).toMatchObject({ tool: 'ai_content_detector', source: 'web', input: TEXT });
    expect(typeof data.history[0].result.score).toBe('number');
    expect(data.savedReports).toEqual([]);
  });
});

describe('what an item keeps', () => {
  it('describes a media file instead of keeping its bytes, and drops audio and images from answers', () => {
    expect(describeFile({ name: 'photo.jpg', mime: 'image/jpeg', bytes: Buffer.alloc(2_200_000) })).toBe('photo.jpg (image/jpeg, 2.1 MB)');
    expect(describeFile({ name: '', mime: 'audio/mpeg', bytes: Buffer.alloc(5000) })).toBe('upload (audio/mpeg, 5 KB)');
    const kept = storedResult({
      engine: 'offline',
      audio: 'UklGRi4AAABXQVZF',
      allowance: { used: 1, limit: 5 },
      text: 'the extracted text',
      ela: { png: 'iVBORw0KGgo=', width: 4, height: 3, quality: 90, unevenness: 0.2 },
      notice: undefined,
    });
    expect(kept).toEqual({ engine: 'offline', ela: { width: 4, height: 3, quality: 90, unevenness: 0.2 } });
  });

  it('says where a check came from', () => {
    const base: Caller = { user: { id: 'u', username: 'u', email: 'u@x', role: 'pro' }, anonId: null, plan: null, startedAt: 0 };
    expect(sourceOf(base)).toBe('web');
    expect(sourceOf({ ...base, apiKeyId: 'k' })).toBe('api');
  });

  it('records the source it is given, and a failed write never throws', async () => {
    const cookie = await register(t.app);
    await turnOn(cookie);
    const id = await userId(cookie);
    expect(await recordHistory(t.ctx, { userId: id, tool: 'ai_content_detector', input: 'x', result: { score: 0.5 }, source: 'api' })).toBe(true);
    expect((await rowsOf(id))[0].source).toBe('api');
    const warnings: string[] = [];
    const log = { warn: (_o: object, m: string) => warnings.push(m) };
    expect(await recordHistory(t.ctx, { userId: 'not-a-uuid', tool: 't', input: 'x', result: {}, source: 'web' }, log as never)).toBe(false);
    expect(warnings).toEqual(['history item not written']);
  });
});

describe('retention', () => {
  /** A context whose clock is `at`. */
  const at = (now: Date): ServerContext => ({ ...t.ctx, now: () => now });

  async function itemAged(uid: string, days: number, input: string) {
    await t.ctx.db.insert(scanHistory).values({
      userId: uid,
      tool: 'ai_content_detector',
      input,
      result: { score: 0.1 },
      createdAt: new Date(Date.now() - days * DAY),
    });
  }

  it('deletes items older than the staff setting, and only those', async () => {
    await resetSettings(t.ctx.db);
    const cookie = await register(t.app);
    const uid = await userId(cookie);
    await itemAged(uid, 200, 'very old');
    await itemAged(uid, 91, 'just expired');
    await itemAged(uid, 89, 'still kept');
    await itemAged(uid, 1, 'recent');

    // 90 days by default
    expect(await sweepHistory(t.ctx)).toBeGreaterThanOrEqual(2);
    expect((await rowsOf(uid)).map((r) => r.input).sort()).toEqual(['recent', 'still kept']);

    // staff shorten it to 30 days
    await updateSettings(t.ctx, { id: uid, email: 'staff@example.com', ip: '127.0.0.1' }, { historyRetentionDays: 30 });
    await sweepHistory(t.ctx);
    expect((await rowsOf(uid)).map((r) => r.input)).toEqual(['recent']);
    // and a user's page says so
    expect(json<HistoryListResponse>(await history(cookie)).retentionDays).toBe(30);
    await resetSettings(t.ctx.db);
  });

  it('the setting is validated (1–3650 days)', async () => {
    const { SettingsPatch } = await import('../../src/shared/settings');
    expect(SettingsPatch.safeParse({ historyRetentionDays: 0 }).success).toBe(false);
    expect(SettingsPatch.safeParse({ historyRetentionDays: 3651 }).success).toBe(false);
    expect(SettingsPatch.safeParse({ historyRetentionDays: 1.5 }).success).toBe(false);
    expect(SettingsPatch.safeParse({ historyRetentionDays: 365 }).success).toBe(true);
  });

  it('runs once a day across instances: one lease per 24 hours, even when asked at once', async () => {
    await t.ctx.db.delete(appSettings).where(eq(appSettings.key, SWEEP_LEASE_KEY));
    const now = new Date('2031-01-01T03:00:00Z');
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimSweepLease(t.ctx.db, now)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimSweepLease(t.ctx.db, new Date(now.getTime() + 23 * 60 * 60 * 1000))).toBe(false);
    expect(await claimSweepLease(t.ctx.db, new Date(now.getTime() + DAY + 1000))).toBe(true);

    // the sweep itself runs only with the lease
    await t.ctx.db.delete(appSettings).where(eq(appSettings.key, SWEEP_LEASE_KEY));
    const cookie = await register(t.app);
    const uid = await userId(cookie);
    await itemAged(uid, 100, 'expired');
    const first = await sweepHistoryIfDue(at(new Date()));
    expect(first).toBeGreaterThanOrEqual(1);
    await itemAged(uid, 100, 'expired again');
    expect(await sweepHistoryIfDue(at(new Date()))).toBeNull();
    expect((await rowsOf(uid)).map((r) => r.input)).toEqual(['expired again']);
    expect(await sweepHistoryIfDue(at(new Date(Date.now() + DAY + 1000)))).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(uid)).toHaveLength(0);
  });
});
