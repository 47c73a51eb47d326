import { count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { plans, sessions, users } from '../../db/schema';
import type { AdminOverview } from '../../shared/api/admin';
import type { PlanDefinition, PlanId } from '../../shared/plans';
import { AppError } from '../errors';
import { getPlan } from './billing';
import { audit } from './users';

/** The staff dashboard's numbers: accounts per role and sessions that have not expired. */

export async function adminOverview(db: Db): Promise<AdminOverview> {
  const byRole = await db.select({ role: users.role, users: count() }).from(users).groupBy(users.role).orderBy(users.role);
  const [active] = await db
    .select({ sessions: count() })
    .from(sessions)
    .where(gt(sessions.expiresAt, sql`now()`));
  return { usersByRole: byRole, activeSessions: active?.sessions ?? 0 };
}

export type PlanChanges = Partial<
  Pick<PlanDefinition, 'name' | 'price' | 'monthlyCharacters' | 'wordLimit' | 'dailyDetections' | 'description' | 'highlights'>
>;

/**
 * Staff edit a plan's price and limits (audited). The change applies to purchases (and free-plan
 * renewals) from now on; existing subscribers keep the terms copied onto their subscription when
 * they bought it.
 */
export async function updatePlan(db: Db, id: PlanId, changes: PlanChanges, actor: { id: string; email: string; ip: string }): Promise<PlanDefinition> {
  if (id === 'free' && changes.price !== undefined && changes.price !== 0)
    throw new AppError('validation_failed', 'The Free plan costs nothing.', { price: 'Must be 0' });
  // Makes sure the row exists (a missing default plan is inserted) before it is changed.
  await getPlan(db, id);
  await db
    .update(plans)
    .set({ ...changes, updatedAt: new Date(), updatedBy: actor.id })
    .where(eq(plans.id, id));
  await audit(db, { userId: actor.id, email: actor.email, action: `plan ${id} edited: ${JSON.stringify(changes)}`, category: 'payment', ip: actor.ip });
  return getPlan(db, id);
}
