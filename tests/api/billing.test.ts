import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../src/db/schema';
import { addMonth } from '../../src/server/services/billing';
import { createTestApp, get, json, me, ORIGIN, post, register, type TestApp, userIdOf } from '../helpers/app';

const TEXT = 'We met in order to plan the launch, due to the fact that it was late and the team was tired.'; // 92 characters
const DETECT_TEXT =
  'The committee met on Tuesday to review the budget. Several members raised concerns about the timeline. ' +
  'After a long discussion, they agreed to revisit the proposal next month.';

const form = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };

/** Start a test-mode checkout and pay it through the server-rendered page's form, as a browser would. */
async function buy(t: TestApp, cookie: string, body: object): Promise<string> {
  const res = await post(t.app, '/api/billing/checkout', body, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  const { url } = json(res);
  const page = await get(t.app, url, cookie);
  expect(page.statusCode).toBe(200);
  const action = /action="([^"]+\/pay)"/.exec(page.body)![1];
  const paid = await t.app.inject({ method: 'POST', url: action, payload: '', headers: { ...form, cookie } });
  expect(paid.statusCode, paid.body).toBe(303);
  return String(paid.headers.location);
}

describe(`plans, checkout and quotas (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await register(t.app);
    await t.ctx.db
      .update(users)
      .set({ role: 'admin' })
      .where(eq(users.id, await userIdOf(t, admin)));
  });
  afterAll(() => t.close());

  it('lists the plans from the database, the add-on packs and the test provider', async () => {
    const res = await get(t.app, '/api/plans');
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.provider).toBe('test');
    expect(body.plans.map((p: { id: string }) => p.id)).toEqual(['free', 'basic', 'pro', 'agency']);
    expect(body.plans[0]).toMatchObject({ monthlyCharacters: 50_000, wordLimit: 2_000, dailyDetections: 5, price: 0 });
    expect(body.packs.find((p: { id: string }) => p.id === 'text_boost_small')).toMatchObject({ price: 349, amounts: { text: 300_000 } });
  });

  it('a new account is on the free plan with its terms copied', async () => {
    const cookie = await register(t.app);
    const res = await get(t.app, '/api/billing/subscription', cookie);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      plan: 'free',
      planName: 'Free',
      status: 'active',
      cancelAtPeriodEnd: false,
      scheduledPlan: null,
      provider: null,
      portalAvailable: false,
    });
    expect(json(res).terms).toEqual({ monthlyCharacters: 50_000, wordLimit: 2_000, dailyDetections: 5 });
    const simple = json(await get(t.app, '/api/user/simplified-usage', cookie));
    expect(simple.data).toMatchObject({ characters: { used: 0, limit: 50_000 }, credits: { characters: 0, images: 0, audioMinutes: 0 }, plan: 'free' });
  });

  it('test-mode checkout end to end: page, pay, plan and role set, payment recorded, replay changes nothing', async () => {
    const cookie = await register(t.app);
    const start = await post(t.app, '/api/billing/checkout', { kind: 'plan', plan: 'pro' }, { cookie });
    const { url } = json(start);
    expect(url).toMatch(/^\/api\/billing\/test-checkout\/[0-9a-f-]{36}$/);
    const page = await get(t.app, url, cookie);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('TEST MODE — no real payment');
    expect(page.body).toContain('Pro plan');
    expect(page.body).toContain('$9.99');
    expect(page.body).not.toMatch(/<script/i);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    const alias = await get(t.app, url.replace('/api/billing', '/billing'), cookie);
    expect(alias.statusCode).toBe(302);
    expect(alias.headers.location).toBe(url);
    // Another user cannot see or pay it.
    const other = await register(t.app);
    expect((await get(t.app, url, other)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `${url}/pay`, payload: '', headers: { ...form, cookie: other } })).statusCode).toBe(404);
    // A cross-site form post is refused by the CSRF check.
    const evil = await t.app.inject({ method: 'POST', url: `${url}/pay`, payload: '', headers: { ...form, origin: 'https://evil.example', cookie } });
    expect(evil.statusCode).toBe(403);

    const pay = await t.app.inject({ method: 'POST', url: `${url}/pay`, payload: '', headers: { ...form, cookie } });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe('/account?checkout=success&plan=pro');
    expect(json(await me(t.app, cookie)).user.role).toBe('pro');
    const sub = json(await get(t.app, '/api/billing/subscription', cookie));
    expect(sub).toMatchObject({ plan: 'pro', provider: 'test', terms: { monthlyCharacters: 1_000_000, wordLimit: 10_000, dailyDetections: null } });
    const pays = json(await get(t.app, '/api/billing/payments', cookie)).payments;
    expect(pays).toHaveLength(1);
    expect(pays[0]).toMatchObject({
      description: 'Pro plan (monthly)',
      kind: 'subscription',
      amount: 999,
      currency: 'usd',
      status: 'paid',
      provider: 'test',
      refundedAmount: 0,
    });
    // Paying twice (double click, back button) records nothing more.
    const again = await t.app.inject({ method: 'POST', url: `${url}/pay`, payload: '', headers: { ...form, cookie } });
    expect(again.statusCode).toBe(303);
    expect(json(await get(t.app, '/api/billing/payments', cookie)).payments).toHaveLength(1);
    expect((await get(t.app, url, cookie)).statusCode).toBe(409);
  });

  it('cancelling the test checkout goes back to pricing and changes nothing', async () => {
    const cookie = await register(t.app);
    const { url } = json(await post(t.app, '/api/billing/checkout', { kind: 'plan', plan: 'basic' }, { cookie }));
    const res = await t.app.inject({ method: 'POST', url: `${url}/cancel`, payload: '', headers: { ...form, cookie } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/pricing?checkout=cancelled');
    expect(json(await me(t.app, cookie)).user.role).toBe('free');
    const pay = await t.app.inject({ method: 'POST', url: `${url}/pay`, payload: '', headers: { ...form, cookie } });
    expect(pay.statusCode).toBe(409);
  });

  it('over the allowance → 402 quota_exceeded; upgrading raises the limit', async () => {
    const cookie = await register(t.app);
    const id = await userIdOf(t, cookie);
    await get(t.app, '/api/billing/subscription', cookie);
    await t.ctx.db
      .update(subscriptions)
      .set({ monthlyCharacters: TEXT.length * 2 })
      .where(eq(subscriptions.userId, id));
    for (let i = 0; i < 2; i++) expect((await post(t.app, '/api/tools/sentence-shortener', { text: TEXT }, { cookie })).statusCode).toBe(200);
    const refused = await post(t.app, '/api/tools/sentence-shortener', { text: TEXT }, { cookie });
    expect(refused.statusCode).toBe(402);
    expect(json(refused).error.code).toBe('quota_exceeded');
    expect(json(refused).message).toMatch(/Upgrade your plan or buy a Text Boost pack/);
    expect(json(await get(t.app, '/api/user/simplified-usage', cookie)).data.characters).toEqual({ used: TEXT.length * 2, limit: TEXT.length * 2 });

    expect(await buy(t, cookie, { kind: 'plan', plan: 'basic' })).toBe('/account?checkout=success&plan=basic');
    expect((await post(t.app, '/api/tools/sentence-shortener', { text: TEXT }, { cookie })).statusCode).toBe(200);
    const usage = json(await get(t.app, '/api/user/simplified-usage', cookie)).data;
    expect(usage).toMatchObject({ plan: 'basic', characters: { used: TEXT.length, limit: 250_000 } });
  });

  it('pack credits are spent after the monthly allowance, and refunded when the tool fails', async () => {
    const cookie = await register(t.app);
    const id = await userIdOf(t, cookie);
    await get(t.app, '/api/billing/subscription', cookie);
    await t.ctx.db.update(subscriptions).set({ monthlyCharacters: 50 }).where(eq(subscriptions.userId, id));
    expect((await post(t.app, '/api/tools/sentence-shortener', { text: TEXT }, { cookie })).statusCode).toBe(402);
    expect(await buy(t, cookie, { kind: 'pack', pack: 'text_boost_small' })).toBe('/account?checkout=success&pack=text_boost_small');
    expect(json(await get(t.app, '/api/user/simplified-usage', cookie)).data.credits.characters).toBe(300_000);
    expect((await post(t.app, '/api/tools/sentence-shortener', { text: TEXT }, { cookie })).statusCode).toBe(200);
    // 50 from the allowance, the other 42 from the pack.
    let usage = json(await get(t.app, '/api/user/usage', cookie));
    expect(usage.characters).toEqual({ used: 50, limit: 50, remaining: 0 });
    expect(usage.credits.characters).toBe(300_000 - (TEXT.length - 50));
    // The text expander fails without a language model: nothing is charged.
    const failed = await post(t.app, '/api/tools/text-expander', { text: 'Short note.', tone: 'casual' }, { cookie });
    expect(failed.statusCode).toBe(503);
    usage = json(await get(t.app, '/api/user/usage', cookie));
    expect(usage.credits.characters).toBe(300_000 - (TEXT.length - 50));
    expect(usage.byTool).toEqual([{ tool: 'sentence_shortener', requests: 1, characters: TEXT.length }]);
    expect(usage.byDay).toHaveLength(30);
    expect(usage.byDay.at(-1)).toMatchObject({ requests: 1, characters: TEXT.length, tools: { sentence_shortener: TEXT.length } });
    expect(usage.recent.map((e: { status: string }) => e.status)).toEqual(['ok', 'rejected']);
  });

  it('sells the image packs and the bundle now that live image tools spend image credits, and grants them', async () => {
    const cookie = await register(t.app);
    expect(await buy(t, cookie, { kind: 'pack', pack: 'image_pack_standard' })).toBe('/account?checkout=success&pack=image_pack_standard');
    expect(await buy(t, cookie, { kind: 'pack', pack: 'power_user_bundle' })).toBe('/account?checkout=success&pack=power_user_bundle');
    const credits = json(await get(t.app, '/api/user/simplified-usage', cookie)).data.credits;
    expect(credits.images).toBe(50 + 30);
    expect(credits.characters).toBe(500_000);
  });

  it('free accounts get 5 detections a day (429 limit_reached after), pro accounts unlimited', async () => {
    const cookie = await register(t.app);
    for (let i = 0; i < 5; i++) {
      const ok = await post(t.app, '/api/tools/content-detector', { text: DETECT_TEXT }, { cookie });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const refused = await post(t.app, '/api/tools/content-detector', { text: DETECT_TEXT }, { cookie });
    expect(refused.statusCode).toBe(429);
    expect(json(refused).error.code).toBe('limit_reached');
    expect(json(refused).message).toMatch(/5 detections for today on the Free plan.*Upgrade/);
    expect(json(await get(t.app, '/api/user/usage', cookie)).detections).toEqual({ today: 5, dailyLimit: 5 });
    // Other tools still work.
    expect((await post(t.app, '/api/tools/sentence-shortener', { text: TEXT }, { cookie })).statusCode).toBe(200);

    await buy(t, cookie, { kind: 'plan', plan: 'pro' });
    expect((await post(t.app, '/api/tools/content-detector', { text: DETECT_TEXT }, { cookie })).statusCode).toBe(200);
  });

  it('the word limit comes from the copied terms', async () => {
    const cookie = await register(t.app);
    const text2500 = Array.from({ length: 2500 }, () => 'word').join(' ');
    const refused = await post(t.app, '/api/tools/sentence-shortener', { text: text2500 }, { cookie });
    expect(refused.statusCode).toBe(413);
    expect(json(refused).message).toMatch(/limit is 2,000 words.*Upgrade your plan/);
    await buy(t, cookie, { kind: 'plan', plan: 'basic' });
    expect((await post(t.app, '/api/tools/sentence-shortener', { text: text2500 }, { cookie })).statusCode).toBe(200);
    expect(json(await get(t.app, '/api/user/usage', cookie)).wordLimit).toBe(3_000);
  });

  it('a staff edit of a plan does not change what an existing subscriber bought', async () => {
    const subscriber = await register(t.app);
    await buy(t, subscriber, { kind: 'plan', plan: 'basic' });
    const bad = await t.app.inject({ method: 'PUT', url: '/api/admin/plans/basic', payload: { price: -1 }, headers: { cookie: admin } });
    expect(bad.statusCode).toBe(400);
    const notAdmin = await t.app.inject({ method: 'PUT', url: '/api/admin/plans/basic', payload: { price: 599 }, headers: { cookie: subscriber } });
    expect(notAdmin.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/plans/nope', payload: { price: 1 }, headers: { cookie: admin } })).statusCode).toBe(400);
    const edit = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/plans/basic',
      payload: { price: 599, monthlyCharacters: 100_000, wordLimit: 1_500 },
      headers: { cookie: admin },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(json(edit).plan).toMatchObject({ id: 'basic', price: 599, monthlyCharacters: 100_000, wordLimit: 1_500 });
    expect(json(await get(t.app, '/api/plans')).plans[1]).toMatchObject({ price: 599, monthlyCharacters: 100_000 });

    const sub = json(await get(t.app, '/api/billing/subscription', subscriber));
    expect(sub.terms).toEqual({ monthlyCharacters: 250_000, wordLimit: 3_000, dailyDetections: 50 });
    const text2500 = Array.from({ length: 2500 }, () => 'word').join(' ');
    expect((await post(t.app, '/api/tools/sentence-shortener', { text: text2500 }, { cookie: subscriber })).statusCode).toBe(200);
    // A new buyer gets the new terms and price.
    const newcomer = await register(t.app);
    await buy(t, newcomer, { kind: 'plan', plan: 'basic' });
    expect(json(await get(t.app, '/api/billing/subscription', newcomer)).terms.monthlyCharacters).toBe(100_000);
    expect(json(await get(t.app, '/api/billing/payments', newcomer)).payments[0].amount).toBe(599);
    // Put the defaults back for the other tests.
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/plans/basic',
      payload: { price: 499, monthlyCharacters: 250_000, wordLimit: 3_000 },
      headers: { cookie: admin },
    });
  });

  it('downgrades wait for the end of the period; cancel and resume; the period rolls forward lazily', async () => {
    const cookie = await register(t.app);
    const id = await userIdOf(t, cookie);
    await buy(t, cookie, { kind: 'plan', plan: 'agency' });
    const up = await post(t.app, '/api/billing/change-plan', { plan: 'agency' }, { cookie });
    expect(up.statusCode).toBe(409);
    let res = await post(t.app, '/api/billing/change-plan', { plan: 'basic' }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ plan: 'agency', scheduledPlan: 'basic', cancelAtPeriodEnd: false });
    // Staying on the current plan undoes the scheduled downgrade.
    res = await post(t.app, '/api/billing/change-plan', { plan: 'agency' }, { cookie });
    expect(json(res)).toMatchObject({ plan: 'agency', scheduledPlan: null });
    res = await post(t.app, '/api/billing/change-plan', { plan: 'pro' }, { cookie });
    expect(json(res).scheduledPlan).toBe('pro');

    // The period ends (moved into the past, as time passing would): the downgrade applies with the
    // pro terms and the role follows, when the account is next seen.
    const endPeriodNow = async () => {
      const end = new Date(Date.now() - 60_000);
      const start = addMonth(end, -1);
      await t.ctx.db.update(subscriptions).set({ currentPeriodStart: start, currentPeriodEnd: end }).where(eq(subscriptions.userId, id));
      return end;
    };
    const ended = await endPeriodNow();
    res = await get(t.app, '/api/billing/subscription', cookie);
    expect(json(res)).toMatchObject({ plan: 'pro', scheduledPlan: null, terms: { monthlyCharacters: 1_000_000 } });
    expect(json(res).currentPeriodStart).toBe(ended.toISOString());
    expect(json(res).currentPeriodEnd).toBe(addMonth(ended).toISOString());
    expect(json(await me(t.app, cookie)).user.role).toBe('pro');

    res = await post(t.app, '/api/billing/cancel', undefined, { cookie });
    expect(json(res)).toMatchObject({ plan: 'pro', cancelAtPeriodEnd: true });
    res = await post(t.app, '/api/billing/resume', undefined, { cookie });
    expect(json(res)).toMatchObject({ plan: 'pro', cancelAtPeriodEnd: false });
    expect((await post(t.app, '/api/billing/resume', undefined, { cookie })).statusCode).toBe(409);
    await post(t.app, '/api/billing/cancel', undefined, { cookie });
    await endPeriodNow();
    res = await get(t.app, '/api/billing/subscription', cookie);
    expect(json(res)).toMatchObject({ plan: 'free', cancelAtPeriodEnd: false, provider: null, terms: { monthlyCharacters: 50_000 } });
    expect(json(await me(t.app, cookie)).user.role).toBe('free');
  });

  it('a plan role set by staff (admin pages, CLI, seed) is honoured as a complimentary plan', async () => {
    const cookie = await register(t.app);
    const id = await userIdOf(t, cookie);
    expect(json(await get(t.app, '/api/billing/subscription', cookie)).plan).toBe('free');
    await t.ctx.db.update(users).set({ role: 'agency' }).where(eq(users.id, id));
    const sub = json(await get(t.app, '/api/billing/subscription', cookie));
    expect(sub).toMatchObject({ plan: 'agency', provider: null, terms: { monthlyCharacters: 5_000_000, wordLimit: 25_000, dailyDetections: null } });
    // Concurrent readers during a purchase never undo it: the paid plan and the role move together.
    const buyer = await register(t.app);
    const reads = Promise.all(Array.from({ length: 20 }, () => get(t.app, '/api/user/simplified-usage', buyer)));
    await buy(t, buyer, { kind: 'plan', plan: 'pro' });
    await reads;
    expect(json(await get(t.app, '/api/billing/subscription', buyer))).toMatchObject({ plan: 'pro', provider: 'test' });
    expect(json(await me(t.app, buyer)).user.role).toBe('pro');
  });

  it('refuses bad input with the one error shape, and anonymous or staff callers', async () => {
    const cookie = await register(t.app);
    const cases: [string, unknown, number][] = [
      ['/api/billing/checkout', { kind: 'plan', plan: 'free' }, 400],
      ['/api/billing/checkout', { kind: 'plan', plan: 'gold' }, 400],
      ['/api/billing/checkout', { kind: 'pack', pack: 'nope' }, 400],
      ['/api/billing/checkout', { kind: 'other' }, 400],
      ['/api/billing/checkout', 'not json', 400],
      ['/api/billing/change-plan', { plan: 42 }, 400],
      ['/api/billing/cancel', undefined, 409],
    ];
    for (const [url, body, status] of cases) {
      const res =
        typeof body === 'string'
          ? await t.app.inject({ method: 'POST', url, payload: body, headers: { cookie, 'content-type': 'application/json' } })
          : await post(t.app, url, body, { cookie });
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(json(res).error.code).toEqual(expect.any(String));
      expect(json(res).message).toEqual(expect.any(String));
    }
    expect((await post(t.app, '/api/billing/checkout', { kind: 'plan', plan: 'pro' })).statusCode).toBe(401);
    expect((await get(t.app, '/api/user/usage')).statusCode).toBe(401);
    expect((await get(t.app, '/api/user/usage?days=0', cookie)).statusCode).toBe(400);
    expect((await get(t.app, '/api/user/usage?days=abc', cookie)).statusCode).toBe(400);
    expect((await post(t.app, '/api/billing/portal', undefined, { cookie })).statusCode).toBe(503);
    expect((await get(t.app, '/api/billing/test-checkout/not-a-uuid', cookie)).statusCode).toBe(404);
    expect((await post(t.app, '/api/billing/checkout', { kind: 'plan', plan: 'pro' }, { cookie: admin })).statusCode).toBe(403);
    // The webhook without Stripe configured.
    const hook = await t.app.inject({ method: 'POST', url: '/api/billing/webhook', payload: '{}', headers: { 'content-type': 'application/json' } });
    expect(hook.statusCode).toBe(503);
    // Staff usage has no plan limit.
    expect(json(await get(t.app, '/api/user/simplified-usage', admin)).data).toMatchObject({ plan: 'staff', periodEnd: null });
  });

  it('staff have no character limit, and the usage calls say so with limit null (never 0)', async () => {
    const simple = json(await get(t.app, '/api/user/simplified-usage', admin)).data;
    expect(simple.characters).toEqual({ used: expect.any(Number), limit: null });
    const usage = json(await get(t.app, '/api/user/usage', admin));
    expect(usage.characters).toEqual({ used: expect.any(Number), limit: null, remaining: null });
    // A plan account has a number.
    const cookie = await register(t.app);
    expect(json(await get(t.app, '/api/user/usage', cookie)).characters).toEqual({ used: 0, limit: 50_000, remaining: 50_000 });
  });

  it("a visitor's word-limit message promises what the free plan gives now, even after staff edit it", async () => {
    const words600 = Array.from({ length: 600 }, () => 'word').join(' ');
    let res = await post(t.app, '/api/tools/sentence-shortener', { text: words600 });
    expect(res.statusCode).toBe(413);
    expect(json(res).message).toBe('This text has 600 words; the limit is 500 words per request. Sign up for a free account to use up to 2,000 words.');
    const edit = await t.app.inject({ method: 'PUT', url: '/api/admin/plans/free', payload: { wordLimit: 1_200 }, headers: { cookie: admin } });
    expect(edit.statusCode, edit.body).toBe(200);
    try {
      res = await post(t.app, '/api/tools/sentence-shortener', { text: words600 });
      expect(res.statusCode).toBe(413);
      expect(json(res).message).toMatch(/Sign up for a free account to use up to 1,200 words\.$/);
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/admin/plans/free', payload: { wordLimit: 2_000 }, headers: { cookie: admin } });
    }
  });

  it('a paid test-mode subscription renews at period end with a recorded test payment, once per period', async () => {
    const cookie = await register(t.app);
    const id = await userIdOf(t, cookie);
    await buy(t, cookie, { kind: 'plan', plan: 'pro' });
    // The period ends (moved into the past, as time passing would).
    const endPeriod = async (ago: number) => {
      const end = new Date(Date.now() - ago);
      await t.ctx.db
        .update(subscriptions)
        .set({ currentPeriodStart: addMonth(end, -1), currentPeriodEnd: end })
        .where(eq(subscriptions.userId, id));
      return end;
    };
    const end = await endPeriod(60_000);
    // Concurrent requests see the ended period; the renewal is paid and applied once.
    const reads = await Promise.all(Array.from({ length: 8 }, () => get(t.app, '/api/billing/subscription', cookie)));
    for (const r of reads)
      expect(json(r)).toMatchObject({ plan: 'pro', provider: 'test', currentPeriodStart: end.toISOString(), currentPeriodEnd: addMonth(end).toISOString() });
    let paid = json(await get(t.app, '/api/billing/payments', cookie)).payments;
    expect(paid).toHaveLength(2);
    expect(paid[0]).toMatchObject({ description: 'Pro plan (monthly)', amount: 999, provider: 'test', status: 'paid', kind: 'subscription' });

    // A scheduled downgrade is paid at the smaller plan's price when it takes effect, as Stripe bills it.
    expect((await post(t.app, '/api/billing/change-plan', { plan: 'basic' }, { cookie })).statusCode).toBe(200);
    const end2 = await endPeriod(1_000);
    expect(json(await get(t.app, '/api/billing/subscription', cookie))).toMatchObject({
      plan: 'basic',
      scheduledPlan: null,
      currentPeriodStart: end2.toISOString(),
      terms: { wordLimit: 3_000 },
    });
    paid = json(await get(t.app, '/api/billing/payments', cookie)).payments;
    expect(paid.map((p: { amount: number }) => p.amount)).toEqual([499, 999, 999]);
    expect(paid[0].description).toBe('Basic plan (monthly)');
    expect(json(await me(t.app, cookie)).user.role).toBe('basic');
  });
});

describe('checkout in production without Stripe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => t.close());

  it('is not configured (the test checkout would give plans away), and /api/plans says so', async () => {
    const cookie = await register(t.app);
    const res = await post(t.app, '/api/billing/checkout', { kind: 'plan', plan: 'pro' }, { cookie });
    expect(res.statusCode).toBe(503);
    expect(json(res).error.code).toBe('not_configured');
    expect(json(await get(t.app, '/api/plans')).provider).toBe('none');
  });

  it('a plan bought in test mode ends at period end once test mode is off: nothing can pay its renewal', async () => {
    const cookie = await register(t.app);
    const id = await userIdOf(t, cookie);
    expect(json(await get(t.app, '/api/billing/subscription', cookie)).plan).toBe('free');
    const end = new Date(Date.now() - 60_000);
    await t.ctx.db
      .update(subscriptions)
      .set({ plan: 'pro', price: 999, monthlyCharacters: 1_000_000, provider: 'test', currentPeriodStart: addMonth(end, -1), currentPeriodEnd: end })
      .where(eq(subscriptions.userId, id));
    await t.ctx.db.update(users).set({ role: 'pro' }).where(eq(users.id, id));
    const sub = json(await get(t.app, '/api/billing/subscription', cookie));
    expect(sub).toMatchObject({ plan: 'free', provider: null, terms: { monthlyCharacters: 50_000 } });
    expect(json(await get(t.app, '/api/billing/payments', cookie)).payments).toHaveLength(0);
    expect(json(await me(t.app, cookie)).user.role).toBe('free');
  });
});
