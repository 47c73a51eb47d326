import type { FastifyInstance } from 'fastify';
import { SeoRequest, SeoResponse, SeoSuggestionsRequest, SeoSuggestionsResponse } from '../../../shared/api/seo-score';
import { hasLanguageModel, requireLanguageModel } from '../../services/model-call';
import { analyzeSeoPage, suggestSeoRewrites } from '../../services/seo-score';
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
  output: SeoResponse,
});

/** POST /api/tools/seo-score-analyzer/suggestions: the language model's rewrites of the weak parts, streamed. */
export const seoSuggestions = toolRoute({
  path: '/api/tools/seo-score-analyzer/suggestions',
  input: SeoSuggestionsRequest,
  tool: 'seo_score_analyzer',
  anon: 'generate',
  available: requireLanguageModel,
  stream: hasLanguageModel,
  run: suggestSeoRewrites,
  engine: (r) => r.engine,
  answer: (r) => r,
  output: SeoSuggestionsResponse,
});

export async function seoScoreRoutes(app: FastifyInstance): Promise<void> {
  seoScoreAnalyzer.register(app);
  seoSuggestions.register(app);
}
