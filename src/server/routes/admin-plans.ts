import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AdminPlansResponse } from '../../shared/api/billing';
import { PLAN_IDS } from '../../shared/plans';
import { clientIp, noStore, parse, requireUser } from '../http';
import { updatePlan } from '../services/admin';
import { listPlans } from '../services/billing';

const PlanParams = z.object({ id: z.enum(PLAN_IDS, { message: 'Unknown plan.' }) });
const PlanUpdate = z
  .object({
    name: z.string().trim().min(1).max(60),
    price: z.number().int().min(0).max(10_000_000),
    monthlyCharacters: z.number().int().min(0).max(10_000_000_000),
    wordLimit: z.number().int().min(1).max(1_000_000),
    dailyDetections: z.number().int().min(0).max(1_000_000).nullable(),
    description: z.string().trim().max(500),
    highlights: z.array(z.string().trim().min(1).max(200)).max(12),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change.');

/** Plan Management: staff holding 'plans:edit' read and edit plan prices and limits. */
export async function adminPlanRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/admin/plans', { config: { access: 'plans:edit' } }, async (_req, reply) => {
    const body: AdminPlansResponse = { plans: await listPlans(ctx.db) };
    return noStore(reply).send(body);
  });

  app.put('/api/admin/plans/:id', { config: { access: 'plans:edit' } }, async (req, reply) => {
    const { id } = parse(PlanParams, req.params);
    const input = parse(PlanUpdate, req.body);
    const user = await requireUser(req);
    const plan = await updatePlan(ctx.db, id, input, { id: user.id, email: user.email, ip: clientIp(req) });
    return noStore(reply).send({ plan });
  });
}
