/**
 * Offline sentence shortener. Pure, deterministic.
 *
 *   shorten(text) -> { text, wordsBefore, wordsAfter, changes }
 *
 * Order of precedence (earlier claims win where spans overlap): pruned empty clauses, fillers/hedges,
 * wordy phrases (longest first), redundant pairs. Quoted text is never touched. Capitalisation at sentence starts
 * is repaired by the rule engine.
 */
import { articleFor } from '../humanizer/inflection';
import { applyEdits, collectRuleEdits, compilePhraseTable, compileRules, countWords, isFree, matchCase, quoteSpans, splitSentences, type Edit } from '../text';
import { FILLERS, PRUNE, REDUNDANT, WORDY } from './rules';

export interface ShortenChange {
  start: number;
  end: number;
  replacement: string;
  kind: 'wordy' | 'filler' | 'hedge' | 'redundant' | 'prune';
}

export interface ShortenResult {
  text: string;
  wordsBefore: number;
  wordsAfter: number;
  /** edits with offsets into the INPUT text */
  changes: ShortenChange[];
}

const isModal = ([, r]: readonly [string, string]) => /^(?:can|cannot)\b/.test(r);
const isQuantity = ([p]: readonly [string, string]) => /\b(?:majority|number|amount)\s+of$/.test(p);

const RULES = [
  ...compileRules([...PRUNE, ...FILLERS]),
  // "would have the ability to" must not become "would can" ("does he have the ability" neither), nor "able to effect"
  // the "can effect" read as "affect"
  compilePhraseTable(WORDY.filter(isModal), 'wordy', {
    notAfter:
      '\\b(?:would|could|should|will|shall|might|may|must|do|does|did|to)\\s+(?:\\p{L}+\\s+)?$|^\\W*(?:do|does|did)\\b.*$|\\b(?:do|does|did)\\s+\\p{L}+\\s*,[^.?!]*,\\s+$',
    notBefore: '\\s+effect\\b',
  }),
  // "a majority of 270 votes" is a threshold, not "most 270 votes"
  compilePhraseTable(WORDY.filter(isQuantity), 'wordy', { notBefore: '\\s+\\d' }),
  compilePhraseTable(
    WORDY.filter((e) => !isModal(e) && !isQuantity(e)),
    'wordy',
  ),
  compilePhraseTable(REDUNDANT, 'redundant'),
];

/**
 * A removed or replaced word may leave the wrong indefinite article: "a very important" -> "an important". The edit
 * takes the article in and writes the right one.
 */
function repairArticles(text: string, edits: Edit[]): void {
  for (const e of edits) {
    const next = e.replacement ? e.replacement : text.slice(e.end, e.end + 40);
    const w = next.match(/^\s*(\p{L}+)/u)?.[1];
    if (!w) continue;
    const m = text.slice(Math.max(0, e.start - 4), e.start).match(/(?:^|[^\p{L}])(an?|An?|AN?)(\s+)$/u);
    if (!m) continue;
    const want = articleFor(w);
    if (m[1]!.toLowerCase() === want) continue;
    const artStart = e.start - m[2]!.length - m[1]!.length;
    if (!isFree(edits, artStart, e.start, e)) continue;
    e.replacement = matchCase(m[1]!, want) + m[2]! + e.replacement;
    e.start = artStart;
  }
}

export const SHORTENER_RULE_COUNT = { wordy: WORDY.length, redundant: REDUNDANT.length, fillers: FILLERS.length, prune: PRUNE.length };

export function shorten(text: string): ShortenResult {
  const wordsBefore = countWords(text);
  const edits: Edit[] = [];
  collectRuleEdits(text, splitSentences(text), RULES, edits, quoteSpans(text));
  repairArticles(text, edits);
  const { text: out, changes } = applyEdits(text, edits);
  return { text: out, wordsBefore, wordsAfter: countWords(out), changes: changes as ShortenChange[] };
}
