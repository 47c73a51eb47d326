import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ADDON_PACKS, formatPrice, type PlanId, type PlanTerms } from '../../shared/plans';
import { AppError } from '../errors';
import { rows } from './billing';

/**
 * Metering of tool requests for logged-in plan users: the daily detection allowance, the monthly
 * character allowance, then pack credits. The check and the charge are one call of vt_charge()
 * (see migration 0006_billing), which locks the counter rows, so concurrent requests can never
 * spend more than the allowance on PGlite or PostgreSQL. A failed request gives its charge back.
 *
 * Every charge of a request (and a visitor's allowance units) leaves a pending marker, written in the statement that
 * charges and deleted by the one that records the result or gives the charge back. A process killed in between
 * leaves the marker, and the sweep (sweepPendingCharges, every minute on every instance) refunds it: a crash costs
 * the user nothing.
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
  /** 'audio': an audio tool's request the monthly characters do not cover, and the Audio Pack minutes do not either. */
  reason: 'detections' | 'characters' | MediaCreditKind | null;
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
  return chargeResult(rows<Record<string, unknown>>(res)[0]);
}

function chargeResult(r: Record<string, unknown>): ChargeResult {
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

/**
 * `charge` that also writes the pending marker `pendingId` of the charge in the same statement (vt_charge_pending in
 * migration 0009_abuse_limits): until the result is recorded (settleUsage) or the charge given back (refundPending),
 * the marker says what to refund if this process dies.
 */
export async function chargePending(
  db: Db,
  pendingId: string,
  tool: string,
  input: { userId: string; periodKey: string; characters: number; limit: number; day: string | null; dailyDetections: number | null },
): Promise<ChargeResult> {
  const res = await db.execute(sql`
    select ok, reason, from_allowance, from_credits, used, credits, detections
    from vt_charge_pending(${pendingId}::uuid, ${tool}, ${input.userId}::uuid, ${input.periodKey}, ${input.characters}::bigint, ${input.limit}::bigint,
      ${input.day}::text, ${input.dailyDetections}::integer)`);
  return chargeResult(rows<Record<string, unknown>>(res)[0]);
}

/** Pack credits a media tool spends once the monthly characters are out: Image Pack images or Audio Pack minutes. */
export type MediaCreditKind = 'images' | 'audio';
export const MEDIA_CREDIT_KINDS: readonly MediaCreditKind[] = ['images', 'audio'];

/**
 * The charge of a media tool's request (text to speech, speech to text, the image tools): the monthly character
 * allowance when it covers the whole request, else `units` of pack credit of `kind` (images, or minutes of audio;
 * never text credits, and the allowance left stays for smaller requests).
 * One transaction locks the character counter, then the pack balance (vt_charge's order: counter before credits).
 * Pack units are held by a ledger row `hold:<pendingId>` written with the debit: settleUsage turns it into
 * `tool:<pendingId>` with the usage event, refundPending gives it back, and the crash sweep gives back holds whose
 * request cannot still be running. `fromCredits` is in pack units here.
 */
export async function chargeMediaPending(
  db: Db,
  pendingId: string,
  tool: string,
  input: { userId: string; periodKey: string; characters: number; limit: number; kind: MediaCreditKind; units: number },
): Promise<ChargeResult> {
  const { userId, periodKey, characters, limit, kind, units: minutes } = input;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into usage_counters (user_id, kind, period_key, used) values (${userId}::uuid, 'characters', ${periodKey}, 0) on conflict do nothing`,
    );
    const counter = rows<{ used: number | string }>(
      await tx.execute(sql`select used from usage_counters where user_id = ${userId}::uuid and kind = 'characters' and period_key = ${periodKey} for update`),
    );
    const used = Number(counter[0]?.used ?? 0);
    if (used + characters <= limit) {
      await tx.execute(
        sql`update usage_counters set used = used + ${characters}::bigint where user_id = ${userId}::uuid and kind = 'characters' and period_key = ${periodKey}`,
      );
      await tx.execute(sql`insert into pending_charges (id, tool, user_id, period_key, allowance_chars)
        values (${pendingId}::uuid, ${tool}, ${userId}::uuid, ${periodKey}, ${characters}::bigint)`);
      return { ok: true, reason: null, fromAllowance: characters, fromCredits: 0, used: used + characters, credits: 0, detections: 0 };
    }
    const balance = rows<{ balance: number | string }>(
      await tx.execute(sql`select balance from credit_balances where user_id = ${userId}::uuid and kind = ${kind} for update`),
    );
    const left = Number(balance[0]?.balance ?? 0);
    if (left < minutes) return { ok: false, reason: kind, fromAllowance: 0, fromCredits: 0, used, credits: left, detections: 0 };
    await tx.execute(sql`update credit_balances set balance = balance - ${minutes}::bigint where user_id = ${userId}::uuid and kind = ${kind}`);
    await tx.execute(sql`insert into credit_ledger (user_id, kind, delta, reason, source)
      values (${userId}::uuid, ${kind}, ${-minutes}::bigint, 'hold', ${`hold:${pendingId}`})`);
    await tx.execute(sql`insert into pending_charges (id, tool, user_id, period_key) values (${pendingId}::uuid, ${tool}, ${userId}::uuid, ${periodKey})`);
    return { ok: true, reason: null, fromAllowance: 0, fromCredits: minutes, used, credits: left - minutes, detections: 0 };
  });
}

/** Give back held pack units (images, audio minutes): the hold of `pendingId`, or (null) every hold older than `before`. */
async function releaseMediaHolds(db: Db, pendingId: string | null, before: Date | null): Promise<number> {
  const res = await db.execute(sql`
    with released as (
      delete from credit_ledger
      where kind in ('audio', 'images') and reason = 'hold'
        and (${pendingId}::text is null or source = 'hold:' || ${pendingId}::text)
        and (${before?.toISOString() ?? null}::timestamptz is null or created_at < ${before?.toISOString() ?? null}::timestamptz)
      returning user_id, kind, -delta as minutes
    ), back as (
      update credit_balances b set balance = b.balance + r.minutes
      from (select user_id, kind, sum(minutes) as minutes from released group by user_id, kind) r
      where b.user_id = r.user_id and b.kind = r.kind
      returning 1
    )
    select (select count(*) from released) as n`);
  return Number(rows<{ n: number | string }>(res)[0].n);
}

export interface AllowanceKey {
  /** rate_limits key, e.g. `anon:detect:<cookie id>` */
  key: string;
  limit: number;
}

export type AllowanceTake = { ok: true; counts: number[] } | { ok: false; retryAfter: number };

/**
 * Take one unit of every key or of none (vt_take_allowance), each within its limit over `windowMs`, and write the
 * pending marker `pendingId` of the units in the same statement. Keys must come in a fixed order (see the function).
 */
export async function takeAllowance(db: Db, pendingId: string, tool: string, keys: AllowanceKey[], windowMs: number): Promise<AllowanceTake> {
  const names = keys.map((k) => k.key);
  const limits = keys.map((k) => k.limit);
  const res = await db.execute(sql`
    select ok, counts, retry_after from vt_take_allowance(${sqlTextArray(names)}::text[], ${sqlIntArray(limits)}::integer[],
      ${Math.round(windowMs / 1000)}::integer, ${pendingId}::uuid, ${tool})`);
  const r = rows<{ ok: boolean | string; counts: number[] | string | null; retry_after: number | string }>(res)[0];
  if (!(r.ok === true || r.ok === 't')) return { ok: false, retryAfter: Number(r.retry_after) };
  return { ok: true, counts: parseIntArray(r.counts) };
}

/** Give back what the pending markers hold (the work they paid for failed). A marker already gone is skipped. */
export async function refundPending(db: Db, pendingId: string): Promise<boolean> {
  const res = await db.execute(sql`select vt_refund_pending(${sqlUuidArray([pendingId])}::uuid[], null) as n`);
  // a separate statement, so its balance lock never comes before vt_refund_pending's counter locks
  const held = await releaseMediaHolds(db, pendingId, null);
  return Number(rows<{ n: number | string }>(res)[0].n) > 0 || held > 0;
}

/**
 * The crash sweep: refund every charge whose marker is older than `maxAgeMs` at `now`, i.e. whose request cannot
 * still be running, so its instance died between the charge and the result. Safe to run on every instance at once
 * (vt_sweep_pending: one sweep works at a time, and each marker is refunded by the one statement that deletes it).
 * Returns the number of charges refunded.
 */
export async function sweepPendingCharges(db: Db, now: Date, maxAgeMs: number): Promise<number> {
  const res = await db.execute(sql`select vt_sweep_pending(${new Date(now.getTime() - maxAgeMs).toISOString()}::timestamptz) as n`);
  const held = await releaseMediaHolds(db, null, new Date(now.getTime() - maxAgeMs));
  return Number(rows<{ n: number | string }>(res)[0].n) + held;
}

/**
 * A background job's charge is still in use: its pending marker and any pack hold are dated now, so the crash sweep
 * (which refunds markers older than the longest request) leaves them alone while the job's heartbeat goes on; a job
 * whose instance died stops beating and is refunded by the sweep like any request.
 */
export async function keepPendingAlive(db: Db, pendingId: string): Promise<void> {
  await db.execute(sql`update pending_charges set created_at = now() where id = ${pendingId}::uuid`);
  await db.execute(sql`update credit_ledger set created_at = now() where reason = 'hold' and source = 'hold:' || ${pendingId}::text`);
}

/** Postgres array literals for parameters (PGlite and node-postgres both pass them as text). */
function sqlTextArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}
function sqlIntArray(values: number[]): string {
  return `{${values.map((v) => Math.trunc(v)).join(',')}}`;
}
function sqlUuidArray(values: string[]): string {
  return `{${values.join(',')}}`;
}
function parseIntArray(v: number[] | string | null): number[] {
  if (v === null) return [];
  if (Array.isArray(v)) return v.map(Number);
  return v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

const CHEAPEST_TEXT_PACK = Math.min(...ADDON_PACKS.filter((p) => p.amounts.text).map((p) => p.price));
const n = (v: number) => v.toLocaleString('en-US');

/** The 4xx a refused charge becomes, saying what would help; a daily limit says when it renews (Retry-After). */
export function quotaError(ctx: PlanContext, result: ChargeResult, characters: number, now: Date = new Date()): AppError {
  const top = ctx.plan === 'agency';
  if (result.reason === 'detections') {
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    return new AppError(
      'limit_reached',
      `You have used all ${n(ctx.terms.dailyDetections ?? 0)} detections for today on the ${ctx.planName} plan. ` +
        (top ? 'Your allowance renews tomorrow (UTC).' : 'Upgrade your plan on the Pricing page for more detections a day, or come back tomorrow (UTC).'),
      undefined,
      { 'retry-after': String(Math.max(1, Math.ceil((midnight - now.getTime()) / 1000))) },
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

/** The 4xx of a media tool's refused charge (chargeMediaPending): what is left, and what would help. */
export function mediaQuotaError(ctx: PlanContext, result: ChargeResult, characters: number, kind: MediaCreditKind, units: number): AppError {
  const left = Math.max(ctx.terms.monthlyCharacters - result.used, 0);
  // the cheapest pack that grants this kind of credit
  const pack = ADDON_PACKS.filter((p) => (p.amounts[kind] ?? 0) > 0).sort((x, y) => x.price - y.price)[0];
  const unit = (k: number) => (kind === 'audio' ? (k === 1 ? 'minute' : 'minutes') : k === 1 ? 'image' : 'images');
  const credits = kind === 'audio' ? 'Audio Pack minutes' : 'image credits';
  const what = kind === 'audio' ? `its ${n(units)} ${unit(units)} of audio` : `its ${n(units)} ${unit(units)}`;
  return new AppError(
    'quota_exceeded',
    `This request needs ${n(characters)} characters, but only ${n(left)} of your ${n(ctx.terms.monthlyCharacters)} monthly characters on the ${ctx.planName} plan are left, ` +
      `and your ${credits} (${n(result.credits)} left) do not cover ${what}. ` +
      (pack
        ? `Buy ${/^[AEIOU]/.test(pack.name) ? 'an' : 'a'} ${pack.name} (${n(pack.amounts[kind] ?? 0)} ${unit(2)}, ${formatPrice(pack.price)}) on the Pricing page`
        : 'Upgrade your plan on the Pricing page') +
      `, or wait until your allowance renews on ${ctx.periodEnd.toISOString().slice(0, 10)}.`,
  );
}

/** A request that ran: one usage event each. Refused requests are counted in aggregate instead (recordRejection). */
export interface UsageEventInput {
  userId: string | null;
  anonId: string | null;
  tool: string;
  characters: number;
  status: 'ok' | 'error';
  latencyMs: number | null;
  engine: string | null;
  chargedAllowance?: number;
  chargedCredits?: number;
  /** The caller's plan; when left out it is read from the account (its subscription), 'anonymous' for a visitor. */
  plan?: string | null;
  /** The public-API key the request came with, if any. */
  apiKeyId?: string | null;
}

/**
 * The plan recorded on the event, so usage by plan stays true after the account changes plan: the one given, else
 * 'anonymous' for a visitor, the subscription's plan for a plan account, and 'staff' for staff roles.
 */
function eventPlan(e: UsageEventInput) {
  return sql`coalesce(${e.plan ?? null}::text, case when ${e.userId}::uuid is null then 'anonymous' end,
    (select case when u.role in ('free', 'basic', 'pro', 'agency') then coalesce(s.plan, u.role) else 'staff' end
     from users u left join subscriptions s on s.user_id = u.id where u.id = ${e.userId}::uuid))`;
}

export async function recordUsage(db: Db, e: UsageEventInput): Promise<void> {
  await db.execute(sql`
    insert into usage_events (user_id, anon_id, tool, characters, status, latency_ms, engine, charged_allowance, charged_credits, plan, api_key_id)
    values (${e.userId}::uuid, ${e.anonId}, ${e.tool}, ${e.characters}::integer, ${e.status}, ${e.latencyMs === null ? null : Math.round(e.latencyMs)}::integer,
      ${e.engine?.slice(0, 100) ?? null}, ${e.chargedAllowance ?? 0}::integer, ${e.chargedCredits ?? 0}::integer, ${eventPlan(e)}, ${e.apiKeyId ?? null}::uuid)`);
}

/**
 * Record a finished request and delete its pending marker in one statement, so a crash leaves either the marker
 * (refunded by the sweep) or the result, never both. If the sweep already refunded the marker (the request outlived
 * the sweep's age), the event records nothing charged, which is the truth.
 */
export async function settleUsage(db: Db, pendingId: string | null, e: UsageEventInput): Promise<void> {
  // `spent`: pack units (Audio Pack minutes, images) held for this request become spent, in the statement that removes the marker
  await db.execute(sql`
    with settled as (delete from pending_charges where id = ${pendingId}::uuid returning id),
    spent as (
      update credit_ledger set reason = 'tool', source = 'tool:' || ${pendingId}::text
      where kind in ('audio', 'images') and reason = 'hold' and source = 'hold:' || ${pendingId}::text and exists (select 1 from settled)
      returning 1
    )
    insert into usage_events (user_id, anon_id, tool, characters, status, latency_ms, engine, charged_allowance, charged_credits, plan, api_key_id)
    select ${e.userId}::uuid, ${e.anonId}, ${e.tool}, ${e.characters}::integer, ${e.status}, ${e.latencyMs === null ? null : Math.round(e.latencyMs)}::integer,
      ${e.engine?.slice(0, 100) ?? null}, case when exists (select 1 from settled) then ${e.chargedAllowance ?? 0}::integer else 0 end,
      case when exists (select 1 from settled) then ${e.chargedCredits ?? 0}::integer else 0 end, ${eventPlan(e)}, ${e.apiKeyId ?? null}::uuid`);
}

export interface RejectionInput {
  tool: string;
  /** The refusal's error code. */
  reason: string;
  userId: string | null;
  /** Keyed hash of a visitor's address (tool-gate.ts addressHash). */
  addressHash: string | null;
  characters: number;
}

/**
 * Count a refused request: one upsert of its (UTC day, tool, reason, caller) counter, so a client repeating a
 * refused request a thousand times adds one row, not a thousand. Visitors are counted by address, not by cookie,
 * which a client can drop on every request.
 */
export async function recordRejection(db: Db, r: RejectionInput): Promise<void> {
  const subject = r.userId ?? `ip:${r.addressHash ?? 'unknown'}`;
  await db.execute(sql`
    insert into usage_rejections as u (day, tool, reason, subject, user_id, count, characters, last_at)
    values (to_char(now() at time zone 'UTC', 'YYYY-MM-DD'), ${r.tool}, ${r.reason.slice(0, 64)}, ${subject}, ${r.userId}::uuid, 1, ${r.characters}::bigint, now())
    on conflict (day, tool, reason, subject) do update
      set count = u.count + 1, characters = u.characters + excluded.characters, last_at = excluded.last_at`);
}

/** Characters charged for a text: Unicode code points, so an emoji counts once. */
export function chargeableCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
