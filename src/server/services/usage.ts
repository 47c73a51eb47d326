import { and, desc, eq, sql } from 'drizzle-orm';
import { usageCounters, usageEvents, usageRejections } from '../../db/schema';
import type { PublicUser } from '../../shared/api/auth';
import type { SimplifiedUsageResponse, UsageByDay, UsageEvent, UsageResponse } from '../../shared/api/billing';
import type { PlanId } from '../../shared/plans';
import { isStaff } from '../../shared/roles';
import type { ServerContext } from '../context';
import { creditBalancesOf, loadSubscription, periodKey, rows, termsOf } from './billing';
import { utcDay } from './metering';
import { STAFF_WORD_LIMIT } from './tool-gate';

/**
 * What an account has used and has left: the figures of the sidebar and the usage page. Metering
 * itself (checking and charging a request) is metering.ts; this only reads.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

async function counter(ctx: ServerContext, userId: string, kind: string, key: string): Promise<number> {
  const [row] = await ctx.db
    .select({ used: usageCounters.used })
    .from(usageCounters)
    .where(and(eq(usageCounters.userId, userId), eq(usageCounters.kind, kind), eq(usageCounters.periodKey, key)))
    .limit(1);
  return row ? Number(row.used) : 0;
}

export interface Allowance {
  plan: PlanId | 'staff';
  period: { start: Date; end: Date } | null;
  used: number;
  /** null: no character limit (staff). */
  limit: number | null;
  detectionsToday: number;
  dailyLimit: number | null;
  wordLimit: number;
}

/** The account's allowance now. Staff have no plan: their figures are this month's use, without a limit. */
export async function allowanceOf(ctx: ServerContext, user: PublicUser): Promise<Allowance> {
  const now = ctx.now();
  const today = utcDay(now);
  if (isStaff(user.role)) {
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const res = await ctx.db.execute(sql`
      select coalesce(sum(characters), 0) as chars,
             count(*) filter (where tool = 'ai_content_detector' and created_at >= ${new Date(`${today}T00:00:00Z`)}) as detections
      from usage_events where user_id = ${user.id}::uuid and status = 'ok' and created_at >= ${monthStart}`);
    const r = rows<{ chars: string | number; detections: string | number }>(res)[0];
    return {
      plan: 'staff',
      period: null,
      used: Number(r.chars),
      limit: null,
      detectionsToday: Number(r.detections),
      dailyLimit: null,
      wordLimit: STAFF_WORD_LIMIT,
    };
  }
  const sub = await loadSubscription(ctx, user.id, user.role);
  const terms = termsOf(sub);
  return {
    plan: sub.plan as PlanId,
    period: { start: sub.currentPeriodStart, end: sub.currentPeriodEnd },
    used: await counter(ctx, user.id, 'characters', periodKey(sub.currentPeriodStart)),
    limit: terms.monthlyCharacters,
    detectionsToday: await counter(ctx, user.id, 'detections', today),
    dailyLimit: terms.dailyDetections,
    wordLimit: terms.wordLimit,
  };
}

/** The sidebar's figures: characters used of the allowance, pack credits, plan and period end. */
export async function simplifiedUsage(ctx: ServerContext, user: PublicUser): Promise<SimplifiedUsageResponse> {
  const a = await allowanceOf(ctx, user);
  return {
    data: {
      characters: { used: a.used, limit: a.limit },
      credits: await creditBalancesOf(ctx.db, user.id),
      plan: a.plan,
      periodEnd: a.period?.end.toISOString() ?? null,
    },
  };
}

/** The usage page: the allowance, the last `days` UTC days by day and by tool, and the 20 latest requests. */
export async function usageReport(ctx: ServerContext, user: PublicUser, days: number): Promise<UsageResponse> {
  const a = await allowanceOf(ctx, user);
  const now = ctx.now();
  const firstDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS);
  const grouped = rows<{ tool: string; day: string; requests: string | number; characters: string | number }>(
    await ctx.db.execute(sql`
      select tool, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as requests, coalesce(sum(characters), 0) as characters
      from usage_events
      where user_id = ${user.id}::uuid and status = 'ok' and created_at >= ${firstDay}
      group by 1, 2`),
  );
  const byDayMap = new Map<string, UsageByDay>();
  for (let i = 0; i < days; i++) {
    const date = utcDay(new Date(firstDay.getTime() + i * DAY_MS));
    byDayMap.set(date, { date, requests: 0, characters: 0, tools: {} });
  }
  const byToolMap = new Map<string, { tool: string; requests: number; characters: number }>();
  for (const g of grouped) {
    const requests = Number(g.requests);
    const characters = Number(g.characters);
    const d = byDayMap.get(g.day);
    if (d) {
      d.requests += requests;
      d.characters += characters;
      d.tools[g.tool] = (d.tools[g.tool] ?? 0) + characters;
    }
    const t = byToolMap.get(g.tool) ?? { tool: g.tool, requests: 0, characters: 0 };
    t.requests += requests;
    t.characters += characters;
    byToolMap.set(g.tool, t);
  }
  const recent = await recentActivity(ctx, user.id, 20);
  return {
    plan: a.plan,
    period: a.period ? { start: a.period.start.toISOString(), end: a.period.end.toISOString() } : null,
    characters: { used: a.used, limit: a.limit, remaining: a.limit === null ? null : Math.max(a.limit - a.used, 0) },
    credits: await creditBalancesOf(ctx.db, user.id),
    detections: { today: a.detectionsToday, dailyLimit: a.dailyLimit },
    wordLimit: a.wordLimit,
    byTool: [...byToolMap.values()].sort((x, y) => y.characters - x.characters),
    byDay: [...byDayMap.values()],
    recent,
  };
}

/**
 * The latest requests: the usage events of requests that ran, and the refused ones, which are counted per day, tool
 * and reason rather than stored one by one: each such counter is listed once, at its latest refusal, with the
 * characters of all of them.
 */
async function recentActivity(ctx: ServerContext, userId: string, limit: number): Promise<UsageEvent[]> {
  const events = await ctx.db.select().from(usageEvents).where(eq(usageEvents.userId, userId)).orderBy(desc(usageEvents.createdAt)).limit(limit);
  const refusals = await ctx.db.select().from(usageRejections).where(eq(usageRejections.userId, userId)).orderBy(desc(usageRejections.lastAt)).limit(limit);
  const merged: UsageEvent[] = [
    ...events.map((e) => ({
      id: e.id,
      tool: e.tool,
      characters: e.characters,
      status: e.status,
      engine: e.engine,
      latencyMs: e.latencyMs,
      createdAt: e.createdAt.toISOString(),
    })),
    ...refusals.map((r) => ({
      id: `rejected:${r.day}:${r.tool}:${r.reason}`,
      tool: r.tool,
      characters: Number(r.characters),
      status: 'rejected',
      engine: null,
      latencyMs: null,
      createdAt: r.lastAt.toISOString(),
    })),
  ];
  return merged.sort((x, y) => y.createdAt.localeCompare(x.createdAt)).slice(0, limit);
}
