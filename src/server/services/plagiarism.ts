/**
 * The plagiarism checker: the check of a text against the reference library (services/plagiarism-store.ts holds the
 * fingerprints) and the opt-in sharing of checked texts into that library.
 */
import { createHash } from 'node:crypto';
import { checkText } from '../../engines/plagiarism';
import type { PlagiarismResponse, PlagiarismStatus } from '../../shared/api/plagiarism';
import type { ServerContext } from '../context';
import { addReferenceDocument, DbFingerprintStore, loadSource } from './plagiarism-store';
import { configuredWebSearchProviders } from './plagiarism-providers';
import { readUserSettings } from './user-settings';

/** The answer of a check, without the text extracted from an upload (the route adds it). */
export type PlagiarismReport = Omit<PlagiarismResponse, 'text'>;

interface Log {
  error: (o: object, m: string) => void;
}

/** Check `text` against the reference library; source excerpts are cut from the indexed texts. */
export async function runPlagiarismCheck(ctx: ServerContext, text: string): Promise<PlagiarismReport> {
  const store = new DbFingerprintStore(ctx.db);
  const texts = new Map<string, string>();
  const load = loadSource(ctx.db);
  const report = await checkText(store, text, async (id) => {
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
export async function shareSubmission(
  ctx: ServerContext,
  user: { id: string; username: string },
  text: string,
): Promise<{ id: string | null; created: boolean }> {
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

/**
 * A plagiarism check for a caller: the check, then, for a user who opted in, the text joins the library. It joins
 * AFTER the check, so a text never matches itself; a failure to share is logged and never fails the check.
 */
export async function checkPlagiarism(ctx: ServerContext, user: { id: string; username: string } | null, text: string, log: Log): Promise<PlagiarismReport> {
  const report = await runPlagiarismCheck(ctx, text);
  if (user && (await readUserSettings(ctx.db, user.id)).shareSubmissions) {
    await shareSubmission(ctx, user, text).catch((err: unknown) => log.error({ err }, 'could not add a shared submission to the library'));
  }
  return report;
}

/** How many documents the library holds. */
export async function plagiarismStatus(ctx: ServerContext): Promise<PlagiarismStatus> {
  return { documents: await new DbFingerprintStore(ctx.db).documentCount() };
}
