import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HistoryQuery, type HistoryItem, type HistoryListResponse } from '../../shared/api/history';
import type { ApiMeResponse } from '../../shared/api/public-api';
import { SaveReportBody, SavedReportsQuery, type SaveReportResponse, type SavedReport, type SavedReportsResponse } from '../../shared/api/saved-reports';
import { noStore, parse } from '../http';
import { deleteHistoryItem, getHistoryItem, listHistory } from '../services/history';
import { apiKeyOf, apiMe } from '../services/public-api';
import { reportPdf } from '../services/saved-report-pdf';
import { getSavedReport, listSavedReports, ownReportForPdf, pdfFilename, saveReport } from '../services/saved-reports';

const IdParams = z.object({ id: z.string().max(64) });
/** As on the web: a report's input may be a 200,000-character text with its whole result. */
const SAVE_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * The public API's own routes besides the tools (which toolRoute registers at /api/v1/tools/<slug>): who a key acts
 * for and what is left. Access 'apikey': the Bearer key alone, rate-limited per key.
 */
export async function publicApiRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  /** The key's owner, plan, allowance and the key's own limits: what a script checks before a batch of calls. */
  app.get('/api/v1/me', { config: { access: 'apikey' } }, async (req, reply) => {
    const body: ApiMeResponse = await apiMe(ctx, apiKeyOf(req));
    return noStore(reply).send(body);
  });

  // The key owner's scan history and saved reports: the same services as the web pages, always scoped to the key's
  // owner, so another user's item is a 404 like an unknown one.
  app.get('/api/v1/history', { config: { access: 'apikey' } }, async (req, reply) => {
    const body: HistoryListResponse = await listHistory(ctx, apiKeyOf(req).user.id, parse(HistoryQuery, req.query));
    return noStore(reply).send(body);
  });

  app.get('/api/v1/history/:id', { config: { access: 'apikey' } }, async (req, reply) => {
    const body: HistoryItem = await getHistoryItem(ctx, apiKeyOf(req).user.id, parse(IdParams, req.params).id);
    return noStore(reply).send(body);
  });

  app.delete('/api/v1/history/:id', { config: { access: 'apikey' } }, async (req, reply) => {
    await deleteHistoryItem(ctx, apiKeyOf(req).user.id, parse(IdParams, req.params).id);
    return reply.status(204).send();
  });

  /** Save a detector or plagiarism answer as a report: the answer with the receipt its check was sent with. */
  app.post('/api/v1/reports', { config: { access: 'apikey' }, bodyLimit: SAVE_BODY_LIMIT }, async (req, reply) => {
    const body: SaveReportResponse = { report: await saveReport(ctx, apiKeyOf(req).user.id, parse(SaveReportBody, req.body)) };
    return noStore(reply).status(201).send(body);
  });

  app.get('/api/v1/reports', { config: { access: 'apikey' } }, async (req, reply) => {
    const body: SavedReportsResponse = await listSavedReports(ctx, apiKeyOf(req).user.id, parse(SavedReportsQuery, req.query));
    return noStore(reply).send(body);
  });

  app.get('/api/v1/reports/:id', { config: { access: 'apikey' } }, async (req, reply) => {
    const body: SavedReport = await getSavedReport(ctx, apiKeyOf(req).user.id, parse(IdParams, req.params).id);
    return noStore(reply).send(body);
  });

  app.get('/api/v1/reports/:id/pdf', { config: { access: 'apikey' } }, async (req, reply) => {
    const report = await ownReportForPdf(ctx, apiKeyOf(req).user.id, parse(IdParams, req.params).id);
    const pdf = await reportPdf(report);
    return noStore(reply)
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${pdfFilename(report.title, report.createdAt)}"`)
      .send(Buffer.from(pdf));
  });
}
