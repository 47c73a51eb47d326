/**
 * The plagiarism checker: the check of a text against the reference library (services/plagiarism-store.ts holds the
 * fingerprints) and the opt-in sharing of checked texts into that library.
 */
import { createHash, createHmac } from 'node:crypto';
import { addToStore, checkText, InMemoryFingerprintStore, UnionFingerprintStore } from '../../engines/plagiarism';
import type { PlagiarismResponse, PlagiarismStatus } from '../../shared/api/plagiarism';
import type { ServerContext } from '../context';
import { addReferenceDocument, DbFingerprintStore, loadSource } from './plagiarism-store';
import { configuredWebSearchProviders } from './plagiarism-providers';
import { searchWeb, type WebSearchOutcome } from './plagiarism-web';
import { lockSharingChoice, readUserSettings } from './user-settings';

/** The answer of a check, without the text extracted from an upload (the route adds it). */
export type PlagiarismReport = Omit<PlagiarismResponse, 'text'>;

interface Log {
  error: (o: object, m: string) => void;
  warn?: (o: object, m: string) => void;
}

/**
 * Check `text` against the reference library and, when search providers are configured, the web pages they find
 * for its most distinctive passages. Library and web pages are aligned in one engine run (a union of the two
 * indexes), so the similarity counts a word copied from either once. Source excerpts are cut from the indexed texts.
 */
export async function runPlagiarismCheck(ctx: ServerContext, text: string, signal?: AbortSignal, log?: Log): Promise<PlagiarismReport> {
  const library = new DbFingerprintStore(ctx.db);
  const texts = new Map<string, string>();
  const load = loadSource(ctx.db);

  const providers = configuredWebSearchProviders(ctx.env);
  let web: WebSearchOutcome | null = null;
  const webStore = new InMemoryFingerprintStore();
  const webPages = new Map<string, { title: string; url: string; text: string }>();
  if (providers.length > 0) {
    const budget = AbortSignal.timeout(ctx.env.WEB_SEARCH_TIMEOUT_MS);
    web = await searchWeb(text, providers, signal ? AbortSignal.any([signal, budget]) : budget);
    if (signal?.aborted) throw signal.reason;
    for (const page of web.pages) {
      await addToStore(webStore, page.id, page.text);
      webPages.set(page.id, page);
    }
    if (web.failed.length > 0) log?.warn?.({ providers: web.failed }, 'web search providers failed');
  }

  const store = webPages.size > 0 ? new UnionFingerprintStore([library, webStore]) : library;
  const report = await checkText(store, text, async (id) => {
    const page = webPages.get(id);
    const src = page ? { text: page.text, title: page.title, reference: page.url } : await load(id);
    if (src) texts.set(id, src.text);
    return src;
  });
  // fallback: web search was configured and no provider answered, so the library alone answered
  const fallback = web !== null && web.answered.length === 0;
  return {
    status: 'completed',
    items: report.sources.map((s) => ({
      id: s.docId,
      title: s.title,
      reference: s.reference,
      origin: webPages.has(s.docId) ? ('web' as const) : ('library' as const),
      matchedPercent: s.matchedPercent,
      jaccard: s.jaccard,
      passages: s.passages.map((p) => ({ ...p, sourceExcerpt: (texts.get(s.docId) ?? '').slice(p.source.start, p.source.end) })),
    })),
    fallback,
    similarity: report.similarity,
    checkedAgainst: {
      documents: report.checkedDocuments - webPages.size,
      ...(web ? { web: { providers: providers.map((p) => p.label), queries: web.queries, pages: web.pages.length, unreadable: web.unreadable } } : {}),
    },
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
export async function checkPlagiarism(
  ctx: ServerContext,
  user: { id: string } | null,
  text: string,
  log: Log,
  signal?: AbortSignal,
): Promise<PlagiarismReport> {
  const report = await runPlagiarismCheck(ctx, text, signal, log);
  if (user && (await readUserSettings(ctx.db, user.id)).shareSubmissions) {
    await shareSubmission(ctx, user, text).catch((err: unknown) => log.error({ err }, 'could not add a shared submission to the library'));
  }
  return report;
}

/** How many documents the library holds, and which web search providers a check asks too. */
export async function plagiarismStatus(ctx: ServerContext): Promise<PlagiarismStatus> {
  return { documents: await new DbFingerprintStore(ctx.db).documentCount(), webSearch: configuredWebSearchProviders(ctx.env).map((p) => p.label) };
}
