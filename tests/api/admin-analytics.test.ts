import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageEvents, usageRejections } from '../../src/db/schema';
import { recordRejection, utcDay } from '../../src/server/services/metering';
import { createUser } from '../../src/server/services/users';
import type { ToolPerformanceResponse, ToolPerformanceRow } from '../../src/shared/api/admin-analytics';
import type { Role } from '../../src/shared/roles';
import { cookieFrom, createTestApp, get, json, login, uniqueUser, type TestApp } from '../helpers/app';

const URL = '/api/admin/tool-performance';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
let n = 0;
async function cookieForRole(role: Role): Promise<string> {
  const u = uniqueUser(role.replace('_', ''));
  await createUser(t.ctx.db, { ...u, role });
  const res = await login(t.app, u.email, u.password, `10.8.0.${++n}`);
  expect(res.statusCode, res.body).toBe(200);
  return cookieFrom(res);
}

function event(tool: string, ageMs: number, latencyMs: number | null, status: 'ok' | 'error' | 'rejected' = 'ok', engine: string | null = 'offline') {
  return { anonId: 'seed', tool, characters: 100, status, latencyMs, engine, createdAt: new Date(Date.now() - ageMs) };
}

async function perf(cookie: string, range?: string): Promise<ToolPerformanceResponse> {
  const res = await get(t.app, range ? `${URL}?range=${range}` : URL, cookie);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toMatch(/no-store/);
  return json<ToolPerformanceResponse>(res);
}

function tool(body: ToolPerformanceResponse, id: string): ToolPerformanceRow | undefined {
  return body.tools.find((r) => r.tool === id);
}

let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await cookieForRole('admin');
  const detector = [
    // The last hour: 20 successful calls at 10, 20, …, 200 ms (15 offline, 5 by a provider) and 5 fast failures,
    // which must not pull the percentiles down.
    ...Array.from({ length: 20 }, (_, i) =>
      event('ai_content_detector', 30 * 60 * 1000 + i * 1000, (i + 1) * 10, 'ok', i < 15 ? 'offline' : 'provider:gptzero'),
    ),
    ...Array.from({ length: 5 }, (_, i) => event('ai_content_detector', 20 * 60 * 1000 + i * 1000, 5, 'error')),
    // Three days ago: slow calls, only in the 7- and 30-day ranges.
    ...Array.from({ length: 4 }, (_, i) => event('ai_content_detector', 3 * DAY + i * 1000, 5_000)),
    // A refusal written by an older version as an event: a refusal, not a call.
    event('ai_content_detector', HOUR, null, 'rejected', null),
  ];
  await t.ctx.db.insert(usageEvents).values([
    ...detector,
    // Ten days ago: only in the 30-day range.
    event('grammar_fixer', 10 * DAY, 300, 'ok', 'languagetool'),
    event('grammar_fixer', 10 * DAY, 900, 'error', 'languagetool'),
    // Forty days ago: in no range.
    event('ai_humanizer', 40 * DAY, 50),
    // A call that was not timed still counts as a call.
    event('ai_rewriter', 2 * HOUR, null, 'ok', 'llm'),
  ]);
  // Refusals today through the real writer (one counter per day, tool, reason and caller), and one ten days ago.
  for (let i = 0; i < 3; i++)
    await recordRejection(t.ctx.db, { tool: 'ai_content_detector', reason: 'limit_reached', userId: null, addressHash: 'a', characters: 10 });
  await recordRejection(t.ctx.db, { tool: 'ai_content_detector', reason: 'rate_limited', userId: null, addressHash: 'b', characters: 10 });
  await recordRejection(t.ctx.db, { tool: 'plagiarism_checker', reason: 'word_limit_exceeded', userId: null, addressHash: 'a', characters: 10 });
  await t.ctx.db
    .insert(usageRejections)
    .values({ day: utcDay(new Date(Date.now() - 10 * DAY)), tool: 'grammar_fixer', reason: 'limit_reached', subject: 'ip:c', count: 7, characters: 70 });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/admin/tool-performance', () => {
  it('gives calls, errors, p50 and p95 of the successful calls, engines and refusals per tool over the last 24 hours', async () => {
    const body = await perf(admin, '24h');
    expect(body.range).toBe('24h');
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(DAY);
    expect(body.rejectedSince).toBe(utcDay(new Date(Date.parse(body.from))));

    const d = tool(body, 'ai_content_detector')!;
    expect(d.name).toBe('AI Content Detector');
    expect(d.calls).toBe(25);
    expect(d.errors).toBe(5);
    expect(d.errorRate).toBeCloseTo(0.2, 10);
    // percentile_cont over 10..200: the median is (100 + 110) / 2; p95 sits at 0.95 × 19 = 18.05 → 190 + 0.05 × 10.
    expect(d.p50Ms).toBe(105);
    expect(d.p95Ms).toBe(Math.round(190.5));
    expect(d.engines).toEqual([
      { engine: 'offline', calls: 20 },
      { engine: 'provider:gptzero', calls: 5 },
    ]);
    expect(d.rejectedByReason).toEqual({ limit_reached: 3, rate_limited: 1, rejected: 1 });
    expect(d.rejected).toBe(5);

    // A tool that was only refused is listed, with no calls and no latency.
    const p = tool(body, 'plagiarism_checker')!;
    expect(p).toMatchObject({ calls: 0, errors: 0, errorRate: 0, p50Ms: null, p95Ms: null, engines: [], rejected: 1 });
    // An untimed call is a call without percentiles.
    expect(tool(body, 'ai_rewriter')).toMatchObject({ calls: 1, errors: 0, p50Ms: null, p95Ms: null, engines: [{ engine: 'llm', calls: 1 }] });
    // Outside the range.
    expect(tool(body, 'grammar_fixer')).toBeUndefined();
    expect(tool(body, 'ai_humanizer')).toBeUndefined();

    expect(body.tools.map((r) => r.tool)).toEqual(['ai_content_detector', 'ai_rewriter', 'plagiarism_checker']);
    expect(body.totals).toEqual({ calls: 26, errors: 5, rejected: 6 });
  });

  it('widens with the range: 7 days takes the calls of three days ago, 30 days those of ten days ago, never older', async () => {
    const week = await perf(admin, '7d');
    const d = tool(week, 'ai_content_detector')!;
    expect(d.calls).toBe(29);
    expect(d.errorRate).toBeCloseTo(5 / 29, 10);
    // 24 successful calls: 10..200 and four at 5,000 ms. Median (120 + 130) / 2; p95 at 0.95 × 23 = 21.85 → 5,000.
    expect(d.p50Ms).toBe(125);
    expect(d.p95Ms).toBe(5_000);
    expect(tool(week, 'grammar_fixer')).toBeUndefined();
    // The default range is 7 days.
    expect(await perf(admin)).toMatchObject({ range: '7d', tools: week.tools });

    const month = await perf(admin, '30d');
    const g = tool(month, 'grammar_fixer')!;
    expect(g).toMatchObject({ calls: 2, errors: 1, errorRate: 0.5, p50Ms: 300, p95Ms: 300, rejected: 7, rejectedByReason: { limit_reached: 7 } });
    expect(g.engines).toEqual([{ engine: 'languagetool', calls: 2 }]);
    expect(tool(month, 'ai_humanizer')).toBeUndefined();
    expect(month.totals).toEqual({ calls: 32, errors: 6, rejected: 13 });
  });

  it('refuses an unknown range with the field named', async () => {
    const res = await get(t.app, `${URL}?range=1y`, admin);
    expect(res.statusCode).toBe(400);
    expect(json(res).error.code).toBe('validation_failed');
    expect(json(res).error.fields.range).toMatch(/24h, 7d or 30d/);
  });

  it('is for holders of usage:read: 401 for a visitor, 403 for support and plan accounts, 200 for a manager and a super administrator', async () => {
    expect((await get(t.app, URL)).statusCode).toBe(401);
    for (const role of ['support', 'pro'] as const) {
      const res = await get(t.app, URL, await cookieForRole(role));
      expect(res.statusCode, role).toBe(403);
      expect(json(res).error.code).toBe('forbidden');
    }
    for (const role of ['manager', 'super_admin'] as const) expect((await perf(await cookieForRole(role), '24h')).totals.calls).toBe(26);
  });
});
