import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  RenameReportBody,
  SaveReportBody,
  SavedReportsQuery,
  ShareReportBody,
  type SaveReportResponse,
  type SavedReport,
  type SavedReportSummary,
  type SavedReportsResponse,
  type ShareReportResponse,
  type SharedReport,
} from '../../shared/api/saved-reports';
import { noStore, parse, requireUser } from '../http';
import { reportPdf } from '../services/saved-report-pdf';
import {
  deleteSavedReport,
  getSavedReport,
  listSavedReports,
  ownReportForPdf,
  pdfFilename,
  renameSavedReport,
  revokeShare,
  saveReport,
  sharedReport,
  sharedReportForPdf,
  shareSavedReport,
} from '../services/saved-reports';

const IdParams = z.object({ id: z.string().max(64) });
const TokenParams = z.object({ token: z.string().max(128) });

/** A report's input may be a 200,000-character text with its whole result: more than the default 1 MB body. */
const SAVE_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * Saved reports of detector and plagiarism results (the owner's, under /api/reports/saved) and their share links
 * (anyone with the link, under /api/shared-reports/:token: no login, no account data).
 */
export async function savedReportRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.post('/api/reports/saved', { config: { access: 'user' }, bodyLimit: SAVE_BODY_LIMIT }, async (req, reply) => {
    const user = await requireUser(req);
    const body: SaveReportResponse = { report: await saveReport(ctx, user.id, parse(SaveReportBody, req.body)) };
    return noStore(reply).status(201).send(body);
  });

  app.get('/api/reports/saved', { config: { access: 'user' } }, async (req, reply) => {
    const user = await requireUser(req);
    const body: SavedReportsResponse = await listSavedReports(ctx, user.id, parse(SavedReportsQuery, req.query));
    return noStore(reply).send(body);
  });

  app.get('/api/reports/saved/:id', { config: { access: 'user' } }, async (req, reply) => {
    const user = await requireUser(req);
    const body: SavedReport = await getSavedReport(ctx, user.id, parse(IdParams, req.params).id);
    return noStore(reply).send(body);
  });

  app.patch('/api/reports/saved/:id', { config: { access: 'user' } }, async (req, reply) => {
    const user = await requireUser(req);
    const { id } = parse(IdParams, req.params);
    const body: SavedReportSummary = await renameSavedReport(ctx, user.id, id, parse(RenameReportBody, req.body).title);
    return noStore(reply).send(body);
  });

  app.delete('/api/reports/saved/:id', { config: { access: 'user' } }, async (req, reply) => {
    const user = await requireUser(req);
    await deleteSavedReport(ctx, user.id, parse(IdParams, req.params).id);
    return reply.status(204).send();
  });

  app.get('/api/reports/saved/:id/pdf', { config: { access: 'user' } }, async (req, reply) => {
    const user = await requireUser(req);
    const report = await ownReportForPdf(ctx, user.id, parse(IdParams, req.params).id);
    const pdf = await reportPdf(report);
    return noStore(reply)
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${pdfFilename(report.title, report.createdAt)}"`)
      .send(Buffer.from(pdf));
  });

  /** A new share link (the token is in this answer only); an earlier link of the report stops working. */
  app.post('/api/reports/saved/:id/share', { config: { access: 'user' } }, async (req, reply) => {
    const user = await requireUser(req);
    const { id } = parse(IdParams, req.params);
    const { expiresInDays } = parse(ShareReportBody, req.body ?? {});
    const body: ShareReportResponse = await shareSavedReport(ctx, user.id, id, expiresInDays);
    return noStore(reply).status(201).send(body);
  });

  app.delete('/api/reports/saved/:id/share', { config: { access: 'user' } }, async (req, reply) => {
    const user = await requireUser(req);
    await revokeShare(ctx, user.id, parse(IdParams, req.params).id);
    return reply.status(204).send();
  });

  // Public: the link is the credential. Not cached by shared caches (a revoked link must stop working at once), and
  // not indexed by search engines.
  app.get('/api/shared-reports/:token', { config: { access: 'public' } }, async (req, reply) => {
    const body: SharedReport = await sharedReport(ctx, parse(TokenParams, req.params).token);
    return noStore(reply).header('x-robots-tag', 'noindex').send(body);
  });

  app.get('/api/shared-reports/:token/pdf', { config: { access: 'public' } }, async (req, reply) => {
    const report = await sharedReportForPdf(ctx, parse(TokenParams, req.params).token);
    const pdf = await reportPdf(report);
    return noStore(reply)
      .header('x-robots-tag', 'noindex')
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${pdfFilename(report.title, report.createdAt)}"`)
      .send(Buffer.from(pdf));
  });
}
