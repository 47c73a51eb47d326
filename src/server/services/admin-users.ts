import { and, count, desc, eq, gt, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { auditLog, sessions, subscriptions, users } from '../../db/schema';
import type {
  AdminAuditEntry,
  AdminBulkResponse,
  AdminBulkResult,
  AdminUserDetail,
  AdminUsersQuery,
  AdminUsersResponse,
  AdminUserSummary,
  BulkAction,
} from '../../shared/api/admin-users';
import { SEARCH_SUBSTRING_MIN } from '../../shared/api/admin-users';
import type { SubscriptionInfo } from '../../shared/api/billing';
import type { PublicUser } from '../../shared/api/auth';
import type { Permission } from '../../shared/permissions';
import type { PlanId } from '../../shared/plans';
import { isCustomRole, isStaff, type Role } from '../../shared/roles';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { eraseAccount } from './account';
import { addMonth, getPlan, loadSubscription, rows, setPlanRole } from './billing';
import type { ProviderLog } from './payments';
import { customRoleExists } from './roles';
import { deleteUserSessions } from './sessions';
import { paymentHistory, subscriptionInfo } from './subscriptions';
import { allowanceOf } from './usage';
import { audit, toPublicUser, type UserRow } from './users';
import { newResetToken, sendPasswordReset } from './auth';

/**
 * The staff User Directory: finding accounts, one account's page, and the actions staff take on it
 * (role change, suspend, restore), each written to the audit log.
 */

/**
 * The staff member acting, with the address the request came from (for the audit log) and what their role may do
 * now (a custom role's permissions come from the database, so they are resolved by the route, per request).
 */
export type Actor = PublicUser & { ip: string; permissions: readonly Permission[] };

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
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
function likeContains(text: string): string {
  return `%${likeEscape(text)}%`;
}
function likePrefix(text: string): string {
  return `${likeEscape(text)}%`;
}

export async function searchUsers(ctx: ServerContext, q: AdminUsersQuery): Promise<AdminUsersResponse> {
  const where: SQL[] = [];
  if (q.q) {
    const term = q.q.toLowerCase();
    if (term.length >= SEARCH_SUBSTRING_MIN) {
      // E-mail addresses are stored lower-cased; usernames keep the case they were typed in. Both conditions are on the
      // bare columns so the trigram indexes (migration 0013) serve them (`lower(username) like` could not use one).
      const pattern = likeContains(term);
      where.push(or(sql`${users.email} like ${pattern}`, sql`${users.username} ilike ${pattern}`)!);
    } else {
      // One or two characters hold no trigram: a substring search would read every account (about 200 ms at 100,000).
      // Such a short term matches the start of an e-mail or username instead, which the pattern indexes of
      // migration 0014 answer at once; the search box says so.
      const pattern = likePrefix(term);
      where.push(or(sql`${users.email} like ${pattern}`, sql`lower(${users.username}) like ${pattern}`)!);
    }
  }
  if (q.role) where.push(eq(users.role, q.role));
  if (q.status === 'active') where.push(isNull(users.suspendedAt));
  if (q.status === 'suspended') where.push(isNotNull(users.suspendedAt));
  const filter = where.length ? and(...where) : undefined;
  // The page and the total run side by side. (One query with count(*) over () would scan once, but it keeps every
  // matching row until the count is known, which spills to disk when a search matches most of a large table.)
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
export async function userDetail(ctx: ServerContext, actor: Pick<Actor, 'permissions'>, id: string): Promise<AdminUserDetail> {
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
  const liveWhere = and(eq(sessions.userId, row.id), gt(sessions.expiresAt, now));
  const [[live], recent] = await Promise.all([
    ctx.db.select({ n: count() }).from(sessions).where(liveWhere),
    ctx.db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, ip: sessions.ip, userAgent: sessions.userAgent })
      .from(sessions)
      .where(liveWhere)
      .orderBy(desc(sessions.createdAt))
      .limit(DETAIL_ROWS),
  ]);
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
    sessions: recent.map((r) => ({ createdAt: r.createdAt.toISOString(), expiresAt: r.expiresAt.toISOString(), ip: r.ip, userAgent: r.userAgent })),
    payments: actor.permissions.includes('payments:read') ? (await paymentHistory(ctx, row.id)).slice(0, DETAIL_ROWS) : null,
    audit: actor.permissions.includes('audit:read') ? await auditTrail(ctx, row.id) : null,
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
  if (isCustomRole(role) && !(await customRoleExists(ctx, role))) throw new AppError('validation_failed', 'No such role.', { role: 'No such role' });
  // Only if nobody changed the role since it was read, so the audit entry's "from" is true (and a custom role still exists).
  const [updated] = await ctx.db
    .update(users)
    .set({ role, updatedAt: ctx.now() })
    .where(and(eq(users.id, id), eq(users.role, target.role), isCustomRole(role) ? sql`exists (select 1 from custom_roles where id = ${role})` : undefined))
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

/**
 * Put a plan account on `planId` now, free of charge: a fresh period at the plan's current terms, no payment and no
 * provider, so it renews as a complimentary plan. Staff have no plan. An account paying through Stripe is refused:
 * Stripe would keep billing (or its next event would undo the change); the user changes or cancels it there first.
 */
export async function changeUserPlan(ctx: ServerContext, actor: Actor, id: string, planId: PlanId): Promise<SubscriptionInfo> {
  const target = await findUser(ctx, id);
  if (actor.id === target.id) throw new AppError('forbidden', 'You cannot change the plan of your own account.');
  if (isStaff(target.role)) throw new AppError('conflict', 'Staff accounts have no plan. Give the account a plan role first.');
  const current = await loadSubscription(ctx, target.id, target.role);
  if (current.provider === 'stripe' && current.plan !== 'free' && current.status !== 'canceled')
    throw new AppError('conflict', 'This account pays through Stripe: the plan is changed or cancelled there (or by the user) first.');
  if (current.plan === planId && !current.provider && !current.cancelAtPeriodEnd && !current.scheduledPlan)
    throw new AppError('conflict', `This account is already on this plan.`);
  const plan = await getPlan(ctx.db, planId);
  const now = ctx.now();
  const values = {
    plan: plan.id,
    status: 'active',
    monthlyCharacters: plan.monthlyCharacters,
    wordLimit: plan.wordLimit,
    dailyDetections: plan.dailyDetections,
    price: 0,
    currency: plan.currency,
    currentPeriodStart: now,
    currentPeriodEnd: addMonth(now),
    cancelAtPeriodEnd: false,
    scheduledPlan: null,
    provider: null,
    providerSubscriptionId: null,
    updatedAt: now,
  };
  // The subscription and the role move together (billing.ts reads them in one statement); the audit entry with them.
  const sub = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(subscriptions)
      .values({ userId: target.id, ...values })
      .onConflictDoUpdate({ target: subscriptions.userId, set: values })
      .returning();
    await setPlanRole(tx, target.id, plan.id);
    await audit(tx, {
      userId: actor.id,
      email: actor.email,
      action: `Gave ${target.email} ${subjectTag(id)} the ${plan.name} plan free of charge (was ${current.plan})`,
      category: 'payment',
      ip: actor.ip,
    });
    return row;
  });
  return subscriptionInfo(ctx, sub);
}

/**
 * Delete an account for good, with the owner's own deletion (account.ts: the provider subscription is stopped, the
 * rest in one transaction). Confirmed by typing the account's e-mail address; the same rules as suspension.
 */
export async function deleteUser(ctx: ServerContext, actor: Actor, id: string, confirm: string, log: ProviderLog): Promise<void> {
  const target = await findUser(ctx, id);
  assertMayActOn(actor, target, 'delete');
  if (confirm.trim().toLowerCase() !== target.email.toLowerCase())
    throw new AppError('validation_failed', 'Type the account’s e-mail address exactly to confirm.', { confirm: 'Does not match the e-mail address' });
  // The entry names the id and role, not the person: the account and its personal data are gone.
  await eraseAccount(
    ctx,
    target.id,
    { userId: actor.id, email: actor.email, action: `Deleted a ${target.role} account ${subjectTag(id)}`, category: 'user', ip: actor.ip },
    log,
  );
}

/**
 * Account Actions: suspend or restore many accounts. Each is judged like a single action (own account, staff and
 * super administrators per assertMayActOn; already in that state), and a refusal skips that account only.
 */
export async function bulkSuspend(ctx: ServerContext, actor: Actor, action: BulkAction, ids: string[]): Promise<AdminBulkResponse> {
  const results: AdminBulkResult[] = [];
  // One after another: each writes its own audit entry, and a few dozen accounts take well under a second.
  for (const id of ids) {
    try {
      const user = action === 'suspend' ? await suspendUser(ctx, actor, id) : await restoreUser(ctx, actor, id);
      results.push({ id, email: user.email, outcome: 'done', message: action === 'suspend' ? 'Suspended' : 'Restored' });
    } catch (err) {
      if (!(err instanceof AppError) || !['forbidden', 'conflict', 'not_found'].includes(err.code)) throw err;
      const [row] = err.code === 'not_found' ? [] : await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, id)).limit(1);
      results.push({ id, email: row?.email ?? null, outcome: 'skipped', message: err.message });
    }
  }
  const done = results.filter((r) => r.outcome === 'done').length;
  return { action, results, done, skipped: results.length - done };
}
