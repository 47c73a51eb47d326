import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AdminPlansResponse } from '../../shared/api/billing';
import { PLAN_IDS } from '../../shared/plans';
import { clientIp, noStore, parse, requireUser } from '../http';
import { updatePlan } from '../services/admin';
import { listPlans } from '../services/billing';

const PlanParams = z.object({ id: z.enum(PLAN_IDS, { message: 'Unknown plan.' }) });
/** A whole number between `min` and `max`, with a message staff can act on. */
const count = (what: string, min: number, max: number) =>
  z
    .number({ message: `${what} must be a number.` })
    .int(`${what} must be a whole number.`)
    .min(min, `${what} must be at least ${min.toLocaleString('en-US')}.`)
    .max(max, `${what} must be at most ${max.toLocaleString('en-US')}.`);

const PlanUpdate = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(60, 'The name must be at most 60 characters.'),
    price: count('The price (in cents)', 0, 10_000_000),
    monthlyCharacters: count('Characters per month', 0, 10_000_000_000),
    wordLimit: count('Words per request', 1, 1_000_000),
    dailyDetections: count('Detections per day', 0, 1_000_000).nullable(),
    description: z.string().trim().max(500, 'The description must be at most 500 characters.'),
    highlights: z
      .array(z.string().trim().min(1, 'A highlight cannot be empty.').max(200, 'A highlight must be at most 200 characters.'))
      .max(12, 'At most 12 highlights.'),
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
