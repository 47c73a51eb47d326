import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { noStore } from '../http';
import { recentMail } from '../services/mail';

function isLoopback(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1' || ip.startsWith('127.');
}

/** Development mailbox: the outbox made readable, so e-mail flows work without SMTP. Never registered in production. */
export async function devRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.get('/api/dev/mailbox', { config: { access: 'public' } }, async (req, reply) => {
    // The mailbox shows reset links. If a public server forgot NODE_ENV=production, only this machine may read it.
    if (!isLoopback(req.ip)) throw new AppError('not_found', 'The development mailbox is only available from this machine.');
    const messages = await recentMail(ctx.db, 50);
    return noStore(reply).send({ transport: ctx.mailer.transport, messages });
  });
}
