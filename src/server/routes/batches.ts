import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AdminBatchQuery, type AdminBatchList, type BatchList, type BatchSummary, type BatchView } from '../../shared/api/batches';
import { clientIp, noStore, parse, requireUser } from '../http';
import {
  adminCancelBatch,
  adminListBatches,
  batchCaller,
  batchCsv,
  cancelBatch,
  deleteBatch,
  getBatch,
  listBatches,
  mayRunBatches,
  uploadBatch,
} from '../services/batches';
import { batchReportsZip } from '../services/batch-reports';
import { apiKeyOf } from '../services/public-api';

const BatchParams = z.object({ id: z.string().max(64) });

/**
 * Batch checks (services/batches.ts): the upload, progress and results, cancel and delete, the CSV and the zip of PDF
 * reports, for the batch's owner (another user's batch is a 404), on the website and on the public API; and every batch for staff holding usage:read
 * (/admin/batch-processing), who may cancel one.
 */
export async function batchRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  // The same routes on the website (the session's user) and on the public API (/api/v1, the Bearer key's owner and
  // its scopes); a batch sent through either is listed by both.
  const surfaces = [
    { prefix: '/api', access: 'user', owner: (req: FastifyRequest) => requireUser(req), key: () => null },
    {
      prefix: '/api/v1',
      access: 'apikey',
      owner: async (req: FastifyRequest) => apiKeyOf(req).user,
      key: (req: FastifyRequest) => ({ apiKeyId: apiKeyOf(req).apiKeyId, scopes: apiKeyOf(req).key.scopes }),
    },
  ] as const;
  for (const { prefix, access, owner, key } of surfaces) {
    const config = { access };

    /** multipart: `tool` (content_detector | plagiarism_checker), optional `name`, and up to 50 files or .zip archives */
    app.post(`${prefix}/batches`, { config }, async (req, reply) => {
      const body: BatchView = await uploadBatch(ctx, req, await owner(req), key(req));
      return noStore(reply).status(201).send(body);
    });

    app.get(`${prefix}/batches`, { config }, async (req, reply) => {
      const user = await owner(req);
      const body: BatchList = { allowed: mayRunBatches(await batchCaller(ctx, user)), batches: await listBatches(ctx, user.id) };
      return noStore(reply).send(body);
    });

    app.get(`${prefix}/batches/:id`, { config }, async (req, reply) => {
      const { id } = parse(BatchParams, req.params);
      const body: BatchView = await getBatch(ctx, id, (await owner(req)).id);
      return noStore(reply).send(body);
    });

    app.post(`${prefix}/batches/:id/cancel`, { config }, async (req, reply) => {
      const { id } = parse(BatchParams, req.params);
      const body: BatchView = await cancelBatch(ctx, id, (await owner(req)).id);
      return noStore(reply).send(body);
    });

    app.delete(`${prefix}/batches/:id`, { config }, async (req, reply) => {
      const { id } = parse(BatchParams, req.params);
      await deleteBatch(ctx, id, (await owner(req)).id);
      return noStore(reply).status(204).send();
    });

    app.get(`${prefix}/batches/:id/csv`, { config }, async (req, reply) => {
      const { id } = parse(BatchParams, req.params);
      const { filename, csv } = await batchCsv(ctx, id, (await owner(req)).id);
      return noStore(reply).type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(csv);
    });

    app.get(`${prefix}/batches/:id/reports.zip`, { config }, async (req, reply) => {
      const { id } = parse(BatchParams, req.params);
      const { filename, zip } = await batchReportsZip(ctx, id, (await owner(req)).id);
      return noStore(reply).type('application/zip').header('content-disposition', `attachment; filename="${filename}"`).send(zip);
    });
  }

  app.get('/api/admin/batches', { config: { access: 'usage:read' } }, async (req, reply) => {
    const body: AdminBatchList = await adminListBatches(ctx, parse(AdminBatchQuery, req.query));
    return noStore(reply).send(body);
  });

  app.post('/api/admin/batches/:id/cancel', { config: { access: 'usage:read' } }, async (req, reply) => {
    const { id } = parse(BatchParams, req.params);
    const body: BatchSummary = await adminCancelBatch(ctx, await requireUser(req), id, clientIp(req));
    return noStore(reply).send(body);
  });
}
