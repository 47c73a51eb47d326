import type { FastifyInstance } from 'fastify';
import { ToolPerformanceQuery } from '../../shared/api/admin-analytics';
import { noStore, parse } from '../http';
import { toolPerformance } from '../services/admin-analytics';

/** Staff analytics over the usage tables: read by holders of 'usage:read'. */
export async function adminAnalyticsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/admin/tool-performance', { config: { access: 'usage:read' } }, async (req, reply) => {
    const { range } = parse(ToolPerformanceQuery, req.query);
    return noStore(reply).send(await toolPerformance(ctx, range));
  });
}
