import { createHmac, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicUser } from '../../shared/api/auth';
import {
  ANON_ADDRESS_FACTOR,
  ANON_LIMITS,
  ANON_WORD_LIMIT,
  countWords,
  LIMIT_MESSAGES,
  USER_WORD_LIMIT,
  wordLimitMessage,
  type AnonAllowance,
} from '../../shared/limits';
import { findTool } from '../../shared/catalogue';
import { DEFAULT_PLANS, MEDIA_CHARACTERS, PLAN_IDS } from '../../shared/plans';
import { isStaff } from '../../shared/roles';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { clientIp } from '../http';
import { getPlan, loadSubscription, periodKey, termsOf } from './billing';
import {
  chargeMediaPending,
  chargePending,
  chargeableCharacters,
  keepPendingAlive,
  mediaQuotaError,
  quotaError,
  recordRejection,
  recordUsage,
  refundPending,
  settleUsage,
  takeAllowance,
  utcDay,
  type AllowanceKey,
  type MediaCreditKind,
  type PlanContext,
} from './metering';
import { currentUser } from './sessions';
import { getSettings } from './settings';
import { anonLimitMessage, toolDisabledMessage } from '../../shared/settings';
import * as throttle from './throttle';

/**
 * The checks every tool request passes before its engine runs: the request rate, who is calling, the per-request
 * word limit, the anonymous allowances, and for plan accounts the allowances of their plan (services/metering.ts).
 * All state is in the database. A visitor is counted by a signed cookie and by a keyed hash of the network address
 * together, so dropping the cookie does not reset the allowances.
 */
export const ANON_COOKIE = 'vt_anon';
const ANON_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Tool requests a minute, counted before any input is read: per address for visitors, per account for logged-in
 * callers (an account is already a fact the server knows, and users sharing a NAT should not share a limit).
 */
export const TOOL_REQUESTS_PER_MINUTE = 60;
const RATE_WINDOW_MS = 60_000;

/**
 * The keyed hash a visitor's address is counted by: HMAC-SHA-256 with the server's cookie secret, truncated to 128
 * bits, so the database never holds an address and a leaked table cannot be reversed by hashing every IPv4 address.
 * An IPv6 address counts by its /64 prefix, the block one subscriber is given, else rotating the low bits would
 * make every request a new visitor.
 */
export function addressHash(secret: string, ip: string): string {
  return createHmac('sha256', secret)
    .update(`addr:${addressKey(ip)}`)
    .digest('base64url')
    .slice(0, 22);
}

function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** Staff are not limited by plan; their per-request limit is the largest plan's default. */
export const STAFF_WORD_LIMIT = Math.max(...Object.values(DEFAULT_PLANS).map((p) => p.wordLimit));

export interface Caller {
  user: PublicUser | null;
  /** Set for anonymous visitors only. */
  anonId: string | null;
  /** The plan terms of a logged-in non-staff account (copied at purchase); null for visitors and staff. */
  plan: PlanContext | null;
  startedAt: number;
  /** Keyed hash of the client address (addressHash); absent only for a caller built outside a request. */
  addressHash?: string;
  /** The API key the request was sent with (`Authorization: Bearer`), recorded on its usage event; null or absent for the web. */
  apiKeyId?: string | null;
  /** That key's scopes: the tool ids it may call (null or absent: every tool of the plan). */
  scopes?: string[] | null;
}

/**
 * Who is calling a tool. On the public API (/api/v1) the key's owner, with their plan and metering: the route's
 * access check authenticated the key (services/public-api.ts) and no cookie is read there. On the web, the session
 * cookie's user, else an anonymous visitor (a web route refuses an API key before this, plugins/public-api.ts).
 */
export async function resolveCaller(ctx: ServerContext, req: FastifyRequest, reply: FastifyReply): Promise<Caller> {
  const startedAt = performance.now();
  const address = addressHash(ctx.cookieSecret, clientIp(req));
  if (req.routeOptions.config?.access === 'apikey') {
    if (!req.apiKey) throw new Error(`${req.method} ${req.url}: the API key was not authenticated`);
    const { user, apiKeyId, key } = req.apiKey;
    return { ...(await userCaller(ctx, user, startedAt, address)), apiKeyId, scopes: key.scopes };
  }
  const user = await currentUser(req);
  if (user) return userCaller(ctx, user, startedAt, address);
  const raw = req.cookies[ANON_COOKIE];
  if (raw) {
    const unsigned = req.unsignCookie(raw);
    if (unsigned.valid && unsigned.value) return { user: null, anonId: unsigned.value, plan: null, startedAt, addressHash: address };
  }
  const anonId = randomUUID();
  // A browser-session cookie. The allowances are counted by address as well, so a new session does not renew them.
  reply.setCookie(ANON_COOKIE, anonId, {
    signed: true,
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.env.NODE_ENV === 'production',
  });
  return { user: null, anonId, plan: null, startedAt, addressHash: address };
}

/** A logged-in caller: staff without a plan, a plan account with its plan's copied terms. */
async function userCaller(ctx: ServerContext, user: PublicUser, startedAt: number, address: string): Promise<Caller> {
  if (isStaff(user.role)) return { user, anonId: null, plan: null, startedAt, addressHash: address };
  const sub = await loadSubscription(ctx, user.id, user.role);
  const plan = await getPlan(ctx.db, sub.plan as PlanContext['plan']);
  return {
    user,
    anonId: null,
    plan: { plan: plan.id, planName: plan.name, terms: termsOf(sub), periodKey: periodKey(sub.currentPeriodStart), periodEnd: sub.currentPeriodEnd },
    startedAt,
    addressHash: address,
  };
}

/** The caller's words-per-request limit: the plan's copied terms, the visitor setting (500 by default) for visitors, the largest for staff. */
export function callerWordLimit(caller: Caller, anonWordLimit: number = ANON_WORD_LIMIT): number {
  if (!caller.user) return anonWordLimit;
  if (!caller.plan) return STAFF_WORD_LIMIT;
  return caller.plan.terms.wordLimit;
}

/**
 * Non-empty text within the caller's word limit, or a 4xx saying which. A visitor is told what a free
 * account would allow: `freeWordLimit`, the free plan's current terms (USER_WORD_LIMIT by default).
 */
export function checkText(text: string, caller: Caller, freeWordLimit: number = USER_WORD_LIMIT, anonWordLimit: number = ANON_WORD_LIMIT): number {
  const words = countWords(text);
  if (words === 0) throw new AppError('validation_failed', 'Please enter some text to analyze.', { text: 'Required' });
  const limit = callerWordLimit(caller, anonWordLimit);
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
 * Refuse a caller who sends tool requests too fast (429 with Retry-After) or who may not use the tool
 * (checkToolAccess), before anything of the request is read: a visitor's 5 MB upload to a login-only tool is never
 * extracted. The refusal is counted like any other (recordRejection); its characters are unknown (0) because the
 * input was not read.
 */
export async function admitCaller(ctx: ServerContext, caller: Caller, toolId: string): Promise<void> {
  try {
    // A key limited to some tools refuses the others, before anything else (it is the key's own rule, not the plan's).
    if (caller.scopes && !caller.scopes.includes(toolId)) {
      throw new AppError(
        'scope',
        `This API key may not use the ${findTool(toolId)?.name ?? toolId} (its scopes: ${caller.scopes.join(', ')}). Create a key that includes it under Account → API keys.`,
      );
    }
    // A tool staff turned off (/admin/features) answers 503 for everyone, before anything else is counted.
    if ((await getSettings(ctx.db)).disabledTools.includes(toolId))
      throw new AppError('service_unavailable', toolDisabledMessage(findTool(toolId)?.name ?? 'tool'));
    // An API request was counted against its key's rate already (services/public-api.ts), with the plan's figure.
    if (!caller.apiKeyId) {
      const key = caller.user ? `tools:user:${caller.user.id}` : `tools:ip:${caller.addressHash ?? caller.anonId}`;
      const rate = await throttle.consume(ctx.db, key, TOOL_REQUESTS_PER_MINUTE, RATE_WINDOW_MS);
      if (!rate.ok) {
        throw new AppError('rate_limited', 'Too many requests. Please wait a minute and try again.', undefined, { 'retry-after': String(rate.retryAfter) });
      }
    }
    checkToolAccess(toolId, caller);
  } catch (err) {
    await rejected(ctx, caller, toolId, 0, err);
    throw err;
  }
}

/** Count a refused tool request in aggregate (one counter per day, tool, reason and caller). */
async function rejected(ctx: ServerContext, caller: Caller, tool: string, characters: number, err: unknown): Promise<void> {
  await recordRejection(ctx.db, {
    tool,
    reason: err instanceof AppError ? err.code : 'error',
    userId: caller.user?.id ?? null,
    addressHash: caller.addressHash ?? null,
    characters,
  });
}

export interface AllowanceState {
  used: number;
  limit: number;
}

export interface ToolRun {
  /** Catalogue tool id, e.g. 'ai_content_detector'. */
  tool: string;
  text: string;
  /** The anonymous allowance this tool draws on (src/shared/limits.ts), if any. */
  anon?: AnonAllowance;
  /** Counts against the plan's daily detection allowance. */
  detection?: boolean;
  /**
   * Audio tools: the request's audio in whole minutes. A plan account pays it with Audio Pack minutes when its monthly
   * characters do not cover the request (chargeAudioPending), never with text credits.
   */
  audioMinutes?: number;
  /**
   * Media tools (an uploaded image or recording): what the request costs instead of its words. It counts
   * units × MEDIA_CHARACTERS against the monthly characters, then pack credits of its kind; no word limit applies.
   */
  media?: MediaCost;
}

/** What a media tool's request costs: images analysed, or started minutes of audio. */
export interface MediaCost {
  kind: MediaCreditKind;
  units: number;
}

/**
 * A charge kept pending after the work function returned, for a background job: the job calls `settle` when it has
 * its result or `refund` when it failed (exactly one; later calls do nothing), and `keepAlive` on its heartbeat so the
 * crash sweep leaves the charge alone while the job runs.
 */
export interface ChargeHold {
  settle(engine: string | null): Promise<void>;
  refund(): Promise<void>;
  keepAlive(): Promise<void>;
}

/**
 * The metered run of a tool request: the word limit, the anonymous allowance or the plan's allowances (checked and
 * charged atomically, with a pending marker in the same statement), the work, a refund if the work fails, and one
 * usage event (user or visitor, tool, characters, status, latency, engine) for a request that ran, written in the
 * statement that deletes the marker. A refused request is counted in aggregate, not as an event.
 */
export async function runTool<T>(
  ctx: ServerContext,
  caller: Caller,
  run: ToolRun,
  work: (hold: () => ChargeHold) => Promise<T>,
  engineOf: (result: T) => string | null | undefined = () => null,
): Promise<{ result: T; allowance: AllowanceState | null; words: number }> {
  const media = run.media ?? (run.audioMinutes !== undefined ? { kind: 'audio' as const, units: run.audioMinutes } : undefined);
  // text to speech pays for its text; the upload tools for their images or minutes
  const characters = run.media ? Math.max(1, Math.ceil(run.media.units)) * MEDIA_CHARACTERS[run.media.kind] : chargeableCharacters(run.text);
  const event = { userId: caller.user?.id ?? null, anonId: caller.anonId, apiKeyId: caller.apiKeyId ?? null, tool: run.tool, characters };
  const latency = () => performance.now() - caller.startedAt;
  const reject = async (err: unknown): Promise<never> => {
    await rejected(ctx, caller, run.tool, characters, err);
    throw err;
  };

  // The visitor limits are settings (/admin/settings); the defaults are those of src/shared/limits.ts.
  const { anonWordLimit, anonLimits } = await getSettings(ctx.db);
  let words = 0;
  try {
    // toolRoute admitted the caller before reading the input; checked again so runTool is safe on its own.
    checkToolAccess(run.tool, caller);
    // A visitor over the limit is told what the free plan allows today. A media upload has no words to limit.
    const over = !caller.user && countWords(run.text) > anonWordLimit;
    if (!run.media) words = checkText(run.text, caller, over ? (await getPlan(ctx.db, 'free')).wordLimit : undefined, anonWordLimit);
  } catch (err) {
    return reject(err);
  }

  // Names the charge's pending marker, which stays in the database until the result is recorded or refunded.
  const pendingId = randomUUID();
  let pending = false;
  let allowance: AllowanceState | null = null;
  if (caller.anonId && run.anon) {
    const limit = anonLimits[run.anon];
    // The cookie's key first: vt_take_allowance locks in the order given.
    const keys: AllowanceKey[] = [{ key: `anon:${run.anon}:${caller.anonId}`, limit }];
    if (caller.addressHash) keys.push({ key: `anon-ip:${run.anon}:${caller.addressHash}`, limit: limit * ANON_ADDRESS_FACTOR });
    const taken = await takeAllowance(ctx.db, pendingId, run.tool, keys, ANON_WINDOW_MS);
    if (!taken.ok) {
      const message = limit === ANON_LIMITS[run.anon] ? LIMIT_MESSAGES[run.anon].message : anonLimitMessage(run.anon, limit);
      return reject(new AppError('limit_reached', message, undefined, { 'retry-after': String(taken.retryAfter) }));
    }
    pending = true;
    // What the visitor has left is the smaller of what the cookie and the address have left.
    const left = Math.min(...keys.map((k, i) => k.limit - taken.counts[i]));
    allowance = { used: limit - Math.min(left, limit), limit };
  }

  let charged: { fromAllowance: number; fromCredits: number } | null = null;
  if (caller.user && caller.plan) {
    const p = caller.plan;
    const day = run.detection ? utcDay(ctx.now()) : null;
    const result =
      media === undefined
        ? await chargePending(ctx.db, pendingId, run.tool, {
            userId: caller.user.id,
            periodKey: p.periodKey,
            characters,
            limit: p.terms.monthlyCharacters,
            day,
            dailyDetections: p.terms.dailyDetections,
          })
        : await chargeMediaPending(ctx.db, pendingId, run.tool, {
            userId: caller.user.id,
            periodKey: p.periodKey,
            characters,
            limit: p.terms.monthlyCharacters,
            kind: media.kind,
            units: media.units,
          });
    if (!result.ok) return reject(media ? mediaQuotaError(p, result, characters, media.kind, media.units) : quotaError(p, result, characters, ctx.now()));
    pending = true;
    charged = { fromAllowance: result.fromAllowance, fromCredits: result.fromCredits };
  }

  // `ended` makes the outcome final once: the work's own failure, or a held job's settle or refund
  let ended = false;
  let held = false;
  const settle = async (engine: string | null) => {
    if (ended) return;
    ended = true;
    await settleUsage(ctx.db, pending ? pendingId : null, {
      ...event,
      status: 'ok',
      latencyMs: latency(),
      engine,
      chargedAllowance: charged?.fromAllowance ?? 0,
      chargedCredits: charged?.fromCredits ?? 0,
    });
  };
  const refund = async () => {
    if (ended) return;
    ended = true;
    // Nothing is charged for a failed request.
    if (pending) await refundPending(ctx.db, pendingId);
    await recordUsage(ctx.db, { ...event, status: 'error', latencyMs: latency(), engine: null });
  };
  const hold = (): ChargeHold => {
    held = true;
    return { settle, refund, keepAlive: () => (pending && !ended ? keepPendingAlive(ctx.db, pendingId) : Promise.resolve()) };
  };

  let result: T;
  try {
    result = await work(hold);
  } catch (err) {
    await refund();
    throw err;
  }
  if (!held) await settle(engineOf(result) ?? null);
  return { result, allowance, words };
}
