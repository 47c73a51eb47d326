import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import { SIGNED_IN_HINT_COOKIE, type PublicUser } from '../../shared/api/auth';
import type { Role } from '../../shared/roles';
import type { ServerContext } from '../context';
import { hashToken, newToken } from './tokens';

export const SESSION_COOKIE = 'vt_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export async function createSession(ctx: ServerContext, reply: FastifyReply, userId: string, meta: { ip?: string; userAgent?: string } = {}): Promise<void> {
  const token = newToken();
  const expiresAt = new Date(ctx.now().getTime() + SESSION_TTL_MS);
  await ctx.db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.env.NODE_ENV === 'production',
    expires: expiresAt,
  });
  setSignedInHint(ctx, reply, expiresAt);
}

/** The readable "may be signed in" hint (SIGNED_IN_HINT_COOKIE): no secret in it, only whether to ask /api/auth/me. */
export function setSignedInHint(ctx: ServerContext, reply: FastifyReply, expires = new Date(ctx.now().getTime() + SESSION_TTL_MS)): void {
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', { path: '/', httpOnly: false, sameSite: 'lax', secure: ctx.env.NODE_ENV === 'production', expires });
}

export function clearSessionCookie(ctx: ServerContext, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.env.NODE_ENV === 'production' });
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/', httpOnly: false, sameSite: 'lax', secure: ctx.env.NODE_ENV === 'production' });
}

export async function deleteSessionByToken(ctx: ServerContext, token: string): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function deleteUserSessions(ctx: ServerContext, userId: string): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Sign out every session of this user but the one holding `keepToken`; returns how many ended. */
export async function endOtherSessions(ctx: ServerContext, userId: string, keepToken: string): Promise<number> {
  const ended = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken))))
    .returning({ id: sessions.id });
  return ended.length;
}

// Prepared once per database: this lookup runs on every authenticated request.
const prepared = new WeakMap<object, ReturnType<typeof prepareLookup>>();
function prepareLookup(ctx: ServerContext) {
  return (
    ctx.db
      .select({ id: users.id, username: users.username, email: users.email, role: users.role })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // A suspended account's sessions stop matching at once, whatever signed them in.
      .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), gt(sessions.expiresAt, sql.placeholder('now')), isNull(users.suspendedAt)))
      .limit(1)
      .prepare('session_user')
  );
}

async function lookup(ctx: ServerContext, token: string): Promise<PublicUser | null> {
  // One indexed join per authenticated request; expired rows simply stop matching.
  let query = prepared.get(ctx.db);
  if (!query) prepared.set(ctx.db, (query = prepareLookup(ctx)));
  const rows = await query.execute({ hash: hashToken(token), now: ctx.now() });
  const row = rows[0];
  return row ? { ...row, role: row.role as Role } : null;
}

const memo = new WeakMap<FastifyRequest, Promise<PublicUser | null>>();

/** The logged-in user of this request, looked up at most once per request. */
export function currentUser(req: FastifyRequest): Promise<PublicUser | null> {
  let p = memo.get(req);
  if (!p) {
    const token = req.cookies[SESSION_COOKIE];
    p = token && token.length < 200 ? lookup(req.server.ctx, token) : Promise.resolve(null);
    memo.set(req, p);
  }
  return p;
}
