import type { FastifyInstance } from 'fastify';
import { ContentRequest, ContentResponse } from '../../../shared/api/content';
import { contentWords, generateContent } from '../../services/content';
import { hasLanguageModel, requireLanguageModel } from '../../services/writing';
import { toolRoute } from '../../tool-route';

/** The content generator: language model only (503 llm_not_configured without one), streamed when the page asks. */
export const contentGenerator = toolRoute({
  path: '/api/tools/content-generator',
  input: ContentRequest,
  tool: 'content_generator',
  anon: 'generate',
  available: requireLanguageModel,
  stream: hasLanguageModel,
  run: generateContent,
  engine: (r) => r.engine,
  answer: (r, { input }): ContentResponse => ({
    output: r.output,
    engine: r.engine,
    type: input.type,
    tone: input.tone,
    length: input.length,
    words: contentWords(r.output),
  }),
  output: ContentResponse,
});

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  contentGenerator.register(app);
}
