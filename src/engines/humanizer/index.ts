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
 * What a grammar check (harper.js) of the output should verify — see GRAMMAR_CHECK_NOTES below.
 */
import {
  applyEdits,
  capitalizeFirst,
  collectRuleEdits,
  compilePhraseTable,
  compileRules,
  countWords,
  hash32,
  isFree,
  matchCase,
  posTag,
  quoteSpans,
  splitSentences,
  type CompiledRule,
  type Edit,
  type PhraseRule,
  type Span,
} from '../text';
import { styleLogit } from '../detector';
import { REDUNDANT, WORDY } from '../sentence-shortener/rules';
import { refineWithCritic, type Critic } from './critic';
import { CONTRACT_FULL, CONTRACT_LIGHT, EXPAND } from './contractions';
import { IRREGULAR, PHRASES, VERB_PHRASES, WORDS, type HumanizerStyle, type StyleReplacement } from './tables';

export type { HumanizerStyle } from './tables';
export { PHRASES, WORDS, VERB_PHRASES } from './tables';
export { refineWithCritic, PROPOSAL_KINDS, type Critic, type ProposalKind } from './critic';
export { guardHumanized, humanizeUnits, revertUnits, type GrammarCheck, type GuardIssue, type GuardResult, type HumanizeUnit } from './guard';

export const HUMANIZER_STYLES: readonly HumanizerStyle[] = ['casual', 'professional', 'academic', 'creative'];

export type HumanizeChangeKind =
  | 'phrase'
  | 'transition'
  | 'synonym'
  | 'contraction'
  | 'expansion'
  | 'split'
  | 'merge'
  | (string & {});

export interface HumanizeChange {
  start: number;
  end: number;
  replacement: string;
  kind: HumanizeChangeKind;
}

export interface HumanizeResult {
  text: string;
  changes: HumanizeChange[];
}

export interface HumanizeOptions {
  style?: HumanizerStyle;
  /**
   * Cost function that picks among rewrites (critic.ts). Default: the AI-text detector's document model, so a rule is
   * kept only where it makes the text read less machine-written. `false` applies the rules alone.
   */
  critic?: Critic | false;
}

export const GRAMMAR_CHECK_NOTES = `A grammar check of humanizer/rewriter output should verify that, compared with the input, it introduces no:
- subject-verb agreement errors around replaced verbs (inflection kept: utilizes -> uses, has demonstrated -> has shown);
- a/an errors before replaced words (an intricate -> a complex);
- lower-case sentence starts or stray capitals after removed openers, splits and merges;
- doubled or missing punctuation (", ," / ".." / space before comma) or doubled words at edit boundaries;
- sentence fragments created by a split (each half must have a subject and a finite verb);
- contraction errors (clause-final "it's", "let's know"), and, for academic style, any remaining contraction.`;

/** Engine configuration shared with the rewriter. */
export interface CoreConfig {
  /** which column of the phrase/word tables to use */
  style: HumanizerStyle;
  contractions: 'full' | 'light' | 'none' | 'expand';
  /** conjunction handling when splitting long sentences: keep "And/But" (informal) or drop/formalise it */
  split: 'informal' | 'formal' | 'off';
  merge: boolean;
  /** extra phrase rules applied first (the rewriter's tone rules) */
  extraRules?: readonly PhraseRule[];
  /** salt for deterministic variant choice (different tools pick different variants) */
  salt?: string;
  /** minimum words for a sentence to be split (default 28) */
  splitMinWords?: number;
  /**
   * sentence openings: move a short time/place adverbial ("In 2020, ...") to the end of its sentence, drop the comma
   * after other short ones, "This/These + noun" -> "The + noun", and fold "However, / As a result, / Also," into the
   * previous sentence (", but / , so / , and"). 'light' only moves adverbials and folds "However,".
   */
  openers?: 'full' | 'light' | 'off';
}

const STYLE_CONFIG: Record<HumanizerStyle, CoreConfig> = {
  casual: { style: 'casual', contractions: 'full', split: 'informal', merge: true, openers: 'full' },
  creative: { style: 'creative', contractions: 'full', split: 'informal', merge: true, openers: 'full', splitMinWords: 24 },
  professional: { style: 'professional', contractions: 'light', split: 'formal', merge: true, openers: 'full' },
  academic: { style: 'academic', contractions: 'expand', split: 'formal', merge: false, openers: 'light' },
};

export function humanize(text: string, opts: HumanizeOptions = {}): HumanizeResult {
  const style = opts.style ?? 'casual';
  if (!STYLE_CONFIG[style]) throw new RangeError(`unknown humanizer style: ${String(style)}`);
  const result = rewriteCore(text, STYLE_CONFIG[style]);
  const critic = opts.critic === undefined ? styleLogit : opts.critic;
  return critic ? refineWithCritic(text, result, { critic }) : result;
}

// ---------------------------------------------------------------------------
// inflection
// ---------------------------------------------------------------------------

type VerbForm = 'base' | 's' | 'past' | 'pp' | 'ing';

export function verbForms(base: string): Record<VerbForm, string> {
  const irr = IRREGULAR[base];
  if (irr) return { base, s: irr[0], past: irr[1], pp: irr[2], ing: irr[3] };
  const s = /(s|sh|ch|x|z)$/.test(base) ? `${base}es` : /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ies` : `${base}s`;
  const ed = /e$/.test(base) ? `${base}d` : /[^aeiou]y$/.test(base) ? `${base.slice(0, -1)}ied` : `${base}ed`;
  const ing = /ie$/.test(base) ? `${base.slice(0, -2)}ying` : /[^e]e$/.test(base) ? `${base.slice(0, -1)}ing` : `${base}ing`;
  return { base, s, past: ed, pp: ed, ing };
}

/** Inflect the first word of a (possibly multi-word) verb phrase. */
function inflectPhrase(target: string, form: VerbForm): string {
  const [head, ...rest] = target.split(' ');
  return [verbForms(head!)[form], ...rest].join(' ');
}

const AUX_PP = /\b(?:have|has|had|having|'ve|be|been|being|is|are|was|were|am|get|gets|got|getting)\s+(?:\w+ly\s+)?$/i;

function articleFor(word: string): 'a' | 'an' {
  const w = word.toLowerCase();
  if (/^(?:hour|honest|honou?r|heir)/.test(w)) return 'an';
  if (/^(?:u[nr]i|use|usu|eu|one|once|uti)/.test(w) && !/^(?:unin|unim|unu|unr|und)/.test(w)) return 'a';
  return /^[aeiou]/.test(w) ? 'an' : 'a';
}

// ---------------------------------------------------------------------------
// rule compilation (cached per style)
// ---------------------------------------------------------------------------

function pick(rep: StyleReplacement, style: HumanizerStyle): readonly string[] {
  if (typeof rep === 'string') return [rep];
  if (Array.isArray(rep)) return rep as readonly string[];
  const r = rep as Partial<Record<string, string | readonly string[]>>;
  const v = r[style] ?? r.default;
  if (v === undefined) return [];
  return typeof v === 'string' ? [v] : v;
}

interface StyleRules {
  /** per phrase: one compiled rule per variant */
  phrases: ReturnType<typeof compileRules>[];
}

const ruleCache = new Map<HumanizerStyle, StyleRules>();

/** Tool rules compiled once per table (the rewriter passes the same arrays on every call). */
const extraCache = new WeakMap<readonly PhraseRule[], CompiledRule[]>();
function compiledExtra(rules: readonly PhraseRule[]): CompiledRule[] {
  let c = extraCache.get(rules);
  if (!c) extraCache.set(rules, (c = compileRules(rules)));
  return c;
}

let plainCache: CompiledRule[] | null = null;

/** The shortener's tables as two phrase-table rules, compiled once for every style. */
function plainTables(): CompiledRule[] {
  plainCache ??= (() => {
    const entries = [...WORDY, ...REDUNDANT].filter(([p, r]) => !PLAIN_DENY.has(p) && !/analys/.test(r));
    // "a majority of 270 votes" is a threshold, not "most 270 votes"
    const notBefore = '\\s+\\d';
    return [
      // "would have the ability to" -> "would can": a modal replacement cannot follow a modal or "to"
      compilePhraseTable(entries.filter(([, r]) => /^(?:can|cannot)\b/.test(r)), 'phrase', {
        notBefore,
        notAfter: '\\b(?:would|could|should|will|shall|might|may|must|to)\\s+$',
      }),
      compilePhraseTable(entries.filter(([, r]) => !/^(?:can|cannot)\b/.test(r)), 'phrase', { notBefore }),
    ];
  })();
  return plainCache;
}

/** Shortener phrases the humanizer does not take: they change the sentence's syntax or meaning out of context. */
const PLAIN_DENY = new Set([
  'the fact that',
  'in terms of',
  'it is clear that',
  'it is evident that',
  'it is obvious that',
  'in the process of',
  'as regards',
  'in the amount of',
  'as a means of',
  'in spite of',
  'is unable to',
  'are unable to',
  'a number of',
  'period of time',
  'past experience',
  'past experiences',
]);

function rulesFor(style: HumanizerStyle): StyleRules {
  const hit = ruleCache.get(style);
  if (hit) return hit;
  const phrases: ReturnType<typeof compileRules>[] = [];
  for (const e of PHRASES) {
    if (e.skip?.includes(style)) continue;
    const variants = pick(e.replacement, style);
    if (variants.length === 0) continue;
    phrases.push(
      compileRules(
        variants.map((v) => ({ pattern: e.pattern, replacement: v, kind: e.kind, sentenceStartOnly: e.sentenceStartOnly })),
      ),
    );
  }
  // the shortener's wordy phrases and redundant pairs: padding ("has the ability to", "prior to", "end result") is a
  // tell too. Left out: swaps that change syntax or register outside the shortener's context.
  phrases.push(...plainTables().map((t) => [t]));
  // inflected verb phrases ("delves into" -> "looks into")
  for (const vp of VERB_PHRASES) {
    const target = vp.target[style] ?? vp.target.default;
    if (!target) continue;
    const src = verbForms(vp.src);
    const tail = vp.tail.replace(/ /g, '\\s+');
    for (const form of ['base', 's', 'past', 'ing'] as const) {
      phrases.push(compileRules([{ pattern: `${src[form]}\\s+${tail}`, replacement: inflectPhrase(target, form), kind: 'phrase' }]));
    }
  }
  const r = { phrases };
  ruleCache.set(style, r);
  return r;
}

const contractionRules = {
  full: compileRules(CONTRACT_FULL),
  light: compileRules(CONTRACT_LIGHT),
  expand: compileRules(EXPAND),
  none: [] as ReturnType<typeof compileRules>,
};

/** surface form -> { word entry key, verb form } */
const WORD_INDEX = (() => {
  const m = new Map<string, { key: string; form: VerbForm | 'plural' | 'base' }>();
  for (const [key, e] of Object.entries(WORDS)) {
    if (e.pos === 'VERB') {
      const f = verbForms(key);
      for (const form of ['base', 's', 'past', 'ing'] as const) m.set(f[form], { key, form });
    } else {
      m.set(key, { key, form: 'base' });
      if (e.pos === 'NOUN') m.set(verbForms(key).s, { key, form: 'plural' });
    }
  }
  return m;
})();

/** spans never to touch: quotes, code, URLs, e-mail addresses */
function protectedSpans(text: string): { start: number; end: number }[] {
  const out = quoteSpans(text);
  const re = /\bhttps?:\/\/\S+|\b[\w.+-]+@[\w-]+\.[\w.]+|```[\s\S]*?```/g;
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
  // sentences already joined to a neighbour: a second join would build a run-on ("A and B, and C")
  const joined = new Set<number>();
  // short neighbours first ("The system is fast. It is also cheap."), then connectives
  if (cfg.merge) mergeEdits(text, sentences, cfg, edits, prot, tagsOf, joined);
  if (cfg.openers && cfg.openers !== 'off') foldEdits(text, sentences, cfg, edits, prot, tagsOf, joined);

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
    if (cfg.openers && cfg.openers !== 'off') openerEdits(text, sent, toks, cfg, edits, prot, hash32(salt + sent.text) + k);
    if (cfg.openers === 'full') participleEdits(text, sent, toks, cfg, edits, prot);
    if (cfg.openers && cfg.openers !== 'off') asideEdits(text, sent, toks, edits, prot);
    synonymEdits(text, sent, toks, cfg, edits, prot, salt);
    if (cfg.split !== 'off') splitEdit(text, sent, toks, cfg, edits, prot);
  }

  fixArticles(text, edits);
  const { text: out, changes } = applyEdits(text, edits);
  return { text: out, changes };
}

type Tok = ReturnType<typeof posTag>[number];

function synonymEdits(
  text: string,
  sent: Span,
  toks: Tok[],
  cfg: CoreConfig,
  edits: Edit[],
  prot: { start: number; end: number }[],
  salt: string,
): void {
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const lower = t.text.toLowerCase();
    const hit = WORD_INDEX.get(lower);
    if (!hit) continue;
    const entry = WORDS[hit.key]!;
    if (entry.skip?.includes(cfg.style)) continue;
    const start = sent.start + t.start;
    const end = sent.start + t.end;
    if (prot.some((p) => start < p.end && p.start < end)) continue;
    if (t.pos === 'PROPN') continue;
    // capitalised mid-sentence (a name: "Robust Inc.") or ALL CAPS acronym
    if (i > 0 && /^\p{Lu}/u.test(t.text)) continue;
    if (/[\d_]/.test(t.text)) continue;
    // part of a hyphenated compound ("computer-aided"): the compound means something else
    if (text[start - 1] === '-' || text[end] === '-') continue;
    const prev = toks[i - 1];
    // "can profound events cause" -> "can deep events" reads as a missing "be" to readers and to harper
    if (entry.pos === 'ADJ' && prev && /^(?:can|could|will|would|shall|should|may|might|must)$/i.test(prev.text)) continue;
    let ok = t.pos === entry.pos;
    if (!ok && entry.pos === 'VERB' && (hit.form === 'past' || hit.form === 'ing') && t.pos === 'ADJ') {
      ok = !prev || prev.pos !== 'DET';
    }
    // the tagger reads some verbs after a subject pronoun or a modal as nouns ("We showcase the results"); "it" and
    // "you" stay out, since they can be objects ("gives it leverage")
    if (!ok && entry.pos === 'VERB' && t.pos === 'NOUN' && (hit.form === 'base' || hit.form === 's') && prev) {
      ok = hit.form === 's' ? /^(?:he|she)$/i.test(prev.text) : /^(?:I|we|they|can|could|will|would|should|may|might|must)$/i.test(prev.text);
    }
    if (!ok) continue;
    // "gives it leverage." is a noun the tagger calls a verb: a bare verb after an object pronoun needs an object
    if (entry.pos === 'VERB' && hit.form === 'base' && /^(?:it|them|him|her|us|me)$/i.test(prev?.text ?? '') && (!toks[i + 1] || toks[i + 1]!.pos === 'PUNCT')) continue;
    if (entry.notBefore && entry.notBefore.test(sent.text.slice(t.end))) continue;
    if (entry.onlyBefore && !entry.onlyBefore.test(sent.text.slice(t.end))) continue;
    // A synonym that repeats a neighbouring word would read "two new new hotels".
    const next = toks[i + 1];
    const neighbours = new Set([prev?.text.toLowerCase(), next?.text.toLowerCase()]);
    const cands = (entry.to[cfg.style] ?? entry.to.default ?? []).filter((c) => !neighbours.has(c.toLowerCase().split(' ')[0]!));
    if (cands.length === 0) continue;
    const base = cands[hash32(salt + sent.text + lower) % cands.length]!;
    let rep: string;
    if (entry.pos === 'VERB') {
      let form = hit.form as VerbForm;
      if (form === 'past') {
        const before = sent.text.slice(0, t.start);
        if (AUX_PP.test(before)) form = 'pp';
        else if (prev?.pos === 'DET') continue; // "the utilized resources": adjective use, leave it
      }
      rep = inflectPhrase(base, form);
    } else if (hit.form === 'plural') {
      rep = verbForms(base).s;
    } else {
      rep = base;
    }
    rep = matchCase(t.text, rep);
    const e: Edit = { start, end, replacement: rep, kind: 'synonym' };
    if (isFree(edits, e.start, e.end)) edits.push(e);
  }
}

const SUBJECT_START = new Set(['PRON', 'DET', 'PROPN', 'NOUN', 'NUM']);

function splitEdit(text: string, sent: Span, toks: Tok[], cfg: CoreConfig, edits: Edit[], prot: { start: number; end: number }[]): void {
  if (countWords(sent.text) < (cfg.splitMinWords ?? 28)) return;
  if (!/[.!]$/.test(sent.text)) return;
  const candidates: { at: number; conj: string; next: Tok; nextIdx: number }[] = [];
  for (let i = 1; i < toks.length - 2; i++) {
    const t = toks[i]!;
    if (t.text === ';') candidates.push({ at: i, conj: ';', next: toks[i + 1]!, nextIdx: i + 1 });
    if (t.text === ',' && /^(?:and|but|so)$/i.test(toks[i + 1]!.text) && toks[i + 2]) {
      candidates.push({ at: i, conj: toks[i + 1]!.text.toLowerCase(), next: toks[i + 2]!, nextIdx: i + 2 });
    }
  }
  const mid = sent.text.length / 2;
  let best: (typeof candidates)[number] | null = null;
  for (const c of candidates) {
    const left = sent.text.slice(0, toks[c.at]!.start);
    const right = sent.text.slice(c.next.start);
    if (countWords(left) < 8 || countWords(right) < 8) continue;
    if (!SUBJECT_START.has(c.next.pos) || /^(?:who|whom|whose|which|what|where|when|that|how|why)$/i.test(c.next.text)) continue;
    // the right part must carry its own finite verb before any further comma
    const rightToks = toks.slice(c.nextIdx);
    const stop = rightToks.findIndex((x) => x.text === ',' || x.text === ';');
    const clause = stop < 0 ? rightToks : rightToks.slice(0, stop);
    if (!clause.some((x) => x.pos === 'VERB' || x.pos === 'AUX')) continue;
    // the left part must too, and a finite one: in "Kate, a woman with the credentials to work there, and her husband
    // have to ..." the ", and" joins a compound subject
    if (!toks.slice(0, c.at).some((x, j) => x.pos === 'AUX' || (x.pos === 'VERB' && !/ing$/i.test(x.text) && !/^to$/i.test(toks[j - 1]?.text ?? '')))) continue;
    // ", and" closing a list ("averaging, extrapolation, and a cheaper variant"): the conjunct before it has no verb
    const prevComma = toks.slice(0, c.at).map((x) => x.text).lastIndexOf(',');
    if (c.conj !== ';' && prevComma >= 0 && !toks.slice(prevComma + 1, c.at).some((x) => x.pos === 'VERB' || x.pos === 'AUX')) continue;
    if (/["\u201C(]/.test(left) && !/["\u201D)]/.test(left)) continue; // inside a quote/parenthesis
    if (!best || Math.abs(toks[c.at]!.start - mid) < Math.abs(toks[best.at]!.start - mid)) best = c;
  }
  if (!best) return;
  const start = sent.start + toks[best.at]!.start;
  const nextStart = sent.start + best.next.start;
  if (prot.some((p) => start < p.end && p.start < nextStart + 1)) return;
  const keepCase = best.next.pos === 'PROPN' || best.next.text === 'I' || /^\p{Lu}{2,}/u.test(best.next.text);
  const first = keepCase ? best.next.text[0]! : best.next.text[0]!.toUpperCase();
  let lead: string;
  if (best.conj === ';') lead = '. ';
  else if (cfg.split === 'informal') lead = `. ${capitalizeFirst(best.conj)} `;
  else lead = best.conj === 'but' ? '. However, ' : best.conj === 'so' ? '. As a result, ' : '. ';
  const firstOut = lead.endsWith(', ') || /^\. (?:And|But|So) $/.test(lead) ? (keepCase ? first : first.toLowerCase()) : first;
  const e: Edit = { start, end: nextStart + 1, replacement: lead + firstOut, kind: 'split' };
  if (isFree(edits, e.start, e.end)) edits.push(e);
}

/** The second sentence must point back to the first (a pronoun), or "and" would join unrelated statements. */
const MERGE_STARTERS = /^(?:It|This|That|They|These|Those|Its|Their|There|He|She)\b/;

function mergeEdits(
  text: string,
  sentences: Span[],
  cfg: CoreConfig,
  edits: Edit[],
  prot: { start: number; end: number }[],
  tagsOf: (s: Span) => Tok[],
  joined: Set<number>,
): void {
  for (let i = 0; i + 1 < sentences.length; i++) {
    if (joined.has(i) || joined.has(i + 1)) continue;
    const a = sentences[i]!;
    const b = sentences[i + 1]!;
    const gap = text.slice(a.end, b.start);
    if (!/^[ \t]+$/.test(gap)) continue; // same paragraph, same line
    const wa = countWords(a.text);
    const wb = countWords(b.text);
    // two short sentences in a row read as machine-even; one of them may be medium length
    if (wa < 3 || wb < 3 || wa + wb > 24 || Math.min(wa, wb) > 10) continue;
    if (!/\p{L}\.$/u.test(a.text) || !/\.$/.test(b.text)) continue;
    if (/[,;:"\u201C\u201D()]/.test(a.text + b.text)) continue;
    if (!MERGE_STARTERS.test(b.text)) continue;
    // a clause that already has its own conjunction would make a run-on ("late and we don't know why and they ...")
    if (/\b(?:and|but|so|or)\b/i.test(a.text + ' ' + b.text)) continue;
    // both need a verb
    const ta = tagsOf(a);
    const tb = tagsOf(b);
    if (!ta.some((x) => x.pos === 'VERB' || x.pos === 'AUX') || !tb.some((x) => x.pos === 'VERB' || x.pos === 'AUX')) continue;
    const start = a.end - 1;
    const end = b.start + 1;
    if (prot.some((p) => start < p.end && p.start < end)) continue;
    // two short clauses join without a comma ("It rained and we stayed in."), longer ones with one
    const joint = wa + wb <= 14 && cfg.split === 'informal' ? ' and' : ', and';
    const keep = /^(?:I|I'[a-z]+)\b/.test(b.text);
    const e: Edit = { start, end, replacement: `${joint} ${keep ? b.text[0]! : b.text[0]!.toLowerCase()}`, kind: 'merge' };
    if (isFree(edits, e.start, e.end)) {
      edits.push(e);
      joined.add(i).add(i + 1);
      i++; // never chain merges
    }
  }
}

/** Repair a/an before edits whose replacement starts with a word ("an intricate" -> "a complex"). */
function fixArticles(text: string, edits: Edit[]): void {
  for (const e of edits) {
    const w = e.replacement.match(/^\p{L}+/u)?.[0];
    if (!w) continue;
    const m = text.slice(Math.max(0, e.start - 4), e.start).match(/(?:^|[^\p{L}])(an?|An?|AN?)(\s+)$/u);
    if (!m) continue;
    const artStart = e.start - m[2]!.length - m[1]!.length;
    const want = articleFor(w);
    if (m[1]!.toLowerCase() === want) continue;
    const others = edits.filter((x) => x !== e);
    if (!isFree(others, artStart, e.start)) continue;
    const art = matchCase(m[1]!, want);
    e.replacement = art + m[2]! + e.replacement;
    e.start = artStart;
  }
}

// ---------------------------------------------------------------------------
// sentence openings
// ---------------------------------------------------------------------------

/** Previous-sentence folds: "X. However, y." -> "X, but y." (the meaning of the connective is kept). */
const FOLDS: { re: RegExp; conj: string; light?: boolean }[] = [
  { re: /^(?:However|Yet|Still),\s+/, conj: 'but', light: true },
  { re: /^(?:Therefore|Thus|Hence|Consequently|As a result),\s+/, conj: 'so' },
  { re: /^(?:Additionally|Moreover|Furthermore|In addition|Also),\s+/, conj: 'and' },
];

function foldEdits(
  text: string,
  sentences: Span[],
  cfg: CoreConfig,
  edits: Edit[],
  prot: { start: number; end: number }[],
  tagsOf: (s: Span) => Tok[],
  joined: Set<number>,
): void {
  for (let i = 0; i + 1 < sentences.length; i++) {
    const a = sentences[i]!;
    const b = sentences[i + 1]!;
    if (joined.has(i) || joined.has(i + 1)) continue;
    if (!/^[ \t]+$/.test(text.slice(a.end, b.start))) continue; // same paragraph
    const f = FOLDS.find((x) => x.re.test(b.text));
    if (!f || (cfg.openers === 'light' && !f.light)) continue;
    if (!/\p{L}\.$/u.test(a.text) || !/[.!]$/.test(b.text)) continue;
    const lead = b.text.match(f.re)![0];
    const rest = b.text.slice(lead.length);
    const wa = countWords(a.text);
    const wb = countWords(rest);
    // a long result is what the splitter undoes; a sentence already full of commas becomes hard to read
    if (wa < 4 || wb < 4 || wa + wb > 34) continue;
    if ((a.text.match(/[,;:]/g)?.length ?? 0) > 1 || /[;:"\u201C\u201D()]/.test(a.text + rest)) continue;
    // "and" may only join two independent clauses: the rest needs its own subject and verb
    const tb = tagsOf(b).filter((t) => t.start >= lead.length);
    if (!tb[0] || !SUBJECT_START.has(tb[0].pos) || !tb.some((t) => t.pos === 'VERB' || t.pos === 'AUX')) continue;
    const start = a.end - 1;
    const end = b.start + lead.length + 1;
    if (prot.some((p) => start < p.end && p.start < end)) continue;
    const keep = tb[0].pos === 'PROPN' || tb[0].text === 'I' || /^\p{Lu}{2,}/u.test(tb[0].text);
    const first = keep ? rest[0]! : rest[0]!.toLowerCase();
    const e: Edit = { start, end, replacement: `, ${f.conj} ${first}`, kind: 'merge' };
    if (isFree(edits, e.start, e.end)) {
      edits.push(e);
      joined.add(i).add(i + 1);
      i++; // never chain folds
    }
  }
}

/** Connectives built like adverbials ("In the end,", "At the same time,"): they keep their place and comma. */
const FIXED_CONNECTIVE = /^(?:In|On|At|By|Over|After|Before)\s+(?:the\s+)?(?:end|meantime|contrary|other hand|same time|first place|long run|short term|long term|time being|beginning|start|course of time|past|future)\s*,/i;

/** Prepositions that open a movable time or place adverbial. */
const ADVERBIAL_PREP = /^(?:In|On|At|During|After|Before|Since|Over|Throughout|Across|Within|Until|By)$/;
const TIME_WORDS =
  /^(?:\d.*|years?|decades?|centuries|century|months?|weeks?|days?|mornings?|evenings?|nights?|afternoons?|summer|winter|spring|autumn|fall|times?|periods?|eras?|ages?|past|recent|early|late|wake|course|meantime|end|beginning|start|january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|yesterday|war|pandemic|crisis)$/i;

function openerEdits(
  text: string,
  sent: Span,
  toks: Tok[],
  cfg: CoreConfig,
  edits: Edit[],
  prot: { start: number; end: number }[],
  h: number,
): void {
  const first = toks[0];
  if (!first || first.start !== 0) return;
  const free = (s: number, e: number) => isFree(edits, s, e) && !prot.some((p) => s < p.end && p.start < e);

  // "This/These + noun" -> "The + noun" (half of them: a demonstrative now and then is human too)
  if (cfg.openers === 'full' && /^(?:This|These)$/.test(first.text) && first.pos === 'DET' && h % 2 === 0) {
    const next = toks[1];
    // "This way, ..." / "These days, ..." are adverbials, not a demonstrative before a noun
    const adverbial = next && /^(?:way|time|times|year|years|month|week|day|days|morning|evening|afternoon|weekend|season|summer|winter|spring|fall|autumn|point|moment)$/i.test(next.text);
    if (next && !adverbial && (next.pos === 'NOUN' || (next.pos === 'ADJ' && toks[2]?.pos === 'NOUN'))) {
      const e: Edit = { start: sent.start, end: sent.start + first.text.length, replacement: 'The', kind: 'opener' };
      if (free(e.start, e.end)) edits.push(e);
    }
    return;
  }

  // a short adverbial before the first comma: "In 2020, the company grew." / "During the war, many left."
  if (!ADVERBIAL_PREP.test(first.text) || first.pos !== 'ADP') return;
  // "By using X, we ..." (a means) moves like a time or place phrase: "We ... by using X."
  const gerund = first.text === 'By' && toks[1]?.pos === 'VERB' && /ing$/i.test(toks[1].text);
  const comma = toks.findIndex((t) => t.text === ',');
  if (comma < 2 || comma > (gerund ? 8 : 6)) return;
  const intro = toks.slice(1, comma);
  const allowed = gerund ? ['DET', 'NUM', 'NOUN', 'PROPN', 'ADJ', 'PRON', 'ADP'] : ['DET', 'NUM', 'NOUN', 'PROPN', 'ADJ'];
  if (intro.slice(gerund ? 1 : 0).some((t) => !allowed.includes(t.pos))) return;
  const rest = toks.slice(comma + 1);
  const r0 = rest[0];
  if (!r0 || !SUBJECT_START.has(r0.pos) && r0.pos !== 'ADJ') return;
  if (!rest.some((t) => t.pos === 'VERB' || t.pos === 'AUX')) return;
  const introEnd = sent.start + toks[comma - 1]!.end;
  const restStart = sent.start + r0.start;
  if (!free(sent.start, restStart)) return;
  const keepCase = (t: Tok) => t.pos === 'PROPN' || t.text === 'I' || /^\p{Lu}{2,}/u.test(t.text);
  const movable =
    /[.]$/.test(sent.text) &&
    !/[,;:!?"\u201C\u201D()]/.test(sent.text.slice(r0.start, -1)) &&
    // a short, single clause: after a long one or a reported one ("the court said he ...") the moved phrase could
    // attach to the wrong verb
    countWords(sent.text.slice(r0.start)) <= (gerund ? 14 : 11) &&
    !rest.some((t) => t.pos === 'SCONJ' || /^(?:that|who|which|whom|whose|where|when|said|says|stated|announced|reported|argued|claimed|found|showed|noted)$/i.test(t.text)) &&
    (gerund || intro.some((t) => t.pos === 'PROPN' || TIME_WORDS.test(t.text))) &&
    // the clause must not already end with another adverbial of the same kind ("... in 2021.")
    !/\b(?:in|on|at|during|since|by)\s+\S+\s*\.$/i.test(sent.text);
  if (movable && h % 3 !== 2) {
    // "In 2020, the company grew." -> "The company grew in 2020."
    const phrase = text.slice(sent.start, introEnd);
    const moved = keepCase(first) ? phrase : first.text.toLowerCase() + phrase.slice(first.text.length);
    // the clause's first word now opens the sentence: capitalised even when it is a name ("sub-Saharan Africa")
    const cap = r0.text[0]!.toUpperCase();
    const dot = sent.end - 1;
    if (!free(dot, dot + 1) || !isFree(edits, restStart, restStart + 1)) return;
    edits.push({ start: sent.start, end: restStart + 1, replacement: cap, kind: 'reorder' });
    edits.push({ start: dot, end: dot, replacement: ` ${moved}`, kind: 'reorder' });
    return;
  }
  // otherwise drop the comma after a short time or place phrase ("By the 1730s this style ..."; not in formal styles)
  const timeOrPlace = intro.some((t) => t.pos === 'PROPN' || t.pos === 'NUM' || TIME_WORDS.test(t.text));
  if (cfg.openers === 'full' && cfg.style !== 'professional' && intro.length <= 3 && timeOrPlace && !FIXED_CONNECTIVE.test(sent.text)) {
    const cs = sent.start + toks[comma]!.start;
    const e: Edit = { start: cs, end: cs + 1, replacement: '', kind: 'punctuation' };
    if (free(e.start, e.end)) edits.push(e);
  }
}

// ---------------------------------------------------------------------------
// trailing participle clauses
// ---------------------------------------------------------------------------

const PAST_MARK = /^(?:was|were|had|did)$/i;
const PRESENT_MARK = /^(?:is|are|am|has|have|do|does|can|will|may|must|should|shall)$/i;

/**
 * ", making it/them + predicate" (a participle tail that chat models lean on) -> ", so it's / so they're ..." in
 * casual and creative styles and ", which makes it ..." in professional, in the tense of the main clause.
 */
function participleEdits(text: string, sent: Span, toks: Tok[], cfg: CoreConfig, edits: Edit[], prot: { start: number; end: number }[]): void {
  for (let i = 1; i + 3 < toks.length; i++) {
    if (toks[i]!.text !== ',' || !/^making$/i.test(toks[i + 1]!.text)) continue;
    const obj = toks[i + 2]!;
    const pred = toks[i + 3]!;
    if (!/^(?:it|them)$/i.test(obj.text)) continue;
    // "making it to the final" is an idiom (reaching), not a result
    if (!['ADJ', 'DET', 'ADV'].includes(pred.pos) || /^(?:to|through|into|out|up|home|back)$/i.test(pred.text)) continue;
    const main = toks.slice(0, i);
    if (!main.some((t) => t.pos === 'VERB' || t.pos === 'AUX')) continue;
    const past = main.some((t) => PAST_MARK.test(t.text) || (t.pos === 'VERB' && /ed$/i.test(t.text))) && !main.some((t) => t.pos === 'AUX' && PRESENT_MARK.test(t.text));
    const plural = /^them$/i.test(obj.text);
    let rep: string;
    if (cfg.split === 'informal') {
      const be = past ? (plural ? 'were' : 'was') : plural ? "'re" : "'s";
      const subj = plural ? 'they' : 'it';
      rep = be.startsWith("'") && cfg.contractions === 'full' ? `, so ${subj}${be}` : `, so ${subj} ${be.startsWith("'") ? (plural ? 'are' : 'is') : be}`;
    } else {
      rep = `, which ${past ? 'made' : 'makes'} ${obj.text.toLowerCase()}`;
    }
    const start = sent.start + toks[i]!.start;
    const end = sent.start + obj.end;
    if (prot.some((p) => start < p.end && p.start < end)) continue;
    const e: Edit = { start, end, replacement: rep, kind: 'structure' };
    if (isFree(edits, e.start, e.end)) edits.push(e);
  }
}

// ---------------------------------------------------------------------------
// asides
// ---------------------------------------------------------------------------

const ASIDE_OPENERS = /^(?:(?:also |commonly |often |better |more commonly )?known as|(?:also |often |sometimes )?called|such as|including|like)\s/i;

/**
 * A naming or example aside set off by two commas mid-sentence -> parentheses: "Venture capital, commonly known as
 * VC, is ..." -> "Venture capital (commonly known as VC) is ...". Only short asides without commas of their own, followed
 * by the sentence's verb, and never after a number (", such as 3, 4" could be a list).
 */
function asideEdits(text: string, sent: Span, toks: Tok[], edits: Edit[], prot: { start: number; end: number }[]): void {
  for (let i = 1; i + 2 < toks.length; i++) {
    if (toks[i]!.text !== ',') continue;
    const open = toks[i]!;
    const rest = sent.text.slice(open.end).replace(/^\s+/, '');
    if (!ASIDE_OPENERS.test(rest)) continue;
    const close = toks.findIndex((t, j) => j > i + 1 && /^[,;:.!?()"\u201C\u201D]$/.test(t.text));
    if (close < 0 || toks[close]!.text !== ',') continue;
    const inner = toks.slice(i + 1, close);
    if (inner.length < 3 || inner.length > 8 || inner.some((t) => t.pos === 'VERB' && !/^(?:known|called)$/i.test(t.text)) || inner.some((t) => t.pos === 'AUX')) continue;
    // the sentence must go on with its verb ("..., is a type of"): anything else may be the rest of a list
    // ("such as Americans, Germans, and Jews")
    const after = toks[close + 1];
    const verbAt = after?.pos === 'ADV' ? toks[close + 2] : after;
    if (!after || !verbAt || (verbAt.pos !== 'VERB' && verbAt.pos !== 'AUX')) continue;
    if (toks[i - 1]!.pos === 'NUM') continue;
    // "Its skipper, Kevin Lunney, also known as ...": the opening comma also closes an earlier appositive
    const prevComma = toks.slice(0, i).map((t) => t.text).lastIndexOf(',');
    if (prevComma >= 0 && !toks.slice(prevComma + 1, i).some((t) => t.pos === 'VERB' || t.pos === 'AUX')) continue;
    const start = sent.start + open.start;
    const end = sent.start + toks[close]!.end;
    if (prot.some((p) => start < p.end && p.start < end)) continue;
    const body = text.slice(sent.start + inner[0]!.start, sent.start + inner[inner.length - 1]!.end);
    const e: Edit = { start, end, replacement: ` (${body})`, kind: 'structure' };
    if (isFree(edits, e.start, e.end)) edits.push(e);
  }
}
