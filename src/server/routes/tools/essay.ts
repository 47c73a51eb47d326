import type { FastifyInstance } from 'fastify';
import { EssayOutlineResponse, EssayRequest, EssayResponse } from '../../../shared/api/essay';
import { countWords } from '../../../shared/limits';
import { citationsNeeded, outlineEssay, writeEssay } from '../../services/essay';
import { hasLanguageModel, requireLanguageModel } from '../../services/writing';
import { toolRoute } from '../../tool-route';

/**
 * The essay writer (Pro): the outline works offline; the full essay needs the language model (503
 * llm_not_configured without one) and streams when the page asks for server-sent events.
 */
export const essayOutline = toolRoute({
  path: '/api/tools/essay-writer/outline',
  input: EssayRequest,
  tool: 'essay_writer',
  run: outlineEssay,
  engine: () => 'offline',
  answer: (r): EssayOutlineResponse => ({ outline: r.outline, outlineText: r.outlineText, engine: 'offline' }),
  output: EssayOutlineResponse,
});

export const essayWriter = toolRoute({
  path: '/api/tools/essay-writer',
  input: EssayRequest,
  tool: 'essay_writer',
  available: requireLanguageModel,
  stream: hasLanguageModel,
  run: writeEssay,
  engine: (r) => r.engine,
  answer: (r, { input }): EssayResponse => ({
    essay: r.essay,
    engine: r.engine,
    words: countWords(r.essay),
    citationsNeeded: citationsNeeded(r.essay),
    detector: r.detector,
    citationStyle: input.citationStyle,
  }),
  output: EssayResponse,
});

export async function essayRoutes(app: FastifyInstance): Promise<void> {
  essayOutline.register(app);
  essayWriter.register(app);
}
