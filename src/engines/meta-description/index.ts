/**
 * SEO meta descriptions. Pure and deterministic.
 *
 *   extractMetaDescription(text, { focus }) -> { description, focus, length, pixels, checks, candidates }
 *
 * Extractive (offline): the sentences that carry the most keyphrase weight (engines/keywords) are combined, in text
 * order, into spans of 120–158 characters; a sentence too long is cut at a clause or word boundary with "…". The best
 * span is the one that contains the focus keyphrase, covers the most keyphrase weight and fits the width search
 * results show (about 920 px of Arial 13 px on desktop, estimated from the font's character widths).
 *
 * With a language model, the service asks for abstractive variants (metaDescriptionPrompt) and checks each with
 * metaDescriptionChecks.
 */
import type { ChatMessage } from '../llm';
import { extractKeyphrases, stemKey, type Keyphrase } from '../keywords';

import { META_FONT_PX, META_MAX_CHARS, META_MAX_PIXELS, META_MIN_CHARS, pixelWidth } from './limits';

export { META_FONT_PX, META_MAX_CHARS, META_MAX_PIXELS, META_MIN_CHARS, pixelWidth };

export interface MetaChecks {
  length: number;
  pixels: number;
  /** 120–158 characters and at most 920 px */
  withinLength: boolean;
  tooShort: boolean;
  tooLong: boolean;
  /** the focus keyphrase occurs (stemmed, so "neural network" matches "neural networks") */
  hasFocus: boolean;
}

/** Does `text` contain `phrase`, word for word after stemming? */
export function containsPhrase(text: string, phrase: string): boolean {
  const p = stemKey(phrase);
  if (!p) return false;
  return (' ' + stemKey(text) + ' ').includes(' ' + p + ' ');
}

export function metaDescriptionChecks(description: string, focus: string | null | undefined): MetaChecks {
  const length = [...description].length;
  const pixels = pixelWidth(description);
  const tooShort = length < META_MIN_CHARS;
  const tooLong = length > META_MAX_CHARS || pixels > META_MAX_PIXELS;
  return { length, pixels, withinLength: !tooShort && !tooLong, tooShort, tooLong, hasFocus: focus ? containsPhrase(description, focus) : false };
}

export interface MetaCandidate extends MetaChecks {
  text: string;
  /** keyphrase weight covered, plus the focus bonus */
  score: number;
}

export interface MetaDescriptionResult {
  description: string;
  /** the focus keyphrase used (given, or the top extracted keyphrase) */
  focus: string | null;
  checks: MetaChecks;
  /** the next-best spans, best first (the chosen one first) */
  candidates: MetaCandidate[];
  keyphrases: Keyphrase[];
}

export interface MetaOptions {
  focus?: string | null;
  /** how many candidates to return (default 3) */
  candidates?: number;
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Cut `s` to at most `max` characters (ellipsis included) at a clause boundary if one is late enough, else a word boundary. */
function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  const room = s.slice(0, max); // the ellipsis replaces the trailing space or punctuation
  const clause = Math.max(room.lastIndexOf(', '), room.lastIndexOf('; '), room.lastIndexOf(': '), room.lastIndexOf(' – '));
  const at = clause >= META_MIN_CHARS - 1 ? clause : room.lastIndexOf(' ');
  if (at <= 0) return room.slice(0, max - 1) + '…';
  return room.slice(0, at).replace(/[\s,;:–-]+$/u, '') + '…';
}

/** Fit `s` to the pixel limit too, dropping words from the end. */
function fitPixels(s: string): string {
  let out = s;
  while (pixelWidth(out) > META_MAX_PIXELS && out.length > 40) out = cut(out.replace(/…$/u, ''), out.length - 2);
  return out;
}

export function extractMetaDescription(text: string, opts: MetaOptions = {}): MetaDescriptionResult {
  const { keyphrases, analysis } = extractKeyphrases(text, { max: 20 });
  const focus = clean(opts.focus ?? '') || keyphrases.find((k) => k.kind === 'phrase')?.phrase || null;
  const sentences = analysis.sentences.filter((s) => /\p{L}/u.test(s.text));
  if (!sentences.length) {
    const checks = metaDescriptionChecks('', focus);
    return { description: '', focus, checks, candidates: [], keyphrases };
  }
  // each sentence's keyphrase weight (each keyphrase counted once per sentence)
  const weight = sentences.map((s) => {
    let w = 0;
    for (const k of keyphrases) if (k.positions.some((p) => p.start >= s.start && p.end <= s.end)) w += k.score;
    return w;
  });
  const focusIn = sentences.map((s) => (focus ? containsPhrase(s.text, focus) : false));
  // the strongest sentences (focus first), and spans starting at each: the sentence, then its following ones
  const order = sentences.map((_, i) => i).sort((a, b) => Number(focusIn[b]) - Number(focusIn[a]) || weight[b]! - weight[a]! || a - b);
  const seeds = order.slice(0, 8);
  const spans = new Map<string, { text: string; weight: number; cut: boolean; first: number }>();
  const addSpan = (idx: number[]) => {
    const joined = clean(idx.map((i) => sentences[i]!.text).join(' '));
    const text = fitPixels(cut(joined, META_MAX_CHARS));
    const w = idx.reduce((s, i) => s + weight[i]!, 0);
    if (!spans.has(text)) spans.set(text, { text, weight: w, cut: text !== joined, first: idx[0]! });
  };
  for (const i of seeds) {
    addSpan([i]);
    // grow with the following sentences (text order keeps it readable) until long enough
    const idx = [i];
    for (let j = i + 1; j < sentences.length && clean(idx.map((k) => sentences[k]!.text).join(' ')).length < META_MIN_CHARS; j++) {
      idx.push(j);
      addSpan([...idx]);
    }
    // or pair it with another strong sentence
    for (const j of seeds) if (j > i) addSpan([i, j]);
  }
  const candidates: MetaCandidate[] = [];
  for (const s of spans.values()) {
    const checks = metaDescriptionChecks(s.text, focus);
    // within length first, then the focus, then the keyphrase weight; a cut sentence and a late start cost a little
    const score = (checks.withinLength ? 10 : 0) + (checks.hasFocus ? 5 : 0) + s.weight - (s.cut ? 0.5 : 0) - s.first * 0.01;
    candidates.push({ ...checks, text: s.text, score: Math.round(score * 1000) / 1000 });
  }
  candidates.sort((a, b) => b.score - a.score || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
  const best = candidates[0]!;
  return {
    description: best.text,
    focus,
    checks: metaDescriptionChecks(best.text, focus),
    candidates: candidates.slice(0, opts.candidates ?? 3),
    keyphrases,
  };
}

/** The number of abstractive variants asked of a language model. */
export const META_VARIANTS = 3;

/** Ask for `META_VARIANTS` descriptions, one per line. */
export function metaDescriptionPrompt(text: string, focus: string | null): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        `You write SEO meta descriptions. Write ${META_VARIANTS} different meta descriptions for the page text the user gives. ` +
        `Each must be ${META_MIN_CHARS}–${META_MAX_CHARS} characters long, one or two complete sentences, accurate to the text, in active voice, ` +
        (focus ? `and must contain the exact phrase "${focus}". ` : 'and must contain the page’s main keyphrase. ') +
        'Do not invent facts, numbers or claims. Output only the descriptions, one per line, without numbering, quotes or any other text.',
    },
    { role: 'user', content: text.slice(0, 12_000) },
  ];
}

/** The model's lines as descriptions: numbering, bullets and quotes removed, empty lines dropped. */
export function parseMetaVariants(output: string): string[] {
  const lines = output
    .split(/\r?\n/)
    .map((l) =>
      clean(
        l
          .replace(/^\s*(?:\d+[.)]|[-*•])\s*/u, '')
          .replace(/^["“]|["”]$/gu, '')
          .replace(/^(?:variant|option|description)\s*\d*\s*:\s*/iu, ''),
      ),
    )
    .filter((l) => l.length >= 20);
  return [...new Set(lines)].slice(0, META_VARIANTS * 2);
}
