/**
 * Offline grammar and spelling checker.
 *
 *   checkGrammar(text) -> { issues: [{ start, end, message, kind, suggestions, source, rule }], corrected }
 *
 * Two checkers run on the same text:
 * - harper.js (`LocalLinter` with the WebAssembly binary inlined in the npm package, so nothing is fetched):
 *   grammar, agreement, word choice, spelling, repetition, a/an, punctuation and capitalisation.
 * - retext (retext-english + retext-spell with dictionary-en, retext-repeated-words, retext-indefinite-article):
 *   spelling, repeated words and a/an that harper may miss.
 *
 * Both load lazily, once per process (harper takes 2–3 s and ~0.5 GB); `warmUp()` loads them ahead of the first
 * request and `loadTimeMs()` reports how long harper took.
 *
 * Offsets are JavaScript string indices (UTF-16 code units), so `text.slice(start, end)` is the flagged text.
 * Both checkers report spans in those units (verified with accented letters and emoji in tests/unit/grammar.test.ts).
 *
 * Overlapping issues are merged: issues with a suggestion win over those without, harper wins over retext, and the
 * narrower span wins; suggestions from an issue dropped for the same span are appended to the kept one. The issues
 * returned never overlap, so `corrected` applies the first suggestion of each of them.
 */
import type { LocalLinter } from 'harper.js';
import type { Processor } from 'unified';

import type { GrammarIssueKind } from '../../shared/api/grammar';

export type { GrammarIssueKind };

export interface GrammarIssue {
  /** UTF-16 offsets into the input: text.slice(start, end) is the flagged text */
  start: number;
  end: number;
  message: string;
  kind: GrammarIssueKind;
  /** replacements for text.slice(start, end), best first; '' removes the span */
  suggestions: string[];
  source: 'harper' | 'retext';
  /** the checker's rule name, e.g. SpellCheck, AnA, retext-spell */
  rule: string;
}

export interface GrammarResult {
  issues: GrammarIssue[];
  corrected: string;
}

// ---------------------------------------------------------------------------
// lazy singletons
// ---------------------------------------------------------------------------

const WARM_UP_TEXT =
  'Their going to the the market tomorow, and she dont know if its open. He have an apple and a orange.\n\n' +
  'In conclusion, the results shows that alot of people could of done better, however it is important to note that ' +
  'the data, which was collected in 2023 by Dr. Chen at MIT, were incomplete. "Why?" she asked; nobody answered.';

let harperLoad: Promise<LocalLinter> | null = null;
let harperLoadMs: number | null = null;

function harper(): Promise<LocalLinter> {
  if (!harperLoad) {
    harperLoad = (async () => {
      const t0 = performance.now();
      const [{ LocalLinter, Dialect }, { binaryInlined }] = await Promise.all([import('harper.js'), import('harper.js/binaryInlined')]);
      const linter = new LocalLinter({ binary: binaryInlined, dialect: Dialect.American });
      await linter.setup();
      // the first lints compile and page in most of the rule set; do it here so requests see the warm figure
      await linter.lint(WARM_UP_TEXT, { language: 'plaintext' });
      harperLoadMs = performance.now() - t0;
      return linter;
    })();
    // a failed load is retried on the next call rather than cached
    harperLoad.catch(() => {
      harperLoad = null;
    });
  }
  return harperLoad;
}

/** Words retext-spell must skip on the current run; the plugin keeps a reference to this array. */
const spellIgnore: string[] = [];
let retextLoad: Promise<Processor> | null = null;
let retextRuns = 0;
/** retext-spell caches suggestions for every unknown word it has seen; a fresh processor bounds that memory. */
const RETEXT_RUNS_PER_PROCESSOR = 2000;

function retext(): Promise<Processor> {
  if (!retextLoad || retextRuns >= RETEXT_RUNS_PER_PROCESSOR) {
    retextRuns = 0;
    retextLoad = (async () => {
      const [{ unified }, english, spell, dictionary, repeated, article] = await Promise.all([
        import('unified'),
        import('retext-english'),
        import('retext-spell'),
        import('dictionary-en'),
        import('retext-repeated-words'),
        import('retext-indefinite-article'),
      ]);
      return unified()
        .use(english.default)
        // max -1: retext-spell only flags unknown words. Its suggestion budget (max) counts over the processor's
        // lifetime, not per run, and suggestions can take 150 ms a word, so suggestSpelling() makes them instead.
        .use(spell.default, { dictionary: dictionary.default, ignore: spellIgnore, max: -1 })
        .use(repeated.default)
        .use(article.default)
        .freeze() as unknown as Processor;
    })();
    retextLoad.catch(() => {
      retextLoad = null;
    });
  }
  return retextLoad;
}

type Speller = { suggest(word: string): string[] };
let spellerLoad: Promise<Speller> | null = null;
const suggestionCache = new Map<string, string[]>();
const SUGGESTION_CACHE_MAX = 5000;
/** Wall-clock budget for hunspell suggestions in one check; words past it are flagged without suggestions. */
const SUGGESTION_BUDGET_MS = 60;

function speller(): Promise<Speller> {
  spellerLoad ??= (async () => {
    const [{ default: nspell }, { default: dictionary }] = await Promise.all([import('nspell'), import('dictionary-en')]);
    return nspell(dictionary);
  })();
  return spellerLoad;
}

async function suggestSpelling(words: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const sp = await speller();
  const t0 = performance.now();
  for (const w of words) {
    let s = suggestionCache.get(w);
    if (!s && performance.now() - t0 < SUGGESTION_BUDGET_MS) {
      s = sp.suggest(w).slice(0, 5);
      if (suggestionCache.size >= SUGGESTION_CACHE_MAX) suggestionCache.delete(suggestionCache.keys().next().value!);
      suggestionCache.set(w, s);
    }
    out.set(w, s ?? []);
  }
  return out;
}

/** Load both checkers now (e.g. at server start or before a benchmark). Resolves to harper's load time in ms. */
export async function warmUp(): Promise<number> {
  await Promise.all([harper(), retext(), speller()]);
  return harperLoadMs ?? 0;
}

/** How long harper took to load (ms), or null before it has loaded. */
export function loadTimeMs(): number | null {
  return harperLoadMs;
}

// ---------------------------------------------------------------------------
// checkers
// ---------------------------------------------------------------------------

const HARPER_KIND: Record<string, GrammarIssueKind> = {
  spelling: 'spelling',
  typo: 'spelling',
  repetition: 'repetition',
  grammar: 'grammar',
  agreement: 'grammar',
  boundaryerror: 'grammar',
  eggcorn: 'word-choice',
  malapropism: 'word-choice',
  wordchoice: 'word-choice',
  usage: 'word-choice',
  capitalization: 'capitalization',
  punctuation: 'punctuation',
  formatting: 'punctuation',
};

function harperKind(rule: string, lintKind: string): GrammarIssueKind {
  if (rule === 'AnA') return 'article';
  return HARPER_KIND[lintKind.toLowerCase().replace(/[^a-z]/g, '')] ?? 'style';
}

async function harperIssues(text: string): Promise<GrammarIssue[]> {
  const linter = await harper();
  const organized = await linter.organizedLints(text, { language: 'plaintext' });
  const out: GrammarIssue[] = [];
  for (const [rule, lints] of Object.entries(organized)) {
    for (const lint of lints) {
      const span = lint.span();
      const { start, end } = span;
      span.free();
      const problem = text.slice(start, end);
      const suggestions: string[] = [];
      for (const s of lint.suggestions()) {
        const r = s.get_replacement_text();
        const kind = s.kind(); // 0 replace, 1 remove, 2 insert after
        let full = kind === 1 ? '' : kind === 2 ? problem + r : r;
        s.free();
        // no doubled spaces where the replacement meets the surrounding text
        if (/\s/.test(text[end] ?? '')) full = full.trimEnd();
        if (/\s/.test(text[start - 1] ?? '')) full = full.trimStart();
        // harper may offer the same word twice (straight and curly apostrophe, trailing space); keep the first
        const key = (x: string) => x.replace(/’/g, "'").trim();
        if (full !== problem && !suggestions.some((x) => key(x) === key(full))) suggestions.push(full);
      }
      out.push({
        start,
        end,
        message: stripMarkdown(lint.message()),
        kind: harperKind(rule, lint.lint_kind()),
        suggestions,
        source: 'harper',
        rule,
      });
      lint.free();
    }
  }
  return out;
}

interface RetextMessage {
  source?: string | null;
  ruleId?: string | null;
  reason: string;
  actual?: string | null;
  expected?: string[] | null;
  place?: { start: { offset?: number }; end: { offset?: number } } | { offset?: number } | null;
}

const RETEXT_KIND: Record<string, GrammarIssueKind> = {
  'retext-spell': 'spelling',
  'retext-repeated-words': 'repetition',
  'retext-indefinite-article': 'article',
};

async function retextIssues(text: string, skipSpelling: Iterable<string>): Promise<GrammarIssue[]> {
  const processor = await retext();
  const { VFile } = await import('vfile');
  const file = new VFile(text);
  // Suggestions are slow (~100 ms a word) and harper already flags these, so retext-spell skips them. runSync keeps
  // the shared ignore list from changing under another request's run.
  spellIgnore.length = 0;
  spellIgnore.push(...skipSpelling);
  try {
    processor.runSync(processor.parse(file), file);
  } finally {
    spellIgnore.length = 0;
    retextRuns++;
  }
  const out: GrammarIssue[] = [];
  for (const m of file.messages as unknown as RetextMessage[]) {
    const source = m.source ?? '';
    const kind = RETEXT_KIND[source];
    if (!kind || m.ruleId === 'overflow' || !m.place || !('start' in m.place)) continue;
    const start = m.place.start.offset;
    const end = m.place.end.offset;
    if (start === undefined || end === undefined) continue;
    const problem = text.slice(start, end);
    const suggestions = kind === 'spelling' ? [] : (m.expected ?? []).filter((s) => s !== problem);
    out.push({ start, end, message: retextMessage(kind, m, problem), kind, suggestions, source: 'retext', rule: source });
  }
  return out;
}

function retextMessage(kind: GrammarIssueKind, m: RetextMessage, problem: string): string {
  if (kind === 'spelling') return `“${problem}” may be misspelled.`;
  if (kind === 'repetition') return `“${m.actual ?? problem}” repeats a word.`;
  return m.reason.replace(/`/g, '“').replace(/“(\S*?)“/g, '“$1”');
}

function stripMarkdown(s: string): string {
  return s.replace(/`([^`]*)`/g, '“$1”').replace(/\*\*?([^*]+)\*\*?/g, '$1');
}

// ---------------------------------------------------------------------------
// merge
// ---------------------------------------------------------------------------

const overlaps = (a: GrammarIssue, b: GrammarIssue) => a.start < b.end && b.start < a.end;

/** Keep a non-overlapping set: with suggestions first, harper first, narrower spans first. */
export function mergeIssues(all: GrammarIssue[]): GrammarIssue[] {
  const ranked = [...all].sort(
    (a, b) =>
      Number(b.suggestions.length > 0) - Number(a.suggestions.length > 0) ||
      Number(a.source !== 'harper') - Number(b.source !== 'harper') ||
      a.end - a.start - (b.end - b.start) ||
      a.start - b.start,
  );
  const kept: GrammarIssue[] = [];
  for (const issue of ranked) {
    const clash = kept.find((k) => overlaps(k, issue));
    if (!clash) {
      kept.push({ ...issue, suggestions: [...issue.suggestions] });
      continue;
    }
    if (clash.start === issue.start && clash.end === issue.end) {
      for (const s of issue.suggestions) if (!clash.suggestions.includes(s)) clash.suggestions.push(s);
    }
  }
  return kept.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Apply the first suggestion of each issue (issues must not overlap). */
export function applyIssues(text: string, issues: readonly GrammarIssue[]): string {
  let out = '';
  let at = 0;
  for (const i of [...issues].sort((a, b) => a.start - b.start)) {
    if (i.start < at || i.suggestions.length === 0) continue;
    out += text.slice(at, i.start) + i.suggestions[0];
    at = i.end;
  }
  return out + text.slice(at);
}

const WORD_RE = /[\p{L}\p{N}][\p{L}\p{M}\p{N}'’-]*/gu;
const ALNUM = /[\p{L}\p{N}]/u;

/** A spelling flag on part of a token such as "GPT-4o" or "x86" is noise, not a misspelling. */
function partOfToken(text: string, i: GrammarIssue): boolean {
  return i.kind === 'spelling' && (ALNUM.test(text[i.start - 1] ?? '') || ALNUM.test(text[i.end] ?? ''));
}

export async function checkGrammar(text: string): Promise<GrammarResult> {
  if (!text.trim()) return { issues: [], corrected: text };
  const fromHarper = (await harperIssues(text)).filter((i) => !partOfToken(text, i));
  const skip = new Set<string>();
  for (const i of fromHarper) if (i.kind === 'spelling') skip.add(text.slice(i.start, i.end));
  // Capitalised words are mostly names, and words with digits or accents are mostly codes and loanwords: harper's
  // dictionary knows far more of them than hunspell's, and hunspell's suggestions for them are the slowest.
  for (const m of text.matchAll(WORD_RE)) {
    const w = m[0].replace(/’/g, "'");
    if (/^\p{Lu}/u.test(w) || /[^\x00-\x7f]|\d/.test(w)) skip.add(w);
  }
  const fromRetext = await retextIssues(text, skip);
  const unknown = [...new Set(fromRetext.filter((i) => i.kind === 'spelling').map((i) => text.slice(i.start, i.end).replace(/’/g, "'")))];
  const suggested = await suggestSpelling(unknown);
  for (const i of fromRetext) {
    if (i.kind !== 'spelling') continue;
    const word = text.slice(i.start, i.end);
    i.suggestions = (suggested.get(word.replace(/’/g, "'")) ?? []).filter((s) => s !== word);
  }
  const issues = mergeIssues([...fromHarper, ...fromRetext]);
  return { issues, corrected: applyIssues(text, issues) };
}
