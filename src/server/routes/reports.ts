import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AdminReportsQuery,
  CreateReportBody,
  DetectionLogsQuery,
  ReviewReportBody,
  type CreateReportResponse,
  type DetectionLogDetail,
  type ReviewReportResponse,
} from '../../shared/api/reports';
import { clientIp, noStore, parse, requireUser } from '../http';
import { detectionLogDetail, listDetectionLogs } from '../services/detection-logs';
import { createReport, listReports, reviewReport, type Actor } from '../services/result-reports';
import { currentUser } from '../services/sessions';
import { ANON_COOKIE } from '../services/tool-gate';

const IdParams = z.object({ id: z.uuid({ message: 'Not found.' }) });

async function actorOf(req: FastifyRequest): Promise<Actor> {
  return { ...(await requireUser(req)), ip: clientIp(req) };
}

/** The visitor id of the signed cookie the detector set, if the request carries a valid one. */
function anonIdOf(req: FastifyRequest): string | null {
  const raw = req.cookies[ANON_COOKIE];
  if (!raw) return null;
  const unsigned = req.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

/**
 * The detector's feedback loop: a caller reports a result as wrong; staff review reports (/admin/reports) and read the
 * detection logs (/admin/detection-logs).
 */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.post('/api/reports', { config: { access: 'public' } }, async (req, reply) => {
    const body = parse(CreateReportBody, req.body);
    const report = await createReport(ctx, { user: await currentUser(req), anonId: anonIdOf(req), ip: clientIp(req) }, body);
    const answer: CreateReportResponse = { report, message: 'Your report has been sent. Staff review every report and use them to improve the detector.' };
    return noStore(reply).status(201).send(answer);
  });

  app.get('/api/admin/reports', { config: { access: 'reports:read' } }, async (req, reply) =>
    noStore(reply).send(await listReports(ctx, parse(AdminReportsQuery, req.query))),
  );

  app.post('/api/admin/reports/:id/review', { config: { access: 'reports:read' } }, async (req, reply) => {
    const { id } = parse(IdParams, req.params);
    const { decision, note } = parse(ReviewReportBody, req.body);
    const body: ReviewReportResponse = { report: await reviewReport(ctx, await actorOf(req), id, decision, note) };
    return noStore(reply).send(body);
  });

  app.get('/api/admin/detection-logs', { config: { access: 'usage:read' } }, async (req, reply) =>
    noStore(reply).send(await listDetectionLogs(ctx, parse(DetectionLogsQuery, req.query))),
  );

  app.get('/api/admin/detection-logs/:id', { config: { access: 'usage:read' } }, async (req, reply) => {
    const { id } = parse(IdParams, req.params);
    const body: DetectionLogDetail = await detectionLogDetail(ctx, id);
    return noStore(reply).send(body);
  });
}
