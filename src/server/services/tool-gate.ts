import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicUser } from '../../shared/api/auth';
import { ANON_LIMITS, countWords, LIMIT_MESSAGES, wordLimitMessage, type AnonAllowance } from '../../shared/limits';
import { wordLimit } from '../../shared/roles';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { currentUser } from './sessions';
import * as throttle from './throttle';

/**
 * The checks every tool request passes before its engine runs: who is calling, the per-request
 * word limit, and the anonymous allowances. All state is in the database, keyed by a signed
 * anonymous cookie, so clearing browser storage does not reset a visitor's count.
 */
export const ANON_COOKIE = 'vt_anon';
const ANON_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface Caller {
  user: PublicUser | null;
  /** Set for anonymous visitors only. */
  anonId: string | null;
}

export async function resolveCaller(ctx: ServerContext, req: FastifyRequest, reply: FastifyReply): Promise<Caller> {
  const user = await currentUser(req);
  if (user) return { user, anonId: null };
  const raw = req.cookies[ANON_COOKIE];
  if (raw) {
    const unsigned = req.unsignCookie(raw);
    if (unsigned.valid && unsigned.value) return { user: null, anonId: unsigned.value };
  }
  const anonId = randomUUID();
  // A browser-session cookie: the SPEC's allowance is "per visitor session".
  reply.setCookie(ANON_COOKIE, anonId, {
    signed: true,
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.env.NODE_ENV === 'production',
  });
  return { user: null, anonId };
}

/** Non-empty text within the caller's word limit, or a 4xx saying which. */
export function checkText(text: string, caller: Caller): number {
  const words = countWords(text);
  if (words === 0) throw new AppError('validation_failed', 'Please enter some text to analyze.', { text: 'Required' });
  const limit = wordLimit(caller.user?.role ?? null);
  if (words > limit) throw new AppError('word_limit_exceeded', wordLimitMessage(words, limit, caller.user === null));
  return words;
}

export interface AllowanceState {
  used: number;
  limit: number;
}

/**
 * Run `work` under an anonymous allowance: the unit is taken atomically before the work and
 * given back if the work fails, so only successes count (SPEC §4) and races cannot overshoot.
 */
export async function withAnonAllowance<T>(
  ctx: ServerContext,
  caller: Caller,
  kind: AnonAllowance,
  work: () => Promise<T>,
): Promise<{ result: T; allowance: AllowanceState | null }> {
  if (!caller.anonId) return { result: await work(), allowance: null };
  const key = `anon:${kind}:${caller.anonId}`;
  const limit = ANON_LIMITS[kind];
  const used = await throttle.tryConsume(ctx.db, key, limit, ANON_WINDOW_MS);
  if (used === null) throw new AppError('limit_reached', LIMIT_MESSAGES[kind].message);
  try {
    return { result: await work(), allowance: { used, limit } };
  } catch (err) {
    await throttle.refund(ctx.db, key);
    throw err;
  }
}
