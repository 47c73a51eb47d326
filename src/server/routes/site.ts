import type { FastifyInstance } from 'fastify';
import { siteInfoOf, type SiteInfo } from '../../shared/settings';
import { getSettings } from '../services/settings';

/** GET /api/site: the visitor-facing settings (name, support e-mail, maintenance banner, sign-ups, tools turned off). */
export async function siteRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.get('/api/site', { config: { access: 'public' } }, async (_req, reply) => {
    const body: SiteInfo = siteInfoOf(await getSettings(ctx.db));
    // Short-lived: a changed banner reaches visitors within seconds, and a page load does not always refetch.
    return reply.header('cache-control', 'no-cache').send(body);
  });
}
