/**
 * Offline humanizer. Pure, deterministic (variety comes from a hash of each sentence, never Math.random).
 *
 *   humanize(text, { style }) -> { text, changes: [{ start, end, replacement, kind }] }
 *
 * Rewrites the tells of machine writing while keeping the meaning:
 *  1. stock phrases and sentence-opening transitions -> plain, style-aware wording (tables.ts)
 *  2. vetted AI-favoured words -> plain synonyms, only when wink-nlp gives the expected part of speech, with the
 *     inflection preserved and a/an repaired; never proper nouns, numbers, quotes, code or technical tokens
 *  3. contractions as the style calls for (casual/creative: yes; professional: negations only; academic: expanded)
 *  4. sentence structure: over-long sentences split at a safe ", and/but/so <subject>" or ";" point (never inside a
 *     list or a compound subject); short adjacent sentences merged with "and"; "However, / Therefore, / Also," folded
 *     into the previous sentence as ", but / , so / , and"; a short time or place adverbial moved from the front to
 *     the end of its sentence ("In 2020, the firm grew." -> "The firm grew in 2020.") or its comma dropped; "This +
 *     noun" openers varied to "The + noun". Each join or move checks that both sides are clauses with a subject and
 *     a verb, and no sentence is joined twice.
 *  5. per style: casual and creative use contractions, informal joins ("And", "But", "So") and the shortest splits;
 *     professional contracts only negations and keeps commas; academic expands contractions, keeps its register and
 *     only moves adverbials and folds "However,".
 * All edits are computed on the original text (offsets in `changes` index into the input) and never overlap.
 *
 * The passes live in their own modules: phrase-rules.ts (phrases, transitions, contractions), synonyms.ts (vetted
 * words, a/an), joins.ts (splits, merges, folds), clauses.ts (adverbials, "This + noun", participle tails, asides);
 * types.ts holds the types they share with critic.ts and guard.ts. This file runs them in order.
 *
 * What a grammar check (harper.js) of the output should verify: GRAMMAR_CHECK_NOTES in guard.ts.
 */
import { applyEdits, collectRuleEdits, hash32, posTag, quoteSpans, splitSentences, type Edit, type Span } from '../text';
import { styleLogit } from '../detector';
import { asideEdits, openerEdits, participleEdits } from './clauses';
import { PROPOSAL_KINDS, refineWithCritic, type ProposalKind } from './critic';
import { foldEdits, mergeEdits, splitEdit } from './joins';
import { compiledExtra, contractionRules, rulesFor } from './phrase-rules';
import { fixArticles, synonymEdits } from './synonyms';
import type { HumanizerStyle } from '../styles';
import type { CoreConfig, HumanizeOptions, HumanizeResult, JoinContext, PassContext, Tok } from './types';

export { HUMANIZER_STYLES } from '../styles';
export type { CoreConfig, HumanizeChange, HumanizeChangeKind, HumanizeOptions, HumanizeResult, HumanizerStyle } from './types';
export { PHRASES, WORDS, VERB_PHRASES } from './tables';
export { verbForms } from './inflection';
export { refineWithCritic, PROPOSAL_KINDS, type Critic, type ProposalKind } from './critic';
export {
  guardHumanized,
  repeatedWords,
  humanizeUnits,
  revertUnits,
  GRAMMAR_CHECK_NOTES,
  type GrammarCheck,
  type GuardIssue,
  type GuardResult,
  type HumanizeUnit,
} from './guard';

const STYLE_CONFIG: Record<HumanizerStyle, CoreConfig> = {
  casual: { style: 'casual', contractions: 'full', split: 'informal', merge: true, openers: 'full' },
  creative: { style: 'creative', contractions: 'full', split: 'informal', merge: true, openers: 'full', splitMinWords: 24 },
  professional: { style: 'professional', contractions: 'light', split: 'formal', merge: true, openers: 'full' },
  academic: { style: 'academic', contractions: 'expand', split: 'formal', merge: false, openers: 'light' },
};

/** a dash for a colon reads informal: casual and creative writing only */
const FORMAL_PROPOSALS = PROPOSAL_KINDS.filter((k) => k !== 'colon-dash');
const STYLE_PROPOSALS: Record<HumanizerStyle, readonly ProposalKind[]> = {
  casual: PROPOSAL_KINDS,
  creative: PROPOSAL_KINDS,
  professional: FORMAL_PROPOSALS,
  academic: FORMAL_PROPOSALS,
};

export function humanize(text: string, opts: HumanizeOptions = {}): HumanizeResult {
  const style = opts.style ?? 'casual';
  if (!STYLE_CONFIG[style]) throw new RangeError(`unknown humanizer style: ${String(style)}`);
  const result = rewriteCore(text, STYLE_CONFIG[style]);
  const critic = opts.critic === undefined ? styleLogit : opts.critic;
  return critic ? refineWithCritic(text, result, { critic, proposals: STYLE_PROPOSALS[style] }) : result;
}

/** spans never to touch: quotes, code, URLs, e-mail addresses */
function protectedSpans(text: string): { start: number; end: number }[] {
  const out = quoteSpans(text);
  // the address parts are bounded (64 is the longest local part an address may have): unbounded, a long run of
  // letters and dashes with no "@" was rescanned from each of its positions
  const re = /\bhttps?:\/\/\S+|\b[\w.+-]{1,64}@[\w-]{1,63}\.[\w.]{1,253}|```[\s\S]*?```/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) out.push({ start: m.index, end: m.index + m[0].length });
  return out;
}

// ---------------------------------------------------------------------------
// core
// ---------------------------------------------------------------------------

export function rewriteCore(text: string, cfg: CoreConfig): HumanizeResult {
  if (!text.trim()) return { text, changes: [] };
  const sentences = splitSentences(text);
  const prot = protectedSpans(text);
  const edits: Edit[] = [];
  const salt = cfg.salt ?? '';
  const rules = rulesFor(cfg.style);

  // 0. tool-specific rules (rewriter tones)
  if (cfg.extraRules?.length) collectRuleEdits(text, sentences, compiledExtra(cfg.extraRules), edits, prot);

  // 0b. join sentences: short neighbours, and sentence-opening connectives folded into the previous sentence (before
  // the transition table claims them)
  const tagged = new Map<Span, Tok[]>();
  const tagsOf = (sent: Span): Tok[] => {
    let t = tagged.get(sent);
    if (!t) tagged.set(sent, (t = posTag(sent.text)));
    return t;
  };
  const ctx: PassContext = { text, cfg, edits, prot, salt };
  const joins: JoinContext = { ...ctx, sentences, tagsOf, joined: new Set<number>() };
  // short neighbours first ("The system is fast. It is also cheap."), then connectives
  if (cfg.merge) mergeEdits(joins);
  if (cfg.openers && cfg.openers !== 'off') foldEdits(joins);

  // 1. phrases and transitions (variant chosen per sentence)
  for (const sent of sentences) {
    const h = hash32(salt + sent.text);
    const chosen = rules.phrases.map((variants, i) => variants[(h + i) % variants.length]!);
    collectRuleEdits(text, [sent], chosen, edits, prot);
  }

  // 2. contractions / expansions
  if (cfg.contractions !== 'none') collectRuleEdits(text, sentences, contractionRules[cfg.contractions], edits, prot);

  // 3. sentence openings, participle tails and asides, then vetted synonyms with POS check, then splits
  for (const [k, sent] of sentences.entries()) {
    const toks = tagsOf(sent);
    if (cfg.openers && cfg.openers !== 'off') openerEdits(ctx, sent, toks, hash32(salt + sent.text) + k);
    if (cfg.openers === 'full') participleEdits(ctx, sent, toks);
    if (cfg.openers && cfg.openers !== 'off') asideEdits(ctx, sent, toks);
    synonymEdits(ctx, sent, toks);
    if (cfg.split !== 'off') splitEdit(ctx, sent, toks, cfg.split, cfg.splitMinWords);
  }

  fixArticles(text, edits);
  const { text: out, changes } = applyEdits(text, edits);
  return { text: out, changes };
}
