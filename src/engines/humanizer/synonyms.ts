/**
 * Vetted word swaps: AI-favoured words -> plain synonyms, only where the tagger gives the part of speech the entry
 * expects, with the inflection kept; then a/an repaired before every replacement.
 */
import { hash32, isFree, matchCase, overlapsAny, type Edit, type Span } from '../text';
import { articleFor, AUX_PP, inflectPhrase, verbForms, type VerbForm } from './inflection';
import { WORDS } from './tables';
import type { PassContext, Tok } from './types';

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

export function synonymEdits(ctx: PassContext, sent: Span, toks: Tok[]): void {
  const { text, cfg, edits, prot, salt } = ctx;
  let sentHash: number | undefined;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const lower = t.text.toLowerCase();
    const hit = WORD_INDEX.get(lower);
    if (!hit) continue;
    const entry = WORDS[hit.key]!;
    if (entry.skip?.includes(cfg.style)) continue;
    const start = sent.start + t.start;
    const end = sent.start + t.end;
    if (overlapsAny(prot, start, end)) continue;
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
    if (entry.pos === 'VERB' && hit.form === 'base' && /^(?:it|them|him|her|us|me)$/i.test(prev?.text ?? '') && (!toks[i + 1] || toks[i + 1]!.pos === 'PUNCT'))
      continue;
    if (entry.notBefore && entry.notBefore.test(sent.text.slice(t.end))) continue;
    if (entry.onlyBefore && !entry.onlyBefore.test(sent.text.slice(t.end))) continue;
    // A synonym that repeats a neighbouring word would read "two new new hotels".
    const next = toks[i + 1];
    const neighbours = new Set([prev?.text.toLowerCase(), next?.text.toLowerCase()]);
    const cands = (entry.to[cfg.style] ?? entry.to.default ?? []).filter((c) => !neighbours.has(c.toLowerCase().split(' ')[0]!));
    if (cands.length === 0) continue;
    // = hash32(salt + sent.text + lower): FNV-1a continues from the sentence's hash, which is computed once
    sentHash ??= hash32(salt + sent.text);
    const base = cands[hash32(lower, sentHash) % cands.length]!;
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

/** Repair a/an before edits whose replacement starts with a word ("an intricate" -> "a complex"). */
export function fixArticles(text: string, edits: Edit[]): void {
  for (const e of edits) {
    const w = e.replacement.match(/^\p{L}+/u)?.[0];
    if (!w) continue;
    const m = text.slice(Math.max(0, e.start - 4), e.start).match(/(?:^|[^\p{L}])(an?|An?|AN?)(\s+)$/u);
    if (!m) continue;
    const artStart = e.start - m[2]!.length - m[1]!.length;
    const want = articleFor(w);
    if (m[1]!.toLowerCase() === want) continue;
    if (!isFree(edits, artStart, e.start, e)) continue;
    const art = matchCase(m[1]!, want);
    e.replacement = art + m[2]! + e.replacement;
    e.start = artStart;
  }
}
