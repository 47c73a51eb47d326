import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../../db/schema';
import { planHasApi } from '../../shared/api/api-keys';
import type { ApiMeResponse } from '../../shared/api/public-api';
import { API_RATE_WINDOW_SECONDS, API_REQUESTS_PER_MINUTE, IDEMPOTENCY_TTL_HOURS } from '../../shared/api/public-api';
import { DEFAULT_PLANS, isPlanId } from '../../shared/plans';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { authenticateApiKey, bearerKey, type KeyOwner } from './api-keys';
import { creditBalancesOf } from './billing';
import { consumeWindow } from './throttle';
import { allowanceOf } from './usage';

/**
 * The public API's own rules, around the same tool engines and metering as the web (tool-gate.ts):
 *
 * - a request is authenticated by its `Authorization: Bearer <key>` alone; /api/v1 never reads a cookie;
 * - each key has a request rate per minute by its owner's plan, counted in the database (rate_limits, fixed
 *   window), so every instance sees one count; every answer after authentication carries X-RateLimit-*;
 * - a POST with `Idempotency-Key` is run once: its answer is kept for 24 hours and a retry gets that copy
 *   (idempotency_keys), never a second run or a second charge.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The key an /api/v1 request was authenticated with, set by the 'apikey' access check; null elsewhere. */
    apiKey: ApiKeyAuth | null;
  }
}

export interface ApiKeyAuth extends KeyOwner {
  rate: { limit: number; remaining: number; resetAt: Date };
}

const WINDOW_MS = API_RATE_WINDOW_SECONDS * 1000;

/** Requests per window for a key of an account with this role: API_RATE_LIMIT_PER_MINUTE, else the plan's figure. */
export function apiRateLimit(ctx: ServerContext, role: string): number {
  if (ctx.env.API_RATE_LIMIT_PER_MINUTE) return ctx.env.API_RATE_LIMIT_PER_MINUTE;
  // authenticateApiKey has refused every other role by now
  return planHasApi(role) ? API_REQUESTS_PER_MINUTE[role as keyof typeof API_REQUESTS_PER_MINUTE] : 0;
}

/**
 * The access check of every /api/v1 route ('apikey'): a valid, unexpired key of a Pro or Agency account that is
 * within its rate. The rate headers are set on the reply here, so refusals that follow (scope, quota, validation)
 * carry them too. Runs before the body is read.
 */
export async function authenticateApiRequest(req: FastifyRequest, reply: FastifyReply): Promise<ApiKeyAuth> {
  if (req.apiKey) return req.apiKey;
  const { ctx } = req.server;
  const key = bearerKey(req.headers.authorization);
  if (key === null) {
    throw new AppError(
      'api_key_required',
      'This endpoint of the public API needs an API key: send it as "Authorization: Bearer <key>". Create one under Account → API keys; the website’s login session is not accepted here.',
      undefined,
      { 'www-authenticate': 'Bearer realm="Veritext API"' },
    );
  }
  let owner: KeyOwner;
  try {
    owner = await authenticateApiKey(ctx, key);
  } catch (err) {
    // RFC 6750: a refused bearer token is answered with the scheme to use and why.
    if (err instanceof AppError && err.status === 401)
      throw new AppError(err.code, err.message, err.fields, { ...err.headers, 'www-authenticate': 'Bearer realm="Veritext API", error="invalid_token"' });
    throw err;
  }
  const limit = apiRateLimit(ctx, owner.user.role);
  const rate = await consumeWindow(ctx.db, `api:key:${owner.apiKeyId}`, limit, WINDOW_MS);
  const remaining = Math.max(0, limit - rate.count);
  reply.header('x-ratelimit-limit', String(limit));
  reply.header('x-ratelimit-remaining', String(remaining));
  // Unix time in seconds, as GitHub and most APIs send it; Retry-After (on 429) is the wait in seconds.
  reply.header('x-ratelimit-reset', String(Math.ceil(rate.resetAt.getTime() / 1000)));
  if (!rate.ok) {
    throw new AppError(
      'rate_limited',
      `This API key has sent its ${limit} requests for this minute. Wait ${rate.retryAfter} s (Retry-After) and try again.`,
      undefined,
      { 'retry-after': String(rate.retryAfter) },
    );
  }
  req.apiKey = { ...owner, rate: { limit, remaining, resetAt: rate.resetAt } };
  return req.apiKey;
}

/** The key of an /api/v1 request, for a handler (its access check authenticated it first). */
export function apiKeyOf(req: FastifyRequest): ApiKeyAuth {
  if (!req.apiKey) throw new Error(`${req.method} ${req.url}: not an /api/v1 route with access 'apikey'`);
  return req.apiKey;
}

/** GET /api/v1/me: the key's owner, plan, allowance and the key's own limits (scopes, expiry, rate). */
export async function apiMe(ctx: ServerContext, auth: ApiKeyAuth): Promise<ApiMeResponse> {
  const a = await allowanceOf(ctx, auth.user);
  const planId = a.plan;
  return {
    user: { id: auth.user.id, username: auth.user.username, email: auth.user.email },
    plan: { id: planId, name: isPlanId(planId) ? DEFAULT_PLANS[planId].name : 'Staff' },
    apiKey: {
      id: auth.apiKeyId,
      name: auth.key.name,
      prefix: auth.key.prefix,
      scopes: auth.key.scopes,
      expiresAt: auth.key.expiresAt?.toISOString() ?? null,
    },
    rateLimit: { limit: auth.rate.limit, remaining: auth.rate.remaining, resetAt: auth.rate.resetAt.toISOString(), windowSeconds: API_RATE_WINDOW_SECONDS },
    usage: {
      period: a.period ? { start: a.period.start.toISOString(), end: a.period.end.toISOString() } : null,
      characters: { used: a.used, limit: a.limit, remaining: a.limit === null ? null : Math.max(a.limit - a.used, 0) },
      detections: { today: a.detectionsToday, dailyLimit: a.dailyLimit },
      wordLimit: a.wordLimit,
      credits: await creditBalancesOf(ctx.db, auth.user.id),
    },
  };
}

// ---------- Idempotency keys ----------

/** The first answer as kept for a retry: text (JSON) exactly as it was sent, anything else (a file) as base64. */
export interface StoredAnswer {
  contentType: string;
  text?: string;
  base64?: string;
  contentDisposition?: string;
}

export type IdempotencyStart = { kind: 'new' } | { kind: 'replay'; status: number; answer: StoredAnswer };

const TTL_MS = IDEMPOTENCY_TTL_HOURS * 60 * 60 * 1000;
/**
 * A request still marked running after this long died with its instance (the longest tool call, a language model
 * retried once, is far shorter): a retry takes its place instead of waiting for a day.
 */
export const IDEMPOTENCY_STALE_MS = 15 * 60 * 1000;
/** Rows deleted per sweep: the sweep runs with each new key, so it stays a small, bounded statement. */
const SWEEP_BATCH = 100;

/** SHA-256 of what makes two requests "the same": method, path with query, and the body (or a digest of it). */
export function requestHash(method: string, url: string, body: string): string {
  return createHash('sha256').update(`${method.toUpperCase()}\n${url}\n`).update(body).digest('hex');
}

/**
 * Start a request under an Idempotency-Key of this API key: 'new' (run it; a row marks it running), or the stored
 * answer of the first run. The same key with another request is 422; a retry while the first still runs is 409.
 * Keys are per API key, so one account's key can never reach another key's answers.
 */
export async function beginIdempotent(ctx: ServerContext, apiKeyId: string, key: string, hash: string): Promise<IdempotencyStart> {
  const now = ctx.now();
  await sweepIdempotencyKeys(ctx, now);
  // Twice at most: a row found expired or abandoned is cleared and the insert tried once more.
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await ctx.db
      .insert(idempotencyKeys)
      .values({ apiKeyId, key, requestHash: hash, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length) return { kind: 'new' };
    const [row] = await ctx.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key)))
      .limit(1);
    if (!row) continue; // released between the two statements
    const age = now.getTime() - row.createdAt.getTime();
    const abandoned = row.statusCode === null && age >= IDEMPOTENCY_STALE_MS;
    if (age >= TTL_MS || abandoned) {
      // Conditional on the row read, so two retries racing here clear it once and one of them inserts.
      await ctx.db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.createdAt, row.createdAt)));
      continue;
    }
    if (row.requestHash !== hash) {
      throw new AppError(
        'idempotency_mismatch',
        'This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new request.',
      );
    }
    if (row.statusCode === null) {
      throw new AppError(
        'idempotency_in_progress',
        'The first request with this Idempotency-Key is still running. Retry once it has answered to get the same answer.',
        undefined,
        { 'retry-after': '1' },
      );
    }
    return { kind: 'replay', status: row.statusCode, answer: row.response as StoredAnswer };
  }
  throw new AppError('idempotency_in_progress', 'Another request with this Idempotency-Key is starting. Retry in a moment.', undefined, { 'retry-after': '1' });
}

/** Keep the first run's successful answer for its retries. */
export async function completeIdempotent(ctx: ServerContext, apiKeyId: string, key: string, hash: string, status: number, answer: StoredAnswer): Promise<void> {
  await ctx.db
    .update(idempotencyKeys)
    .set({ statusCode: status, response: answer })
    .where(
      and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.requestHash, hash), isNull(idempotencyKeys.statusCode)),
    );
}

/** Forget a run that failed (4xx/5xx) or ended without an answer, so a retry runs again. */
export async function releaseIdempotent(ctx: ServerContext, apiKeyId: string, key: string, hash: string): Promise<void> {
  await ctx.db
    .delete(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.apiKeyId, apiKeyId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.requestHash, hash), isNull(idempotencyKeys.statusCode)),
    );
}

/**
 * Delete up to SWEEP_BATCH keys older than the retention, oldest first: run on each new key, so the table is kept
 * small without a scheduler (a busy server sweeps often, an idle one has nothing to sweep).
 */
export async function sweepIdempotencyKeys(ctx: ServerContext, now: Date = ctx.now()): Promise<number> {
  const cutoff = new Date(now.getTime() - TTL_MS);
  const res = await ctx.db.execute(sql`
    delete from idempotency_keys where (api_key_id, key) in (
      select api_key_id, key from idempotency_keys where created_at < ${cutoff} order by created_at limit ${SWEEP_BATCH})`);
  return Number((res as unknown as { affectedRows?: number; rowCount?: number }).affectedRows ?? (res as { rowCount?: number }).rowCount ?? 0);
}
