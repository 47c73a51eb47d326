/**
 * GLEU (Napoles et al. 2015, updated 2016 for several references), the metric of the JFLEG benchmark, written from
 * its definition in the JFLEG repository's eval/gleu.py so that bench/grammar.ts scores the same way the published
 * figures were scored. Sentences are arrays of tokens (JFLEG's files are already tokenized: split on spaces).
 *
 * For a hypothesis H, source S and one reference R, for n = 1..4:
 *   numerator_n   = max(0, |H ∩ R|_n − |H ∩ (S \ R)|_n)   (clipped n-gram matches with R, minus matches with the
 *                                                          n-grams of S that R dropped: keeping an error costs)
 *   denominator_n = max(0, |H| − n + 1)
 * GLEU = BP · exp(mean_n log(numerator_n / denominator_n)), BP = exp(min(0, 1 − |R| / |H|)).
 * "S \ R" removes every n-gram type R has, whatever its count (gleu.py's get_ngram_diff).
 *
 * Two ways of summing, both from gleu.py:
 * - corpusGleu: the figure the JFLEG leader board publishes (source 38.21 on dev). For each of 500 iterations one
 *   reference is drawn per sentence (Python 2's `random.seed(j * 101)`, `random.randint(0, 3)`, reproduced exactly
 *   here with MT19937), the statistics are summed over the corpus, and GLEU of the sums is averaged over iterations.
 * - sentenceGleu: gleu.py's per-sentence score (--sent): the mean over the references of GLEU with zero statistics
 *   smoothed to 1; bench/grammar.ts averages it over sentences.
 */

export type Tokens = readonly string[];

const ORDER = 4;

type Counts = Map<string, number>;

function ngrams(tokens: Tokens, n: number): Counts {
  const out: Counts = new Map();
  // the separator cannot occur inside a token (tokens are split on whitespace)
  for (let i = 0; i + n <= tokens.length; i++) {
    const key = tokens.slice(i, i + n).join(' ');
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

/** Σ min(a[k], b[k]): Python's (Counter & Counter) summed */
function overlap(a: Counts, b: Counts): number {
  let sum = 0;
  for (const [k, v] of a) {
    const w = b.get(k);
    if (w) sum += Math.min(v, w);
  }
  return sum;
}

/** n-grams of a whose type is not in b (counts kept) */
function without(a: Counts, b: Counts): Counts {
  const out: Counts = new Map();
  for (const [k, v] of a) if (!b.has(k)) out.set(k, v);
  return out;
}

/** [hypLen, refLen, num1, den1, …, num4, den4] for one hypothesis against one reference */
export function gleuStats(hyp: Tokens, src: Tokens, ref: Tokens): number[] {
  const stats = [hyp.length, ref.length];
  for (let n = 1; n <= ORDER; n++) {
    const h = ngrams(hyp, n);
    const r = ngrams(ref, n);
    const sDiff = without(ngrams(src, n), r);
    stats.push(Math.max(0, overlap(h, r) - overlap(h, sDiff)), Math.max(0, hyp.length + 1 - n));
  }
  return stats;
}

/** GLEU of (summed) statistics; `smooth` turns zero statistics into 1, as gleu.py does for one sentence */
export function gleuFromStats(stats: readonly number[], smooth = false): number {
  const s = smooth ? stats.map((x) => (x === 0 ? 1 : x)) : stats;
  if (s.some((x) => x === 0)) return 0;
  const [c, r] = s as [number, number];
  let logPrec = 0;
  for (let i = 2; i < s.length; i += 2) logPrec += Math.log(s[i]! / s[i + 1]!);
  return Math.exp(Math.min(0, 1 - r / c) + logPrec / ORDER);
}

/** gleu.py's sentence-level score: the mean, over the references, of smoothed GLEU against each */
export function sentenceGleu(hyp: Tokens, src: Tokens, refs: readonly Tokens[]): number {
  let sum = 0;
  for (const ref of refs) sum += gleuFromStats(gleuStats(hyp, src, ref), true);
  return sum / refs.length;
}

/**
 * MT19937 seeded and drawn as CPython 2.7 does (`random.seed(int)` = init_by_array of the integer's 32-bit words,
 * `random()` = 53-bit float from two draws), so the reference draws match gleu.py's exactly.
 */
class PyRandom {
  private readonly mt = new Uint32Array(624);
  private mti = 625;

  constructor(seed: number) {
    const key: number[] = [];
    let n = Math.abs(Math.floor(seed));
    do {
      key.push(n % 0x100000000);
      n = Math.floor(n / 0x100000000);
    } while (n > 0);
    this.initByArray(key);
  }

  private initGenrand(s: number): void {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < 624; i++) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      // 1812433253 * prev without losing bits past 2^53
      mt[i] = (((((prev & 0xffff0000) >>> 16) * 1812433253) << 16) + (prev & 0x0000ffff) * 1812433253 + i) >>> 0;
    }
    this.mti = 624;
  }

  private initByArray(key: number[]): void {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(624, key.length); k > 0; k--) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = ((mt[i]! ^ (((((prev & 0xffff0000) >>> 16) * 1664525) << 16) + (prev & 0x0000ffff) * 1664525)) + key[j]! + j) >>> 0;
      i++;
      j++;
      if (i >= 624) {
        mt[0] = mt[623]!;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = 623; k > 0; k--) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = ((mt[i]! ^ (((((prev & 0xffff0000) >>> 16) * 1566083941) << 16) + (prev & 0x0000ffff) * 1566083941)) - i) >>> 0;
      i++;
      if (i >= 624) {
        mt[0] = mt[623]!;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  private genrand(): number {
    const mt = this.mt;
    if (this.mti >= 624) {
      for (let k = 0; k < 624; k++) {
        const y = (mt[k]! & 0x80000000) | (mt[(k + 1) % 624]! & 0x7fffffff);
        mt[k] = mt[(k + 397) % 624]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.mti = 0;
    }
    let y = mt[this.mti++]!;
    y ^= y >>> 11;
    y = (y ^ ((y << 7) & 0x9d2c5680)) >>> 0;
    y = (y ^ ((y << 15) & 0xefc60000)) >>> 0;
    y ^= y >>> 18;
    return y >>> 0;
  }

  random(): number {
    const a = this.genrand() >>> 5;
    const b = this.genrand() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }

  /** Python 2.7's randint(0, n - 1) for small n: int(random() * n) */
  below(n: number): number {
    return Math.floor(this.random() * n);
  }
}

/** First draws of Python 2.7's `random.seed(seed); random.random()`, exported for the tests. */
export function pythonRandom(seed: number, count: number): number[] {
  const r = new PyRandom(seed);
  return Array.from({ length: count }, () => r.random());
}

/**
 * The JFLEG leader-board figure: corpus GLEU with one reference drawn per sentence, averaged over `iterations`
 * draws (gleu.py's default run). Returns the mean and standard deviation over the iterations, in 0..1.
 */
export function corpusGleu(
  hyps: readonly Tokens[],
  srcs: readonly Tokens[],
  refs: readonly (readonly Tokens[])[],
  iterations = 500,
): { mean: number; std: number } {
  if (hyps.length !== srcs.length || hyps.length !== refs.length) throw new Error('hypotheses, sources and references differ in number');
  const numRefs = refs[0]?.length ?? 0;
  // the statistics of each sentence against each reference, computed once
  const perRef = hyps.map((h, i) => refs[i]!.map((r) => gleuStats(h, srcs[i]!, r)));
  const scores: number[] = [];
  for (let j = 0; j < iterations; j++) {
    const rnd = new PyRandom(j * 101);
    const total = new Array<number>(2 + 2 * ORDER).fill(0);
    for (let i = 0; i < hyps.length; i++) {
      const s = perRef[i]![rnd.below(numRefs)]!;
      for (let k = 0; k < total.length; k++) total[k]! += s[k]!;
    }
    scores.push(gleuFromStats(total));
  }
  const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
  const std = Math.sqrt(scores.reduce((a, b) => a + (b - mean) ** 2, 0) / scores.length);
  return { mean, std };
}

/** Sentence-level GLEU averaged over the corpus, in 0..1. */
export function meanSentenceGleu(hyps: readonly Tokens[], srcs: readonly Tokens[], refs: readonly (readonly Tokens[])[]): number {
  let sum = 0;
  for (let i = 0; i < hyps.length; i++) sum += sentenceGleu(hyps[i]!, srcs[i]!, refs[i]!);
  return sum / Math.max(1, hyps.length);
}
