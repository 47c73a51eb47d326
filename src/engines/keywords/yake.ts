/**
 * A plain YAKE-style ranker (Campos et al. 2020), kept as the benchmark's baseline and as one feature of the main
 * ranker: every 1–3-word n-gram inside a sentence segment that neither starts nor ends with a stop word, scored
 * S(kw) = Π H(w) / (TF(kw) · (1 + Σ H(w))), lower is better. No part-of-speech tags, no graph.
 */
import { analyze, type Analysis, type Tok } from './analyze';

export interface RankedCandidate {
  key: string;
  words: Tok[];
  score: number;
}

/** Candidate n-grams (as token index runs) within sentence segments that punctuation does not break. */
export function ngramCandidates(a: Analysis, maxN: number): Map<string, { first: Tok[]; count: number }> {
  const out = new Map<string, { first: Tok[]; count: number }>();
  const { toks } = a;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (!t.word || t.stop) continue;
    const run: Tok[] = [];
    for (let j = i; j < toks.length && run.length < maxN; j++) {
      const u = toks[j]!;
      if (!u.word || u.sent !== t.sent) break;
      run.push(u);
      if (u.stop) continue;
      const key = run.map((w) => w.stem).join(' ');
      const c = out.get(key);
      if (c) c.count++;
      else out.set(key, { first: [...run], count: 1 });
    }
  }
  return out;
}

/** S(kw) of YAKE; stop words inside a phrase do not enter the product. */
export function yakeScore(a: Analysis, words: Tok[], tf: number): number {
  let prod = 1;
  let sum = 0;
  for (const w of words) {
    if (w.stop) continue;
    const h = a.stats.get(w.stem)?.h ?? 1;
    prod *= h;
    sum += h;
  }
  return prod / (tf * (1 + sum));
}

/** The baseline: plain YAKE over `text`, best first. */
export function yakeBaseline(text: string, top = 20, analysis?: Analysis): RankedCandidate[] {
  const a = analysis ?? analyze(text, 'plain');
  const ranked: RankedCandidate[] = [];
  for (const [key, c] of ngramCandidates(a, 3)) ranked.push({ key, words: c.first, score: yakeScore(a, c.first, c.count) });
  ranked.sort((x, y) => x.score - y.score || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
  return ranked.slice(0, top);
}
