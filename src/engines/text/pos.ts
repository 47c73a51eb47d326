/**
 * Part-of-speech tagging with wink-nlp + wink-eng-lite-web-model (model data ships inside npm; loaded lazily once).
 * Tokens carry offsets into the text passed in.
 */
import { createRequire } from 'node:module';
import type winkNLP from 'wink-nlp';

export interface PosToken {
  text: string;
  start: number;
  end: number;
  /** Universal POS tag: NOUN, VERB, ADJ, ADV, PROPN, NUM, AUX, PUNCT, ... */
  pos: string;
  lemma: string;
}

type Nlp = ReturnType<typeof winkNLP>;
let nlp: Nlp | null = null;

function getNlp(): Nlp {
  if (!nlp) {
    // loaded on first use, so the engines that never tag (shortener, summarizer) do not pay for the model
    const require = createRequire(import.meta.url);
    const wink = require('wink-nlp') as typeof winkNLP;
    nlp = wink(require('wink-eng-lite-web-model'));
  }
  return nlp;
}

/** Tag `text` (a sentence or a paragraph). */
export function posTag(text: string): PosToken[] {
  const n = getNlp();
  const its = n.its;
  const doc = n.readDoc(text);
  const toks = doc.tokens();
  const values = toks.out() as string[];
  const pos = toks.out(its.pos) as string[];
  const lemmas = toks.out(its.lemma as never) as string[];
  const out: PosToken[] = [];
  let cursor = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    const at = text.indexOf(v, cursor);
    if (at < 0) continue; // wink normalised this token (rare); skip it
    out.push({ text: v, start: at, end: at + v.length, pos: pos[i] ?? 'X', lemma: lemmas[i] ?? v.toLowerCase() });
    cursor = at + v.length;
  }
  return out;
}
