import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CreateTicketBody, TicketMessageBody, type CreateTicketResponse, type MyTicketsResponse, type TicketThread } from '../../shared/api/support';
import { clientIp, noStore, parse, requireUser } from '../http';
import { currentUser } from '../services/sessions';
import { createTicket, myThread, myTickets, userReply } from '../services/support';

const TicketParams = z.object({ id: z.uuid({ message: 'No such ticket.' }) });

/** Support tickets, the user's side: the Contact page opens one (anyone may), /account lists and answers them. */
export async function supportRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.post('/api/support/tickets', { config: { access: 'public' } }, async (req, reply) => {
    const body = parse(CreateTicketBody, req.body);
    // Visitors may write too; a signed-in user's ticket belongs to the account.
    const user = await currentUser(req);
    const ticket = await createTicket(ctx, user, clientIp(req), body, req.log);
    const answer: CreateTicketResponse = {
      ticket,
      message: user
        ? `Thank you. Your message has been received; the answer will appear on your account page and be e-mailed to ${ticket.email}.`
        : `Thank you. Your message has been received; we will answer by e-mail at ${ticket.email}.`,
    };
    return noStore(reply).status(201).send(answer);
  });

  app.get('/api/support/tickets', { config: { access: 'user' } }, async (req, reply) => {
    const body: MyTicketsResponse = { items: await myTickets(ctx, await requireUser(req)) };
    return noStore(reply).send(body);
  });

  app.get('/api/support/tickets/:id', { config: { access: 'user' } }, async (req, reply) => {
    const { id } = parse(TicketParams, req.params);
    const body: TicketThread = await myThread(ctx, await requireUser(req), id);
    return noStore(reply).send(body);
  });

  app.post('/api/support/tickets/:id/messages', { config: { access: 'user' } }, async (req, reply) => {
    const { id } = parse(TicketParams, req.params);
    const { body } = parse(TicketMessageBody, req.body);
    const thread: TicketThread = await userReply(ctx, await requireUser(req), id, body);
    return noStore(reply).status(201).send(thread);
  });
}
