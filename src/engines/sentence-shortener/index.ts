/**
 * Offline sentence shortener. Pure, deterministic.
 *
 *   shorten(text) -> { text, wordsBefore, wordsAfter, changes }
 *
 * Order of precedence (earlier claims win where spans overlap): pruned empty clauses, fillers/hedges,
 * wordy phrases (longest first), redundant pairs, then one split of each sentence of SPLIT_MIN_WORDS or more. Quoted
 * text is never touched. Capitalisation at sentence starts is repaired by the rule engine.
 */
import { articleFor } from '../humanizer/inflection';
import { splitEdit } from '../humanizer/joins';
import {
  applyEdits,
  collectRuleEdits,
  compilePhraseTable,
  compileRules,
  countWords,
  isFree,
  matchCase,
  posTag,
  quoteSpans,
  splitSentences,
  type Edit,
} from '../text';
import { FILLERS, PRUNE, REDUNDANT, WORDY } from './rules';

export interface ShortenChange {
  start: number;
  end: number;
  replacement: string;
  kind: 'wordy' | 'filler' | 'hedge' | 'redundant' | 'prune' | 'split';
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

/**
 * Padding is rare in edited prose (0.55 % of the words of 2,000 human sentences), so a long sentence is the other thing
 * to shorten: split once at a safe "; " or ", and / but / so <subject> <verb>" join (the humanizer's rule), where
 * "and" goes and "but" / "so" open the second sentence. 25 words is where readability guides start to call a sentence
 * long; both halves keep 8 or more.
 */
export const SPLIT_MIN_WORDS = 25;

export function shorten(text: string): ShortenResult {
  const wordsBefore = countWords(text);
  const edits: Edit[] = [];
  const sentences = splitSentences(text);
  const prot = quoteSpans(text);
  collectRuleEdits(text, sentences, RULES, edits, prot);
  repairArticles(text, edits);
  // tagging costs more than the rules, so only the long sentences are tagged
  for (const sent of sentences) if (countWords(sent.text) >= SPLIT_MIN_WORDS) splitEdit({ edits, prot }, sent, posTag(sent.text), 'short', SPLIT_MIN_WORDS);
  const { text: out, changes } = applyEdits(text, edits);
  return { text: out, wordsBefore, wordsAfter: countWords(out), changes: changes as ShortenChange[] };
}
