import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { plans } from '../../db/schema';
import type { AdminPlansResponse } from '../../shared/api/billing';
import { PLAN_IDS } from '../../shared/plans';
import { AppError } from '../errors';
import { clientIp, noStore, parse, requireRole } from '../http';
import { getPlan, listPlans } from '../services/billing';
import { audit } from '../services/users';

/** Plan Management is an admin item (SPEC §6); super_admin holds every admin power. */
const PLAN_ADMINS = ['admin', 'super_admin'] as const;

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

/**
 * Staff edit plan prices and limits. The change applies to purchases (and free-plan renewals) from
 * now on; existing subscribers keep the terms copied onto their subscription when they bought it.
 */
export async function adminPlanRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/admin/plans', async (req, reply) => {
    await requireRole(req, PLAN_ADMINS);
    const body: AdminPlansResponse = { plans: await listPlans(ctx.db) };
    return noStore(reply).send(body);
  });

  app.put('/api/admin/plans/:id', async (req, reply) => {
    const user = await requireRole(req, PLAN_ADMINS);
    const { id } = parse(PlanParams, req.params);
    const input = parse(PlanUpdate, req.body);
    if (id === 'free' && input.price !== undefined && input.price !== 0) throw new AppError('validation_failed', 'The Free plan costs nothing.', { price: 'Must be 0' });
    await getPlan(ctx.db, id);
    await ctx.db.update(plans).set({ ...input, updatedAt: new Date(), updatedBy: user.id }).where(eq(plans.id, id));
    await audit(ctx.db, { userId: user.id, email: user.email, action: `plan ${id} edited: ${JSON.stringify(input)}`, category: 'payment', ip: clientIp(req) });
    return noStore(reply).send({ plan: await getPlan(ctx.db, id) });
  });
}
