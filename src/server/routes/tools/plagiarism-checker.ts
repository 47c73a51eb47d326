import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { checkText as checkPlagiarism } from '../../../engines/plagiarism';
import { PlagiarismRequest, type PlagiarismResponse, type PlagiarismStatus } from '../../../shared/api/plagiarism';
import type { ServerContext } from '../../context';
import { addReferenceDocument, DbFingerprintStore, loadSource } from '../../services/plagiarism-store';
import { configuredWebSearchProviders } from '../../services/plagiarism-providers';
import { resolveCaller, runTool } from '../../services/tool-gate';
import { readToolInput } from '../../services/tool-input';
import { readUserSettings } from '../user-settings';

/** Check `text` against the reference library; source excerpts are cut from the indexed texts. */
export async function runPlagiarismCheck(ctx: ServerContext, text: string): Promise<Omit<PlagiarismResponse, 'text'>> {
  const store = new DbFingerprintStore(ctx.db);
  const texts = new Map<string, string>();
  const load = loadSource(ctx.db);
  const report = await checkPlagiarism(store, text, async (id) => {
    const src = await load(id);
    if (src) texts.set(id, src.text);
    return src;
  });
  // No web search provider exists yet (services/plagiarism-providers.ts), so the library alone
  // answers and that is not a fallback. With providers, fallback = all configured providers failed.
  if (configuredWebSearchProviders().length > 0) throw new Error('web search providers are not supported yet');
  const fallback = false;
  return {
    status: 'completed',
    items: report.sources.map((s) => ({
      id: s.docId,
      title: s.title,
      reference: s.reference,
      matchedPercent: s.matchedPercent,
      jaccard: s.jaccard,
      passages: s.passages.map((p) => ({ ...p, sourceExcerpt: (texts.get(s.docId) ?? '').slice(p.source.start, p.source.end) })),
    })),
    fallback,
    similarity: report.similarity,
    checkedAgainst: { documents: report.checkedDocuments },
    wordCount: report.wordCount,
  };
}

/**
 * Add a checked text to the reference library (origin 'user'). The reference names the user and the
 * text's hash, so resubmitting the same text is a no-op (unique (origin, reference)).
 */
export async function shareSubmission(ctx: ServerContext, user: { id: string; username: string }, text: string): Promise<{ id: string | null; created: boolean }> {
  if (text.trim() === '') return { id: null, created: false };
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 32);
  return addReferenceDocument(ctx.db, {
    title: `Submission by ${user.username}, ${new Date().toISOString().slice(0, 10)}`,
    reference: `user:${user.id}:${hash}`,
    licence: 'Shared by its author for plagiarism checking',
    origin: 'user',
    text,
    addedBy: user.id,
  });
}

export async function plagiarismRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.post('/api/tools/plagiarism-checker', async (req, reply) => {
    // validate
    const input = await readToolInput(req, PlagiarismRequest);
    // authorize: the word limit (the SPEC has no anonymous counter for this tool)
    const caller = await resolveCaller(ctx, req, reply);
    // act, metered (word limit, plan allowance; refunded on failure)
    const { result } = await runTool(ctx, caller, { tool: 'plagiarism_checker', text: input.text }, () => runPlagiarismCheck(ctx, input.text), () => 'library');
    // Opted-in users' texts join the library AFTER the check, so a text never matches itself.
    if (caller.user && (await readUserSettings(ctx.db, caller.user.id)).shareSubmissions) {
      await shareSubmission(ctx, caller.user, input.text).catch((err: unknown) => req.log.error({ err }, 'could not add a shared submission to the library'));
    }
    // respond
    const body: PlagiarismResponse = { ...result };
    if (input.source === 'file') body.text = input.text;
    return reply.header('cache-control', 'no-store').send(body);
  });

  /** How many documents the library holds (the page shows it; tests wait on the starter import). */
  app.get('/api/tools/plagiarism-checker/status', async (_req, reply) => {
    const body: PlagiarismStatus = { documents: await new DbFingerprintStore(ctx.db).documentCount() };
    return reply.header('cache-control', 'no-store').send(body);
  });
}
