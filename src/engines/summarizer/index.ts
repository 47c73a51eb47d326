/**
 * Offline extractive summarizer. Pure, deterministic.
 *
 *   summarize(text, { length: 'short' | 'medium' | 'long' | n, format: 'paragraph' | 'bullets' })
 *     -> { summary, sentences: [{ start, end, score }] }
 *
 * TextRank (weighted PageRank) over a TF-IDF cosine sentence graph with a mild lead prior, then Maximal
 * Marginal Relevance selection for redundancy control. Selected sentences are returned in input order and are
 * exact substrings of the input (text.slice(start, end)).
 */
import { splitSentences, words, type Span } from '../text';

export type SummaryLength = 'short' | 'medium' | 'long' | number;
export type SummaryFormat = 'paragraph' | 'bullets';

export interface SummarizeOptions {
  length?: SummaryLength;
  format?: SummaryFormat;
  /** MMR trade-off between relevance (1) and novelty (0); default 0.7 */
  lambda?: number;
}

export interface SummarySentence {
  start: number;
  end: number;
  score: number;
}

export interface SummarizeResult {
  summary: string;
  sentences: SummarySentence[];
}

const STOP = new Set(
  (
    'a an the and or but if then else of to in on at by for with from as is are was were be been being it its this that these those ' +
    'there their they them he she his her we our us you your i me my not no so than too very can could will would shall should may might ' +
    'must do does did done have has had having into over under about after before between through during also just more most such only ' +
    'own same other some any each all both few many much which who whom whose what when where why how while because until upon within ' +
    "without again further once here s t don't isn't it's"
  ).split(/\s+/),
);

function stem(w: string): string {
  if (w.length <= 4) return w;
  return w
    .replace(/(ies)$/, 'y')
    .replace(/(sses)$/, 'ss')
    .replace(/([^s])s$/, '$1')
    .replace(/(ing|edly|ed|ly)$/, '')
    .replace(/(ment|ness|tion|ation)$/, '');
}

function terms(s: string): string[] {
  return words(s)
    .filter((w) => !STOP.has(w) && (w.length > 1 || /\d/.test(w)))
    .map(stem);
}

/** How many sentences a length option asks for, given n input sentences. */
export function targetCount(length: SummaryLength, n: number): number {
  if (n === 0) return 0;
  const clamp = (v: number, lo: number, hi: number) => Math.max(1, Math.min(n, Math.max(lo, Math.min(hi, v))));
  if (typeof length === 'number') return Math.max(1, Math.min(n, Math.floor(length)));
  if (length === 'short') return clamp(Math.ceil(n * 0.1), 1, 3);
  if (length === 'long') return clamp(Math.ceil(n * 0.35), 3, 10);
  return clamp(Math.ceil(n * 0.2), 2, 6);
}

function cosine(a: Map<string, number>, b: Map<string, number>, na: number, nb: number): number {
  if (na === 0 || nb === 0) return 0;
  let dot = 0;
  const [small, big] = a.size <= b.size ? [a, b] : [b, a];
  for (const [k, v] of small) {
    const w = big.get(k);
    if (w) dot += v * w;
  }
  return dot / (na * nb);
}

/** Sentences ranked in one graph; longer texts are ranked in consecutive blocks of this many (see summarize). */
export const GRAPH_MAX = 500;

/** PageRank scores of sentences [from, to) on their similarity graph, with the lead prior restricted to them. */
function textRank(from: number, to: number, priorAll: readonly number[], pairSim: (i: number, j: number) => number): number[] {
  const n = to - from;
  const sim: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) sim[i]![j] = sim[j]![i] = pairSim(from + i, from + j);
  const d = 0.85;
  const prior = priorAll.slice(from, to);
  const priorSum = prior.reduce((a, b) => a + b, 0);
  const p = prior.map((x) => x / priorSum);
  const outW = sim.map((row) => row.reduce((a, b) => a + b, 0));
  // each sentence's incoming links, in ascending order (the sums come out exactly as over the full matrix)
  const inFrom: number[][] = [];
  const inWeight: number[][] = [];
  for (let i = 0; i < n; i++) {
    const from: number[] = [];
    const weight: number[] = [];
    for (let j = 0; j < n; j++)
      if (outW[j]! > 0 && sim[j]![i]! > 0) {
        from.push(j);
        weight.push(sim[j]![i]! / outW[j]!);
      }
    inFrom.push(from);
    inWeight.push(weight);
  }
  let r = new Array<number>(n).fill(1 / n);
  for (let it = 0; it < 100; it++) {
    const next = p.map((x) => (1 - d) * x);
    let dangling = 0;
    for (let j = 0; j < n; j++) if (outW[j] === 0) dangling += r[j]!;
    for (let i = 0; i < n; i++) {
      let acc = dangling * p[i]!;
      const from = inFrom[i]!;
      const weight = inWeight[i]!;
      for (let q = 0; q < from.length; q++) acc += weight[q]! * r[from[q]!]!;
      next[i]! += d * acc;
    }
    const delta = next.reduce((s, x, i) => s + Math.abs(x - r[i]!), 0);
    r = next;
    if (delta < 1e-9) break;
  }
  return r;
}

export function summarize(text: string, opts: SummarizeOptions = {}): SummarizeResult {
  const format = opts.format ?? 'paragraph';
  const lambda = opts.lambda ?? 0.7;
  const sents: Span[] = splitSentences(text);
  const n = sents.length;
  const k = targetCount(opts.length ?? 'medium', n);
  if (n === 0) return { summary: '', sentences: [] };

  // TF-IDF vectors
  const toks = sents.map((s) => terms(s.text));
  const df = new Map<string, number>();
  for (const t of toks) for (const w of new Set(t)) df.set(w, (df.get(w) ?? 0) + 1);
  const vecs = toks.map((t) => {
    const tf = new Map<string, number>();
    for (const w of t) tf.set(w, (tf.get(w) ?? 0) + 1);
    const v = new Map<string, number>();
    for (const [w, c] of tf) v.set(w, (1 + Math.log(c)) * Math.log(1 + n / (df.get(w) ?? 1)));
    return v;
  });
  const norms = vecs.map((v) => Math.sqrt([...v.values()].reduce((s, x) => s + x * x, 0)));
  const pairSim = (i: number, j: number) => (i < j ? cosine(vecs[i]!, vecs[j]!, norms[i]!, norms[j]!) : cosine(vecs[j]!, vecs[i]!, norms[j]!, norms[i]!));

  // weighted PageRank with a mild lead prior (personalisation vector). The sentence graph is complete, so its cost is
  // the square of the sentence count: past GRAPH_MAX sentences it is ranked in consecutive blocks of that many.
  const prior = sents.map((_, i) => 1 / (1 + i * 0.1));
  const r: number[] = [];
  for (let from = 0; from < n; from += GRAPH_MAX) r.push(...textRank(from, Math.min(n, from + GRAPH_MAX), prior, pairSim));
  // very short fragments (headings, "Yes.") are poor summary sentences
  const score = r.map((x, i) => (toks[i]!.length < 3 ? x * 0.5 : x));
  const max = score.reduce((a, b) => Math.max(a, b), -Infinity) || 1;
  const rel = score.map((x) => x / max);

  // MMR selection; `red` holds each sentence's greatest similarity to those chosen so far
  const chosen: number[] = [];
  const red = new Array<number>(n).fill(-Infinity);
  const left = new Set(sents.map((_, i) => i));
  while (chosen.length < k && left.size > 0) {
    let best = -1;
    let bestVal = -Infinity;
    for (const i of left) {
      const rd = chosen.length ? red[i]! : 0;
      // near-duplicates are taken only when nothing else is left
      const val = lambda * rel[i]! - (1 - lambda) * rd - (rd > 0.5 ? 1 : 0);
      if (val > bestVal + 1e-12) {
        bestVal = val;
        best = i;
      }
    }
    chosen.push(best);
    left.delete(best);
    for (const i of left) red[i] = Math.max(red[i]!, pairSim(i, best));
  }
  chosen.sort((a, b) => a - b);
  const picked = chosen.map((i) => sents[i]!);
  const summary = format === 'bullets' ? picked.map((s) => `- ${s.text}`).join('\n') : picked.map((s) => s.text).join(' ');
  return {
    summary,
    sentences: chosen.map((i) => ({ start: sents[i]!.start, end: sents[i]!.end, score: Number(rel[i]!.toFixed(6)) })),
  };
}
