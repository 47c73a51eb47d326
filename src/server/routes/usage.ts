import type { FastifyInstance } from 'fastify';
import { UsageQuery, type SimplifiedUsageResponse, type UsageResponse } from '../../shared/api/billing';
import { noStore, parse, requireUser } from '../http';
import { simplifiedUsage, usageReport } from '../services/usage';

export async function usageRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/user/simplified-usage', { config: { access: 'user' } }, async (req, reply) => {
    const body: SimplifiedUsageResponse = await simplifiedUsage(ctx, await requireUser(req));
    return noStore(reply).send(body);
  });

  app.get('/api/user/usage', { config: { access: 'user' } }, async (req, reply) => {
    const { days } = parse(UsageQuery, req.query);
    const body: UsageResponse = await usageReport(ctx, await requireUser(req), days);
    return noStore(reply).send(body);
  });
}
