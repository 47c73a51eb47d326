import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RefundRequestBody, type RefundRequestResponse, type RefundRequestsResponse } from '../../shared/api/admin-billing';
import { clientIp, noStore, parse, requireUser } from '../http';
import { refundRequestsOf, requestRefund } from '../services/refund-requests';

const PaymentParams = z.object({ id: z.uuid({ message: 'No such payment.' }) });

/** A user's refund requests: ask for a refund of one of their payments, and see what became of each request. */
export async function refundRequestRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.post('/api/billing/payments/:id/refund-request', { config: { access: 'user' } }, async (req, reply) => {
    const { id } = parse(PaymentParams, req.params);
    const { reason } = parse(RefundRequestBody, req.body ?? {});
    const user = await requireUser(req);
    const body: RefundRequestResponse = { request: await requestRefund(ctx, { ...user, ip: clientIp(req) }, id, reason, req.log) };
    return noStore(reply).status(201).send(body);
  });

  app.get('/api/billing/refund-requests', { config: { access: 'user' } }, async (req, reply) => {
    const user = await requireUser(req);
    const body: RefundRequestsResponse = { requests: await refundRequestsOf(ctx, user.id) };
    return noStore(reply).send(body);
  });
}
