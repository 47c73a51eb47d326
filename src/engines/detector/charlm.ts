/**
 * Character-level n-gram language model (interpolated absolute discounting over hashed count tables) and the
 * per-document statistics the detector derives from it (log-likelihood, entropy, Fast-DetectGPT-style analytic
 * curvature, Binoculars-style ratio between a high- and a low-order model, rank statistics).
 * Pure and deterministic. Trained by scripts/detector-charlm.ts on the public-domain reference library.
 */
import { FNV_OFFSET_BASIS, fnv1aStep } from '../text/hash';

/** Symbol alphabet: a-z, space, digit, and a few punctuation classes. */
export const ALPHA = 36;
const SYM = new Uint8Array(128).fill(35);
(() => {
  for (let c = 97; c <= 122; c++) SYM[c] = c - 97; // 0..25
  SYM[32] = 26;
  for (let c = 48; c <= 57; c++) SYM[c] = 27;
  SYM[46] = 28; // .
  SYM[44] = 29; // ,
  SYM[39] = 30; // '
  SYM[34] = 31; // "
  SYM[45] = 32; // -
  SYM[63] = 33; // ?
  SYM[33] = 33; // !
  SYM[59] = 34; // ;
  SYM[58] = 34; // :
})();

/** Map normalised text to symbols (lower-cased, whitespace collapsed). */
export function toSymbols(text: string): Uint8Array {
  const t = text.toLowerCase();
  const out = new Uint8Array(t.length);
  let n = 0;
  let prevSpace = true;
  for (let i = 0; i < t.length; i++) {
    const code = t.charCodeAt(i);
    let s: number;
    if (code === 32 || code === 10 || code === 9 || code === 13) s = 26;
    else if (code < 128) s = SYM[code];
    else s = 35;
    if (s === 26) {
      if (prevSpace) continue;
      prevSpace = true;
    } else prevSpace = false;
    out[n++] = s;
  }
  return out.subarray(0, n);
}

/** Hash of the context of length k ending just before position i (symbols i-k..i-1), then combined with c. */
function ctxHash(h: number, s: number): number {
  return fnv1aStep(h, s + 1);
}
/** Base slot of a context: its ALPHA continuations are stored contiguously from here (cache-friendly). */
function base(h: number, mask: number): number {
  let x = Math.imul(h, 0x85ebca6b) >>> 0;
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35) >>> 0;
  x ^= x >>> 16;
  return x & mask;
}

export interface CharLmTables {
  /** number of context orders (context lengths 1..orders) */
  orders: number;
  /** log2 table size per order */
  bits: number[];
  /** 8-bit log-scale count codes per order (see encodeCount); tables[k-1] is for context length k */
  tables: Uint8Array[];
  unigram: Float64Array;
  discount: number;
}

/** Log-scale 8-bit count code: 0 -> 0, c >= 1 -> round(1 + Q * ln c), capped at 255. */
export const COUNT_Q = 20;
export function encodeCount(c: number): number {
  return c <= 0 ? 0 : Math.min(255, Math.round(1 + COUNT_Q * Math.log(c)));
}
export function decodeCount(q: number): number {
  return q === 0 ? 0 : Math.exp((q - 1) / COUNT_Q);
}

export function buildCounts(texts: Iterable<string>, orders: number, bits: number[]): CharLmTables {
  const raw = bits.map((b) => new Uint32Array(1 << b));
  const masks = bits.map((b) => (1 << b) - 1);
  const uni = new Float64Array(ALPHA);
  for (const text of texts) {
    const s = toSymbols(text);
    for (let i = 0; i < s.length; i++) {
      const c = s[i];
      uni[c]++;
      let h = FNV_OFFSET_BASIS;
      for (let k = 1; k <= orders && i - k >= 0; k++) {
        h = ctxHash(h, s[i - k]);
        raw[k - 1][(base(h, masks[k - 1]) + c) & masks[k - 1]]++;
      }
    }
  }
  // prune singletons (mostly noise and collisions), then quantise to 8-bit log-scale codes
  const tables = raw.map((t) => Uint8Array.from(t, (c) => (c < 2 ? 0 : encodeCount(c))));
  return { orders, bits, tables, unigram: uni, discount: 0.75 };
}

const LUT = new Float64Array(256);
for (let q = 0; q < 256; q++) LUT[q] = decodeCount(q);

export interface LmStats {
  [k: string]: number;
}

/**
 * Score a symbol sequence. For every position (from `skip` on, stride `stride`), the interpolated distribution over
 * the alphabet is computed at every order; statistics of the top order (and of a low order for the Binoculars ratio).
 */
export function lmStats(lm: CharLmTables, s: Uint8Array, lowOrder: number, stride = 1, perPos?: Float64Array): LmStats {
  const K = lm.orders;
  const masks = lm.bits.map((b) => (1 << b) - 1);
  let uTot = 0;
  for (let c = 0; c < ALPHA; c++) uTot += lm.unigram[c] + 1;
  const P0 = new Float64Array(ALPHA);
  for (let c = 0; c < ALPHA; c++) P0[c] = (lm.unigram[c] + 1) / uTot;
  const P = new Float64Array(ALPHA);
  const PL = new Float64Array(ALPHA);
  const n = new Float64Array(ALPHA);
  const D = lm.discount;
  const lut = LUT;
  let cnt = 0;
  let sumLp = 0;
  let sumLp2 = 0;
  let sumH = 0;
  let sumVar = 0;
  let sumLpL = 0;
  let sumX = 0;
  let top1 = 0;
  let top3 = 0;
  let sumLogRank = 0;
  let sumUnseen = 0;
  const skip = 4;
  for (let i = skip; i < s.length; i += stride) {
    P.set(P0);
    let h = FNV_OFFSET_BASIS;
    let unseenAt = 0;
    let lowSet = false;
    for (let k = 1; k <= K && i - k >= 0; k++) {
      h = ctxHash(h, s[i - k]);
      const t = lm.tables[k - 1];
      const m = masks[k - 1];
      let tot = 0;
      let n1 = 0;
      const b0 = base(h, m);
      for (let c = 0; c < ALPHA; c++) {
        const v = lut[t[(b0 + c) & m]];
        n[c] = v;
        tot += v;
        if (v > 0) n1++;
      }
      if (tot === 0) {
        if (!unseenAt) unseenAt = k;
        break;
      }
      const back = (D * n1) / tot;
      for (let c = 0; c < ALPHA; c++) {
        const v = n[c] - D;
        P[c] = (v > 0 ? v : 0) / tot + back * P[c];
      }
      if (k === lowOrder) {
        PL.set(P);
        lowSet = true;
      }
    }
    if (!lowSet) PL.set(P);
    const x = s[i];
    const lp = Math.log(P[x]);
    let H = 0;
    let E2 = 0;
    let X = 0;
    let rank = 1;
    for (let c = 0; c < ALPHA; c++) {
      const p = P[c];
      const l = Math.log(p);
      H -= p * l;
      E2 += p * l * l;
      X -= PL[c] * l;
      if (p > P[x]) rank++;
    }
    cnt++;
    if (perPos) perPos[i] = lp - -H;
    sumLp += lp;
    sumLp2 += lp * lp;
    sumH += H;
    sumVar += E2 - H * H;
    sumLpL += Math.log(PL[x]);
    sumX += X;
    if (rank === 1) top1++;
    if (rank <= 3) top3++;
    sumLogRank += Math.log(rank);
    if (unseenAt) sumUnseen += 1 / unseenAt;
  }
  if (cnt === 0)
    return { n: 0, lp: 0, lpStd: 0, H: 0, curv: 0, curvMean: 0, binoc: 0, binocL: 0, binoc2: 0, xdiff: 0, top1: 0, top3: 0, logRank: 0, unseen: 0 };
  const lpMean = sumLp / cnt;
  return {
    n: cnt,
    lp: lpMean,
    lpStd: Math.sqrt(Math.max(0, sumLp2 / cnt - lpMean * lpMean)),
    H: sumH / cnt,
    curv: (sumLp + sumH) / Math.sqrt(Math.max(1e-9, sumVar)),
    curvMean: (sumLp + sumH) / cnt,
    binoc: -lpMean / (sumX / cnt),
    binocL: sumLpL / cnt - lpMean,
    binoc2: -lpMean / (sumH / cnt),
    xdiff: -lpMean - sumX / cnt,
    top1: top1 / cnt,
    top3: top3 / cnt,
    logRank: sumLogRank / cnt,
    unseen: sumUnseen / cnt,
  };
}

// ---------------------------------------------------------------------------
// Shipped form and detector features
// ---------------------------------------------------------------------------

/** Shipped hyper-parameters: 6-gram characters (contexts of 1..5), low-order model for the ratio: context 3. */
export const LM_ORDERS = 5;
export const LM_BITS = [12, 16, 19, 20, 20];
export const LM_LOW = 3;
/**
 * Speed: score every stride-th character position, stride = max(LM_STRIDE, ceil(chars / LM_MAX_POSITIONS)), so a
 * document costs at most ~LM_MAX_POSITIONS scored positions (the statistics are averages over positions).
 */
export const LM_STRIDE = 2;
export const LM_MAX_POSITIONS = 1000;

export interface CharLmJson {
  orders: number;
  bits: number[];
  discount: number;
  countQ: number;
  unigram: number[];
  /** base64 of gzip(concatenated Uint8 code tables, order 1 first) */
  tables: string;
}

export function charLmToJson(lm: CharLmTables, gzip: (b: Buffer) => Buffer): CharLmJson {
  const all = Buffer.concat(lm.tables.map((t) => Buffer.from(t.buffer, t.byteOffset, t.byteLength)));
  return {
    orders: lm.orders,
    bits: lm.bits,
    discount: lm.discount,
    countQ: COUNT_Q,
    unigram: Array.from(lm.unigram),
    tables: gzip(all).toString('base64'),
  };
}

export function charLmFromJson(j: CharLmJson, gunzip: (b: Buffer) => Buffer): CharLmTables {
  if (j.countQ !== COUNT_Q) throw new Error('char LM count code mismatch');
  const all = gunzip(Buffer.from(j.tables, 'base64'));
  const tables: Uint8Array[] = [];
  let off = 0;
  for (const b of j.bits) {
    tables.push(new Uint8Array(all.buffer, all.byteOffset + off, 1 << b));
    off += 1 << b;
  }
  return { orders: j.orders, bits: j.bits, tables, unigram: Float64Array.from(j.unigram), discount: j.discount };
}

export const LM_FEATURE_NAMES = ['lmLogProb', 'lmLogProbStd', 'lmEntropy', 'lmBinoculars', 'lmCrossGap', 'lmLogRank'] as const;

/** The detector's LM features of a normalised text (zeros when the text has too few characters). */
export function charLmFeatures(lm: CharLmTables, norm: string): number[] {
  const sym = toSymbols(norm);
  const st = lmStats(lm, sym, LM_LOW, Math.max(LM_STRIDE, Math.ceil(sym.length / LM_MAX_POSITIONS)));
  if (st.n < 20) return [0, 0, 0, 0, 0, 0];
  return [st.lp, st.lpStd, st.H, st.binoc, st.xdiff, st.logRank];
}
