/**
 * Sentence-level joins and splits: an over-long sentence split at a safe ", and/but/so <subject>" or ";" point,
 * short neighbours merged with "and", and "However, / Therefore, / Also," folded into the previous sentence. The
 * sentence shortener splits with the same rule.
 */
import { capitalizeFirst, countWords, isFree, overlapsAny, type Edit, type Span } from '../text';
import type { JoinContext, PassContext, SplitMode, Tok } from './types';

/** Parts of speech that can open a clause's subject. */
export const SUBJECT_START = new Set(['PRON', 'DET', 'PROPN', 'NOUN', 'NUM']);

/**
 * Does toks[i] open a subject? A bare noun right before a determiner or pronoun is a verb the tagger misread ("and
 * claims our consideration"): splitting there would leave a sentence with no subject.
 */
export function opensSubject(toks: readonly Tok[], i: number): boolean {
  const t = toks[i];
  if (!t || !SUBJECT_START.has(t.pos)) return false;
  return !(t.pos === 'NOUN' && ['DET', 'PRON'].includes(toks[i + 1]?.pos ?? ''));
}

/**
 * The subject phrase at toks[i] runs into a verb of its own. "and my father who simply chooses ..." (a relative clause)
 * and "and all the related elements starting ..." (a participle) have none: split there, they are fragments.
 */
function subjectMeetsVerb(toks: readonly Tok[], i: number): boolean {
  let j = i;
  const phrase = (t: Tok, k: number) =>
    ['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM'].includes(t.pos) || (t.pos === 'PRON' && (k === i || /^(?:its|their|his|her|our|my|your)$/i.test(t.text)));
  while (j < toks.length && j - i < 6 && phrase(toks[j]!, j)) j++;
  const t = toks[j]?.pos === 'ADV' ? toks[j + 1] : toks[j];
  return !!t && (t.pos === 'AUX' || (t.pos === 'VERB' && !/ing$/i.test(t.text)));
}

/**
 * Split an over-long sentence (at least `minWords`) once, at the safe join nearest its middle. What the join becomes
 * depends on `mode`: "; " always ". "; ", and" ". And" (informal) or ". " (formal, short); ", but" / ", so" ". But" /
 * ". So" (informal, short) or ". However," / ". As a result," (formal).
 */
export function splitEdit(ctx: Pick<PassContext, 'edits' | 'prot'>, sent: Span, toks: Tok[], mode: Exclude<SplitMode, 'off'>, minWords = 28): void {
  const { edits, prot } = ctx;
  if (countWords(sent.text) < minWords) return;
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
    if (!opensSubject(toks, c.nextIdx) || /^(?:who|whom|whose|which|what|where|when|that|how|why)$/i.test(c.next.text)) continue;
    if (c.conj !== ';' && !subjectMeetsVerb(toks, c.nextIdx)) continue;
    // "; a business in which ..." after "...; a director ...": the semicolons separate the items of a list
    if (c.conj === ';' && toks.slice(0, c.at).some((x) => x.text === ';')) continue;
    // the right part must carry its own finite verb before any further comma
    const rightToks = toks.slice(c.nextIdx);
    const stop = rightToks.findIndex((x) => x.text === ',' || x.text === ';');
    const clause = stop < 0 ? rightToks : rightToks.slice(0, stop);
    if (!clause.some((x) => x.pos === 'VERB' || x.pos === 'AUX')) continue;
    // the left part must too, and a finite one: in "Kate, a woman with the credentials to work there, and her husband
    // have to ..." the ", and" joins a compound subject
    if (!toks.slice(0, c.at).some((x, j) => x.pos === 'AUX' || (x.pos === 'VERB' && !/ing$/i.test(x.text) && !/^to$/i.test(toks[j - 1]?.text ?? '')))) continue;
    // ", and" closing a list ("averaging, extrapolation, and a cheaper variant"): the conjunct before it has no verb
    const prevComma = toks
      .slice(0, c.at)
      .map((x) => x.text)
      .lastIndexOf(',');
    if (c.conj !== ';' && prevComma >= 0 && !toks.slice(prevComma + 1, c.at).some((x) => x.pos === 'VERB' || x.pos === 'AUX')) continue;
    if (/["\u201C(]/.test(left) && !/["\u201D)]/.test(left)) continue; // inside a quote/parenthesis
    if (!best || Math.abs(toks[c.at]!.start - mid) < Math.abs(toks[best.at]!.start - mid)) best = c;
  }
  if (!best) return;
  const start = sent.start + toks[best.at]!.start;
  const nextStart = sent.start + best.next.start;
  if (overlapsAny(prot, start, nextStart + 1)) return;
  const keepCase = best.next.pos === 'PROPN' || best.next.text === 'I' || /^\p{Lu}{2,}/u.test(best.next.text);
  const first = keepCase ? best.next.text[0]! : best.next.text[0]!.toUpperCase();
  let lead: string;
  if (best.conj === ';') lead = '. ';
  else if (mode === 'informal' || (mode === 'short' && best.conj !== 'and')) lead = `. ${capitalizeFirst(best.conj)} `;
  else lead = best.conj === 'but' ? '. However, ' : best.conj === 'so' ? '. As a result, ' : '. ';
  const firstOut = lead.endsWith(', ') || /^\. (?:And|But|So) $/.test(lead) ? (keepCase ? first : first.toLowerCase()) : first;
  const e: Edit = { start, end: nextStart + 1, replacement: lead + firstOut, kind: 'split' };
  if (isFree(edits, e.start, e.end)) edits.push(e);
}

/**
 * Walk neighbouring sentences on the same line (same paragraph) that no join has claimed yet; `join` proposes the edit
 * that joins a pair, or null. A kept join claims both sentences, so none is joined twice: a second join would build a
 * run-on ("A and B, and C").
 */
function joinNeighbours(ctx: JoinContext, join: (a: Span, b: Span) => Edit | null): void {
  const { text, sentences, edits, prot, joined } = ctx;
  for (let i = 0; i + 1 < sentences.length; i++) {
    if (joined.has(i) || joined.has(i + 1)) continue;
    const a = sentences[i]!;
    const b = sentences[i + 1]!;
    if (!/^[ \t]+$/.test(text.slice(a.end, b.start))) continue; // same paragraph, same line
    const e = join(a, b);
    if (!e || overlapsAny(prot, e.start, e.end)) continue;
    if (isFree(edits, e.start, e.end)) {
      edits.push(e);
      joined.add(i).add(i + 1);
      i++; // never chain joins
    }
  }
}

/** The second sentence must point back to the first (a pronoun), or "and" would join unrelated statements. */
const MERGE_STARTERS = /^(?:It|This|That|They|These|Those|Its|Their|There|He|She)\b/;

export function mergeEdits(ctx: JoinContext): void {
  const { cfg, tagsOf } = ctx;
  joinNeighbours(ctx, (a, b) => {
    const wa = countWords(a.text);
    const wb = countWords(b.text);
    // two short sentences in a row read as machine-even; one of them may be medium length
    if (wa < 3 || wb < 3 || wa + wb > 24 || Math.min(wa, wb) > 10) return null;
    if (!/\p{L}\.$/u.test(a.text) || !/\.$/.test(b.text)) return null;
    if (/[,;:"\u201C\u201D()]/.test(a.text + b.text)) return null;
    if (!MERGE_STARTERS.test(b.text)) return null;
    // a clause that already has its own conjunction would make a run-on ("late and we don't know why and they ...")
    if (/\b(?:and|but|so|or)\b/i.test(a.text + ' ' + b.text)) return null;
    // both need a verb
    const ta = tagsOf(a);
    const tb = tagsOf(b);
    if (!ta.some((x) => x.pos === 'VERB' || x.pos === 'AUX') || !tb.some((x) => x.pos === 'VERB' || x.pos === 'AUX')) return null;
    // two short clauses join without a comma ("It rained and we stayed in."), longer ones with one
    const joint = wa + wb <= 14 && cfg.split === 'informal' ? ' and' : ', and';
    const keep = /^(?:I|I'[a-z]+)\b/.test(b.text);
    return { start: a.end - 1, end: b.start + 1, replacement: `${joint} ${keep ? b.text[0]! : b.text[0]!.toLowerCase()}`, kind: 'merge' };
  });
}

/** Previous-sentence folds: "X. However, y." -> "X, but y." (the meaning of the connective is kept). */
const FOLDS: { re: RegExp; conj: string; light?: boolean }[] = [
  { re: /^(?:However|Yet|Still),\s+/, conj: 'but', light: true },
  { re: /^(?:Therefore|Thus|Hence|Consequently|As a result),\s+/, conj: 'so' },
  { re: /^(?:Additionally|Moreover|Furthermore|In addition|Also),\s+/, conj: 'and' },
];

export function foldEdits(ctx: JoinContext): void {
  const { cfg, tagsOf } = ctx;
  joinNeighbours(ctx, (a, b) => {
    const f = FOLDS.find((x) => x.re.test(b.text));
    if (!f || (cfg.openers === 'light' && !f.light)) return null;
    if (!/\p{L}\.$/u.test(a.text) || !/[.!]$/.test(b.text)) return null;
    const lead = b.text.match(f.re)![0];
    const rest = b.text.slice(lead.length);
    const wa = countWords(a.text);
    const wb = countWords(rest);
    // a long result is what the splitter undoes; a sentence already full of commas becomes hard to read
    if (wa < 4 || wb < 4 || wa + wb > 34) return null;
    if ((a.text.match(/[,;:]/g)?.length ?? 0) > 1 || /[;:"\u201C\u201D()]/.test(a.text + rest)) return null;
    // "and" may only join two independent clauses: the rest needs its own subject and verb
    const tb = tagsOf(b).filter((t) => t.start >= lead.length);
    if (!tb[0] || !opensSubject(tb, 0) || !tb.some((t) => t.pos === 'VERB' || t.pos === 'AUX')) return null;
    const keep = tb[0].pos === 'PROPN' || tb[0].text === 'I' || /^\p{Lu}{2,}/u.test(tb[0].text);
    const first = keep ? rest[0]! : rest[0]!.toLowerCase();
    return { start: a.end - 1, end: b.start + lead.length + 1, replacement: `, ${f.conj} ${first}`, kind: 'merge' };
  });
}
