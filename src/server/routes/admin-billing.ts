import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AdminInvoicesQuery,
  AdminPaymentsQuery,
  AdminRefundRequestsQuery,
  ApproveRefundBody,
  RefuseRefundBody,
  type AdminInvoicesResponse,
  type AdminPaymentsResponse,
  type AdminRefundDecisionResponse,
  type AdminRefundRequestsResponse,
} from '../../shared/api/admin-billing';
import { clientIp, noStore, parse, requireUser } from '../http';
import { listInvoices, listPayments } from '../services/admin-billing';
import { approveRefundRequest, listRefundRequests, refuseRefundRequest, type Actor } from '../services/refund-requests';

const RequestParams = z.object({ id: z.uuid({ message: 'No such refund request.' }) });

async function actorOf(req: FastifyRequest): Promise<Actor> {
  return { ...(await requireUser(req)), ip: clientIp(req) };
}

/** Payments, Invoices and Refund Management: staff read payments (payments:read) and decide refund requests (refunds:approve). */
export async function adminBillingRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/admin/payments', { config: { access: 'payments:read' } }, async (req, reply) => {
    const body: AdminPaymentsResponse = await listPayments(ctx, parse(AdminPaymentsQuery, req.query));
    return noStore(reply).send(body);
  });

  app.get('/api/admin/invoices', { config: { access: 'payments:read' } }, async (req, reply) => {
    const body: AdminInvoicesResponse = await listInvoices(ctx, parse(AdminInvoicesQuery, req.query));
    return noStore(reply).send(body);
  });

  app.get('/api/admin/refund-requests', { config: { access: 'refunds:approve' } }, async (req, reply) => {
    const body: AdminRefundRequestsResponse = await listRefundRequests(ctx, parse(AdminRefundRequestsQuery, req.query));
    return noStore(reply).send(body);
  });

  app.post('/api/admin/refund-requests/:id/approve', { config: { access: 'refunds:approve' } }, async (req, reply) => {
    const { id } = parse(RequestParams, req.params);
    const input = parse(ApproveRefundBody, req.body ?? {});
    const body: AdminRefundDecisionResponse = { request: await approveRefundRequest(ctx, await actorOf(req), id, input, req.log) };
    return noStore(reply).send(body);
  });

  app.post('/api/admin/refund-requests/:id/refuse', { config: { access: 'refunds:approve' } }, async (req, reply) => {
    const { id } = parse(RequestParams, req.params);
    const { note } = parse(RefuseRefundBody, req.body ?? {});
    const body: AdminRefundDecisionResponse = { request: await refuseRefundRequest(ctx, await actorOf(req), id, note, req.log) };
    return noStore(reply).send(body);
  });
}
