import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicUser } from '../../shared/api/auth';
import { ANON_LIMITS, ANON_WORD_LIMIT, countWords, LIMIT_MESSAGES, USER_WORD_LIMIT, wordLimitMessage, type AnonAllowance } from '../../shared/limits';
import { findTool } from '../../shared/catalogue';
import { DEFAULT_PLANS, PLAN_IDS } from '../../shared/plans';
import { isStaff } from '../../shared/roles';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { getPlan, loadSubscription, periodKey, termsOf } from './billing';
import { charge, chargeableCharacters, quotaError, recordUsage, refundCharge, utcDay, type Charge, type PlanContext } from './metering';
import { currentUser } from './sessions';
import * as throttle from './throttle';

/**
 * The checks every tool request passes before its engine runs: who is calling, the per-request
 * word limit, the anonymous allowances, and for plan accounts the allowances of their plan
 * (services/metering.ts). All state is in the database, keyed by a signed anonymous cookie for
 * visitors, so clearing browser storage does not reset a visitor's count.
 */
export const ANON_COOKIE = 'vt_anon';
const ANON_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Staff are not limited by plan; their per-request limit is the largest plan's default. */
export const STAFF_WORD_LIMIT = Math.max(...Object.values(DEFAULT_PLANS).map((p) => p.wordLimit));

export interface Caller {
  user: PublicUser | null;
  /** Set for anonymous visitors only. */
  anonId: string | null;
  /** The plan terms of a logged-in non-staff account (copied at purchase); null for visitors and staff. */
  plan: PlanContext | null;
  startedAt: number;
}

export async function resolveCaller(ctx: ServerContext, req: FastifyRequest, reply: FastifyReply): Promise<Caller> {
  const startedAt = performance.now();
  const user = await currentUser(req);
  if (user) {
    if (isStaff(user.role)) return { user, anonId: null, plan: null, startedAt };
    const sub = await loadSubscription(ctx, user.id, user.role);
    const plan = await getPlan(ctx.db, sub.plan as PlanContext['plan']);
    return {
      user,
      anonId: null,
      plan: { plan: plan.id, planName: plan.name, terms: termsOf(sub), periodKey: periodKey(sub.currentPeriodStart), periodEnd: sub.currentPeriodEnd },
      startedAt,
    };
  }
  const raw = req.cookies[ANON_COOKIE];
  if (raw) {
    const unsigned = req.unsignCookie(raw);
    if (unsigned.valid && unsigned.value) return { user: null, anonId: unsigned.value, plan: null, startedAt };
  }
  const anonId = randomUUID();
  // A browser-session cookie: the anonymous allowances are counted per visitor session.
  reply.setCookie(ANON_COOKIE, anonId, {
    signed: true,
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.env.NODE_ENV === 'production',
  });
  return { user: null, anonId, plan: null, startedAt };
}

/** The caller's words-per-request limit: the plan's copied terms, 500 for visitors, the largest for staff. */
export function callerWordLimit(caller: Caller): number {
  if (!caller.user) return ANON_WORD_LIMIT;
  if (!caller.plan) return STAFF_WORD_LIMIT;
  return caller.plan.terms.wordLimit;
}

/**
 * Non-empty text within the caller's word limit, or a 4xx saying which. A visitor is told what a free
 * account would allow: `freeWordLimit`, the free plan's current terms (USER_WORD_LIMIT by default).
 */
export function checkText(text: string, caller: Caller, freeWordLimit: number = USER_WORD_LIMIT): number {
  const words = countWords(text);
  if (words === 0) throw new AppError('validation_failed', 'Please enter some text to analyze.', { text: 'Required' });
  const limit = callerWordLimit(caller);
  if (words > limit) {
    const upgrade = caller.plan && caller.plan.plan !== 'agency' ? ' Upgrade your plan on the Pricing page for longer texts.' : '';
    throw new AppError('word_limit_exceeded', wordLimitMessage(words, limit, caller.user === null ? freeWordLimit : null) + upgrade);
  }
  return words;
}

/**
 * Tool access from the catalogue's requiredRole and requiresAuth: a visitor must log in for a
 * login-only tool, and a plan account needs a plan the tool lists. Staff use every tool.
 */
export function checkToolAccess(toolId: string, caller: Caller): void {
  const tool = findTool(toolId);
  if (!tool) return;
  if (!caller.user) {
    if (tool.requiresAuth) throw new AppError('unauthorized', `Please log in to use the ${tool.name}.`);
    return;
  }
  if (!caller.plan || tool.requiredRole.includes(caller.plan.plan)) return;
  const lowest = PLAN_IDS.find((id) => tool.requiredRole.includes(id));
  throw new AppError(
    'forbidden',
    `The ${tool.name} is not included in the ${caller.plan.planName} plan` +
      (lowest ? `: it is available with the ${DEFAULT_PLANS[lowest].name} plan or higher. Upgrade on the Pricing page.` : '.'),
  );
}

/**
 * Refuse a caller who may not use the tool (checkToolAccess) before anything of the request is read: a
 * visitor's 5 MB upload to a login-only tool is never extracted. The refusal is recorded as a usage event
 * like any other; its characters are unknown (0) because the input was not read.
 */
export async function admitCaller(ctx: ServerContext, caller: Caller, toolId: string): Promise<void> {
  try {
    checkToolAccess(toolId, caller);
  } catch (err) {
    await recordUsage(ctx.db, {
      userId: caller.user?.id ?? null,
      anonId: caller.anonId,
      tool: toolId,
      characters: 0,
      status: 'rejected',
      latencyMs: performance.now() - caller.startedAt,
      engine: null,
    });
    throw err;
  }
}

export interface AllowanceState {
  used: number;
  limit: number;
}

export interface ToolRun {
  /** Catalogue tool id, e.g. 'ai_content_detector'. */
  tool: string;
  text: string;
  /** The anonymous allowance this tool draws on (detections, humanizations), if any. */
  anon?: AnonAllowance;
  /** Counts against the plan's daily detection allowance. */
  detection?: boolean;
}

/**
 * The metered run of a tool request: the word limit, the anonymous allowance or the plan's
 * allowances (checked and charged atomically), the work, a refund if the work fails, and one
 * usage event (user or visitor, tool, characters, status, latency, engine) whatever the outcome.
 */
export async function runTool<T>(
  ctx: ServerContext,
  caller: Caller,
  run: ToolRun,
  work: () => Promise<T>,
  engineOf: (result: T) => string | null | undefined = () => null,
): Promise<{ result: T; allowance: AllowanceState | null; words: number }> {
  const characters = chargeableCharacters(run.text);
  const event = { userId: caller.user?.id ?? null, anonId: caller.anonId, tool: run.tool, characters };
  const latency = () => performance.now() - caller.startedAt;
  const reject = async (err: unknown): Promise<never> => {
    await recordUsage(ctx.db, { ...event, status: 'rejected', latencyMs: latency(), engine: null });
    throw err;
  };

  let words = 0;
  try {
    // toolRoute admitted the caller before reading the input; checked again so runTool is safe on its own.
    checkToolAccess(run.tool, caller);
    // A visitor over the limit is told what the free plan allows today.
    const over = !caller.user && countWords(run.text) > ANON_WORD_LIMIT;
    words = checkText(run.text, caller, over ? (await getPlan(ctx.db, 'free')).wordLimit : undefined);
  } catch (err) {
    return reject(err);
  }

  let anonKey: string | null = null;
  let allowance: AllowanceState | null = null;
  if (caller.anonId && run.anon) {
    anonKey = `anon:${run.anon}:${caller.anonId}`;
    const limit = ANON_LIMITS[run.anon];
    const used = await throttle.tryConsume(ctx.db, anonKey, limit, ANON_WINDOW_MS);
    if (used === null) return reject(new AppError('limit_reached', LIMIT_MESSAGES[run.anon].message));
    allowance = { used, limit };
  }

  let charged: Charge | null = null;
  if (caller.user && caller.plan) {
    const p = caller.plan;
    const day = run.detection ? utcDay(ctx.now()) : null;
    const result = await charge(ctx.db, {
      userId: caller.user.id,
      periodKey: p.periodKey,
      characters,
      limit: p.terms.monthlyCharacters,
      day,
      dailyDetections: p.terms.dailyDetections,
    });
    if (!result.ok) return reject(quotaError(p, result, characters));
    charged = { userId: caller.user.id, periodKey: p.periodKey, day, fromAllowance: result.fromAllowance, fromCredits: result.fromCredits };
  }

  let result: T;
  try {
    result = await work();
  } catch (err) {
    // Nothing is charged for a failed request.
    if (anonKey) await throttle.refund(ctx.db, anonKey);
    if (charged) await refundCharge(ctx.db, charged);
    await recordUsage(ctx.db, { ...event, status: 'error', latencyMs: latency(), engine: null });
    throw err;
  }
  await recordUsage(ctx.db, {
    ...event,
    status: 'ok',
    latencyMs: latency(),
    engine: engineOf(result) ?? null,
    chargedAllowance: charged?.fromAllowance ?? 0,
    chargedCredits: charged?.fromCredits ?? 0,
  });
  return { result, allowance, words };
}
