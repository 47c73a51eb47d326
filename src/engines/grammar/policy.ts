/**
 * Which suggestions go into `corrected` without the user clicking them. The table is data, measured and written by
 * `npm run bench:grammar -- --write` (bench/grammar.ts) into auto-apply.json; docs/grammar.md explains it.
 *
 * Two measurements decide, per policy key (a rule, with spelling split into classes, see policyKey):
 * - precision on the JFLEG development set (learner sentences, four human corrections each). An edit, applied alone
 *   to the source sentence, is "right" when it raises the sentence's GLEU against more of the four references than it
 *   lowers it against and every word it writes occurs in one of them; "wrong" when it lowers more than it raises, or
 *   writes a word no reference has; "neutral" otherwise; precision = right / fired. It must be above 0.5.
 * - edits on edited prose (human-written news): nearly every edit there changes correct text, so a rule that makes
 *   more than MAX_PROSE_EDITS_PER_1000 edits per 1,000 news sentences is not applied, whatever dev says. Learner
 *   essays have few names, British spellings or house styles, so dev alone cannot see that harm.
 * A key that never fired on dev has no measured precision and is never auto-applied: its suggestions stay one click
 * away.
 */
import table from './auto-apply.json';
import { editDistance } from './spelling';

export interface RuleRecord {
  /** edits with a suggestion the engine made on dev */
  fired: number;
  right: number;
  wrong: number;
  neutral: number;
  /** right / fired */
  precision: number;
  /** edits with a suggestion per 1,000 sentences of edited news */
  proseEditsPer1000: number;
  autoApply: boolean;
}

export interface AutoApplyTable {
  dataset: string;
  prose: string;
  definition: string;
  threshold: number;
  maxProseEditsPer1000: number;
  generatedBy: string;
  rules: Record<string, RuleRecord>;
}

export const AUTO_APPLY: AutoApplyTable = table as unknown as AutoApplyTable;

/** Precision a rule must exceed on dev to be auto-applied: better right than wrong. */
export const AUTO_APPLY_THRESHOLD = 0.5;
/** At most this many edits per 1,000 sentences of edited news (where nearly every edit is a false alarm). */
export const MAX_PROSE_EDITS_PER_1000 = 5;

/**
 * Never auto-applied whatever the measurements say: hunspell's suggestions for words harper's larger dictionary knows
 * ("scalable" -> "salable", "lossy" -> "mossy"); technical terms are rare in both test sets.
 */
export const NEVER_AUTO_APPLIED: ReadonlySet<string> = new Set(['retext-spell', 'retext-spell/name', 'retext-spell/variant', 'retext-spell/far']);

/**
 * Rules whose edits on the news were read and are the news's own typos, so the edited-prose count does not hold
 * against them: a doubled word ("and and", "the the", "told told") is an error in edited text too.
 */
export const PROSE_CHECK_EXEMPT: ReadonlySet<string> = new Set(['RepeatedWords', 'retext-repeated-words']);

/** The decision for a key measured on dev and on news (used by the bench to write the table). */
export function decideAutoApply(key: string, rec: Pick<RuleRecord, 'fired' | 'precision' | 'proseEditsPer1000'>): boolean {
  const proseOk = PROSE_CHECK_EXEMPT.has(key) || rec.proseEditsPer1000 <= MAX_PROSE_EDITS_PER_1000;
  return !NEVER_AUTO_APPLIED.has(key) && rec.fired > 0 && rec.precision > AUTO_APPLY_THRESHOLD && proseOk;
}

interface Flagged {
  rule: string;
  kind: string;
  start: number;
  end: number;
  suggestions: readonly string[];
}

/** British and American spellings of one word: a dialect, not a mistake ("colour", "organise", "travelled", "centre") */
const VARIANTS: [RegExp, string][] = [
  [/our(s|ed|ing|ite|ites|able|er|ers)?$/, 'or$1'],
  [/is(e|es|ed|ing|er|ers|ation|ations)$/, 'iz$1'],
  [/ys(e|es|ed|ing)$/, 'yz$1'],
  [/ll(ed|ing|er|ers)$/, 'l$1'],
  [/tre(s)?$/, 'ter$1'],
  [/^(def|off|lic|pret)ence(s)?$/, '$1ense$2'],
  [/ogue(s)?$/, 'og$1'],
  [/mme(s)?$/, 'm$1'],
  [/^maths$/, 'math'],
];

export function isSpellingVariant(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y) return false;
  for (const [re, to] of VARIANTS) if (x.replace(re, to) === y || y.replace(re, to) === x) return true;
  return /ae|oe/.test(x) && x.replace(/ae|oe/g, 'e') === y;
}

/**
 * The key a suggestion is judged by: its rule, except that spelling splits into classes that behave differently on
 * real text:
 * - `<rule>/name`: a capitalised word, all capitals, or a word with digits: mostly names and acronyms the dictionary
 *   lacks ("Wiltshire" -> "Wildfire", "BHA" -> "Baa");
 * - `<rule>/variant`: a British or American spelling ("favour", "organise", "metres"): a dialect, not a mistake;
 * - `<rule>/far`: the suggestion is more than two letters away ("quadcopter" -> "adopter"): a term the dictionary
 *   lacks more often than a typo;
 * - `<rule>`: a lower-case word one or two letters from the suggestion: the typical typo.
 * And `SplitWords/respelled`: a word harper would split into a non-word ("int rested") that hunspell re-spelt.
 * Without the text, the rule.
 */
export function policyKey(i: Flagged, text?: string): string {
  // a garbled split that hunspell re-spelt (index.ts): a spelling fix, not a split
  if (i.rule === 'SplitWords' && i.suggestions[0] !== undefined && !/\s/.test(i.suggestions[0])) return 'SplitWords/respelled';
  if (i.kind !== 'spelling' || text === undefined) return i.rule;
  const word = text.slice(i.start, i.end);
  if (/\d/.test(word) || /\p{Lu}/u.test(word)) return `${i.rule}/name`;
  if (VARIANTS.some(([re, to]) => word.toLowerCase().replace(re, to) !== word.toLowerCase()) || i.suggestions.some((s) => isSpellingVariant(word, s)))
    return `${i.rule}/variant`;
  const best = i.suggestions[0];
  if (best !== undefined && editDistance(word.toLowerCase(), best.toLowerCase()) > 2) return `${i.rule}/far`;
  return i.rule;
}

/** Whether the engine applies this first suggestion to `corrected`. */
export function autoApplies(i: Flagged, text?: string): boolean {
  const key = policyKey(i, text);
  const rec = AUTO_APPLY.rules[key];
  return i.suggestions.length > 0 && rec !== undefined && rec.autoApply && decideAutoApply(key, rec);
}
