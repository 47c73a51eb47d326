import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Permission } from '../../shared/permissions';
import { AppError } from '../errors';
import { noStore, requirePermission } from '../http';
import { adminDashboard, adminOverview } from '../services/admin';

/** Whether the caller also holds `permission` (asked the same way the route guards ask, so custom roles agree). */
async function holds(req: FastifyRequest, permission: Permission): Promise<boolean> {
  try {
    await requirePermission(req, permission);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === 'forbidden') return false;
    throw err;
  }
}

/** The staff dashboard's overview; who may call it is the route's `config.access` (see access.ts). */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/admin/overview', { config: { access: 'admin:access' } }, async (_req, reply) => noStore(reply).send(await adminOverview(ctx.db)));

  // Every staff role sees the dashboard; the revenue figure is computed and sent only to holders of 'revenue:read'.
  app.get('/api/admin/dashboard', { config: { access: 'dashboard:read' } }, async (req, reply) =>
    noStore(reply).send(await adminDashboard(ctx, { withRevenue: await holds(req, 'revenue:read') })),
  );
}
