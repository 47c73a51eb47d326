import type { FastifyInstance } from 'fastify';
import {
  HashtagRequest,
  HashtagResponse,
  KeywordRequest,
  KeywordResponse,
  MetaDescriptionRequest,
  MetaDescriptionResponse,
} from '../../../shared/api/keywords';
import { extractKeywords, makeHashtags } from '../../services/keywords';
import { META_LIMITS, writeMetaDescription } from '../../services/meta-description';
import { toolRoute, type ToolRoute } from '../../tool-route';

/**
 * The SEO text tools: keyword extractor and hashtag generator (offline, open to visitors within the word limit), and
 * the meta description generator (Pro in the catalogue, so toolRoute refuses other plans before the body is read).
 */
export const SEO_TEXT_TOOLS: ToolRoute[] = [
  toolRoute({
    path: '/api/tools/keyword-extractor',
    input: KeywordRequest,
    tool: 'keyword_extractor',
    anon: 'keywords',
    run: extractKeywords,
    engine: (r) => r.engine,
    answer: (r, { words }): KeywordResponse => ({ keyphrases: r.keyphrases, ...(r.groups ? { groups: r.groups } : {}), engine: r.engine, wordsBefore: words }),
    output: KeywordResponse,
  }),
  toolRoute({
    path: '/api/tools/hashtag-generator',
    input: HashtagRequest,
    tool: 'hashtag_generator',
    anon: 'hashtags',
    run: makeHashtags,
    engine: (r) => r.engine,
    answer: (r, { words }): HashtagResponse => ({ platform: r.platform, hashtags: r.hashtags, limits: r.limits, engine: r.engine, wordsBefore: words }),
    output: HashtagResponse,
  }),
  toolRoute({
    path: '/api/tools/seo-meta-description',
    input: MetaDescriptionRequest,
    tool: 'meta_description_generator',
    run: writeMetaDescription,
    engine: (r) => r.engine,
    answer: (r, { words }): MetaDescriptionResponse => ({
      description: r.description,
      focus: r.focus,
      variants: r.variants,
      engine: r.engine,
      limits: META_LIMITS,
      wordsBefore: words,
      ...(r.notice ? { notice: r.notice } : {}),
    }),
    output: MetaDescriptionResponse,
  }),
];

export async function seoTextRoutes(app: FastifyInstance): Promise<void> {
  for (const t of SEO_TEXT_TOOLS) t.register(app);
}
