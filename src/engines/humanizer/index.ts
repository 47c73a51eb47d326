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
 *  4. sentence structure: over-long sentences split at a safe ", and/but/so <subject>" or ";" point, very short
 *     adjacent sentences merged with ", and" (conservatively)
 * All edits are computed on the original text (offsets in `changes` index into the input) and never overlap.
 *
 * What a grammar check (harper.js) of the output should verify — see GRAMMAR_CHECK_NOTES below.
 */
import {
  applyEdits,
  capitalizeFirst,
  collectRuleEdits,
  compileRules,
  countWords,
  hash32,
  isFree,
  matchCase,
  posTag,
  quoteSpans,
  splitSentences,
  type Edit,
  type PhraseRule,
  type Span,
} from '../text';
import { CONTRACT_FULL, CONTRACT_LIGHT, EXPAND } from './contractions';
import { IRREGULAR, PHRASES, VERB_PHRASES, WORDS, type HumanizerStyle, type StyleReplacement } from './tables';

export type { HumanizerStyle } from './tables';
export { PHRASES, WORDS, VERB_PHRASES } from './tables';

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
}

const STYLE_CONFIG: Record<HumanizerStyle, CoreConfig> = {
  casual: { style: 'casual', contractions: 'full', split: 'informal', merge: true },
  creative: { style: 'creative', contractions: 'full', split: 'informal', merge: true },
  professional: { style: 'professional', contractions: 'light', split: 'formal', merge: true },
  academic: { style: 'academic', contractions: 'expand', split: 'formal', merge: false },
};

export function humanize(text: string, opts: HumanizeOptions = {}): HumanizeResult {
  const style = opts.style ?? 'casual';
  if (!STYLE_CONFIG[style]) throw new RangeError(`unknown humanizer style: ${String(style)}`);
  return rewriteCore(text, STYLE_CONFIG[style]);
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
  if (cfg.extraRules?.length) collectRuleEdits(text, sentences, compileRules(cfg.extraRules), edits, prot);

  // 1. phrases and transitions (variant chosen per sentence)
  for (const sent of sentences) {
    const h = hash32(salt + sent.text);
    const chosen = rules.phrases.map((variants, i) => variants[(h + i) % variants.length]!);
    collectRuleEdits(text, [sent], chosen, edits, prot);
  }

  // 2. contractions / expansions
  if (cfg.contractions !== 'none') collectRuleEdits(text, sentences, contractionRules[cfg.contractions], edits, prot);

  // 3. vetted synonyms with POS check (and structure, which needs the tags too)
  for (const sent of sentences) {
    const toks = posTag(sent.text);
    synonymEdits(text, sent, toks, cfg, edits, prot, salt);
    if (cfg.split !== 'off') splitEdit(text, sent, toks, cfg, edits, prot);
  }

  // 4. merges of very short neighbours
  if (cfg.merge) mergeEdits(text, sentences, edits, prot);

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
    const prev = toks[i - 1];
    let ok = t.pos === entry.pos;
    if (!ok && entry.pos === 'VERB' && (hit.form === 'past' || hit.form === 'ing') && t.pos === 'ADJ') {
      ok = !prev || prev.pos !== 'DET';
    }
    if (!ok) continue;
    if (entry.notBefore && entry.notBefore.test(sent.text.slice(t.end))) continue;
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
    if (!SUBJECT_START.has(c.next.pos)) continue;
    // the right part must carry its own finite verb before any further comma
    const rightToks = toks.slice(c.nextIdx);
    const stop = rightToks.findIndex((x) => x.text === ',' || x.text === ';');
    const clause = stop < 0 ? rightToks : rightToks.slice(0, stop);
    if (!clause.some((x) => x.pos === 'VERB' || x.pos === 'AUX')) continue;
    // the left part must too
    if (!toks.slice(0, c.at).some((x) => x.pos === 'VERB' || x.pos === 'AUX')) continue;
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

const MERGE_STARTERS = /^(?:It|This|That|They|These|Those|Its|Their|There)\b/;

function mergeEdits(text: string, sentences: Span[], edits: Edit[], prot: { start: number; end: number }[]): void {
  for (let i = 0; i + 1 < sentences.length; i++) {
    const a = sentences[i]!;
    const b = sentences[i + 1]!;
    const gap = text.slice(a.end, b.start);
    if (!/^[ \t]+$/.test(gap)) continue; // same paragraph, same line
    const wa = countWords(a.text);
    const wb = countWords(b.text);
    if (wa < 2 || wb < 2 || wa > 7 || wb > 7) continue;
    if (!/\p{L}\.$/u.test(a.text) || !/\.$/.test(b.text)) continue;
    if (/[,;:"\u201C\u201D()]/.test(a.text + b.text)) continue;
    if (!MERGE_STARTERS.test(b.text)) continue;
    // both need a verb
    const ta = posTag(a.text);
    const tb = posTag(b.text);
    if (!ta.some((x) => x.pos === 'VERB' || x.pos === 'AUX') || !tb.some((x) => x.pos === 'VERB' || x.pos === 'AUX')) continue;
    const start = a.end - 1;
    const end = b.start + 1;
    if (prot.some((p) => start < p.end && p.start < end)) continue;
    const e: Edit = { start, end, replacement: `, and ${b.text[0]!.toLowerCase()}`, kind: 'merge' };
    if (isFree(edits, e.start, e.end)) {
      edits.push(e);
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
