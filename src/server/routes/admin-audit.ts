import type { FastifyInstance } from 'fastify';
import { AuditQuery, type AuditListResponse } from '../../shared/api/admin-audit';
import { noStore, parse } from '../http';
import { auditCsv, listAudit } from '../services/audit-log';

/** The Audit Logs page: the audit table, filtered and paged, and the same filters as a CSV download. */
export async function adminAuditRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/admin/audit', { config: { access: 'audit:read' } }, async (req, reply) => {
    const body: AuditListResponse = await listAudit(ctx.db, parse(AuditQuery, req.query));
    return noStore(reply).send(body);
  });

  app.get('/api/admin/audit.csv', { config: { access: 'audit:read' } }, async (req, reply) => {
    const { offset: _offset, limit: _limit, ...filters } = parse(AuditQuery, req.query);
    const day = ctx.now().toISOString().slice(0, 10);
    return noStore(reply)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${day}.csv"`)
      .send(await auditCsv(ctx.db, filters));
  });
}
