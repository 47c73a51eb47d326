import { and, desc, eq, gt, gte, inArray, isNotNull, like, or, sql } from 'drizzle-orm';
import { auditLog, sessions, twoFactor, users } from '../../db/schema';
import type { AdminSecurityResponse, FailedLoginRow, StaffSession } from '../../shared/api/admin-settings';
import type { PublicUser } from '../../shared/api/auth';
import { CUSTOM_ROLE_PREFIX, isStaff, STAFF_ROLES, type Role } from '../../shared/roles';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { hashToken } from './tokens';
import { getSettings, updateSettings, type SettingsActor } from './settings';
import { hasTwoFactor } from './two-factor';
import { audit } from './users';

/**
 * The Security page: active staff sessions (revocable), failed sign-ins counted from the audit log, and the
 * "require two-factor for staff" switch, which staff-guard.ts enforces on every staff route.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Audit actions that count as a failed sign-in (services/auth.ts and two-factor.ts write them). */
const FAILED_ACTIONS = ['Failed login', 'Failed two-factor code'];
const FAILED_ROWS = 20;
const SESSION_ROWS = 200;

const staffRole = or(inArray(users.role, [...STAFF_ROLES]), like(users.role, `${CUSTOM_ROLE_PREFIX}%`));

export const STAFF_TWO_FACTOR_MESSAGE =
  'Two-factor authentication is required for staff accounts. Turn it on in your Admin Profile (/admin/profile, Two-factor authentication), then open the administrator area again.';

/** Whether this staff member must enrol before using staff routes (the requirement is on and they have no two-factor). */
export async function staffTwoFactorMissing(ctx: ServerContext, user: Pick<PublicUser, 'id' | 'role'>): Promise<boolean> {
  if (!isStaff(user.role)) return false;
  const { requireStaffTwoFactor } = await getSettings(ctx.db);
  return requireStaffTwoFactor && !(await hasTwoFactor(ctx, user.id));
}

async function staffSessions(ctx: ServerContext, currentToken: string | undefined): Promise<StaffSession[]> {
  const currentHash = currentToken ? hashToken(currentToken) : null;
  const rows = await ctx.db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      userId: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      twoFactorOn: twoFactor.enabledAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(twoFactor, and(eq(twoFactor.userId, users.id), isNotNull(twoFactor.enabledAt)))
    .where(and(gt(sessions.expiresAt, ctx.now()), staffRole))
    .orderBy(desc(sessions.createdAt))
    .limit(SESSION_ROWS);
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    username: r.username,
    email: r.email,
    role: r.role as Role,
    ip: r.ip,
    userAgent: r.userAgent,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    current: r.tokenHash === currentHash,
    twoFactor: r.twoFactorOn !== null,
  }));
}

async function failedLogins(ctx: ServerContext): Promise<AdminSecurityResponse['failedLogins']> {
  const now = ctx.now().getTime();
  const since7d = new Date(now - 7 * DAY_MS);
  const since24h = new Date(now - DAY_MS);
  const failed = and(inArray(auditLog.action, FAILED_ACTIONS), gte(auditLog.createdAt, since7d));
  const counts = {
    last24h: sql<number>`count(*) filter (where ${auditLog.createdAt} >= ${since24h})`.mapWith(Number),
    last7d: sql<number>`count(*)`.mapWith(Number),
    lastAt: sql<Date>`max(${auditLog.createdAt})`,
  };
  const accountKey = sql<string>`lower(coalesce(${auditLog.email}, ''))`;
  const [totals, byAccount, byAddress] = await Promise.all([
    ctx.db.select({ last24h: counts.last24h, last7d: counts.last7d }).from(auditLog).where(failed),
    ctx.db
      .select({ key: accountKey, ...counts })
      .from(auditLog)
      .where(and(failed, isNotNull(auditLog.email)))
      .groupBy(accountKey)
      .orderBy(desc(counts.last7d), accountKey)
      .limit(FAILED_ROWS),
    ctx.db
      .select({ key: sql<string>`${auditLog.ip}`, ...counts })
      .from(auditLog)
      .where(and(failed, isNotNull(auditLog.ip)))
      .groupBy(auditLog.ip)
      .orderBy(desc(counts.last7d), auditLog.ip)
      .limit(FAILED_ROWS),
  ]);
  const row = (r: { key: string; last24h: number; last7d: number; lastAt: Date | string }): FailedLoginRow => ({
    key: r.key,
    last24h: r.last24h,
    last7d: r.last7d,
    lastAt: new Date(r.lastAt).toISOString(),
  });
  return { total24h: totals[0]?.last24h ?? 0, total7d: totals[0]?.last7d ?? 0, byAccount: byAccount.map(row), byAddress: byAddress.map(row) };
}

export async function securityOverview(ctx: ServerContext, actor: PublicUser, currentToken: string | undefined): Promise<AdminSecurityResponse> {
  const [settings, youHaveTwoFactor, list, failed] = await Promise.all([
    getSettings(ctx.db),
    hasTwoFactor(ctx, actor.id),
    staffSessions(ctx, currentToken),
    failedLogins(ctx),
  ]);
  return { requireStaffTwoFactor: settings.requireStaffTwoFactor, youHaveTwoFactor, sessions: list, failedLogins: failed };
}

/**
 * Switch the requirement. Turning it on is refused while the caller has no two-factor themselves: they would be
 * shut out of the administrator area (including this switch) the moment it saved.
 */
export async function setStaffTwoFactor(ctx: ServerContext, actor: SettingsActor, required: boolean): Promise<boolean> {
  if (required && !(await hasTwoFactor(ctx, actor.id)))
    throw new AppError(
      'conflict',
      'Turn on two-factor authentication for your own account first (Account Settings → Password), so that requiring it does not lock you out.',
    );
  await updateSettings(ctx, actor, { requireStaffTwoFactor: required }, 'security');
  return required;
}

/** End one staff session. Only staff sessions are listed, so only those may be revoked here. */
export async function revokeStaffSession(ctx: ServerContext, actor: SettingsActor, sessionId: string): Promise<void> {
  const [row] = await ctx.db
    .select({ id: sessions.id, email: users.email, userId: users.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), staffRole))
    .limit(1);
  if (!row) throw new AppError('not_found', 'No such staff session (it may have ended already).');
  await ctx.db.delete(sessions).where(eq(sessions.id, sessionId));
  await audit(ctx.db, {
    userId: actor.id,
    email: actor.email,
    action: `Revoked a staff session of ${row.email} (user ${row.userId})`,
    category: 'security',
    ip: actor.ip,
  });
}
