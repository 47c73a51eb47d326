import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HistoryQuery, type HistoryClearResponse, type HistoryItem, type HistoryListResponse } from '../../shared/api/history';
import { noStore, parse, requireUser } from '../http';
import { clearHistory, deleteHistoryItem, getHistoryItem, listHistory } from '../services/history';

const ItemParams = z.object({ id: z.string().max(64) });

/** The signed-in user's scan history (kept while they have it on; GET/PUT /api/user/settings `historyEnabled`). */
export async function historyRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/history', { config: { access: 'user' } }, async (req, reply) => {
    const user = await requireUser(req);
    const body: HistoryListResponse = await listHistory(ctx, user.id, parse(HistoryQuery, req.query));
    return noStore(reply).send(body);
  });

  /** One item with its input and result; another user's item answers 404 like an unknown one. */
  app.get('/api/history/:id', { config: { access: 'user' } }, async (req, reply) => {
    const user = await requireUser(req);
    const { id } = parse(ItemParams, req.params);
    const body: HistoryItem = await getHistoryItem(ctx, user.id, id);
    return noStore(reply).send(body);
  });

  app.delete('/api/history/:id', { config: { access: 'user' } }, async (req, reply) => {
    const user = await requireUser(req);
    const { id } = parse(ItemParams, req.params);
    await deleteHistoryItem(ctx, user.id, id);
    return reply.status(204).send();
  });

  /** Delete every item (the page asks for confirmation first). */
  app.delete('/api/history', { config: { access: 'user' } }, async (req, reply) => {
    const user = await requireUser(req);
    const body: HistoryClearResponse = { deleted: await clearHistory(ctx, user.id) };
    return noStore(reply).send(body);
  });
}
