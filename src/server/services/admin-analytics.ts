import { hostname } from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import { findTool } from '../../shared/catalogue';
import {
  DEFAULT_RANGE_DAYS,
  GROWTH_BUCKETS,
  MAX_RANGE_DAYS,
  RANGE_HOURS,
  type AdminMonitorResponse,
  type AdminRevenueResponse,
  type AdminUsageResponse,
  type AdminUserGrowthResponse,
  type AnalyticsRange,
  type DayRangeQuery,
  type GrowthPeriod,
  type MrrPlanRow,
  type RevenueMonthRow,
  type ToolPerformanceResponse,
  type ToolPerformanceRow,
  type UsagePlanRow,
  type UsageToolRow,
} from '../../shared/api/admin-analytics';
import type { ServerContext } from '../context';
import { enginePool } from '../engine-pool';
import { AppError } from '../errors';
import { listPlans, rows } from './billing';
import { audit } from './users';
import { utcDay } from './metering';

/** Staff analytics over the usage tables; read-only. */

const HOUR_MS = 60 * 60 * 1000;

function toMs(v: unknown): number | null {
  return v === null || v === undefined ? null : Math.round(Number(v));
}

/**
 * Tool Performance: per tool, the calls that ran in the range (from `usage_events`), their error rate,
 * the p50 and p95 latency of the successful ones and the engines that answered, with the refusals
 * counted in `usage_rejections` beside them.
 */
export async function toolPerformance(ctx: ServerContext, range: AnalyticsRange): Promise<ToolPerformanceResponse> {
  const to = ctx.now();
  const from = new Date(to.getTime() - RANGE_HOURS[range] * HOUR_MS);
  const since = utcDay(from);

  // percentile_cont is standard PostgreSQL, so PGlite and a server give the same figures. Events written
  // as 'rejected' by older versions are refusals, not calls.
  const perTool = rows<{ tool: string; calls: unknown; errors: unknown; p50: unknown; p95: unknown }>(
    await ctx.db.execute(sql`
      select tool,
             count(*) filter (where status <> 'rejected') as calls,
             count(*) filter (where status = 'error') as errors,
             percentile_cont(0.5) within group (order by latency_ms) filter (where status = 'ok') as p50,
             percentile_cont(0.95) within group (order by latency_ms) filter (where status = 'ok') as p95
      from usage_events
      where created_at >= ${from} and created_at <= ${to}
      group by tool`),
  );
  const perEngine = rows<{ tool: string; engine: string; calls: unknown }>(
    await ctx.db.execute(sql`
      select tool, engine, count(*) as calls
      from usage_events
      where created_at >= ${from} and created_at <= ${to} and status <> 'rejected' and engine is not null
      group by tool, engine`),
  );
  const refusals = rows<{ tool: string; reason: string; n: unknown }>(
    await ctx.db.execute(sql`
      select tool, reason, sum(n) as n from (
        select tool, reason, sum(count) as n from usage_rejections where day >= ${since} group by tool, reason
        union all
        select tool, 'rejected' as reason, count(*) as n from usage_events
        where created_at >= ${from} and created_at <= ${to} and status = 'rejected' group by tool
      ) r group by tool, reason`),
  );

  const byTool = new Map<string, ToolPerformanceRow>();
  const row = (tool: string): ToolPerformanceRow => {
    let r = byTool.get(tool);
    if (!r) {
      r = {
        tool,
        name: findTool(tool)?.name ?? tool,
        calls: 0,
        errors: 0,
        errorRate: 0,
        p50Ms: null,
        p95Ms: null,
        engines: [],
        rejected: 0,
        rejectedByReason: {},
      };
      byTool.set(tool, r);
    }
    return r;
  };
  for (const t of perTool) {
    const r = row(t.tool);
    r.calls = Number(t.calls);
    r.errors = Number(t.errors);
    r.errorRate = r.calls > 0 ? r.errors / r.calls : 0;
    r.p50Ms = toMs(t.p50);
    r.p95Ms = toMs(t.p95);
  }
  for (const e of perEngine) row(e.tool).engines.push({ engine: e.engine, calls: Number(e.calls) });
  for (const x of refusals) {
    const r = row(x.tool);
    const n = Number(x.n);
    r.rejected += n;
    r.rejectedByReason[x.reason] = (r.rejectedByReason[x.reason] ?? 0) + n;
  }

  const tools = [...byTool.values()]
    .filter((r) => r.calls > 0 || r.rejected > 0)
    .sort((a, b) => b.calls - a.calls || b.rejected - a.rejected || a.name.localeCompare(b.name));
  for (const r of tools) r.engines.sort((a, b) => b.calls - a.calls || a.engine.localeCompare(b.engine));
  const totals = tools.reduce((t, r) => ({ calls: t.calls + r.calls, errors: t.errors + r.errors, rejected: t.rejected + r.rejected }), {
    calls: 0,
    errors: 0,
    rejected: 0,
  });
  return { range, from: from.toISOString(), to: to.toISOString(), rejectedSince: since, tools, totals };
}

// ---------- Day ranges ----------

const DAY_MS = 24 * HOUR_MS;
const dayNumber = (d: Date) => Math.floor(d.getTime() / DAY_MS);
const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
const parseDay = (v: string) => dayNumber(new Date(`${v}T00:00:00Z`));

export interface DayRange {
  from: string;
  to: string;
  /** First day number and the number of days (both ends included). */
  first: number;
  days: number;
  /** [start, end) as instants, for created_at conditions. */
  start: Date;
  end: Date;
}

/**
 * A query's UTC day range: `to` defaults to today, `from` to the 29 days before `to`. At most MAX_RANGE_DAYS, so one
 * request cannot ask the database to group years of events.
 */
export function resolveDayRange(q: DayRangeQuery, now: Date): DayRange {
  const last = q.to ? parseDay(q.to) : dayNumber(now);
  const first = q.from ? parseDay(q.from) : last - (DEFAULT_RANGE_DAYS - 1);
  const days = last - first + 1;
  if (days > MAX_RANGE_DAYS) {
    throw new AppError('validation_failed', `A range covers at most ${MAX_RANGE_DAYS} days.`, { from: `At most ${MAX_RANGE_DAYS} days before the end date.` });
  }
  return { from: dayString(first), to: dayString(last), first, days, start: new Date(first * DAY_MS), end: new Date((last + 1) * DAY_MS) };
}

/** UTC day number of a timestamp column (cheap arithmetic, no time-zone conversion per row). */
const dayOf = (col: string) => sql.raw(`floor(extract(epoch from ${col}) / 86400)::int`);

/**
 * The plan a usage event ran under: recorded on the event since the plan column exists; older events fall back to
 * the account's current plan, and a visitor's (no account) is 'anonymous'. Needs `usage_events e` left-joined to
 * `subscriptions s` on the account.
 */
export const EVENT_PLAN = sql.raw(`coalesce(e.plan, case when e.user_id is null then 'anonymous' end, s.plan, 'unknown')`);

// ---------- Usage (usage:read) ----------

const n = (v: unknown) => Number(v ?? 0);

/** Calls and characters by day, tool and plan in a range; the distinct callers; the top accounts. */
export async function usageReport(ctx: ServerContext, q: DayRangeQuery): Promise<AdminUsageResponse> {
  const r = resolveDayRange(q, ctx.now());
  const inRange = sql`e.created_at >= ${r.start} and e.created_at < ${r.end} and e.status <> 'rejected'`;
  const [grouped, distinct, top] = await Promise.all([
    ctx.db.execute(sql`
      select ${dayOf('e.created_at')} as d, e.tool, ${EVENT_PLAN} as plan, count(*) as calls,
             coalesce(sum(e.characters) filter (where e.status = 'ok'), 0) as characters, count(*) filter (where e.status = 'error') as errors
      from usage_events e left join subscriptions s on s.user_id = e.user_id and e.plan is null
      where ${inRange}
      group by 1, 2, 3`),
    ctx.db.execute(
      sql`select count(distinct e.user_id) as accounts, count(distinct e.anon_id) filter (where e.user_id is null) as visitors from usage_events e where ${inRange}`,
    ),
    ctx.db.execute(sql`
      select t.user_id, u.username, u.email, coalesce(s.plan, u.role) as plan, t.calls, t.characters, t.last_at
      from (
        select e.user_id, count(*) as calls, coalesce(sum(e.characters) filter (where e.status = 'ok'), 0) as characters, max(e.created_at) as last_at
        from usage_events e where ${inRange} and e.user_id is not null
        group by e.user_id order by 3 desc, 2 desc limit 20
      ) t join users u on u.id = t.user_id left join subscriptions s on s.user_id = t.user_id
      order by t.characters desc, t.calls desc`),
  ]);

  const byDay = Array.from({ length: r.days }, (_, i) => ({ day: dayString(r.first + i), calls: 0, characters: 0, errors: 0 }));
  const byTool = new Map<string, UsageToolRow>();
  const byPlan = new Map<string, UsagePlanRow>();
  const byDayPlan = new Map<string, { day: string; plan: string; calls: number; characters: number }>();
  const byToolPlan = new Map<string, { tool: string; plan: string; calls: number; characters: number }>();
  const totals = { calls: 0, characters: 0, errors: 0, accounts: 0, visitors: 0 };
  for (const g of rows<{ d: unknown; tool: string; plan: string; calls: unknown; characters: unknown; errors: unknown }>(grouped)) {
    const calls = n(g.calls);
    const characters = n(g.characters);
    const errors = n(g.errors);
    totals.calls += calls;
    totals.characters += characters;
    totals.errors += errors;
    const dayRow = byDay[n(g.d) - r.first];
    if (dayRow) {
      dayRow.calls += calls;
      dayRow.characters += characters;
      dayRow.errors += errors;
    }
    const tool = byTool.get(g.tool) ?? { tool: g.tool, name: findTool(g.tool)?.name ?? g.tool, calls: 0, characters: 0, errors: 0 };
    tool.calls += calls;
    tool.characters += characters;
    tool.errors += errors;
    byTool.set(g.tool, tool);
    const plan = byPlan.get(g.plan) ?? { plan: g.plan, calls: 0, characters: 0 };
    plan.calls += calls;
    plan.characters += characters;
    byPlan.set(g.plan, plan);
    const dk = `${n(g.d)}|${g.plan}`;
    const dp = byDayPlan.get(dk) ?? { day: dayString(n(g.d)), plan: g.plan, calls: 0, characters: 0 };
    dp.calls += calls;
    dp.characters += characters;
    byDayPlan.set(dk, dp);
    const tk = `${g.tool}|${g.plan}`;
    const tp = byToolPlan.get(tk) ?? { tool: g.tool, plan: g.plan, calls: 0, characters: 0 };
    tp.calls += calls;
    tp.characters += characters;
    byToolPlan.set(tk, tp);
  }
  const d = rows<{ accounts: unknown; visitors: unknown }>(distinct)[0];
  totals.accounts = n(d?.accounts);
  totals.visitors = n(d?.visitors);
  const most = <T extends { calls: number; characters: number }>(a: T, b: T) => b.calls - a.calls || b.characters - a.characters;
  return {
    from: r.from,
    to: r.to,
    totals,
    byDay,
    byTool: [...byTool.values()].sort((a, b) => most(a, b) || a.name.localeCompare(b.name)),
    byPlan: [...byPlan.values()].sort((a, b) => most(a, b) || a.plan.localeCompare(b.plan)),
    byDayPlan: [...byDayPlan.values()].sort((a, b) => a.day.localeCompare(b.day) || a.plan.localeCompare(b.plan)),
    byToolPlan: [...byToolPlan.values()].sort((a, b) => a.tool.localeCompare(b.tool) || a.plan.localeCompare(b.plan)),
    topAccounts: rows<{ user_id: string; username: string; email: string; plan: string; calls: unknown; characters: unknown; last_at: unknown }>(top).map(
      (t) => ({
        userId: t.user_id,
        username: t.username,
        email: t.email,
        plan: t.plan,
        calls: n(t.calls),
        characters: n(t.characters),
        lastAt: new Date(t.last_at as string | Date).toISOString(),
      }),
    ),
  };
}

/** Calls, characters and errors per day, tool and plan in a range, for the Usage pages' CSV. */
export async function usageCsv(
  ctx: ServerContext,
  actor: { id: string; email: string; ip: string },
  q: DayRangeQuery,
): Promise<{ from: string; to: string; csv: string }> {
  const r = resolveDayRange(q, ctx.now());
  const found = rows<{ d: unknown; tool: string; plan: string; calls: unknown; characters: unknown; errors: unknown }>(
    await ctx.db.execute(sql`
      select ${dayOf('e.created_at')} as d, e.tool, ${EVENT_PLAN} as plan, count(*) as calls,
             coalesce(sum(e.characters) filter (where e.status = 'ok'), 0) as characters, count(*) filter (where e.status = 'error') as errors
      from usage_events e left join subscriptions s on s.user_id = e.user_id and e.plan is null
      where e.created_at >= ${r.start} and e.created_at < ${r.end} and e.status <> 'rejected'
      group by 1, 2, 3 order by 1, 2, 3`),
  );
  const lines = ['day,tool,plan,calls,characters,errors'];
  for (const x of found) lines.push([dayString(n(x.d)), x.tool, x.plan, n(x.calls), n(x.characters), n(x.errors)].map(csvCell).join(','));
  await audit(ctx.db, {
    userId: actor.id,
    email: actor.email,
    action: `exported usage totals as CSV from ${r.from} to ${r.to}`,
    category: 'system',
    ip: actor.ip,
  });
  return { from: r.from, to: r.to, csv: `${lines.join('\r\n')}\r\n` };
}

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a text starting with = + - @ (or a tab or carriage
 * return) gets a leading apostrophe, so a spreadsheet opening the file does not run it as a formula.
 */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  let s = v instanceof Date ? v.toISOString() : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

// ---------- Revenue (revenue:read) ----------

/** Months as (year * 12 + month - 1) numbers, so buckets are plain integers in SQL and here. */
const monthIndexSql = (col: string) => sql.raw(`(extract(year from ${col} at time zone 'UTC') * 12 + extract(month from ${col} at time zone 'UTC') - 1)::int`);
const monthString = (i: number) => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
/** A gap longer than this between two subscription payments of one account means it left and came back. */
const RESUBSCRIBE_GAP = sql.raw(`interval '45 days'`);

/**
 * Monthly revenue (payments less refunds), subscription and pack income, new and churned subscriptions, and MRR by
 * plan, in the site's main currency (the one most payments were made in).
 *
 * - New: a subscription payment from an account with no subscription payment in the 45 days before it (a first
 *   purchase, or a customer coming back).
 * - Churned: a subscription payment not followed by another within 45 days, when the account is not subscribed now:
 *   the account left when the month that payment paid for ended, or when it was refunded in full if that was sooner,
 *   and is counted in that month.
 * - MRR: the monthly prices of the active subscriptions paid through a provider; plans granted free of charge by
 *   staff are counted apart (complimentary).
 */
export async function revenueReport(ctx: ServerContext, months: number): Promise<AdminRevenueResponse> {
  const now = ctx.now();
  const lastMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const firstMonth = lastMonth - (months - 1);
  const start = new Date(Date.UTC(Math.floor(firstMonth / 12), firstMonth % 12, 1));

  const currencies = rows<{ currency: string; k: unknown }>(
    await ctx.db.execute(sql`select currency, count(*) as k from payments where status <> 'failed' group by 1 order by 2 desc, 1`),
  );
  const currency = currencies[0]?.currency ?? 'usd';

  const [paid, refunded, fresh, churned, mrr, comp, plans] = await Promise.all([
    ctx.db.execute(sql`
      select ${monthIndexSql('created_at')} as m, kind, sum(amount) as amount from payments
      where created_at >= ${start} and status <> 'failed' and currency = ${currency} group by 1, 2`),
    ctx.db.execute(
      sql`select ${monthIndexSql('created_at')} as m, sum(amount) as amount from refunds where created_at >= ${start} and currency = ${currency} group by 1`,
    ),
    ctx.db.execute(sql`
      select ${monthIndexSql('created_at')} as m, count(*) as k from (
        select created_at, lag(created_at) over (partition by coalesce(user_id::text, email, id::text) order by created_at) as prev
        from payments where kind = 'subscription' and status <> 'failed' and currency = ${currency}
      ) p where created_at >= ${start} and (prev is null or created_at - prev > ${RESUBSCRIBE_GAP}) group by 1`),
    // a payment refunded in full ended its period when the refund was made (billing.ts#endPlanPaidBy), if that came
    // before the month it paid for was over
    ctx.db.execute(sql`
      select ${monthIndexSql('ended_at')} as m, count(*) as k from (
        select case when p.status = 'refunded'
                 then least(p.created_at + interval '1 month',
                            coalesce((select max(r.created_at) from refunds r where r.payment_id = p.id), p.created_at + interval '1 month'))
                 else p.created_at + interval '1 month' end as ended_at,
               p.created_at as paid_at, p.user_id,
               lead(p.created_at) over (partition by coalesce(p.user_id::text, p.email, p.id::text) order by p.created_at) as next
        from payments p where p.kind = 'subscription' and p.status <> 'failed' and p.currency = ${currency}
      ) p
      where ended_at >= ${start} and ended_at <= ${now}
        and (next is null or next - paid_at > ${RESUBSCRIBE_GAP})
        and (next is not null or not exists (
          select 1 from subscriptions s where s.user_id = p.user_id and s.status = 'active' and s.plan <> 'free' and s.provider is not null))
      group by 1`),
    ctx.db.execute(sql`
      select plan, count(*) as subscribers, count(*) filter (where cancel_at_period_end) as cancelling, sum(price) as mrr from subscriptions
      where status = 'active' and plan <> 'free' and provider is not null and price > 0 and currency = ${currency} group by 1`),
    ctx.db.execute(sql`select count(*) as k from subscriptions where status = 'active' and plan <> 'free' and provider is null`),
    listPlans(ctx.db),
  ]);

  const monthsOut: RevenueMonthRow[] = Array.from({ length: months }, (_, i) => ({
    month: monthString(firstMonth + i),
    gross: 0,
    refunds: 0,
    net: 0,
    subscriptions: 0,
    packs: 0,
    newSubscriptions: 0,
    churnedSubscriptions: 0,
  }));
  const at = (m: unknown) => monthsOut[n(m) - firstMonth];
  for (const p of rows<{ m: unknown; kind: string; amount: unknown }>(paid)) {
    const row = at(p.m);
    if (!row) continue;
    row.gross += n(p.amount);
    if (p.kind === 'subscription') row.subscriptions += n(p.amount);
    else row.packs += n(p.amount);
  }
  for (const x of rows<{ m: unknown; amount: unknown }>(refunded)) {
    const row = at(x.m);
    if (row) row.refunds += n(x.amount);
  }
  for (const x of rows<{ m: unknown; k: unknown }>(fresh)) {
    const row = at(x.m);
    if (row) row.newSubscriptions += n(x.k);
  }
  for (const x of rows<{ m: unknown; k: unknown }>(churned)) {
    const row = at(x.m);
    if (row) row.churnedSubscriptions += n(x.k);
  }
  for (const row of monthsOut) row.net = row.gross - row.refunds;

  const names = new Map(plans.map((p) => [p.id as string, { name: p.name, rank: p.rank }]));
  const byPlan: MrrPlanRow[] = rows<{ plan: string; subscribers: unknown; cancelling: unknown; mrr: unknown }>(mrr)
    .map((p) => ({ plan: p.plan, name: names.get(p.plan)?.name ?? p.plan, subscribers: n(p.subscribers), cancelling: n(p.cancelling), mrr: n(p.mrr) }))
    .sort((a, b) => (names.get(a.plan)?.rank ?? 99) - (names.get(b.plan)?.rank ?? 99) || a.plan.localeCompare(b.plan));
  return {
    currency,
    months: monthsOut,
    mrr: { total: byPlan.reduce((s, p) => s + p.mrr, 0), byPlan },
    complimentary: n(rows<{ k: unknown }>(comp)[0]?.k),
    otherCurrencies: currencies.slice(1).map((c) => c.currency),
  };
}

// ---------- User growth (usage:read) ----------

/** Bucket number of a timestamp column per period: UTC days, weeks starting on Monday (1970-01-01 was a Thursday), months. */
function bucketSql(period: GrowthPeriod, col: string): SQL {
  if (period === 'day') return dayOf(col);
  if (period === 'week') return sql.raw(`floor((extract(epoch from ${col}) / 86400 + 3) / 7)::int`);
  return monthIndexSql(col);
}

function bucketStart(period: GrowthPeriod, b: number): string {
  if (period === 'day') return dayString(b);
  if (period === 'week') return dayString(b * 7 - 3);
  return `${monthString(b)}-01`;
}

function currentBucket(period: GrowthPeriod, now: Date): number {
  if (period === 'day') return dayNumber(now);
  if (period === 'week') return Math.floor((dayNumber(now) + 3) / 7);
  return now.getUTCFullYear() * 12 + now.getUTCMonth();
}

/** Sign-ups, active accounts (a tool call or a new session) and accounts on record, per day, week or month. */
export async function userGrowth(ctx: ServerContext, period: GrowthPeriod): Promise<AdminUserGrowthResponse> {
  const count = GROWTH_BUCKETS[period];
  const last = currentBucket(period, ctx.now());
  const first = last - (count - 1);
  const startDay = period === 'day' ? first : period === 'week' ? first * 7 - 3 : dayNumber(new Date(Date.UTC(Math.floor(first / 12), first % 12, 1)));
  const start = new Date(startDay * DAY_MS);

  const [total, signups, active] = await Promise.all([
    ctx.db.execute(sql`select count(*) as k from users`),
    ctx.db.execute(sql`select ${bucketSql(period, 'created_at')} as b, count(*) as k from users where created_at >= ${start} group by 1`),
    ctx.db.execute(sql`
      select b, count(distinct user_id) as k from (
        select ${bucketSql(period, 'created_at')} as b, user_id from usage_events where created_at >= ${start} and user_id is not null
        union
        select ${bucketSql(period, 'created_at')} as b, user_id from sessions where created_at >= ${start}
      ) a group by b`),
  ]);
  const out = Array.from({ length: count }, (_, i) => ({ start: bucketStart(period, first + i), signups: 0, activeUsers: 0, totalUsers: 0 }));
  for (const x of rows<{ b: unknown; k: unknown }>(signups)) {
    const row = out[n(x.b) - first];
    if (row) row.signups += n(x.k);
  }
  for (const x of rows<{ b: unknown; k: unknown }>(active)) {
    const row = out[n(x.b) - first];
    if (row) row.activeUsers += n(x.k);
  }
  let running = n(rows<{ k: unknown }>(total)[0]?.k);
  for (let i = count - 1; i >= 0; i--) {
    out[i].totalUsers = running;
    running -= out[i].signups;
  }
  return { period, rows: out };
}

// ---------- Real-time monitor (monitor:read) ----------

const MINUTE_MS = 60_000;

/** The engine pool's state on this instance (each instance has its own pool). */
function enginePoolState(): AdminMonitorResponse['engine'] {
  const pool = enginePool();
  return {
    instance: `${hostname()} (pid ${process.pid})`,
    threads: pool.threads,
    maxThreads: pool.size,
    running: pool.running,
    queued: pool.queued,
  };
}

/** Requests and errors per minute over the last hour (every instance, from usage_events) and this instance's queue. */
export async function monitorSnapshot(ctx: ServerContext): Promise<AdminMonitorResponse> {
  const now = ctx.now();
  const lastMinute = Math.floor(now.getTime() / MINUTE_MS);
  const firstMinute = lastMinute - 59;
  const start = new Date(firstMinute * MINUTE_MS);
  const today = dayString(dayNumber(now));
  const [perMinute, hour, refused, live] = await Promise.all([
    ctx.db.execute(sql`
      select floor(extract(epoch from created_at) / 60)::bigint as m, count(*) filter (where status <> 'rejected') as requests,
             count(*) filter (where status = 'error') as errors
      from usage_events where created_at >= ${start} group by 1`),
    ctx.db.execute(sql`
      select percentile_cont(0.95) within group (order by latency_ms) filter (where status = 'ok') as p95
      from usage_events where created_at >= ${start}`),
    ctx.db.execute(sql`
      select (select coalesce(sum(count), 0) from usage_rejections where day = ${today})
           + (select count(*) from usage_events where created_at >= ${new Date(dayNumber(now) * DAY_MS)} and status = 'rejected') as k`),
    ctx.db.execute(sql`select count(*) as k from sessions where expires_at > ${now}`),
  ]);
  const minutes = Array.from({ length: 60 }, (_, i) => ({ minute: new Date((firstMinute + i) * MINUTE_MS).toISOString(), requests: 0, errors: 0 }));
  for (const x of rows<{ m: unknown; requests: unknown; errors: unknown }>(perMinute)) {
    const row = minutes[n(x.m) - firstMinute];
    if (!row) continue;
    row.requests += n(x.requests);
    row.errors += n(x.errors);
  }
  const p95 = rows<{ p95: unknown }>(hour)[0]?.p95;
  return {
    generatedAt: now.toISOString(),
    perMinute: minutes,
    lastHour: {
      requests: minutes.reduce((s, m) => s + m.requests, 0),
      errors: minutes.reduce((s, m) => s + m.errors, 0),
      p95Ms: p95 === null || p95 === undefined ? null : Math.round(Number(p95)),
    },
    refusedToday: n(rows<{ k: unknown }>(refused)[0]?.k),
    activeSessions: n(rows<{ k: unknown }>(live)[0]?.k),
    engine: enginePoolState(),
  };
}
