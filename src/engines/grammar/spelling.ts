/**
 * Re-ranks a spell checker's suggestions for a misspelt word: the nearest first (fewest letters changed, a swap of two
 * neighbours counting as one), and among equally near ones the most frequent in English (word-freq.txt.gz, counts from
 * the public-domain reference library, built by word-freq.build.ts). Harper orders its suggestions by its own score,
 * which often puts a rare or farther word first ("docters" -> "dockers", "wich" -> "wish"); the nearest, commonest
 * candidate is the classic noisy-channel choice (Norvig's corrector) and needs no tuning. On JFLEG dev it makes 209
 * of harper's lower-case spelling fixes right instead of 187 (bench/grammar.ts, docs/grammar.md).
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

let freq: Map<string, number> | null = null;

/** Occurrences of a word (lower case) in the reference library; 0 when unknown. Loaded once, on first use (~30 ms). */
export function wordCount(word: string): number {
  if (!freq) {
    freq = new Map();
    const text = gunzipSync(readFileSync(new URL('./word-freq.txt.gz', import.meta.url))).toString('utf8');
    for (const line of text.split('\n')) {
      const tab = line.indexOf('\t');
      if (tab > 0) freq.set(line.slice(0, tab), Number(line.slice(tab + 1)));
    }
  }
  return freq.get(word.toLowerCase().replace(/’/g, "'")) ?? 0;
}

/** Edit distance with adjacent transpositions (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

/** `suggestions` for `word`, nearest first, then commonest; ties keep the checker's order. */
export function rankSuggestions(word: string, suggestions: readonly string[]): string[] {
  const lo = word.toLowerCase();
  return suggestions
    .map((s, k) => ({ s, k, d: editDistance(lo, s.toLowerCase()), n: wordCount(s) }))
    .sort((a, b) => a.d - b.d || b.n - a.n || a.k - b.k)
    .map((x) => x.s);
}
