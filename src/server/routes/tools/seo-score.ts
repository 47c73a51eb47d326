import type { FastifyInstance } from 'fastify';
import { SeoRequest, type SeoResponse } from '../../../shared/api/seo-score';
import { analyzeSeoPage } from '../../services/seo-score';
import { toolRoute } from '../../tool-route';

/**
 * POST /api/tools/seo-score-analyzer {text | url, keyphrase?, title?, metaDescription?, slug?, format} (or a
 * multipart file): the traffic-light checks, the readability figures and the 0–100 score.
 */
export const seoScoreAnalyzer = toolRoute({
  path: '/api/tools/seo-score-analyzer',
  input: SeoRequest,
  tool: 'seo_score_analyzer',
  anon: 'seo',
  run: analyzeSeoPage,
  engine: () => 'offline',
  answer: (r): SeoResponse => ({ ...r.report, engine: 'offline', ...(r.fetched ? { fetched: r.fetched } : {}) }),
});

export async function seoScoreRoutes(app: FastifyInstance): Promise<void> {
  seoScoreAnalyzer.register(app);
}
