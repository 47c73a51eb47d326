import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, usageCounters, usageEvents, usageRejections, users } from '../../src/db/schema';
import { charge } from '../../src/server/services/metering';
import { createTestApp, json, post, register, type TestApp, userIdOf } from '../helpers/app';

const TEXT = 'We met in order to plan the launch, due to the fact that it was late and the team was tired.'; // 92 characters

/** Give an account its copied terms directly (what a purchase copies), after its subscription exists. */
async function setTerms(t: TestApp, userId: string, terms: Partial<typeof subscriptions.$inferInsert>) {
  await t.ctx.db.update(subscriptions).set(terms).where(eq(subscriptions.userId, userId));
}

async function used(t: TestApp, userId: string, kind = 'characters'): Promise<number> {
  const rows = await t.ctx.db
    .select()
    .from(usageCounters)
    .where(and(eq(usageCounters.userId, userId), eq(usageCounters.kind, kind)));
  return rows.reduce((s, r) => s + Number(r.used), 0);
}

describe(`metering (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('50 concurrent requests against an allowance of N consume no more than N', async () => {
    const cookie = await register(t.app);
    const id = await userIdOf(t, cookie);
    // The first request creates the subscription (and is charged); then the allowance is set to 7 more requests.
    expect((await post(t.app, '/api/tools/sentence-shortener', { text: TEXT }, { cookie })).statusCode).toBe(200);
    const N = 7;
    await setTerms(t, id, { monthlyCharacters: TEXT.length * (N + 1) });
    const results = await Promise.all(Array.from({ length: 50 }, () => post(t.app, '/api/tools/sentence-shortener', { text: TEXT }, { cookie })));
    const ok = results.filter((r) => r.statusCode === 200).length;
    const refused = results.filter((r) => r.statusCode === 402);
    expect(ok).toBe(N);
    expect(refused.length).toBe(50 - N);
    expect(json(refused[0]).error.code).toBe('quota_exceeded');
    expect(json(refused[0]).message).toMatch(/Upgrade your plan or buy a Text Boost pack/);
    expect(await used(t, id)).toBe(TEXT.length * (N + 1));
  });

  it('concurrent charges straight against the database never overspend', async () => {
    const cookie = await register(t.app);
    const id = await userIdOf(t, cookie);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => charge(t.ctx.db, { userId: id, periodKey: 'race', characters: 10, limit: 230, day: null, dailyDetections: null })),
    );
    expect(results.filter((r) => r.ok).length).toBe(23);
    const [row] = await t.ctx.db
      .select()
      .from(usageCounters)
      .where(and(eq(usageCounters.userId, id), eq(usageCounters.periodKey, 'race')));
    expect(Number(row.used)).toBe(230);
  });

  it('records every request that ran (user, tool, characters, status, latency, engine) and counts refusals in aggregate', async () => {
    const cookie = await register(t.app);
    const id = await userIdOf(t, cookie);
    const t0 = performance.now();
    expect((await post(t.app, '/api/tools/sentence-shortener', { text: TEXT }, { cookie })).statusCode).toBe(200);
    const wallMs = performance.now() - t0;
    const tooLong = Array.from({ length: 2001 }, () => 'word').join(' ');
    const refused = await post(t.app, '/api/tools/sentence-shortener', { text: tooLong }, { cookie });
    expect(refused.statusCode).toBe(413);
    const events = await t.ctx.db.select().from(usageEvents).where(eq(usageEvents.userId, id)).orderBy(usageEvents.createdAt);
    expect(events.map((e) => e.status)).toEqual(['ok']);
    // the refusal is a counter of the day, tool and reason, not an event of its own
    const refusals = await t.ctx.db.select().from(usageRejections).where(eq(usageRejections.userId, id));
    expect(refusals).toEqual([
      expect.objectContaining({ tool: 'sentence_shortener', reason: 'word_limit_exceeded', subject: id, count: 1, characters: tooLong.length }),
    ]);
    expect(events[0]).toMatchObject({ tool: 'sentence_shortener', characters: TEXT.length, engine: 'offline', chargedAllowance: TEXT.length });
    // measured on the request itself: more than nothing (the caller's session and plan are read, the charge is
    // written), and no more than the whole round trip the test saw
    expect(events[0].latencyMs).toBeGreaterThan(0);
    expect(events[0].latencyMs).toBeLessThanOrEqual(Math.ceil(wallMs));
    // Refused requests are not charged.
    expect(await used(t, id)).toBe(TEXT.length);
  });

  it('records anonymous requests under the visitor id', async () => {
    const res = await post(t.app, '/api/tools/sentence-shortener', { text: TEXT });
    expect(res.statusCode).toBe(200);
    const rows = await t.ctx.db
      .select()
      .from(usageEvents)
      .where(sql`${usageEvents.anonId} is not null`);
    expect(rows.some((r) => r.tool === 'sentence_shortener' && r.userId === null)).toBe(true);
  });

  it('staff are not limited by plan', async () => {
    const cookie = await register(t.app);
    const id = await userIdOf(t, cookie);
    await t.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, id));
    const text = Array.from({ length: 5000 }, () => 'word').join(' ');
    const res = await post(t.app, '/api/tools/sentence-shortener', { text }, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(await used(t, id)).toBe(0);
  });
});
