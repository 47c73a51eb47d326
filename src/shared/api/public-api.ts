import { z } from 'zod';
import type { API_PLANS } from './api-keys';

/**
 * The public API under /api/v1: every live tool at /api/v1/tools/<slug>, answered only for an
 * `Authorization: Bearer <key>` (never a session cookie), rate-limited per key, with idempotency keys on POST.
 */

export const API_V1_PREFIX = '/api/v1';

/** The rate window: requests are counted per key in fixed windows of this length. */
export const API_RATE_WINDOW_SECONDS = 60;

/**
 * Requests a minute per key, by the owner's plan (only Pro and Agency include the API). The SPEC states no figure;
 * these leave room for a script working through a batch while keeping one key from taking a whole instance.
 * An operator may set another figure for every plan with API_RATE_LIMIT_PER_MINUTE.
 */
export const API_REQUESTS_PER_MINUTE: Record<(typeof API_PLANS)[number], number> = { pro: 60, agency: 300 };

/** The request header that makes a POST safe to retry. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set (to "true") on an answer that is a stored copy of the first request's answer. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** How long the first answer is kept for retries. */
export const IDEMPOTENCY_TTL_HOURS = 24;

/** 1–200 printable ASCII characters (a UUID is the usual choice). */
export const IdempotencyKey = z
  .string()
  .regex(/^[\x20-\x7e]{1,200}$/, { message: 'The Idempotency-Key header must be 1 to 200 printable ASCII characters, such as a UUID.' });

const Credits = z.object({
  characters: z.number().int().describe('Add-on pack characters left, spent after the monthly allowance.'),
  images: z.number().int(),
  audioMinutes: z.number().int(),
});

/** GET /api/v1/me: who the key acts for, its plan, what is used and left, and the key's own limits. */
export const ApiMeResponse = z.object({
  user: z.object({ id: z.string(), username: z.string(), email: z.string() }).describe('The account the key acts for.'),
  plan: z.object({ id: z.string(), name: z.string() }),
  apiKey: z.object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().describe('The first characters of the key, e.g. vt_live_a1B2.'),
    scopes: z.array(z.string()).nullable().describe('Tool ids the key may call; null: every tool of the plan.'),
    expiresAt: z.string().nullable().describe('When the key stops working (ISO 8601); null: never.'),
  }),
  rateLimit: z.object({
    limit: z.number().int().describe('Requests allowed per window with this key.'),
    remaining: z.number().int().describe('Requests left in the current window, this one counted.'),
    resetAt: z.string().describe('When the current window ends (ISO 8601).'),
    windowSeconds: z.number().int(),
  }),
  usage: z.object({
    period: z.object({ start: z.string(), end: z.string() }).nullable().describe('The current monthly period of the plan.'),
    characters: z.object({ used: z.number().int(), limit: z.number().int().nullable(), remaining: z.number().int().nullable() }),
    detections: z.object({ today: z.number().int(), dailyLimit: z.number().int().nullable().describe('null: unlimited.') }),
    wordLimit: z.number().int().describe('Most words one request may hold.'),
    credits: Credits,
  }),
});
export type ApiMeResponse = z.infer<typeof ApiMeResponse>;
