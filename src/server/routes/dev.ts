import type { FastifyInstance } from 'fastify';
import { desc } from 'drizzle-orm';
import { outbox } from '../../db/schema';
import { noStore } from '../http';

/** Development mailbox: the outbox made readable, so e-mail flows work without SMTP. Never registered in production. */
export async function devRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.get('/api/dev/mailbox', async (_req, reply) => {
    const messages = await ctx.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(50);
    return noStore(reply).send({ transport: ctx.mailer.transport, messages });
  });
}
