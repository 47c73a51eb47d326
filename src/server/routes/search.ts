import type { FastifyInstance } from 'fastify';
import { SearchQuery, searchTools, type SearchResponse } from '../../shared/api/search';
import { parse } from '../http';
import { getSettings } from '../services/settings';
import { searchPublishedPosts } from '../services/site-search';

/** GET /api/search?q=&limit=: the /search page's answer, the tools and the published posts matching every word. */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.get('/api/search', { config: { access: 'public' } }, async (req, reply) => {
    const { q, limit } = parse(SearchQuery, req.query);
    // tools staff turned off are not offered
    const { disabledTools } = await getSettings(ctx.db);
    const body: SearchResponse = { query: q, tools: searchTools(q, limit, new Set(disabledTools)), posts: await searchPublishedPosts(ctx.db, q, limit) };
    return reply.header('cache-control', 'no-cache').send(body);
  });
}
