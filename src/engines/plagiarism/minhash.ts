/**
 * Near-duplicate / paraphrase signal: MinHash over shingles of content words, with LSH banding.
 *
 * Content words = normalised tokens minus English stop words, lightly stemmed (plural / -ing / -ed /
 * -ly / ... suffixes), so "The cats were running quickly" and "cat run quick" give the same words.
 * Shingles = pairs of consecutive content words (order-sensitive but insensitive to inserted or
 * removed function words, inflection, case and punctuation).
 */
import { FNV_OFFSET_BASIS, fnv1aStep } from '../text/hash';
import { fmix32, fnv1a32 } from './hash';

export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other ' +
    'our ours ourselves out over own same she should so some such than that the their theirs them themselves then there ' +
    'these they this those through to too under until up very was we were what when where which while who whom why will ' +
    'with would you your yours yourself yourselves shall may might must upon also yet thus thee thou thy thine ye unto ' +
    'hath doth shall one us let im youre dont cant wont isnt didnt doesnt wasnt arent thats'
  ).split(/\s+/),
);

/** Very light suffix stripping (not full Porter): enough to merge common inflections. */
export function stem(w: string): string {
  if (w.length <= 3) return w;
  let s = w;
  if (s.endsWith('ies') && s.length > 4) s = s.slice(0, -3) + 'y';
  else if (s.endsWith('sses')) s = s.slice(0, -2);
  else if (s.endsWith('es') && /(?:ch|sh|x|z|ss)es$/.test(s)) s = s.slice(0, -2);
  else if (s.endsWith('s') && !s.endsWith('ss') && !s.endsWith('us') && !s.endsWith('is')) s = s.slice(0, -1);
  if (s.length > 5 && s.endsWith('ingly')) s = s.slice(0, -5);
  else if (s.length > 4 && s.endsWith('edly')) s = s.slice(0, -4);
  else if (s.length > 5 && s.endsWith('ing')) s = s.slice(0, -3);
  else if (s.length > 4 && s.endsWith('ed')) s = s.slice(0, -2);
  else if (s.length > 4 && s.endsWith('ly')) s = s.slice(0, -2);
  if (s.length > 6 && s.endsWith('ment')) s = s.slice(0, -4);
  else if (s.length > 6 && s.endsWith('ness')) s = s.slice(0, -4);
  else if (s.length > 6 && s.endsWith('ation')) s = s.slice(0, -5);
  // collapse a doubled final consonant left by -ing/-ed (running -> run)
  if (s.length > 3 && s[s.length - 1] === s[s.length - 2] && !/[aeiouls]/.test(s[s.length - 1])) s = s.slice(0, -1);
  // drop a final silent e so "make"/"making" meet
  if (s.length > 4 && s.endsWith('e')) s = s.slice(0, -1);
  return s;
}

export function contentWords(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of tokens) {
    if (t.length < 2 || STOP_WORDS.has(t)) continue;
    if (/^\d+$/.test(t)) continue;
    out.push(stem(t));
  }
  return out;
}

/** Distinct 32-bit hashes of content-word shingles (pairs; single words if the text has only one). */
export function shingleHashes(tokens: readonly string[]): Uint32Array {
  const cw = contentWords(tokens);
  const set = new Set<number>();
  if (cw.length === 1) set.add(fmix32(fnv1a32(cw[0])));
  for (let i = 0; i + 1 < cw.length; i++) set.add(fmix32(fnv1a32(cw[i] + ' ' + cw[i + 1])));
  return Uint32Array.from(set);
}

export interface MinHashParams {
  /** number of hash functions (permutations) */
  permutations: number;
  /** LSH bands; permutations must be a multiple of bands */
  bands: number;
}

const seedCache = new Map<number, Uint32Array>();
function seeds(n: number): Uint32Array {
  let s = seedCache.get(n);
  if (!s) {
    s = new Uint32Array(n);
    for (let i = 0; i < n; i++) s[i] = fmix32(0x9e3779b9 + Math.imul(i + 1, 0x7f4a7c15));
    seedCache.set(n, s);
  }
  return s;
}

/** MinHash signature (unsigned 32-bit values). Empty shingle set -> all 0xFFFFFFFF. */
export function minhash(shingles: Uint32Array, permutations: number): number[] {
  const sd = seeds(permutations);
  const sig = new Array<number>(permutations).fill(0xffffffff);
  for (let p = 0; p < permutations; p++) {
    const s = sd[p];
    let m = 0xffffffff;
    for (let i = 0; i < shingles.length; i++) {
      const v = fmix32(shingles[i] ^ s);
      if (v < m) m = v;
    }
    sig[p] = m;
  }
  return sig;
}

/** Estimated Jaccard similarity from two signatures of equal length. */
export function estimateJaccard(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let eq = 0;
  let empty = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) {
      if (a[i] === 0xffffffff) empty++;
      else eq++;
    }
  }
  if (empty === a.length) return 0;
  return eq / a.length;
}

/**
 * LSH band keys: "b<band>:<hex hash of the band's rows>". Two documents become candidates when they
 * share a key; P(candidate) = 1 - (1 - J^r)^b with r = permutations / bands rows per band.
 */
export function lshBands(sig: readonly number[], bands: number): string[] {
  if (sig.length === 0 || sig.every((v) => v === 0xffffffff)) return [];
  const r = Math.floor(sig.length / bands);
  const out: string[] = [];
  for (let b = 0; b < bands; b++) {
    let h1 = FNV_OFFSET_BASIS ^ b;
    let h2 = 0x1b873593 ^ Math.imul(b, 0xcc9e2d51);
    for (let j = 0; j < r; j++) {
      const v = sig[b * r + j];
      h1 = fmix32(fnv1aStep(h1, v));
      h2 = fmix32((h2 + v) >>> 0);
    }
    out.push(`b${b}:${h1.toString(16).padStart(8, '0')}${h2.toString(16).padStart(8, '0')}`);
  }
  return out;
}
