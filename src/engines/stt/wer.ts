/**
 * Word error rate: the word-level Levenshtein distance between a reference and a hypothesis (substitutions +
 * deletions + insertions) over the number of reference words, after both are normalised the same way (lower case,
 * accents and punctuation dropped, hyphens and dashes as spaces, apostrophes kept inside words: "don't" ≠ "dont").
 * Pure; the bench and the tests use it.
 */

/** The words of `text` as they are compared. */
export function normalizeWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[-\u2010-\u2015/]/g, ' ')
    .replace(/[^\p{L}\p{N}'\s]/gu, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

export interface WerCount {
  /** reference words */
  words: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  /** (S + D + I) / N; 0 for an empty reference with an empty hypothesis, 1 per inserted word otherwise */
  wer: number;
}

/** Word errors of `hypothesis` against `reference` (strings are normalised; arrays are taken as given). */
export function wordErrors(reference: string | readonly string[], hypothesis: string | readonly string[]): WerCount {
  const r = typeof reference === 'string' ? normalizeWords(reference) : reference;
  const h = typeof hypothesis === 'string' ? normalizeWords(hypothesis) : hypothesis;
  const n = r.length;
  const m = h.length;
  // cost[i][j] = edits turning r[0..i) into h[0..j); kept whole (n·m cells) for the backtrace that splits S, D and I
  const cost = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = 0; i <= n; i++) cost[at(i, 0)] = i;
  for (let j = 0; j <= m; j++) cost[at(0, j)] = j;
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++)
      cost[at(i, j)] = Math.min(cost[at(i - 1, j - 1)] + (r[i - 1] === h[j - 1] ? 0 : 1), cost[at(i - 1, j)] + 1, cost[at(i, j - 1)] + 1);
  let substitutions = 0;
  let deletions = 0;
  let insertions = 0;
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && cost[at(i, j)] === cost[at(i - 1, j - 1)] + (r[i - 1] === h[j - 1] ? 0 : 1)) {
      if (r[i - 1] !== h[j - 1]) substitutions++;
      i--;
      j--;
    } else if (i > 0 && cost[at(i, j)] === cost[at(i - 1, j)] + 1) {
      deletions++;
      i--;
    } else {
      insertions++;
      j--;
    }
  }
  const errors = substitutions + deletions + insertions;
  return { words: n, substitutions, deletions, insertions, wer: n ? errors / n : errors };
}

/** Corpus WER: all errors over all reference words (not the mean of per-item rates, which short items would skew). */
export function pooledWer(counts: readonly WerCount[]): number {
  const words = counts.reduce((s, c) => s + c.words, 0);
  const errors = counts.reduce((s, c) => s + c.substitutions + c.deletions + c.insertions, 0);
  return words ? errors / words : 0;
}
