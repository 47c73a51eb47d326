import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { DayRangeQuery, EXPORT_KINDS, RevenueQuery, ToolPerformanceQuery, UserGrowthQuery } from '../../shared/api/admin-analytics';
import { clientIp, noStore, parse, requireUser } from '../http';
import { monitorSnapshot, revenueReport, toolPerformance, usageCsv, usageReport, userGrowth } from '../services/admin-analytics';
import { exportFileName, startExport } from '../services/admin-export';

/** Staff analytics over the usage and payment tables (read-only), the Real-time Monitor and the CSV exports. */
export async function adminAnalyticsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/admin/tool-performance', { config: { access: 'usage:read' } }, async (req, reply) => {
    const { range } = parse(ToolPerformanceQuery, req.query);
    return noStore(reply).send(await toolPerformance(ctx, range));
  });

  app.get('/api/admin/usage', { config: { access: 'usage:read' } }, async (req, reply) =>
    noStore(reply).send(await usageReport(ctx, parse(DayRangeQuery, req.query))),
  );

  app.get('/api/admin/usage.csv', { config: { access: 'usage:read' } }, async (req, reply) => {
    const range = parse(DayRangeQuery, req.query);
    const user = await requireUser(req);
    const { from, to, csv } = await usageCsv(ctx, { id: user.id, email: user.email, ip: clientIp(req) }, range);
    return noStore(reply)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="veritext-usage-by-day-${from}_to_${to}.csv"`)
      .send(csv);
  });

  app.get('/api/admin/revenue', { config: { access: 'revenue:read' } }, async (req, reply) => {
    const { months } = parse(RevenueQuery, req.query);
    return noStore(reply).send(await revenueReport(ctx, months));
  });

  app.get('/api/admin/user-growth', { config: { access: 'usage:read' } }, async (req, reply) => {
    const { period } = parse(UserGrowthQuery, req.query);
    return noStore(reply).send(await userGrowth(ctx, period));
  });

  app.get('/api/admin/monitor', { config: { access: 'monitor:read' } }, async (_req, reply) => noStore(reply).send(await monitorSnapshot(ctx)));

  for (const kind of EXPORT_KINDS) {
    app.get(`/api/admin/export/${kind}.csv`, { config: { access: 'reports:export' } }, async (req, reply) => {
      const range = parse(DayRangeQuery, req.query);
      const user = await requireUser(req);
      const chunks = await startExport(ctx, { id: user.id, email: user.email, ip: clientIp(req) }, kind, range);
      return noStore(reply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName(kind, range, ctx.now())}"`)
        .send(Readable.from(chunks));
    });
  }
}
