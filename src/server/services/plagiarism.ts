/**
 * The plagiarism checker: the check of a text against the reference library (services/plagiarism-store.ts holds the
 * fingerprints) and the opt-in sharing of checked texts into that library.
 */
import { createHash, createHmac } from 'node:crypto';
import { checkText } from '../../engines/plagiarism';
import type { PlagiarismResponse, PlagiarismStatus } from '../../shared/api/plagiarism';
import type { ServerContext } from '../context';
import { addReferenceDocument, DbFingerprintStore, loadSource } from './plagiarism-store';
import { configuredWebSearchProviders } from './plagiarism-providers';
import { lockSharingChoice, readUserSettings } from './user-settings';

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
 * Add a checked text to the reference library (origin 'user'), for a user who opted in. Nothing in the title or the
 * reference names the user: the owner is kept in `added_by` only (to remove the texts when the user stops sharing
 * or deletes the account). The reference is a keyed hash of the user and the text, so resubmitting the same text is
 * a no-op (unique (origin, reference)) and nobody can test a guess of who shared what.
 *
 * The user's choice is locked and read again in the transaction that stores the text, so a check finishing while
 * the user opts out cannot add the text after the opt-out removed the others.
 */
export async function shareSubmission(ctx: ServerContext, user: { id: string }, text: string): Promise<{ id: string | null; created: boolean }> {
  if (text.trim() === '') return { id: null, created: false };
  const textHash = createHash('sha256').update(text).digest('hex');
  const key = createHmac('sha256', ctx.cookieSecret).update('shared-submission').digest();
  const reference = `submission:${createHmac('sha256', key).update(`${user.id}:${textHash}`).digest('hex').slice(0, 32)}`;
  return addReferenceDocument(
    ctx.db,
    {
      title: `Shared submission, ${ctx.now().toISOString().slice(0, 10)}`,
      reference,
      licence: 'Shared by its author for plagiarism checking',
      origin: 'user',
      text,
      addedBy: user.id,
    },
    { onlyIf: (tx) => lockSharingChoice(tx, user.id) },
  );
}

/**
 * A plagiarism check for a caller: the check, then, for a user who opted in, the text joins the library. It joins
 * AFTER the check, so a text never matches itself; a failure to share is logged and never fails the check.
 */
export async function checkPlagiarism(ctx: ServerContext, user: { id: string } | null, text: string, log: Log): Promise<PlagiarismReport> {
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
