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

/**
 * Longer runs without whitespace are not words (base64, hashes, "ab-ab-ab-…"): wink's tokenizer takes time quadratic
 * in a run's length, so such a run is hidden from it and comes back as one opaque token tagged X.
 */
export const MAX_TAGGED_RUN = 100;
const LONG_RUN = new RegExp(`\\S{${MAX_TAGGED_RUN + 1},}`, 'g');

/** Tag `text` (a sentence or a paragraph). */
export function posTag(text: string): PosToken[] {
  const n = getNlp();
  const its = n.its;
  // long runs become "X" padded with spaces, so every offset stays where it was
  const opaque = new Map<number, number>();
  const masked = text.replace(LONG_RUN, (run, at: number) => {
    opaque.set(at, at + run.length);
    return 'X' + ' '.repeat(run.length - 1);
  });
  const doc = n.readDoc(masked);
  const toks = doc.tokens();
  const values = toks.out() as string[];
  const pos = toks.out(its.pos) as string[];
  const lemmas = toks.out(its.lemma as never) as string[];
  const out: PosToken[] = [];
  let cursor = 0;
  // a token wink normalised is not found, and each such search reads the rest of the text: remember where each value
  // was last missed, so that repeating one (thousands of emoji) costs one search
  const missedFrom = new Map<string, number>();
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if ((missedFrom.get(v) ?? Infinity) <= cursor) continue;
    const at = masked.indexOf(v, cursor);
    if (at < 0) {
      missedFrom.set(v, cursor);
      continue; // wink normalised this token (rare); skip it
    }
    const end = opaque.get(at);
    if (end !== undefined && v === 'X') {
      const run = text.slice(at, end);
      out.push({ text: run, start: at, end, pos: 'X', lemma: run.toLowerCase() });
      cursor = end;
      continue;
    }
    out.push({ text: v, start: at, end: at + v.length, pos: pos[i] ?? 'X', lemma: lemmas[i] ?? v.toLowerCase() });
    cursor = at + v.length;
  }
  return out;
}
