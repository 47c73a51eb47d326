import { performance } from 'node:perf_hooks';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditBalances, pendingCharges, rateLimits, subscriptions, usageCounters, usageEvents, usageRejections } from '../../src/db/schema';
import { longestRequestMs, sweepCrashedCharges } from '../../src/server/boot';
import { getPlan, loadSubscription, periodKey, termsOf } from '../../src/server/services/billing';
import { sweepPendingCharges } from '../../src/server/services/metering';
import { addressHash, runTool, TOOL_REQUESTS_PER_MINUTE, type Caller } from '../../src/server/services/tool-gate';
import { ANON_ADDRESS_FACTOR, ANON_LIMITS, LIMIT_MESSAGES, type AnonAllowance } from '../../src/shared/limits';
import type { PlanId } from '../../src/shared/plans';
import { createTestApp, get, json, me, post, register, setCookies, type TestApp } from '../helpers/app';

// Enough words for a detection verdict; plain prose every tool accepts.
const TEXT =
  'We drove up to the lake on Friday, later than planned because Sam forgot the tent poles and we had to turn back. ' +
  'By the time we got there it was dark, the campsite was muddy and the only free pitch was next to a family with three dogs. ' +
  'I would go again, but I would pack the poles myself.';

type Res = Awaited<ReturnType<typeof post>>;

function anonCookie(res: Res): string {
  const c = setCookies(res).find((s) => s.startsWith('vt_anon='));
  if (!c) throw new Error(`no vt_anon cookie set (status ${res.statusCode})`);
  return c.split(';')[0];
}

let ipCounter = 0;
/** A fresh client address per test, so the per-address counts of one test do not leak into another. */
function freshIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

function expectRetryAfter(res: Res, max: number): number {
  const v = Number(res.headers['retry-after']);
  expect(Number.isInteger(v), `retry-after: ${res.headers['retry-after']}`).toBe(true);
  expect(v).toBeGreaterThan(0);
  expect(v).toBeLessThanOrEqual(max);
  return v;
}

const DAY_S = 24 * 60 * 60;

describe(`abuse limits (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t.close());

  const TOOLS: { name: string; url: string; anon: AnonAllowance; text: string }[] = [
    { name: 'rewriter', url: '/api/tools/ai-rewriter', anon: 'rewrite', text: TEXT },
    { name: 'summarizer', url: '/api/tools/ai-summarizer', anon: 'summarize', text: TEXT },
    { name: 'shortener', url: '/api/tools/sentence-shortener', anon: 'shorten', text: TEXT },
    { name: 'grammar fixer', url: '/api/tools/grammar-fixer', anon: 'grammar', text: 'This sentence is fine.' },
    { name: 'plagiarism checker', url: '/api/tools/plagiarism-checker', anon: 'plagiarism', text: TEXT },
    { name: 'keyword extractor', url: '/api/tools/keyword-extractor', anon: 'keywords', text: TEXT },
    { name: 'hashtag generator', url: '/api/tools/hashtag-generator', anon: 'hashtags', text: TEXT },
    { name: 'SEO score analyzer', url: '/api/tools/seo-score-analyzer', anon: 'seo', text: TEXT },
    {
      name: 'code explainer',
      url: '/api/tools/code-explainer',
      anon: 'code',
      text: 'def area(w, h):\n    if w < 0 or h < 0:\n        raise ValueError("negative")\n    return w * h\n',
    },
    { name: 'text to speech', url: '/api/tools/text-to-speech', anon: 'speech', text: 'Hello there.' },
  ];

  for (const tool of TOOLS) {
    it(`gives a visitor ${ANON_LIMITS[tool.anon]} runs of the ${tool.name} a day, then 429 with its message and Retry-After`, async () => {
      const remoteAddress = freshIp();
      const limit = ANON_LIMITS[tool.anon];
      let res = await post(t.app, tool.url, { text: tool.text }, { remoteAddress });
      expect(res.statusCode, res.body).toBe(200);
      const cookie = anonCookie(res);
      for (let i = 2; i <= limit; i++) {
        res = await post(t.app, tool.url, { text: tool.text }, { cookie, remoteAddress });
        expect(res.statusCode, res.body).toBe(200);
      }
      res = await post(t.app, tool.url, { text: tool.text }, { cookie, remoteAddress });
      expect(res.statusCode, res.body).toBe(429);
      expect(json(res)).toMatchObject({ error: { code: 'limit_reached', message: LIMIT_MESSAGES[tool.anon].message } });
      expectRetryAfter(res, DAY_S);
      // the same visitor from another address is still refused: the cookie's count holds on its own
      expect((await post(t.app, tool.url, { text: tool.text }, { cookie, remoteAddress: freshIp() })).statusCode).toBe(429);
    }, 120_000);
  }

  it('does not start over when the visitor drops the cookie: the address is counted too', async () => {
    const remoteAddress = freshIp();
    const url = '/api/tools/ai-rewriter';
    const byAddress = ANON_LIMITS.rewrite * ANON_ADDRESS_FACTOR;
    // no cookie sent back: every request is a new visitor to the cookie count
    for (let i = 1; i <= byAddress; i++) {
      const res = await post(t.app, url, { text: TEXT }, { remoteAddress });
      expect(res.statusCode, `request ${i}: ${res.body}`).toBe(200);
    }
    const refused = await post(t.app, url, { text: TEXT }, { remoteAddress });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(json(refused).error).toEqual({ code: 'limit_reached', message: LIMIT_MESSAGES.rewrite.message });
    expectRetryAfter(refused, DAY_S);
    // ...while another address without a cookie is a visitor of its own
    const other = await post(t.app, url, { text: TEXT }, { remoteAddress: freshIp() });
    expect(other.statusCode, other.body).toBe(200);
    expect(json(other).allowance).toEqual({ used: 1, limit: ANON_LIMITS.rewrite });
  }, 120_000);

  it('cannot be raced: concurrent requests from one address never get more than its allowance', async () => {
    const remoteAddress = freshIp();
    const byAddress = ANON_LIMITS.shorten * ANON_ADDRESS_FACTOR;
    const results = await Promise.all(
      Array.from({ length: byAddress + 10 }, () => post(t.app, '/api/tools/sentence-shortener', { text: TEXT }, { remoteAddress })),
    );
    expect(results.filter((r) => r.statusCode === 200).length).toBe(byAddress);
    expect(results.filter((r) => r.statusCode === 429).length).toBe(10);
  }, 120_000);

  it('shows a visitor what is left of the smaller of the cookie and address allowances', async () => {
    const remoteAddress = freshIp();
    const url = '/api/tools/content-detector';
    const byAddress = ANON_LIMITS.detect * ANON_ADDRESS_FACTOR;
    for (let i = 1; i < byAddress - 1; i++) expect((await post(t.app, url, { text: TEXT }, { remoteAddress })).statusCode).toBe(200);
    // a new cookie, but the address has 2 detections left: 1 used now, 1 left
    const res = await post(t.app, url, { text: TEXT }, { remoteAddress });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).allowance).toEqual({ used: ANON_LIMITS.detect - 1, limit: ANON_LIMITS.detect });
  }, 120_000);

  it('counts an IPv6 visitor by the /64 block, and never stores the address', async () => {
    const a = addressHash(t.ctx.cookieSecret, '2001:db8:1:2:aaaa::1');
    expect(addressHash(t.ctx.cookieSecret, '2001:db8:1:2:ffff:1:2:3')).toBe(a);
    expect(addressHash(t.ctx.cookieSecret, '2001:db8:1:3::1')).not.toBe(a);
    expect(addressHash(t.ctx.cookieSecret, '::ffff:203.0.113.9')).toBe(addressHash(t.ctx.cookieSecret, '203.0.113.9'));
    expect(addressHash('another secret', '203.0.113.9')).not.toBe(addressHash(t.ctx.cookieSecret, '203.0.113.9'));

    const remoteAddress = '203.0.113.77';
    expect((await post(t.app, '/api/tools/sentence-shortener', { text: TEXT }, { remoteAddress })).statusCode).toBe(200);
    const keys = await t.ctx.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(keys.some((k) => k.key.endsWith(addressHash(t.ctx.cookieSecret, remoteAddress)))).toBe(true);
    expect(keys.some((k) => k.key.includes(remoteAddress))).toBe(false);
  });

  it('counts refused requests in aggregate: repeated refusals add no usage events', async () => {
    const remoteAddress = freshIp();
    const url = '/api/tools/grammar-fixer';
    const count = async () => Number((await t.ctx.db.select({ n: sql<number>`count(*)` }).from(usageEvents))[0].n);
    const before = await count();
    // empty text: refused after admission, before any work, by a client that drops its cookie
    for (let i = 0; i < 30; i++) expect((await post(t.app, url, { text: '   ' }, { remoteAddress })).statusCode).toBe(400);
    const cookie = await register(t.app);
    for (let i = 0; i < 5; i++) expect((await post(t.app, url, { text: 'w '.repeat(2001) }, { cookie, remoteAddress })).statusCode).toBe(413);
    expect(await count()).toBe(before);

    const rows = await t.ctx.db.select().from(usageRejections).where(eq(usageRejections.tool, 'grammar_fixer'));
    const visitor = rows.find((r) => r.subject === `ip:${addressHash(t.ctx.cookieSecret, remoteAddress)}`);
    expect(visitor).toMatchObject({ reason: 'validation_failed', count: 30, userId: null });
    const userId = json(await me(t.app, cookie)).user.id;
    expect(rows.find((r) => r.userId === userId)).toMatchObject({ reason: 'word_limit_exceeded', count: 5, characters: 5 * 'w '.repeat(2001).length });
    // the account's recent activity still lists the refusal
    const recent = json(await get(t.app, '/api/user/usage', cookie)).recent;
    expect(recent).toEqual([expect.objectContaining({ tool: 'grammar_fixer', status: 'rejected' })]);
  }, 120_000);

  it(`limits tool requests to ${TOOL_REQUESTS_PER_MINUTE} a minute per address, before the body is read, with Retry-After`, async () => {
    const remoteAddress = freshIp();
    const url = '/api/tools/sentence-shortener';
    for (let i = 0; i < TOOL_REQUESTS_PER_MINUTE; i++) {
      // empty text: cheap refusals, but each is a request
      const res = await post(t.app, url, { text: '' }, { remoteAddress });
      expect(res.statusCode, `request ${i + 1}`).toBe(400);
    }
    const limited = await post(t.app, url, { text: TEXT }, { remoteAddress });
    expect(limited.statusCode, limited.body).toBe(429);
    expect(json(limited).error.code).toBe('rate_limited');
    expectRetryAfter(limited, 60);
    // another address, and a logged-in user from this one (counted by account), are not held up
    expect((await post(t.app, url, { text: TEXT }, { remoteAddress: freshIp() })).statusCode).toBe(200);
    expect((await post(t.app, url, { text: TEXT }, { remoteAddress, cookie: await register(t.app) })).statusCode).toBe(200);
  }, 120_000);

  it('sends Retry-After with a plan account’s daily detection limit', async () => {
    const cookie = await register(t.app);
    for (let i = 0; i < 5; i++) expect((await post(t.app, '/api/tools/content-detector', { text: TEXT }, { cookie })).statusCode).toBe(200);
    const refused = await post(t.app, '/api/tools/content-detector', { text: TEXT }, { cookie });
    expect(refused.statusCode).toBe(429);
    expect(json(refused).error.code).toBe('limit_reached');
    expectRetryAfter(refused, DAY_S);
  }, 120_000);

  describe('a charge whose work never finished', () => {
    const never = () => new Promise<never>(() => {});

    async function planCaller(cookie: string): Promise<Caller> {
      const user = json(await me(t.app, cookie)).user;
      const sub = await loadSubscription(t.ctx, user.id, user.role);
      const plan = await getPlan(t.ctx.db, sub.plan as PlanId);
      return {
        user,
        anonId: null,
        plan: { plan: plan.id, planName: plan.name, terms: termsOf(sub), periodKey: periodKey(sub.currentPeriodStart), periodEnd: sub.currentPeriodEnd },
        startedAt: performance.now(),
        addressHash: addressHash(t.ctx.cookieSecret, freshIp()),
      };
    }

    async function pendingCount(): Promise<number> {
      return Number((await t.ctx.db.select({ n: sql<number>`count(*)` }).from(pendingCharges))[0].n);
    }

    async function waitForPending(n: number): Promise<void> {
      for (let i = 0; i < 200 && (await pendingCount()) !== n; i++) await new Promise((r) => setTimeout(r, 10));
      expect(await pendingCount()).toBe(n);
    }

    async function counters(userId: string) {
      const rows = await t.ctx.db.select().from(usageCounters).where(eq(usageCounters.userId, userId));
      const [credits] = await t.ctx.db
        .select()
        .from(creditBalances)
        .where(and(eq(creditBalances.userId, userId), eq(creditBalances.kind, 'text')));
      return {
        characters: rows.filter((r) => r.kind === 'characters').reduce((s, r) => s + Number(r.used), 0),
        detections: rows.filter((r) => r.kind === 'detections').reduce((s, r) => s + Number(r.used), 0),
        credits: Number(credits?.balance ?? 0),
      };
    }

    it('is refunded by the sweep once the request cannot still be running, exactly once under concurrent sweeps', async () => {
      const cookie = await register(t.app);
      const caller = await planCaller(cookie);
      const userId = caller.user!.id;
      // 50 characters from the monthly allowance, the rest from pack credits
      await t.ctx.db.update(subscriptions).set({ monthlyCharacters: 50 }).where(eq(subscriptions.userId, userId));
      await t.ctx.db.insert(creditBalances).values({ userId, kind: 'text', balance: 1000 });
      const c = await planCaller(cookie);
      expect(await pendingCount()).toBe(0);

      // the process "dies" during the work: the work never settles, so neither the result nor a refund is written
      void runTool(t.ctx, c, { tool: 'ai_content_detector', text: TEXT, detection: true }, never);
      await waitForPending(1);
      expect(await counters(userId)).toEqual({ characters: 50, detections: 1, credits: 1000 - (TEXT.length - 50) });

      // while the request may still be running, the sweep leaves it alone
      expect(await sweepCrashedCharges(t.ctx)).toBe(0);
      expect(await pendingCount()).toBe(1);

      // later than the longest request: two instances sweep at once, and the charge is refunded once
      const later = new Date(Date.now() + longestRequestMs(t.ctx.env) + 1000);
      const now = t.ctx.now;
      t.ctx.now = () => later;
      try {
        const swept = await Promise.all([sweepCrashedCharges(t.ctx), sweepPendingCharges(t.ctx.db, later, longestRequestMs(t.ctx.env))]);
        expect(swept[0] + swept[1]).toBe(1);
        expect(await sweepCrashedCharges(t.ctx)).toBe(0);
      } finally {
        t.ctx.now = now;
      }
      expect(await pendingCount()).toBe(0);
      expect(await counters(userId)).toEqual({ characters: 0, detections: 0, credits: 1000 });
      // no usage event claims a result
      expect(await t.ctx.db.select().from(usageEvents).where(eq(usageEvents.userId, userId))).toEqual([]);
    }, 60_000);

    it('leaves no marker behind a request that finished or failed', async () => {
      const cookie = await register(t.app);
      const c = await planCaller(cookie);
      await runTool(t.ctx, c, { tool: 'sentence_shortener', text: TEXT }, async () => 'done');
      await expect(
        runTool(t.ctx, c, { tool: 'sentence_shortener', text: TEXT }, async () => {
          throw new Error('engine failed');
        }),
      ).rejects.toThrow('engine failed');
      expect(await pendingCount()).toBe(0);
      expect(await counters(c.user!.id)).toMatchObject({ characters: TEXT.length });
      const events = await t.ctx.db.select().from(usageEvents).where(eq(usageEvents.userId, c.user!.id)).orderBy(usageEvents.createdAt);
      expect(events.map((e) => [e.status, e.chargedAllowance])).toEqual([
        ['ok', TEXT.length],
        ['error', 0],
      ]);
    });

    it('gives a visitor back the allowance units of a request that never finished', async () => {
      const hash = addressHash(t.ctx.cookieSecret, freshIp());
      const visitor: Caller = { user: null, anonId: 'crash-visitor', plan: null, startedAt: performance.now(), addressHash: hash };
      void runTool(t.ctx, visitor, { tool: 'ai_humanizer', text: TEXT, anon: 'humanize' }, never);
      await waitForPending(1);
      const count = async (key: string) => Number((await t.ctx.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count ?? 0);
      expect([await count('anon:humanize:crash-visitor'), await count(`anon-ip:humanize:${hash}`)]).toEqual([1, 1]);
      expect(await sweepPendingCharges(t.ctx.db, new Date(Date.now() + longestRequestMs(t.ctx.env) + 1000), longestRequestMs(t.ctx.env))).toBe(1);
      expect([await count('anon:humanize:crash-visitor'), await count(`anon-ip:humanize:${hash}`)]).toEqual([0, 0]);
    });
  });
});
