import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AdminTicketsQuery, TicketMessageBody, TicketStatusBody, type TicketThread } from '../../shared/api/support';
import { clientIp, noStore, parse, requireUser } from '../http';
import { listTickets, setTicketStatus, staffReply, ticketThread, type Actor } from '../services/support';

const TicketParams = z.object({ id: z.uuid({ message: 'No such ticket.' }) });

async function actorOf(req: FastifyRequest): Promise<Actor> {
  return { ...(await requireUser(req)), ip: clientIp(req) };
}

/** Support Tickets (/admin/support-tickets): staff read, answer (the sender is e-mailed), close and reopen; audited. */
export async function adminSupportRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/admin/support-tickets', { config: { access: 'support:read' } }, async (req, reply) =>
    noStore(reply).send(await listTickets(ctx, parse(AdminTicketsQuery, req.query))),
  );

  app.get('/api/admin/support-tickets/:id', { config: { access: 'support:read' } }, async (req, reply) => {
    const { id } = parse(TicketParams, req.params);
    const body: TicketThread = await ticketThread(ctx, id);
    return noStore(reply).send(body);
  });

  app.post('/api/admin/support-tickets/:id/reply', { config: { access: 'support:read' } }, async (req, reply) => {
    const { id } = parse(TicketParams, req.params);
    const { body } = parse(TicketMessageBody, req.body);
    const thread: TicketThread = await staffReply(ctx, await actorOf(req), id, body, req.log);
    return noStore(reply).status(201).send(thread);
  });

  app.post('/api/admin/support-tickets/:id/status', { config: { access: 'support:read' } }, async (req, reply) => {
    const { id } = parse(TicketParams, req.params);
    const { status } = parse(TicketStatusBody, req.body);
    const thread: TicketThread = await setTicketStatus(ctx, await actorOf(req), id, status);
    return noStore(reply).send(thread);
  });
}
