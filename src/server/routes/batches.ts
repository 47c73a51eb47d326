import type { FastifyInstance } from 'fastify';
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

const BatchParams = z.object({ id: z.string().max(64) });

/**
 * Batch checks (services/batches.ts): the upload, progress and results, cancel and delete, the CSV and the zip of PDF
 * reports, for the batch's owner (another user's batch is a 404); and every batch for staff holding usage:read
 * (/admin/batch-processing), who may cancel one.
 */
export async function batchRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  /** multipart: `tool` (content_detector | plagiarism_checker), optional `name`, and up to 50 files or .zip archives */
  app.post('/api/batches', { config: { access: 'user' } }, async (req, reply) => {
    const body: BatchView = await uploadBatch(ctx, req, await requireUser(req));
    return noStore(reply).status(201).send(body);
  });

  app.get('/api/batches', { config: { access: 'user' } }, async (req, reply) => {
    const user = await requireUser(req);
    const body: BatchList = { allowed: mayRunBatches(await batchCaller(ctx, user)), batches: await listBatches(ctx, user.id) };
    return noStore(reply).send(body);
  });

  app.get('/api/batches/:id', { config: { access: 'user' } }, async (req, reply) => {
    const { id } = parse(BatchParams, req.params);
    const body: BatchView = await getBatch(ctx, id, (await requireUser(req)).id);
    return noStore(reply).send(body);
  });

  app.post('/api/batches/:id/cancel', { config: { access: 'user' } }, async (req, reply) => {
    const { id } = parse(BatchParams, req.params);
    const body: BatchView = await cancelBatch(ctx, id, (await requireUser(req)).id);
    return noStore(reply).send(body);
  });

  app.delete('/api/batches/:id', { config: { access: 'user' } }, async (req, reply) => {
    const { id } = parse(BatchParams, req.params);
    await deleteBatch(ctx, id, (await requireUser(req)).id);
    return noStore(reply).status(204).send();
  });

  app.get('/api/batches/:id/csv', { config: { access: 'user' } }, async (req, reply) => {
    const { id } = parse(BatchParams, req.params);
    const { filename, csv } = await batchCsv(ctx, id, (await requireUser(req)).id);
    return noStore(reply).type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(csv);
  });

  app.get('/api/batches/:id/reports.zip', { config: { access: 'user' } }, async (req, reply) => {
    const { id } = parse(BatchParams, req.params);
    const { filename, zip } = await batchReportsZip(ctx, id, (await requireUser(req)).id);
    return noStore(reply).type('application/zip').header('content-disposition', `attachment; filename="${filename}"`).send(zip);
  });

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
