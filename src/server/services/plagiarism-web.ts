/**
 * The web side of a plagiarism check: pick a few distinctive passages of the submitted text, ask each configured
 * search provider for pages that contain them, fetch the most promising pages through the SSRF guard, and keep
 * their main text, which the plagiarism engine then aligns exactly like a library document.
 */
import { createHash } from 'node:crypto';
import { parseDocument } from '../../engines/seo-score/document';
import { splitSentences } from '../../engines/text';
import { STOP_WORDS } from '../../engines/plagiarism';
import type { WebSearchProvider } from './plagiarism-providers';
import { safeFetchHtml } from './safe-fetch';

/** Passages searched per check: each costs one call per provider. */
export const MAX_QUERIES = 4;
/** Pages fetched and aligned per check. */
export const MAX_PAGES = 6;
/** Words of a query: long enough to be distinctive, short enough that light edits leave a search engine a match. */
const QUERY_WORDS = 14;
/** Text kept of one page (a long page's tail rarely holds what a short submission copied from its body). */
const PAGE_CHARS = 300_000;
const PAGE_TIMEOUT_MS = 8_000;

export interface WebPage {
  /** 'web:' + a hash of the URL: stable, and never a library id */
  id: string;
  url: string;
  title: string;
  text: string;
}

export interface WebSearchOutcome {
  pages: WebPage[];
  /** the providers that answered at least one query */
  answered: string[];
  /** the providers that failed every query */
  failed: string[];
  queries: number;
  /** candidate pages that could not be fetched or read (refused by the guard, too large, not HTML, no answer) */
  unreadable: number;
}

const wordRe = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

/**
 * The most distinctive passages of `text`, spread over it: the text is cut in `max` equal parts and each part gives
 * its sentence with the most rare-looking words (long, not a stop word), cut to a window of QUERY_WORDS words.
 */
export function pickQueries(text: string, max: number = MAX_QUERIES): string[] {
  const sentences = splitSentences(text)
    .map((s) => ({ start: s.start, words: s.text.match(wordRe) ?? [] }))
    .filter((s) => s.words.length >= 8);
  if (sentences.length === 0) return [];
  const parts = Math.min(max, sentences.length);
  const out: string[] = [];
  for (let p = 0; p < parts; p++) {
    const group = sentences.filter((_, i) => Math.floor((i * parts) / sentences.length) === p);
    let best: { score: number; words: string[] } | null = null;
    for (const s of group) {
      // the best window of the sentence, by the summed length of its content words
      for (let from = 0; from + Math.min(QUERY_WORDS, s.words.length) <= s.words.length; from++) {
        const window = s.words.slice(from, from + QUERY_WORDS);
        const score = window.reduce((acc, w) => acc + (STOP_WORDS.has(w.toLowerCase()) ? 0 : Math.log(1 + w.length)), 0);
        if (!best || score > best.score) best = { score, words: window };
      }
    }
    if (best) out.push(best.words.join(' '));
  }
  return [...new Set(out)];
}

/** The readable content of an HTML page: its <main> or <article> when it has one, else every text block. */
export function pageText(html: string): { title: string | null; text: string } {
  const doc = parseDocument(html, 'html');
  const content = doc.blocks.filter((b) => b.inContent);
  const blocks = (content.length > 0 ? content : doc.blocks).filter((b) => b.kind !== 'code');
  return {
    title: doc.docTitle,
    text: blocks
      .map((b) => b.text)
      .join('\n\n')
      .slice(0, PAGE_CHARS),
  };
}

const normalUrl = (raw: string): string => {
  try {
    const u = new URL(raw);
    u.hash = '';
    return u.href;
  } catch {
    return raw;
  }
};

/** Run `fn` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/** Search the web for pages sharing passages with `text` and read them. Never throws for a provider's failure. */
export async function searchWeb(text: string, providers: readonly WebSearchProvider[], signal: AbortSignal): Promise<WebSearchOutcome> {
  const queries = pickQueries(text);
  const answered = new Set<string>();
  const tried = new Set<string>();
  // url → [queries that found it, the first title given]
  const found = new Map<string, { hits: number; title: string; order: number }>();
  await Promise.all(
    providers.flatMap((provider) =>
      queries.map(async (query) => {
        tried.add(provider.id);
        try {
          const results = await provider.search(query, { signal, count: 8 });
          answered.add(provider.id);
          results.forEach((r) => {
            const url = normalUrl(r.url);
            const seen = found.get(url);
            if (seen) seen.hits += 1;
            else found.set(url, { hits: 1, title: r.title, order: found.size });
          });
        } catch {
          // one failed query is not the provider failing: `failed` lists only providers that answered nothing
        }
      }),
    ),
  );
  // pages found by several passages first, then in the providers' own order
  const ranked = [...found.entries()].sort((a, b) => b[1].hits - a[1].hits || a[1].order - b[1].order).slice(0, MAX_PAGES);
  const pages: WebPage[] = [];
  let unreadable = 0;
  await eachLimited(ranked, 3, async ([url, meta]) => {
    if (signal.aborted) return;
    try {
      const page = await safeFetchHtml(url, { signal, timeoutMs: PAGE_TIMEOUT_MS });
      const { title, text: body } = pageText(page.body);
      if (body.trim() === '') {
        unreadable += 1;
        return;
      }
      pages.push({
        id: `web:${createHash('sha256').update(page.finalUrl).digest('hex').slice(0, 24)}`,
        url: page.finalUrl,
        title: (title ?? meta.title).slice(0, 300),
        text: body,
      });
    } catch {
      unreadable += 1;
    }
  });
  return {
    pages,
    answered: [...answered],
    failed: [...tried].filter((id) => !answered.has(id)),
    queries: queries.length,
    unreadable,
  };
}
