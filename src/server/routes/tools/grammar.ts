import type { FastifyInstance } from 'fastify';
import { checkGrammar } from '../../../engines/grammar';
import { GrammarRequest, type GrammarResponse } from '../../../shared/api/grammar';
import { countWords } from '../../../shared/limits';
import { AppError } from '../../errors';
import { checkText, resolveCaller } from '../../services/tool-gate';
import { readToolInput } from '../../services/tool-input';

/** POST /api/tools/grammar-fixer {text} (or a multipart file): validate → authorize → check → respond. */
export async function grammarRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.post('/api/tools/grammar-fixer', async (req, reply) => {
    // validate
    const input = await readToolInput(req, GrammarRequest);
    // authorize
    const caller = await resolveCaller(ctx, req, reply);
    const wordsBefore = checkText(input.text, caller);
    // act
    let result;
    try {
      result = await checkGrammar(input.text);
    } catch (err) {
      req.log.error({ err }, 'grammar engine failed');
      throw new AppError('service_unavailable', 'The grammar checker is unavailable right now. Please try again.');
    }
    // respond
    const body: GrammarResponse = {
      issues: result.issues,
      corrected: result.corrected,
      output: result.corrected,
      engine: 'offline',
      wordsBefore,
      wordsAfter: countWords(result.corrected),
      ...(input.source === 'file' ? { input: input.text } : {}),
    };
    return reply.header('cache-control', 'no-store').send(body);
  });
}
