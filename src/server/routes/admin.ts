import type { FastifyInstance } from 'fastify';
import { noStore } from '../http';
import { adminOverview } from '../services/admin';

/** The staff dashboard's overview; who may call it is the route's `config.access` (see access.ts). */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/admin/overview', { config: { access: 'admin:access' } }, async (_req, reply) => noStore(reply).send(await adminOverview(ctx.db)));
}
