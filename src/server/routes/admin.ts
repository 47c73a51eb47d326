import type { FastifyInstance } from 'fastify';
import { count, gt, sql } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import { requireStaff } from '../http';

/** Everything under /api/admin is staff-only; the guard is a hook so no route can forget it. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.addHook('onRequest', async (req) => {
    await requireStaff(req);
  });

  app.get('/api/admin/overview', async () => {
    const byRole = await ctx.db
      .select({ role: users.role, users: count() })
      .from(users)
      .groupBy(users.role)
      .orderBy(users.role);
    const [active] = await ctx.db
      .select({ sessions: count() })
      .from(sessions)
      .where(gt(sessions.expiresAt, sql`now()`));
    return { usersByRole: byRole, activeSessions: active?.sessions ?? 0 };
  });
}
