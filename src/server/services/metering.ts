import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usageEvents } from '../../db/schema';
import { ADDON_PACKS, formatPrice, type PlanId, type PlanTerms } from '../../shared/plans';
import { AppError } from '../errors';
import { rows } from './billing';

/**
 * Metering of tool requests for logged-in plan users: the daily detection allowance, the monthly
 * character allowance, then pack credits. The check and the charge are one call of vt_charge()
 * (see migration 0006_billing), which locks the counter rows, so concurrent requests can never
 * spend more than the allowance on PGlite or PostgreSQL. A failed request gives its charge back.
 */
export interface PlanContext {
  plan: PlanId;
  planName: string;
  terms: PlanTerms;
  periodKey: string;
  periodEnd: Date;
}

export interface Charge {
  userId: string;
  periodKey: string;
  /** UTC day of a detection, null for other tools. */
  day: string | null;
  fromAllowance: number;
  fromCredits: number;
}

export interface ChargeResult {
  ok: boolean;
  reason: 'detections' | 'characters' | null;
  fromAllowance: number;
  fromCredits: number;
  /** Characters used this period after the call. */
  used: number;
  credits: number;
  detections: number;
}

export function utcDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Check and charge in one statement. Nothing is written unless every allowance holds. */
export async function charge(
  db: Db,
  input: { userId: string; periodKey: string; characters: number; limit: number; day: string | null; dailyDetections: number | null },
): Promise<ChargeResult> {
  const res = await db.execute(sql`
    select ok, reason, from_allowance, from_credits, used, credits, detections
    from vt_charge(${input.userId}::uuid, ${input.periodKey}, ${input.characters}::bigint, ${input.limit}::bigint, ${input.day}::text, ${input.dailyDetections}::integer)`);
  const r = rows<Record<string, unknown>>(res)[0];
  return {
    ok: r.ok === true || r.ok === 't',
    reason: (r.reason as ChargeResult['reason']) ?? null,
    fromAllowance: Number(r.from_allowance),
    fromCredits: Number(r.from_credits),
    used: Number(r.used),
    credits: Number(r.credits),
    detections: Number(r.detections),
  };
}

/** Give a charge back (the work it paid for failed). */
export async function refundCharge(db: Db, c: Charge): Promise<void> {
  if (c.fromAllowance > 0) {
    await db.execute(sql`update usage_counters set used = greatest(used - ${c.fromAllowance}::bigint, 0)
      where user_id = ${c.userId}::uuid and kind = 'characters' and period_key = ${c.periodKey}`);
  }
  if (c.fromCredits > 0) {
    await db.execute(sql`update credit_balances set balance = balance + ${c.fromCredits}::bigint where user_id = ${c.userId}::uuid and kind = 'text'`);
  }
  if (c.day) {
    await db.execute(sql`update usage_counters set used = greatest(used - 1, 0)
      where user_id = ${c.userId}::uuid and kind = 'detections' and period_key = ${c.day}`);
  }
}

const CHEAPEST_TEXT_PACK = Math.min(...ADDON_PACKS.filter((p) => p.amounts.text).map((p) => p.price));
const n = (v: number) => v.toLocaleString('en-US');

/** The 4xx a refused charge becomes, saying what would help. */
export function quotaError(ctx: PlanContext, result: ChargeResult, characters: number): AppError {
  const top = ctx.plan === 'agency';
  if (result.reason === 'detections') {
    return new AppError(
      'limit_reached',
      `You have used all ${n(ctx.terms.dailyDetections ?? 0)} detections for today on the ${ctx.planName} plan. ` +
        (top ? 'Your allowance renews tomorrow (UTC).' : 'Upgrade your plan on the Pricing page for more detections a day, or come back tomorrow (UTC).'),
    );
  }
  const left = Math.max(ctx.terms.monthlyCharacters - result.used, 0);
  return new AppError(
    'quota_exceeded',
    `This request needs ${n(characters)} characters, but only ${n(left)} of your ${n(ctx.terms.monthlyCharacters)} monthly characters on the ${ctx.planName} plan` +
      (result.credits > 0 ? ` and ${n(result.credits)} pack characters` : '') +
      ` are left. ` +
      (top
        ? 'Buy a Text Boost pack on the Pricing page to continue'
        : 'Upgrade your plan or buy a Text Boost pack (from ' + formatPrice(CHEAPEST_TEXT_PACK) + ') on the Pricing page to continue') +
      `, or wait until your allowance renews on ${ctx.periodEnd.toISOString().slice(0, 10)}.`,
  );
}

export interface UsageEventInput {
  userId: string | null;
  anonId: string | null;
  tool: string;
  characters: number;
  status: 'ok' | 'error' | 'rejected';
  latencyMs: number | null;
  engine: string | null;
  chargedAllowance?: number;
  chargedCredits?: number;
}

export async function recordUsage(db: Db, e: UsageEventInput): Promise<void> {
  await db.insert(usageEvents).values({
    userId: e.userId,
    anonId: e.anonId,
    tool: e.tool,
    characters: e.characters,
    status: e.status,
    latencyMs: e.latencyMs === null ? null : Math.round(e.latencyMs),
    engine: e.engine?.slice(0, 100) ?? null,
    chargedAllowance: e.chargedAllowance ?? 0,
    chargedCredits: e.chargedCredits ?? 0,
  });
}

/** Characters charged for a text: Unicode code points, so an emoji counts once. */
export function chargeableCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
