import type { FastifyInstance } from 'fastify';
import { siteInfoOf, type SiteInfo } from '../../shared/settings';
import { getSettings } from '../services/settings';
import { siteClaims } from '../services/site-claims';
import type { SiteClaims } from '../../shared/site-claims';

/** GET /api/site: the visitor-facing settings (name, support e-mail, maintenance banner, sign-ups, tools turned off). */
export async function siteRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.get('/api/site', { config: { access: 'public' } }, async (_req, reply) => {
    const body: SiteInfo = siteInfoOf(await getSettings(ctx.db));
    // Short-lived: a changed banner reaches visitors within seconds, and a page load does not always refetch.
    return reply.header('cache-control', 'no-cache').send(body);
  });

  // GET /api/site/claims: the home page's figures; counts are cached for five minutes on the server and in browsers.
  app.get('/api/site/claims', { config: { access: 'public' } }, async (_req, reply) => {
    const body: SiteClaims = await siteClaims(ctx);
    return reply.header('cache-control', 'public, max-age=300').send(body);
  });
}
