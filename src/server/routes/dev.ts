import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { noStore } from '../http';
import { recentMail } from '../services/mail';

function isLoopback(ip: string | undefined): boolean {
  return ip !== undefined && (ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.'));
}

/**
 * Only a direct connection from this machine: the socket's own address, never req.ip, which under TRUST_PROXY comes
 * from X-Forwarded-For and so from the client. A request relayed by a proxy on this machine (the socket is loopback but
 * it carries forwarding headers) came from elsewhere and is refused too.
 */
function fromThisMachine(req: FastifyRequest): boolean {
  return isLoopback(req.socket.remoteAddress) && req.headers['x-forwarded-for'] === undefined && req.headers.forwarded === undefined;
}

/** Development mailbox: the outbox made readable, so e-mail flows work without SMTP. Never registered in production. */
export async function devRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.get('/api/dev/mailbox', { config: { access: 'public' } }, async (req, reply) => {
    // The mailbox shows reset links. If a public server forgot NODE_ENV=production, only this machine may read it.
    if (!fromThisMachine(req)) throw new AppError('not_found', 'The development mailbox is only available from this machine.');
    const messages = await recentMail(ctx.db, 50);
    return noStore(reply).send({ transport: ctx.mailer.transport, messages });
  });
}
