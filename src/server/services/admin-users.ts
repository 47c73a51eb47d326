import { and, count, desc, eq, gt, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { auditLog, sessions, users } from '../../db/schema';
import type { AdminAuditEntry, AdminUserDetail, AdminUsersQuery, AdminUsersResponse, AdminUserSummary } from '../../shared/api/admin-users';
import type { PublicUser } from '../../shared/api/auth';
import { can } from '../../shared/permissions';
import { isStaff, type Role } from '../../shared/roles';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { loadSubscription, rows } from './billing';
import { deleteUserSessions } from './sessions';
import { paymentHistory, subscriptionInfo } from './subscriptions';
import { allowanceOf } from './usage';
import { audit, toPublicUser, type UserRow } from './users';
import { newResetToken, sendPasswordReset } from './auth';

/**
 * The staff User Directory: finding accounts, one account's page, and the actions staff take on it
 * (role change, suspend, restore), each written to the audit log.
 */

/** The staff member acting, with the address the request came from (for the audit log). */
export type Actor = PublicUser & { ip: string };

const DETAIL_ROWS = 20;

function summary(u: UserRow): AdminUserSummary {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    role: u.role as Role,
    status: u.suspendedAt ? 'suspended' : 'active',
    emailVerified: u.emailVerified,
    createdAt: u.createdAt.toISOString(),
    suspendedAt: u.suspendedAt?.toISOString() ?? null,
  };
}

/**
 * The audit log has one user column, the actor's. An action on another account names it as "(user <id>)" in its
 * text, so the account's page finds the entries about it as well as those by it.
 */
function subjectTag(id: string): string {
  return `(user ${id})`;
}

/** `%`, `_` and `\` typed into the search box are matched literally, not as LIKE wildcards. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function searchUsers(ctx: ServerContext, q: AdminUsersQuery): Promise<AdminUsersResponse> {
  const where: SQL[] = [];
  if (q.q) {
    const pattern = likeContains(q.q.toLowerCase());
    // E-mail addresses are stored lower-cased; usernames keep the case they were typed in.
    where.push(or(sql`${users.email} like ${pattern}`, sql`lower(${users.username}) like ${pattern}`)!);
  }
  if (q.role) where.push(eq(users.role, q.role));
  if (q.status === 'active') where.push(isNull(users.suspendedAt));
  if (q.status === 'suspended') where.push(isNotNull(users.suspendedAt));
  const filter = where.length ? and(...where) : undefined;
  const [found, [total]] = await Promise.all([
    ctx.db.select().from(users).where(filter).orderBy(desc(users.createdAt), desc(users.id)).limit(q.limit).offset(q.offset),
    ctx.db.select({ n: count() }).from(users).where(filter),
  ]);
  return { items: found.map(summary), total: Number(total?.n ?? 0), offset: q.offset, limit: q.limit };
}

async function findUser(ctx: ServerContext, id: string): Promise<UserRow> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError('not_found', 'No such user.');
  return row;
}

/** One account's page. Payments and the audit trail are shown only to roles that may read them elsewhere too. */
export async function userDetail(ctx: ServerContext, actor: PublicUser, id: string): Promise<AdminUserDetail> {
  const row = await findUser(ctx, id);
  const now = ctx.now();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const subscription = isStaff(row.role) ? null : await subscriptionInfo(ctx, await loadSubscription(ctx, row.id, row.role));
  const allowance = await allowanceOf(ctx, toPublicUser(row));
  const byTool = rows<{ tool: string; requests: string | number; characters: string | number }>(
    await ctx.db.execute(sql`
      select tool, count(*) as requests, coalesce(sum(characters), 0) as characters
      from usage_events where user_id = ${row.id}::uuid and status = 'ok' and created_at >= ${monthStart}
      group by tool order by 3 desc`),
  ).map((r) => ({ tool: r.tool, requests: Number(r.requests), characters: Number(r.characters) }));
  const [live] = await ctx.db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, row.id), gt(sessions.expiresAt, now)));
  return {
    user: { ...summary(row), signsInWithGoogle: row.googleSub !== null, hasPassword: row.passwordHash !== null },
    subscription,
    usage: {
      period: allowance.period ? { start: allowance.period.start.toISOString(), end: allowance.period.end.toISOString() } : null,
      characters: { used: allowance.used, limit: allowance.limit },
      detections: { today: allowance.detectionsToday, dailyLimit: allowance.dailyLimit },
      byTool,
    },
    activeSessions: Number(live?.n ?? 0),
    payments: can(actor.role, 'payments:read') ? (await paymentHistory(ctx, row.id)).slice(0, DETAIL_ROWS) : null,
    audit: can(actor.role, 'audit:read') ? await auditTrail(ctx, row.id) : null,
  };
}

async function auditTrail(ctx: ServerContext, id: string): Promise<AdminAuditEntry[]> {
  const found = await ctx.db
    .select()
    .from(auditLog)
    .where(or(eq(auditLog.userId, id), sql`${auditLog.action} like ${likeContains(subjectTag(id))}`))
    .orderBy(desc(auditLog.createdAt))
    .limit(DETAIL_ROWS);
  return found.map((a) => ({ id: a.id, createdAt: a.createdAt.toISOString(), email: a.email, action: a.action, category: a.category, ip: a.ip }));
}

/**
 * Staff roles are held by few people and open the staff area, so beyond the route's permission: nobody acts on their
 * own account, a staff account is changed only by an administrator, and the super administrator's role (granting it,
 * or acting on one who holds it) only by a super administrator.
 */
function assertMayActOn(actor: Actor, target: UserRow, what: string, newRole?: Role): void {
  if (actor.id === target.id) throw new AppError('forbidden', `You cannot ${what} your own account.`);
  const staffInvolved = isStaff(target.role) || (newRole !== undefined && isStaff(newRole));
  if (staffInvolved && actor.role !== 'admin' && actor.role !== 'super_admin')
    throw new AppError('forbidden', 'Only an administrator can change a staff account or grant a staff role.');
  if ((target.role === 'super_admin' || newRole === 'super_admin') && actor.role !== 'super_admin')
    throw new AppError('forbidden', 'Only a super administrator can change a super administrator or grant that role.');
}

export async function changeUserRole(ctx: ServerContext, actor: Actor, id: string, role: Role): Promise<AdminUserSummary> {
  const target = await findUser(ctx, id);
  assertMayActOn(actor, target, 'change the role of', role);
  if (target.role === role) throw new AppError('conflict', `This account already has the ${role} role.`);
  // Only if nobody changed the role since it was read, so the audit entry's "from" is true.
  const [updated] = await ctx.db
    .update(users)
    .set({ role, updatedAt: ctx.now() })
    .where(and(eq(users.id, id), eq(users.role, target.role)))
    .returning();
  if (!updated) throw new AppError('conflict', 'This account changed meanwhile. Reload and try again.');
  await audit(ctx.db, {
    userId: actor.id,
    email: actor.email,
    action: `Changed the role of ${target.email} ${subjectTag(id)} from ${target.role} to ${role}`,
    category: 'user',
    ip: actor.ip,
  });
  return summary(updated);
}

/** Suspend an account: it can no longer log in, and every session it holds ends now. */
export async function suspendUser(ctx: ServerContext, actor: Actor, id: string): Promise<AdminUserSummary> {
  const target = await findUser(ctx, id);
  assertMayActOn(actor, target, 'suspend');
  const [updated] = await ctx.db
    .update(users)
    .set({ suspendedAt: ctx.now(), updatedAt: ctx.now() })
    .where(and(eq(users.id, id), isNull(users.suspendedAt)))
    .returning();
  if (!updated) throw new AppError('conflict', 'This account is already suspended.');
  // The session lookup already refuses a suspended account; deleting the rows also drops them from the counts.
  await deleteUserSessions(ctx, id);
  await audit(ctx.db, { userId: actor.id, email: actor.email, action: `Suspended ${target.email} ${subjectTag(id)}`, category: 'user', ip: actor.ip });
  return summary(updated);
}

/** Lift a suspension: the account may log in again (its old sessions stay ended). */
export async function restoreUser(ctx: ServerContext, actor: Actor, id: string): Promise<AdminUserSummary> {
  const target = await findUser(ctx, id);
  assertMayActOn(actor, target, 'restore');
  const [updated] = await ctx.db
    .update(users)
    .set({ suspendedAt: null, updatedAt: ctx.now() })
    .where(and(eq(users.id, id), isNotNull(users.suspendedAt)))
    .returning();
  if (!updated) throw new AppError('conflict', 'This account is not suspended.');
  await audit(ctx.db, { userId: actor.id, email: actor.email, action: `Restored ${target.email} ${subjectTag(id)}`, category: 'user', ip: actor.ip });
  return summary(updated);
}

/** Send the user a password reset e-mail (the same link "Forgot password" sends), for someone who cannot get in. */
export async function sendUserPasswordReset(ctx: ServerContext, actor: Actor, id: string, log: { error: (o: object, m: string) => void }): Promise<void> {
  const target = await findUser(ctx, id);
  assertMayActOn(actor, target, 'send a password reset to');
  await sendPasswordReset(ctx, target, newResetToken(), {
    reason: `Sent a password reset e-mail to ${target.email} ${subjectTag(id)}`,
    actor: { id: actor.id, email: actor.email },
    ip: actor.ip,
    log,
  });
}
