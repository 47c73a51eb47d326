import type { FastifyInstance } from 'fastify';
import { checkGrammar } from '../../../engines/grammar';
import { GrammarRequest, type GrammarResponse } from '../../../shared/api/grammar';
import { countWords } from '../../../shared/limits';
import { AppError } from '../../errors';
import { resolveCaller, runTool } from '../../services/tool-gate';
import { readToolInput } from '../../services/tool-input';

/** POST /api/tools/grammar-fixer {text} (or a multipart file): validate → authorize → check → respond. */
export async function grammarRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.post('/api/tools/grammar-fixer', async (req, reply) => {
    // validate
    const input = await readToolInput(req, GrammarRequest);
    // authorize and act, metered (word limit, plan allowance; refunded on failure)
    const caller = await resolveCaller(ctx, req, reply);
    const { result, words: wordsBefore } = await runTool(
      ctx,
      caller,
      { tool: 'grammar_fixer', text: input.text },
      async () => {
        try {
          return await checkGrammar(input.text);
        } catch (err) {
          req.log.error({ err }, 'grammar engine failed');
          throw new AppError('service_unavailable', 'The grammar checker is unavailable right now. Please try again.');
        }
      },
      () => 'offline',
    );
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
