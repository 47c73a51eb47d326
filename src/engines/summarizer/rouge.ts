/**
 * ROUGE-1, ROUGE-2 and ROUGE-L F1 (Lin 2004) and late-fact coverage, for the summarizer benchmark. Pure.
 *
 * Tokenization follows Google's `rouge-score` package (the usual reference implementation): lower-case, every run of
 * characters other than a–z and 0–9 is a separator, and tokens longer than 3 characters are Porter-stemmed. Two
 * differences: this Porter stemmer is the 1980 original (rouge-score uses NLTK's variant, which differs on a few
 * suffixes such as "-ly"), and letters with accents are separators in both, so "Hermès" gives "herm" and "s".
 * ROUGE-L is the sentence-level variant (one longest common subsequence over the whole text, rouge-score's `rougeL`).
 */
import { porterStem } from '../keywords/stemmer';

export interface PRF {
  p: number;
  r: number;
  f: number;
}

export interface RougeScores {
  rouge1: PRF;
  rouge2: PRF;
  rougeL: PRF;
}

export function rougeTokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((t) => (t.length > 3 ? porterStem(t) : t));
}

function prf(overlap: number, predTotal: number, refTotal: number): PRF {
  const p = predTotal ? overlap / predTotal : 0;
  const r = refTotal ? overlap / refTotal : 0;
  return { p, r, f: p + r ? (2 * p * r) / (p + r) : 0 };
}

function ngramCounts(toks: readonly string[], n: number): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i + n <= toks.length; i++) {
    const key = toks.slice(i, i + n).join(' ');
    m.set(key, (m.get(key) ?? 0) + 1);
  }
  return m;
}

function rougeN(pred: readonly string[], ref: readonly string[], n: number): PRF {
  const pc = ngramCounts(pred, n);
  const rc = ngramCounts(ref, n);
  let overlap = 0;
  for (const [g, c] of pc) overlap += Math.min(c, rc.get(g) ?? 0);
  return prf(overlap, Math.max(0, pred.length - n + 1), Math.max(0, ref.length - n + 1));
}

/** Length of the longest common subsequence, in O(|a|·|b|) time and O(|b|) memory. */
export function lcsLength(a: readonly string[], b: readonly string[]): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  let cur = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, cur[j - 1]!);
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

/** ROUGE-1/2/L of a candidate summary against one reference. */
export function rouge(candidate: string, reference: string): RougeScores {
  const pred = rougeTokens(candidate);
  const ref = rougeTokens(reference);
  return {
    rouge1: rougeN(pred, ref, 1),
    rouge2: rougeN(pred, ref, 2),
    rougeL: prf(lcsLength(pred, ref), pred.length, ref.length),
  };
}

// function words that carry no fact: a key phrase is judged by its content words only
const FACT_STOP = new Set(
  (
    'a an the and or of to in on at by for with from as is are was were be been it its this that these those their they he she his her ' +
    'we our you your i my not no s'
  ).split(' '),
);

/** The stemmed content words of a key phrase ("the 17 million tons of grain" -> 17, million, ton, grain). */
export function factStems(fact: string): string[] {
  return [...new Set(rougeTokens(fact).filter((t) => !FACT_STOP.has(t)))];
}

/** A late fact is covered when every one of its content words (stemmed) occurs somewhere in the summary. */
export function factCovered(fact: string, summary: string): boolean {
  const have = new Set(rougeTokens(summary));
  const need = factStems(fact);
  return need.length > 0 && need.every((t) => have.has(t));
}

/** Share of the facts a summary covers (0 when there are none). */
export function factCoverage(facts: readonly string[], summary: string): number {
  if (!facts.length) return 0;
  const have = new Set(rougeTokens(summary));
  let hit = 0;
  for (const f of facts) {
    const need = factStems(f);
    if (need.length && need.every((t) => have.has(t))) hit++;
  }
  return hit / facts.length;
}
