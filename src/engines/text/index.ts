/**
 * Shared text utilities for the writing engines. Pure, deterministic, offline.
 *
 * - splitSentences: sentence spans with offsets into the input
 * - tokenize / countWords (words.ts: reader's count; countWhitespaceWords for the word limits)
 * - Edit / applyEdits: offset-based edits on the original text (non-overlapping)
 * - matchCase / capitalizeFirst
 * - hash.ts: fnv1a32 (also as hash32, for deterministic variety) and fmix32, shared with plagiarism and the detector
 * - phrase-rule engine (compileRules / collectRuleEdits) used by the shortener, humanizer and rewriter
 */
export { posTag, type PosToken } from './pos';
export { countWords, countWhitespaceWords } from './words';
export { fmix32, fnv1a32, fnv1aStep, FNV_OFFSET_BASIS, FNV_PRIME } from './hash';
/** 32-bit FNV-1a of a string; the writing tools derive deterministic "variety" (a variant per sentence) from it. */
export { fnv1a32 as hash32 } from './hash';

export interface Span {
  text: string;
  start: number;
  end: number;
}

export type Token = Span & { kind: 'word' | 'number' | 'punct' };

const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'mt',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'inc',
  'ltd',
  'co',
  'corp',
  'no',
  'fig',
  'figs',
  'eq',
  'vol',
  'pp',
  'approx',
  'dept',
  'est',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'u.s',
  'u.k',
  'a.m',
  'p.m',
  'ph.d',
  'gen',
  'gov',
  'sen',
  'rep',
  'lt',
  'col',
  'capt',
  'cf',
  'al',
  'v',
]);

/**
 * Split text into sentences. Boundaries: [.!?…]+ (plus closing quotes/brackets) followed by whitespace and an
 * upper-case letter, digit, quote or bracket; or a blank line / line break. Abbreviations and initials do not end
 * a sentence. Returned spans are trimmed and index into the original text.
 */
export function splitSentences(text: string): Span[] {
  const out: Span[] = [];
  let segStart = 0;
  const push = (s: number, e: number) => {
    while (s < e && /\s/.test(text[s]!)) s++;
    while (e > s && /\s/.test(text[e - 1]!)) e--;
    if (e > s) out.push({ text: text.slice(s, e), start: s, end: e });
  };
  const re = /([.!?\u2026]+)(["'\u201D\u2019)\]]*)(\s+)|(\n\s*\n|\r?\n)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    if (m[4] !== undefined) {
      push(segStart, m.index);
      segStart = m.index + m[0].length;
      continue;
    }
    const punctEnd = m.index + m[1]!.length + m[2]!.length;
    const next = text[m.index + m[0].length];
    if (next === undefined) break;
    // a line break after the stop always ends the sentence ("done.\n- next item")
    if (!/[\p{Lu}\d"'\u201C\u2018([]/u.test(next) && !m[3]!.includes('\n')) continue;
    if (m[1] === '.') {
      // word before the period
      const before = text.slice(segStart, m.index).match(/([\p{L}.]+)$/u)?.[1] ?? '';
      const w = before.toLowerCase();
      if (ABBREVIATIONS.has(w) || /^\p{Lu}$/u.test(before) || /^(\p{L}\.)+\p{L}$/u.test(before)) continue;
    }
    if (m[3]!.includes('\n') && /\n\s*\n/.test(m[3]!)) {
      push(segStart, punctEnd);
      segStart = punctEnd;
      continue;
    }
    push(segStart, punctEnd);
    segStart = punctEnd;
  }
  push(segStart, text.length);
  return out.some((x) => x.end - x.start > MAX_SENTENCE_CHARS) ? out.flatMap((x) => boundSpan(text, x, MAX_SENTENCE_CHARS)) : out;
}

/**
 * The longest sentence the engines analyse whole (about 350 words; prose never comes near it). Longer "sentences"
 * (a text with no full stop, a run of punctuation) are cut at spaces into pieces of at most this length, so that the
 * work done per sentence, which looks back and ahead within it, stays bounded and the engines stay linear.
 */
export const MAX_SENTENCE_CHARS = 2000;

/** Cut a span into pieces of at most `max` characters, at the last whitespace before each limit where there is one. */
function boundSpan(text: string, span: Span, max: number): Span[] {
  if (span.end - span.start <= max) return [span];
  const out: Span[] = [];
  let s = span.start;
  while (span.end - s > max) {
    let cut = s + max;
    const back = text.slice(s + (max >> 1), cut).search(/\s\S*$/);
    if (back >= 0) cut = s + (max >> 1) + back;
    let e = cut;
    while (e > s && /\s/.test(text[e - 1]!)) e--;
    if (e > s) out.push({ text: text.slice(s, e), start: s, end: e });
    s = cut;
    while (s < span.end && /\s/.test(text[s]!)) s++;
  }
  if (span.end > s) out.push({ text: text.slice(s, span.end), start: s, end: span.end });
  return out;
}

/** Paragraph spans (separated by blank lines). */
export function splitParagraphs(text: string): Span[] {
  const out: Span[] = [];
  const re = /\S[\s\S]*?(?=\n\s*\n|$)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const t = m[0].replace(/\s+$/, '');
    out.push({ text: t, start: m.index, end: m.index + t.length });
  }
  return out;
}

const TOKEN_RE = /(\d+(?:[.,:/]\d+)*%?)|([\p{L}\p{M}]+(?:['\u2019-][\p{L}\p{M}]+)*)|([^\s\p{L}\p{M}\d])/gu;

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let m: RegExpExecArray | null;
  TOKEN_RE.lastIndex = 0;
  while ((m = TOKEN_RE.exec(text))) {
    const kind = m[1] !== undefined ? 'number' : m[2] !== undefined ? 'word' : 'punct';
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length, kind });
  }
  return out;
}

/** Lower-cased content-ish word list, for similarity and comparisons. */
export function words(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['\u2019][\p{L}]+)?/gu) ?? []).map((w) => w.replace(/\u2019/g, "'"));
}

export function capitalizeFirst(s: string): string {
  const i = s.search(/\p{L}/u);
  if (i < 0) return s;
  return s.slice(0, i) + s[i]!.toUpperCase() + s.slice(i + 1);
}

export function lowerFirst(s: string): string {
  const i = s.search(/\p{L}/u);
  if (i < 0) return s;
  return s.slice(0, i) + s[i]!.toLowerCase() + s.slice(i + 1);
}

/** Give `replacement` the capitalisation pattern of `original` (ALL CAPS, Capitalised, or as written). */
export function matchCase(original: string, replacement: string): string {
  const letters = original.replace(/[^\p{L}]/gu, '');
  if (letters.length > 1 && letters === letters.toUpperCase() && replacement.length > 1) return replacement.toUpperCase();
  if (/^\P{L}*\p{Lu}/u.test(original)) return capitalizeFirst(replacement);
  return replacement;
}

// ---------------------------------------------------------------------------
// Edits
// ---------------------------------------------------------------------------

export interface Edit {
  /** offsets into the ORIGINAL text */
  start: number;
  end: number;
  replacement: string;
  kind: string;
  /** after applying, the next word must start with a capital (the edit removed a sentence opener) */
  capNext?: boolean;
}

const clashes = (e: Edit, start: number, end: number) =>
  (start < e.end && e.start < end) ||
  // two insertions/edits touching at the same point: keep apart
  (start === end && e.start === e.end && e.start === start);

/**
 * Edits by position, so that isFree looks only at the claimed edits near a span: a long text claims thousands of
 * edits, and scanning all of them for each new one made the writing engines quadratic. Each list of edits gets its
 * index on first use and takes in the edits pushed since (lists only grow). Edits are filed with a margin, since a
 * later pass may move an edit's start a few characters back (an article joined to a replaced word).
 */
interface EditIndex {
  filed: number;
  buckets: Map<number, Edit[]>;
}
const BUCKET = 64;
const MARGIN = 16;
/** below this many edits a plain scan is as fast */
const SCAN_BELOW = 32;
const editIndexes = new WeakMap<readonly Edit[], EditIndex>();

function editIndex(edits: readonly Edit[]): EditIndex {
  let ix = editIndexes.get(edits);
  if (!ix || ix.filed > edits.length) editIndexes.set(edits, (ix = { filed: 0, buckets: new Map() }));
  for (; ix.filed < edits.length; ix.filed++) {
    const e = edits[ix.filed]!;
    const last = Math.floor((e.end + MARGIN) / BUCKET);
    for (let b = Math.floor(Math.max(0, e.start - MARGIN) / BUCKET); b <= last; b++) {
      const list = ix.buckets.get(b);
      if (list) list.push(e);
      else ix.buckets.set(b, [e]);
    }
  }
  return ix;
}

/** Is [start,end) free of every claimed edit (but `except`)? */
export function isFree(edits: readonly Edit[], start: number, end: number, except?: Edit): boolean {
  const first = Math.floor(Math.max(0, start) / BUCKET);
  const last = Math.floor(end / BUCKET);
  if (edits.length < SCAN_BELOW || last - first > edits.length) {
    for (const e of edits) if (e !== except && clashes(e, start, end)) return false;
    return true;
  }
  const ix = editIndex(edits);
  for (let b = first; b <= last; b++) for (const e of ix.buckets.get(b) ?? []) if (e !== except && clashes(e, start, end)) return false;
  return true;
}

interface SpanIndex {
  starts: number[];
  /** the largest end among spans[0..i] (sorted by start) */
  maxEnd: number[];
}
const spanIndexes = new WeakMap<readonly { start: number; end: number }[], SpanIndex>();

/**
 * Does [start, end) overlap any of `spans` (which do not change once built)? A binary search, since a text of many
 * quotations has thousands of protected spans, checked for every candidate edit.
 */
export function overlapsAny(spans: readonly { start: number; end: number }[], start: number, end: number): boolean {
  if (spans.length < SCAN_BELOW) return spans.some((p) => start < p.end && p.start < end);
  let ix = spanIndexes.get(spans);
  if (!ix) {
    const sorted = [...spans].sort((a, b) => a.start - b.start);
    const maxEnd: number[] = [];
    for (const [i, p] of sorted.entries()) maxEnd.push(Math.max(p.end, maxEnd[i - 1] ?? -Infinity));
    spanIndexes.set(spans, (ix = { starts: sorted.map((p) => p.start), maxEnd }));
  }
  // the last span starting before `end`: some span up to it overlaps iff one of them ends after `start`
  let lo = 0;
  let hi = ix.starts.length - 1;
  let k = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ix.starts[mid]! < end) {
      k = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return k >= 0 && ix.maxEnd[k]! > start;
}

/** Apply non-overlapping edits (offsets into `text`). Overlapping later edits are dropped. */
export function applyEdits(text: string, edits: readonly Edit[]): { text: string; changes: Edit[] } {
  const kept: Edit[] = [];
  for (const e of edits) if (isFree(kept, e.start, e.end)) kept.push(e);
  kept.sort((a, b) => a.start - b.start || a.end - b.end);
  // repair capitalisation after removed sentence openers
  for (let i = 0; i < kept.length; i++) {
    const e = kept[i]!;
    if (!e.capNext) continue;
    let pos = e.end;
    while (pos < text.length && /[\s"'\u201C\u2018(]/.test(text[pos]!)) pos++;
    const next = kept[i + 1];
    if (next && next.start <= pos) {
      if (/\p{L}/u.test(next.replacement)) next.replacement = capitalizeFirst(next.replacement);
      else next.capNext = true;
    } else if (pos < text.length && /\p{Ll}/u.test(text[pos]!)) {
      e.replacement += text.slice(e.end, pos) + text[pos]!.toUpperCase();
      e.end = pos + 1;
    }
  }
  for (const e of kept) delete e.capNext;
  let out = '';
  let pos = 0;
  for (const e of kept) {
    out += text.slice(pos, e.start) + e.replacement;
    pos = e.end;
  }
  out += text.slice(pos);
  return { text: out, changes: kept };
}

// ---------------------------------------------------------------------------
// Phrase-rule engine
// ---------------------------------------------------------------------------

export interface PhraseRule {
  /** case-insensitive phrase pattern (regex source, no anchors needed; word boundaries are added) */
  pattern: string;
  /** '' removes the phrase (with its commas/spaces, repairing capitalisation). */
  replacement: string;
  kind: string;
  /** only when the phrase opens a sentence */
  sentenceStartOnly?: boolean;
  /** optional regex source the text right after the match must NOT start with (checked on the following text) */
  notBefore?: string;
  /** like notBefore, but case-sensitive (e.g. "not before a capitalised name") */
  notBeforeCased?: string;
  /** optional regex source the text right before the match must NOT end with */
  notAfter?: string;
  /** optional regex source the text right before the match MUST end with (e.g. an auxiliary before a participle) */
  onlyAfter?: string;
}

export interface CompiledRule extends PhraseRule {
  re: RegExp;
  nb?: RegExp;
  nbc?: RegExp;
  na?: RegExp;
  oa?: RegExp;
  /** phrase table (lower case, single spaces) -> replacement; set by compilePhraseTable */
  table?: Map<string, string>;
}

/**
 * One rule for a whole table of fixed phrases: a single alternation (longest phrase first, so the longest match wins
 * at each position) and a lookup for the replacement. Hundreds of separate regular expressions cost more than the
 * matching: V8 drops the compiled code of rarely run expressions on garbage collection and recompiles them, which made
 * the shortener 13x slower when the humanizer and rewriter ran in the same process.
 */
export function compilePhraseTable(
  entries: ReadonlyArray<readonly [string, string]>,
  kind: string,
  opts: Pick<PhraseRule, 'notBefore' | 'notAfter'> = {},
): CompiledRule {
  const table = new Map<string, string>();
  for (const [p, r] of entries) if (!table.has(p.toLowerCase())) table.set(p.toLowerCase(), r);
  const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
  const pattern = [...table.keys()]
    .sort((a, b) => b.length - a.length)
    .map(esc)
    .join('|');
  return { ...compileRules([{ pattern, replacement: '', kind, ...opts }])[0]!, table };
}

export function compileRules(rules: readonly PhraseRule[]): CompiledRule[] {
  return rules.map((r) => ({
    ...r,
    re: new RegExp(`(?<![\\p{L}\\p{N}'\\u2019-])(?:${r.pattern})(?![\\p{L}\\p{N}-]|['\\u2019]\\p{L})`, 'giu'),
    nb: r.notBefore ? new RegExp(`^(?:${r.notBefore})`, 'iu') : undefined,
    nbc: r.notBeforeCased ? new RegExp(`^(?:${r.notBeforeCased})`, 'u') : undefined,
    na: r.notAfter ? new RegExp(`(?:${r.notAfter})$`, 'iu') : undefined,
    oa: r.onlyAfter ? new RegExp(`(?:${r.onlyAfter})$`, 'iu') : undefined,
  }));
}

/** True when only opening quotes/brackets/space separate `pos` from the sentence start. */
function atStart(sentence: string, pos: number): boolean {
  return /^[\s"'\u201C\u2018([*\-\u2022]*$/.test(sentence.slice(0, pos));
}

/**
 * An edit that deletes text[s,e) inside a sentence cleanly: commas around a parenthetical, one adjacent space,
 * and re-capitalising the next word when the deleted text opened the sentence.
 */
export function removalEdit(text: string, sent: Span, s: number, e: number, kind: string): Edit | null {
  const local = (i: number) => i - sent.start;
  const sstr = sent.text;
  let rs = s;
  let re = e;
  const leadComma = /,\s*$/.test(sstr.slice(0, local(s))) && !atStart(sstr, local(s));
  const trailComma = /^\s*,/.test(sstr.slice(local(e)));
  if (leadComma && trailComma) {
    rs = sent.start + sstr.slice(0, local(s)).search(/,\s*$/);
    re = e + sstr.slice(local(e)).indexOf(',') + 1;
  } else if (leadComma && /^\s*[.;:!?)]/.test(sstr.slice(local(e)))) {
    rs = sent.start + sstr.slice(0, local(s)).search(/,\s*$/);
  } else if (trailComma) {
    re = e + (sstr.slice(local(e)).match(/^\s*,\s*/)?.[0].length ?? 0);
  } else {
    const after = sstr.slice(local(e)).match(/^\s+/)?.[0].length ?? 0;
    if (after > 0) re = e + after;
    else rs = s - (sstr.slice(0, local(s)).match(/\s+$/)?.[0].length ?? 0);
  }
  if (atStart(sstr, local(rs))) {
    // the following word must be re-capitalised; refuse if nothing with letters would remain
    if (!/\p{L}/u.test(sstr.slice(local(re)))) return null;
    return { start: rs, end: re, replacement: '', kind, capNext: true };
  }
  return { start: rs, end: re, replacement: '', kind };
}

/**
 * Apply phrase rules to every sentence of `text`, claiming spans in `edits` (mutated).
 * `protectedSpans` (quotes etc.) are never touched.
 */
export function collectRuleEdits(
  text: string,
  sentences: readonly Span[],
  rules: readonly CompiledRule[],
  edits: Edit[],
  protectedSpans: readonly { start: number; end: number }[] = [],
): void {
  for (const sent of sentences) {
    for (const rule of rules) {
      rule.re.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = rule.re.exec(sent.text))) {
        const ls = m.index;
        const le = ls + m[0].length;
        if (m[0].length === 0) {
          rule.re.lastIndex++;
          continue;
        }
        const start = sent.start + ls;
        const end = sent.start + le;
        const sentenceStart = atStart(sent.text, ls);
        // "sentence-start" rules also apply right after a short introductory phrase ("Now, I think that ...")
        if (rule.sentenceStartOnly && !sentenceStart && !/^[^,;:]{1,40},\s+$/.test(sent.text.slice(0, ls))) continue;
        if (rule.nb && rule.nb.test(sent.text.slice(le))) continue;
        if (rule.nbc && rule.nbc.test(sent.text.slice(le))) continue;
        if (rule.na && rule.na.test(sent.text.slice(0, ls))) continue;
        if (rule.oa && !rule.oa.test(sent.text.slice(0, ls))) continue;
        if (overlapsAny(protectedSpans, start, end)) continue;
        const replacement = rule.table ? rule.table.get(m[0].toLowerCase().replace(/\s+/g, ' ')) : rule.replacement;
        if (replacement === undefined) continue;
        let edit: Edit | null;
        if (replacement === '') {
          edit = removalEdit(text, sent, start, end, rule.kind);
        } else {
          let rep = matchCase(m[0], replacement);
          if (sentenceStart) rep = capitalizeFirst(rep);
          edit = { start, end, replacement: rep, kind: rule.kind };
        }
        if (edit && isFree(edits, edit.start, edit.end)) edits.push(edit);
      }
    }
  }
}

/** Spans inside double quotes (straight or curly) — quoted material is never rewritten. */
export function quoteSpans(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  const re = /"[^"\n]{1,2000}"|\u201C[^\u201D\n]{1,2000}\u201D|`[^`\n]{1,500}`/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) out.push({ start: m.index, end: m.index + m[0].length });
  return out;
}

/** Tidy whitespace artefacts that edits may leave (double spaces, space before punctuation). */
export function tidy(text: string): string {
  return text
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +([,.;:!?])/g, '$1')
    .replace(/,\s*,/g, ',')
    .replace(/,([.;:!?])/g, '$1');
}
