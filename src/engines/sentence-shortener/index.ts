/**
 * Offline sentence shortener. Pure, deterministic.
 *
 *   shorten(text) -> { text, wordsBefore, wordsAfter, changes }
 *
 * Order of precedence (earlier claims win where spans overlap): pruned empty clauses, fillers/hedges,
 * wordy phrases (longest first), redundant pairs. Quoted text is never touched. Capitalisation at sentence starts
 * is repaired by the rule engine.
 */
import { applyEdits, collectRuleEdits, compilePhraseTable, compileRules, countWords, quoteSpans, splitSentences, type Edit } from '../text';
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

const RULES = [...compileRules([...PRUNE, ...FILLERS]), compilePhraseTable(WORDY, 'wordy'), compilePhraseTable(REDUNDANT, 'redundant')];

export const SHORTENER_RULE_COUNT = { wordy: WORDY.length, redundant: REDUNDANT.length, fillers: FILLERS.length, prune: PRUNE.length };

export function shorten(text: string): ShortenResult {
  const wordsBefore = countWords(text);
  const edits: Edit[] = [];
  collectRuleEdits(text, splitSentences(text), RULES, edits, quoteSpans(text));
  const { text: out, changes } = applyEdits(text, edits);
  return { text: out, wordsBefore, wordsAfter: countWords(out), changes: changes as ShortenChange[] };
}
