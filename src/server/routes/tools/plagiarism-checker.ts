import type { FastifyInstance } from 'fastify';
import { PlagiarismRequest, PlagiarismResponse, type PlagiarismStatus } from '../../../shared/api/plagiarism';
import { noStore } from '../../http';
import { checkPlagiarism, plagiarismStatus } from '../../services/plagiarism';
import { toolRoute } from '../../tool-route';

/** POST /api/tools/plagiarism-checker: matches in the reference library (and the web, when search is configured) with their sources. */
export const plagiarismChecker = toolRoute({
  path: '/api/tools/plagiarism-checker',
  input: PlagiarismRequest,
  tool: 'plagiarism_checker',
  anon: 'plagiarism',
  run: ({ ctx, caller, input, log, signal }) => checkPlagiarism(ctx, caller.user, input.text, log, signal),
  engine: (r) => (r.checkedAgainst.web ? `library+web (${r.checkedAgainst.web.providers.join(', ')})` : 'library'),
  answer: (r): PlagiarismResponse => r,
  output: PlagiarismResponse,
});

export async function plagiarismRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  plagiarismChecker.register(app);

  /** How many documents the library holds (the page shows it; tests wait on the starter import). */
  app.get('/api/tools/plagiarism-checker/status', { config: { access: 'public' } }, async (_req, reply) => {
    const body: PlagiarismStatus = await plagiarismStatus(ctx);
    return noStore(reply).send(body);
  });
}
