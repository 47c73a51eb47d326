import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/server/services/billing';
import { EXPORT_PAGE_ROWS } from '../../src/server/services/admin-export';
import { recordUsage } from '../../src/server/services/metering';
import { createUser } from '../../src/server/services/users';
import type {
  AdminDashboardResponse,
  AdminMonitorResponse,
  AdminRevenueResponse,
  AdminUsageResponse,
  AdminUserGrowthResponse,
} from '../../src/shared/api/admin-analytics';
import type { Role } from '../../src/shared/roles';
import { cookieFrom, createTestApp, get, json, login, uniqueUser, type TestApp } from '../helpers/app';

/**
 * The dashboard, the analytics pages' endpoints and the CSV exports, on seeded rows whose figures are known: every
 * number asserted here is the count of rows inserted below, so a query that miscounts fails.
 */

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let n = 0;
const cookies: Partial<Record<Role, string>> = {};
const ids: Record<string, string> = {};

async function account(role: Role, createdAt?: Date): Promise<{ id: string; email: string; cookie: string }> {
  const u = uniqueUser(role.replace('_', ''));
  const row = await createUser(t.ctx.db, { ...u, role });
  if (createdAt) await t.ctx.db.execute(sql`update users set created_at = ${createdAt} where id = ${row.id}::uuid`);
  const res = await login(t.app, u.email, u.password, `10.9.0.${++n}`);
  expect(res.statusCode, res.body).toBe(200);
  return { id: row.id, email: row.email, cookie: cookieFrom(res) };
}

async function exec(q: ReturnType<typeof sql>) {
  return rows<Record<string, unknown>>(await t.ctx.db.execute(q));
}

async function insertEvent(e: { userId?: string | null; tool: string; status: string; characters?: number; plan?: string | null; at: Date; latency?: number }) {
  await exec(sql`
    insert into usage_events (user_id, anon_id, tool, characters, status, latency_ms, engine, plan, created_at)
    values (${e.userId ?? null}::uuid, ${e.userId ? null : 'visitor-1'}, ${e.tool}, ${e.characters ?? 100}, ${e.status}, ${e.latency ?? 40}, 'offline', ${e.plan ?? null}, ${e.at})`);
}

async function insertSubscription(userId: string, plan: string, provider: string | null, price: number) {
  await exec(sql`
    insert into subscriptions (user_id, plan, status, monthly_characters, word_limit, price, current_period_start, current_period_end, provider)
    values (${userId}::uuid, ${plan}, 'active', 1000000, 5000, ${price}, now(), now() + interval '1 month', ${provider})
    on conflict (user_id) do update set plan = excluded.plan, provider = excluded.provider, price = excluded.price, status = 'active'`);
}

async function insertPayment(p: { userId: string; kind: string; amount: number; status?: string; at: Date }): Promise<string> {
  const [r] = await exec(sql`
    insert into payments (user_id, email, kind, item, description, amount, currency, status, provider, provider_ref, created_at)
    values (${p.userId}::uuid, 'payer@example.com', ${p.kind}, 'pro', ${`Seeded ${p.kind}`}, ${p.amount}, 'usd', ${p.status ?? 'paid'}, 'test',
      ${`seed-${Math.random().toString(36).slice(2)}`}, ${p.at})
    returning id`);
  return String(r.id);
}

const now = Date.now();
const justNow = new Date(now - 5_000);
const monthKey = (d: Date) => d.toISOString().slice(0, 7);
const today = new Date(now);
/** noon on the 2nd of the month before last: the first month of a three-month revenue report */
const refunderPaidAt = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 2, 2, 12));

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'manager', 'support', 'pro'] as const) cookies[role] = (await account(role)).cookie;
  // Three sign-ups two days ago.
  for (let i = 0; i < 3; i++) ids[`old${i}`] = (await account('free', new Date(now - 2 * DAY))).id;
  const basic = await account('basic');
  ids.basic = basic.id;
  ids.payer = (await account('pro')).id;
  ids.leaver = (await account('free')).id;
  ids.comp = (await account('agency')).id;
  await insertSubscription(ids.basic, 'basic', null, 0);
  await insertSubscription(ids.payer, 'pro', 'test', 1999);
  await insertSubscription(ids.leaver, 'free', null, 0);
  await insertSubscription(ids.comp, 'agency', null, 4999);

  // Today: 4 successful calls and 1 failure, plus an old-style 'rejected' event that is not a call.
  await insertEvent({ userId: ids.payer, tool: 'ai_content_detector', status: 'ok', characters: 1000, plan: 'pro', at: justNow });
  await insertEvent({ userId: ids.payer, tool: 'ai_content_detector', status: 'ok', characters: 500, plan: 'pro', at: justNow });
  // No plan recorded (an event from before the column): falls back to the account's subscription.
  await insertEvent({ userId: ids.basic, tool: 'grammar_fixer', status: 'ok', characters: 300, plan: null, at: justNow });
  await insertEvent({ userId: null, tool: 'ai_content_detector', status: 'ok', characters: 200, plan: null, at: justNow });
  await insertEvent({ userId: ids.basic, tool: 'grammar_fixer', status: 'error', characters: 50, plan: 'basic', at: justNow });
  await insertEvent({ userId: null, tool: 'ai_content_detector', status: 'rejected', plan: null, at: justNow });
  // Three days ago: 2 calls.
  await insertEvent({ userId: ids.payer, tool: 'ai_humanizer', status: 'ok', characters: 700, plan: 'pro', at: new Date(now - 3 * DAY) });
  await insertEvent({ userId: ids.payer, tool: 'ai_humanizer', status: 'ok', characters: 700, plan: 'pro', at: new Date(now - 3 * DAY) });

  // Payments this month: a subscription (10.00) and a pack (5.00); a failed one that counts nowhere; a refund of 2.00.
  const sub = await insertPayment({ userId: ids.payer, kind: 'subscription', amount: 1000, at: justNow });
  await insertPayment({ userId: ids.payer, kind: 'pack', amount: 500, at: justNow });
  await insertPayment({ userId: ids.payer, kind: 'subscription', amount: 700, status: 'failed', at: justNow });
  await exec(sql`insert into refunds (payment_id, amount, currency, provider_ref, created_at) values (${sub}::uuid, 200, 'usd', 'seed-refund', ${justNow})`);
  // The leaver paid once, 50 days ago, and is back on Free: churned when that month ended.
  await insertPayment({ userId: ids.leaver, kind: 'subscription', amount: 499, at: new Date(now - 50 * DAY) });
  // The refunder paid on the 2nd of the month before last and was refunded in full the next day, which ended the plan
  // (it is back on Free): churned in that month, not a month later when the period would have ended.
  ids.refunder = (await account('free')).id;
  await insertSubscription(ids.refunder, 'free', null, 0);
  const paid = await insertPayment({ userId: ids.refunder, kind: 'subscription', amount: 499, status: 'refunded', at: refunderPaidAt });
  await exec(sql`insert into refunds (payment_id, amount, currency, provider_ref, created_at)
    values (${paid}::uuid, 499, 'usd', 'seed-refund-full', ${new Date(refunderPaidAt.getTime() + DAY)})`);
});

afterAll(async () => {
  await t?.close();
});

async function ok<T>(url: string, cookie: string | undefined): Promise<T> {
  const res = await get(t.app, url, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return json<T>(res);
}

describe('GET /api/admin/dashboard', () => {
  it('counts the seeded rows: users, sign-ups, sessions, calls, errors and revenue', async () => {
    const d = await ok<AdminDashboardResponse>('/api/admin/dashboard', cookies.admin);
    const [{ k: users }] = await exec(sql`select count(*) as k from users`);
    const [{ k: live }] = await exec(sql`select count(*) as k from sessions where expires_at > now()`);
    expect(d.days).toHaveLength(30);
    expect(d.days[29]).toBe(new Date().toISOString().slice(0, 10));
    expect(d.users.value).toBe(Number(users));
    expect(d.users.series[29]).toBe(Number(users));
    // Three accounts were created two days ago; the account count two days before the end is the total less today's and yesterday's.
    expect(d.signups.series[27]).toBe(3);
    expect(d.signups.value).toBe(Number(users) - 3);
    expect(d.users.series[26]).toBe(Number(users) - d.signups.value - d.signups.series[28] - 3);
    expect(d.activeSessions.value).toBe(Number(live));
    expect(d.activeSessions.series[29]).toBe(Number(live));
    expect(d.toolCalls.value).toBe(5);
    expect(d.toolCalls.series[26]).toBe(2);
    expect(d.errors.value).toBe(1);
    expect(d.errors.series.reduce((a, b) => a + b, 0)).toBe(1);
    expect(d.revenue).toEqual([expect.objectContaining({ currency: 'usd', monthToDate: 1000 + 500 - 200 })]);
    expect(d.revenue![0].series[29]).toBe(1300);
    // the three old sign-ups, the leaver and the refunder
    expect(d.usersByRole.find((r) => r.role === 'free')?.users).toBe(5);
  });

  it('sends revenue only to roles holding revenue:read', async () => {
    const manager = await ok<AdminDashboardResponse>('/api/admin/dashboard', cookies.manager);
    expect(manager.revenue?.[0].monthToDate).toBe(1300);
    const res = await get(t.app, '/api/admin/dashboard', cookies.support);
    expect(res.statusCode).toBe(200);
    expect(json(res)).not.toHaveProperty('revenue');
    expect(res.body).not.toMatch(/monthToDate/);
    expect(json<AdminDashboardResponse>(res).toolCalls.value).toBe(5);
  });

  it('is refused to plan accounts and visitors', async () => {
    expect((await get(t.app, '/api/admin/dashboard', cookies.pro)).statusCode).toBe(403);
    expect((await get(t.app, '/api/admin/dashboard')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/usage', () => {
  it('gives calls and characters by tool, plan and day, with the plan fallback for old events', async () => {
    const u = await ok<AdminUsageResponse>('/api/admin/usage', cookies.manager);
    expect(u.byDay).toHaveLength(30);
    expect(u.totals).toEqual({ calls: 7, characters: 1000 + 500 + 300 + 200 + 1400, errors: 1, accounts: 2, visitors: 1 });
    expect(u.byDay[29]).toEqual({ day: u.to, calls: 5, characters: 2000, errors: 1 });
    expect(u.byDay[26].calls).toBe(2);
    const plan = (p: string) => u.byPlan.find((r) => r.plan === p);
    expect(plan('pro')).toEqual({ plan: 'pro', calls: 4, characters: 2900 });
    expect(plan('basic')).toEqual({ plan: 'basic', calls: 2, characters: 300 });
    expect(plan('anonymous')).toEqual({ plan: 'anonymous', calls: 1, characters: 200 });
    expect(u.byTool[0]).toMatchObject({ tool: 'ai_content_detector', calls: 3, characters: 1700 });
    expect(u.byToolPlan).toContainEqual({ tool: 'grammar_fixer', plan: 'basic', calls: 2, characters: 300 });
    expect(u.topAccounts.map((a) => [a.userId, a.characters, a.calls])).toEqual([
      [ids.payer, 2900, 4],
      [ids.basic, 300, 2],
    ]);
    expect(u.topAccounts[0].plan).toBe('pro');
  });

  it('narrows to a date range and rejects bad ranges with 400', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const one = await ok<AdminUsageResponse>(`/api/admin/usage?from=${today}&to=${today}`, cookies.admin);
    expect(one.byDay).toHaveLength(1);
    expect(one.totals.calls).toBe(5);
    for (const q of ['from=2025-02-30', 'from=2025-03-02&to=2025-03-01', 'from=2020-01-01&to=2025-01-01', 'to=yesterday']) {
      const res = await get(t.app, `/api/admin/usage?${q}`, cookies.admin);
      expect(res.statusCode, q).toBe(400);
      expect(json(res).error.code).toBe('validation_failed');
    }
  });

  it('is refused to support, which does not hold usage:read', async () => {
    expect((await get(t.app, '/api/admin/usage', cookies.support)).statusCode).toBe(403);
    expect((await get(t.app, '/api/admin/usage.csv', cookies.support)).statusCode).toBe(403);
  });

  it('downloads the figures as CSV per day, tool and plan, and audits the download', async () => {
    const res = await get(t.app, '/api/admin/usage.csv', cookies.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="veritext-usage-by-day-.*\.csv"/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('day,tool,plan,calls,characters,errors');
    const today = new Date().toISOString().slice(0, 10);
    expect(lines).toContain(`${today},grammar_fixer,basic,2,300,1`);
    expect(lines).toContain(`${today},ai_content_detector,anonymous,1,200,0`);
    expect(lines).toHaveLength(1 + 4);
    const [audit] = await exec(sql`select category, action from audit_log where action like 'exported usage totals%' order by created_at desc limit 1`);
    expect(audit.category).toBe('system');
  });
});

describe('usage events record the plan', () => {
  it('stores the caller’s plan, anonymous for visitors, and an API key when given', async () => {
    const visitor = `anon-${Math.random()}`;
    await recordUsage(t.ctx.db, { userId: null, anonId: visitor, tool: 'word_counter', characters: 5, status: 'ok', latencyMs: 1, engine: null });
    await recordUsage(t.ctx.db, { userId: ids.payer, anonId: null, tool: 'word_counter', characters: 6, status: 'ok', latencyMs: 1, engine: null });
    const [key] = await exec(
      sql`insert into api_keys (user_id, name, prefix, key_hash) values (${ids.payer}::uuid, 'k', 'vt_x', ${`h${Math.random()}`}) returning id`,
    );
    await recordUsage(t.ctx.db, {
      userId: ids.payer,
      anonId: null,
      tool: 'word_counter',
      characters: 7,
      status: 'error',
      latencyMs: 1,
      engine: null,
      plan: 'agency',
      apiKeyId: String(key.id),
    });
    const found = await exec(sql`select characters, plan, api_key_id from usage_events where tool = 'word_counter' order by characters`);
    expect(found).toEqual([
      { characters: 5, plan: 'anonymous', api_key_id: null },
      { characters: 6, plan: 'pro', api_key_id: null },
      { characters: 7, plan: 'agency', api_key_id: key.id },
    ]);
    await exec(sql`delete from usage_events where tool = 'word_counter'`);
  });
});

describe('GET /api/admin/revenue', () => {
  it('gives monthly revenue, new and churned subscriptions and MRR by plan', async () => {
    const r = await ok<AdminRevenueResponse>('/api/admin/revenue?months=3', cookies.manager);
    expect(r.currency).toBe('usd');
    expect(r.months).toHaveLength(3);
    const current = r.months[2];
    expect(current.month).toBe(monthKey(new Date()));
    expect(current).toMatchObject({ gross: 1500, refunds: 200, net: 1300, subscriptions: 1000, packs: 500 });
    const byMonth = (m: string) => r.months.find((x) => x.month === m);
    // New: the payer's first subscription payment (this month), the leaver's (50 days ago) and the refunder's.
    expect(r.months.reduce((s, m) => s + m.newSubscriptions, 0)).toBe(3);
    expect(byMonth(monthKey(new Date(now - 50 * DAY)))!.newSubscriptions).toBeGreaterThanOrEqual(1);
    // Churned: the leaver, when the month paid 50 days ago ended (about 20 days ago).
    const ended = new Date(now - 50 * DAY);
    ended.setUTCMonth(ended.getUTCMonth() + 1);
    // The refunder, in the month of the refund that ended its plan (the report's first month).
    expect(r.months[0]!.month).toBe(monthKey(refunderPaidAt));
    const churn = new Map(r.months.map((m) => [m.month, 0]));
    churn.set(monthKey(ended), churn.get(monthKey(ended))! + 1);
    churn.set(monthKey(refunderPaidAt), churn.get(monthKey(refunderPaidAt))! + 1);
    expect(r.months.map((m) => m.churnedSubscriptions)).toEqual([...churn.values()]);
    expect(r.mrr).toEqual({ total: 1999, byPlan: [{ plan: 'pro', name: 'Pro', subscribers: 1, cancelling: 0, mrr: 1999 }] });
    // The agency account given its plan by hand, and the pro account created for its cookie (neither paid).
    expect(r.complimentary).toBe(2);
  });

  it('is for revenue:read only and validates months', async () => {
    expect((await get(t.app, '/api/admin/revenue', cookies.support)).statusCode).toBe(403);
    expect((await get(t.app, '/api/admin/revenue?months=0', cookies.admin)).statusCode).toBe(400);
    expect((await get(t.app, '/api/admin/revenue?months=abc', cookies.admin)).statusCode).toBe(400);
  });
});

describe('GET /api/admin/user-growth', () => {
  it('gives sign-ups, active users and accounts per day, week and month', async () => {
    const [{ k: users }] = await exec(sql`select count(*) as k from users`);
    const day = await ok<AdminUserGrowthResponse>('/api/admin/user-growth', cookies.admin);
    expect(day.period).toBe('day');
    expect(day.rows).toHaveLength(30);
    expect(day.rows[27].signups).toBe(3);
    expect(day.rows[29].totalUsers).toBe(Number(users));
    // Today: the accounts that logged in (every seeded account has a session) or called a tool.
    const [{ k: activeToday }] = await exec(sql`
      select count(distinct user_id) as k from (
        select user_id from sessions where created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
        union select user_id from usage_events where user_id is not null and created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') a`);
    expect(day.rows[29].activeUsers).toBe(Number(activeToday));
    const week = await ok<AdminUserGrowthResponse>('/api/admin/user-growth?period=week', cookies.admin);
    expect(week.rows).toHaveLength(26);
    expect(new Date(`${week.rows[25].start}T00:00:00Z`).getUTCDay()).toBe(1);
    const month = await ok<AdminUserGrowthResponse>('/api/admin/user-growth?period=month', cookies.admin);
    expect(month.rows).toHaveLength(12);
    expect(month.rows[11].start).toBe(`${monthKey(new Date())}-01`);
    expect(month.rows.reduce((s, r) => s + r.signups, 0)).toBe(Number(users));
    expect((await get(t.app, '/api/admin/user-growth?period=year', cookies.admin)).statusCode).toBe(400);
    expect((await get(t.app, '/api/admin/user-growth', cookies.support)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/monitor', () => {
  it('counts requests per minute over the last hour and reports this instance’s engine queue', async () => {
    const m = await ok<AdminMonitorResponse>('/api/admin/monitor', cookies.manager);
    expect(m.perMinute).toHaveLength(60);
    expect(m.lastHour.requests).toBe(5);
    expect(m.lastHour.errors).toBe(1);
    expect(m.lastHour.p95Ms).toBe(40);
    expect(m.refusedToday).toBe(1);
    expect(m.engine.queued).toBe(0);
    expect(m.engine.maxThreads).toBeGreaterThanOrEqual(1);
    expect(m.engine.instance).toContain(String(process.pid));
    expect((await get(t.app, '/api/admin/monitor', cookies.support)).statusCode).toBe(403);
  });
});

describe('CSV exports', () => {
  function parse(body: string): string[][] {
    return body
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
  }

  it('exports users, payments and usage with their headers, and audits each export', async () => {
    const before = Number((await exec(sql`select count(*) as k from audit_log where category = 'system' and action like 'exported %'`))[0].k);
    const users = await get(t.app, '/api/admin/export/users.csv', cookies.admin);
    expect(users.statusCode).toBe(200);
    expect(users.headers['content-type']).toMatch(/^text\/csv/);
    expect(users.headers['content-disposition']).toMatch(/^attachment; filename="veritext-users-all_\d{4}-\d{2}-\d{2}\.csv"$/);
    const u = parse(users.body);
    expect(u[0]).toEqual(['id', 'username', 'email', 'role', 'plan', 'status', 'email_verified', 'created_at', 'suspended_at']);
    const [{ k: count }] = await exec(sql`select count(*) as k from users`);
    expect(u).toHaveLength(Number(count) + 1);
    expect(u.find((r) => r[0] === ids.basic)?.[4]).toBe('basic');

    const twoDaysAgo = new Date(now - 2 * DAY).toISOString().slice(0, 10);
    const ranged = parse((await get(t.app, `/api/admin/export/users.csv?from=${twoDaysAgo}&to=${twoDaysAgo}`, cookies.admin)).body);
    expect(
      ranged
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([ids.old0, ids.old1, ids.old2].sort());

    const pay = parse((await get(t.app, '/api/admin/export/payments.csv', cookies.manager)).body);
    expect(pay[0]).toEqual(['id', 'created_at', 'user_id', 'email', 'kind', 'item', 'description', 'amount', 'refunded', 'currency', 'status', 'provider']);
    // the payer's three and the leaver's and the refunder's subscription payments
    expect(pay).toHaveLength(1 + 5);
    expect(pay.map((r) => r[7])).toEqual(expect.arrayContaining(['10.00', '5.00', '7.00', '4.99']));

    const usage = parse((await get(t.app, '/api/admin/export/usage.csv', cookies.admin)).body);
    expect(usage[0]).toEqual(['id', 'created_at', 'user_id', 'visitor', 'tool', 'plan', 'status', 'characters', 'latency_ms', 'engine', 'api_key_id']);
    expect(usage).toHaveLength(1 + 8);
    // The event stored without a plan is exported with its account's plan.
    expect(usage.filter((r) => r[4] === 'grammar_fixer').map((r) => r[5])).toEqual(['basic', 'basic']);

    const after = await exec(sql`select category, action from audit_log where category = 'system' and action like 'exported %' order by created_at`);
    expect(after).toHaveLength(before + 4);
    expect(after.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'exported users as CSV (all dates)',
        `exported users as CSV from ${twoDaysAgo} to ${twoDaysAgo}`,
        'exported payments as CSV (all dates)',
      ]),
    );
  });

  it('pages through more rows than one page holds, in order, each row once (equal timestamps included)', async () => {
    const day = new Date(now - 100 * DAY);
    day.setUTCHours(12, 0, 0, 0);
    const total = EXPORT_PAGE_ROWS + 37;
    await exec(sql`
      insert into usage_events (anon_id, tool, characters, status, created_at)
      select 'bulk', 'ai_paraphraser', g, 'ok', ${day} from generate_series(1, ${total}) g`);
    const d = day.toISOString().slice(0, 10);
    const res = await get(t.app, `/api/admin/export/usage.csv?from=${d}&to=${d}`, cookies.admin);
    expect(res.statusCode).toBe(200);
    const lines = parse(res.body).slice(1);
    expect(lines).toHaveLength(total);
    expect(new Set(lines.map((r) => r[0])).size).toBe(total);
    expect(lines.map((r) => Number(r[7])).sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(lines.every((r) => r[3] === 'yes' && r[5] === 'anonymous')).toBe(true);
    await exec(sql`delete from usage_events where anon_id = 'bulk'`);
  });

  it('neutralises spreadsheet formulas in cells', async () => {
    const evil = await account('free');
    await exec(sql`update users set username = ${'=HYPERLINK("x")'} where id = ${evil.id}::uuid`);
    const body = (await get(t.app, '/api/admin/export/users.csv', cookies.admin)).body;
    expect(body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(body).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('is refused to support and validates the range', async () => {
    for (const kind of ['users', 'payments', 'usage']) expect((await get(t.app, `/api/admin/export/${kind}.csv`, cookies.support)).statusCode).toBe(403);
    expect((await get(t.app, '/api/admin/export/users.csv?from=2025-05-02&to=2025-05-01', cookies.admin)).statusCode).toBe(400);
    expect((await get(t.app, '/api/admin/export/users.csv?from=nope', cookies.admin)).statusCode).toBe(400);
    expect((await get(t.app, '/api/admin/export/secrets.csv', cookies.admin)).statusCode).toBe(404);
  });
});
