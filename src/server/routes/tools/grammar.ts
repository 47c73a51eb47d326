import type { FastifyInstance } from 'fastify';
import { GrammarRequest, GrammarResponse } from '../../../shared/api/grammar';
import { countWords } from '../../../shared/limits';
import { fixGrammar } from '../../services/grammar';
import { toolRoute } from '../../tool-route';

/** POST /api/tools/grammar-fixer {text} (or a multipart file): the issues with their offsets and the corrected text. */
export const grammarFixer = toolRoute({
  path: '/api/tools/grammar-fixer',
  input: GrammarRequest,
  tool: 'grammar_fixer',
  anon: 'grammar',
  run: fixGrammar,
  engine: () => 'offline',
  answer: (r, { words }): GrammarResponse => ({
    issues: r.issues,
    corrected: r.corrected,
    output: r.corrected,
    engine: 'offline',
    wordsBefore: words,
    wordsAfter: countWords(r.corrected),
  }),
  output: GrammarResponse,
});

export async function grammarRoutes(app: FastifyInstance): Promise<void> {
  grammarFixer.register(app);
}
