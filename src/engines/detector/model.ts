/**
 * Linear (logistic-regression) model over standardised dense stylometric features + hashed sparse n-grams,
 * with Platt calibration. Serialisable to a compact JSON (sparse weights as base64 int16).
 */
import { N_DENSE, type Features, type Lexicon, type SparseMode } from './features';
import type { PatternBaseline } from './patterns';

export interface LinearModelJson {
  mean: number[];
  std: number[];
  wDense: number[];
  bias: number;
  /** base64 little-endian Int16 array of length `buckets`; weight = int16 * sparseScale */
  sparse: string;
  sparseScale: number;
  platt: { a: number; b: number };
}

export interface Thresholds {
  /** minimum word count for any verdict other than 'uncertain' */
  minWords: number;
  /** document score >= ai -> 'ai' (calibrated to keep held-out human FPR <= 1 %), for a text of 400 words (aiThreshold) */
  ai: number;
  /** how the 'ai' threshold moves with length (aiThreshold); absent or 0 in weights trained before 2.4.0 */
  aiLengthSlope?: number;
  /** document score <= human -> 'human'; in between -> 'uncertain' */
  human: number;
  /** a sentence window with score >= sentenceAi counts as clearly AI */
  sentenceAi: number;
  /** a sentence window with score <= sentenceHuman counts as clearly human */
  sentenceHuman: number;
  /** 'mixed' needs at least this share of words in clearly-AI AND in clearly-human sentences */
  mixedShare: number;
  /** 'mixed' needs at least this many sentences */
  mixedMinSentences: number;
}

export interface WeightsJson {
  modelVersion: string;
  /** the document model uses the character-LM features (model/charlm.json) */
  charLm?: boolean;
  /** how the hashed n-grams are keyed (see ExtractOptions.sparse); absent means 'words' */
  sparseMode?: SparseMode;
  /** sparseMode 'common': the words kept as themselves in the n-grams */
  commonWords?: string[];
  buckets: number;
  lexicon: { ai: [string, number][]; human: [string, number][] };
  doc: LinearModelJson;
  /**
   * scores a text's paragraphs, whose scores drive its sentences' (PARA_WEIGHT in index.ts), where the trainer fitted
   * one apart from the document model (HYPER.paraVoiceWeights; no shipped model has one). Absent: the document model
   */
  para?: LinearModelJson;
  win: LinearModelJson;
  thresholds: Thresholds;
  /** each readable pattern's push in human writing (patterns.ts); absent in weights trained before it */
  explain?: PatternBaseline;
  training: Record<string, unknown>;
}

export function sigmoid(z: number): number {
  if (z >= 0) return 1 / (1 + Math.exp(-z));
  const e = Math.exp(z);
  return e / (1 + e);
}

/** Log-odds of a probability clamped to [1e-6, 1 - 1e-6], so 0 or 1 stays finite. */
export function logit(p: number): number {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
}

/** The threshold `margin` log-odds above probability `p` (the safety margin of the 'ai' band). */
export function withMargin(p: number, margin: number): number {
  return sigmoid(logit(p) + margin);
}

/** Word count at which the 'ai' threshold is `thresholds.ai` itself (aiThreshold). */
export const LENGTH_REF_WORDS = 400;

/**
 * The 'ai' threshold for a text of `words` words: `t.ai` plus `t.aiLengthSlope` log-odds × (√(400 / words) − 1), so a
 * short text needs a higher score to be called AI-generated and a long one a little less. A score is an average over
 * the text's n-grams, and averages over fewer of them spread wider: short human texts reach the top tail, where the
 * band sits, far more often than long ones. The score itself is left alone, so the 'human' band is not moved.
 */
export function aiThreshold(t: Pick<Thresholds, 'ai' | 'aiLengthSlope'>, words: number): number {
  const slope = t.aiLengthSlope ?? 0;
  const shift = words > 0 ? slope * (Math.sqrt(LENGTH_REF_WORDS / words) - 1) : 0;
  // no shift (no slope, or a text of the reference length) keeps the calibrated value exactly: sigmoid(logit(x)) may not
  if (!shift) return t.ai;
  return Math.min(0.9999, sigmoid(logit(t.ai) + shift));
}

export const Z_CLIP = 5;

/** Weight of the sentence's own score when combined with its 3-sentence window (see combineSentenceScore). */
export const SENTENCE_SELF_WEIGHT = 0.5;

/**
 * A sentence's score: the window model applied to the sentence with its neighbours (stable on short sentences) and
 * to the sentence alone (so a plainly human sentence among AI sentences is not painted by its context), averaged in
 * logit space.
 */
export function combineSentenceScore(pWindow: number, pSelf: number): number {
  return sigmoid((1 - SENTENCE_SELF_WEIGHT) * logit(pWindow) + SENTENCE_SELF_WEIGHT * logit(pSelf));
}

export class LinearModel {
  readonly mean: Float64Array;
  readonly std: Float64Array;
  readonly wDense: Float64Array;
  readonly wSparse: Float32Array;
  readonly bias: number;
  readonly platt: { a: number; b: number };

  constructor(mean: Float64Array, std: Float64Array, wDense: Float64Array, wSparse: Float32Array, bias: number, platt: { a: number; b: number }) {
    this.mean = mean;
    this.std = std;
    this.wDense = wDense;
    this.wSparse = wSparse;
    this.bias = bias;
    this.platt = platt;
  }

  static fromJson(j: LinearModelJson, buckets: number): LinearModel {
    const buf = Buffer.from(j.sparse, 'base64');
    const ws = new Float32Array(buckets);
    for (let i = 0; i < buckets; i++) ws[i] = buf.readInt16LE(i * 2) * j.sparseScale;
    return new LinearModel(Float64Array.from(j.mean), Float64Array.from(j.std), Float64Array.from(j.wDense), ws, j.bias, j.platt);
  }

  z(f: Features, i: number): number {
    const v = (f.dense[i] - this.mean[i]) / this.std[i];
    return v > Z_CLIP ? Z_CLIP : v < -Z_CLIP ? -Z_CLIP : v;
  }

  denseContributions(f: Features): Float64Array {
    const c = new Float64Array(N_DENSE);
    for (let i = 0; i < N_DENSE; i++) c[i] = this.wDense[i] * this.z(f, i);
    return c;
  }

  sparseLogit(f: Features): number {
    let s = 0;
    for (let k = 0; k < f.idx.length; k++) s += this.wSparse[f.idx[k]] * f.val[k];
    return s;
  }

  logit(f: Features): number {
    let s = this.bias;
    for (let i = 0; i < N_DENSE; i++) s += this.wDense[i] * this.z(f, i);
    return s + this.sparseLogit(f);
  }

  prob(f: Features): number {
    return sigmoid(this.platt.a * this.logit(f) + this.platt.b);
  }
}

export function encodeSparse(w: ArrayLike<number>): { sparse: string; sparseScale: number } {
  let max = 0;
  for (let i = 0; i < w.length; i++) max = Math.max(max, Math.abs(w[i]));
  const scale = max > 0 ? max / 32767 : 1;
  const buf = Buffer.alloc(w.length * 2);
  for (let i = 0; i < w.length; i++) buf.writeInt16LE(Math.round(w[i] / scale), i * 2);
  return { sparse: buf.toString('base64'), sparseScale: Number(scale.toPrecision(8)) };
}

export function lexiconFromJson(l: WeightsJson['lexicon']): Lexicon {
  return { ai: new Map(l.ai), human: new Map(l.human) };
}
