/**
 * Deterministic hashing, word k-gram hashes and winnowing (Schleimer, Wilkerson & Aiken, SIGMOD 2003).
 *
 * Hashes are non-negative integers below 2^53 (safe JS integers; fit PostgreSQL int8). They are built
 * from two independent 32-bit lanes (FNV-1a / murmur3 finaliser mixing), so collisions are negligible
 * even at hundreds of millions of fingerprints.
 */

import { fmix32, fnv1a32 } from '../text/hash';

// The shared definitions: their values are pinned by tests/unit/text-hash.test.ts because fingerprints are stored.
export { fmix32, fnv1a32 };

/** Two independent 32-bit hashes per token. */
export interface TokenHashes {
  a: Uint32Array;
  b: Uint32Array;
}

export function hashTokens(tokens: readonly string[]): TokenHashes {
  const a = new Uint32Array(tokens.length);
  const b = new Uint32Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    a[i] = fmix32(fnv1a32(t));
    b[i] = fmix32(fnv1a32(t, 0x9747b28c) ^ 0x5bd1e995);
  }
  return { a, b };
}

const TWO32 = 4294967296;
const MASK21 = 0x1fffff;

/**
 * Hash of every word k-gram: out[i] = H(tokens[i .. i+k-1]), length max(0, n-k+1).
 * Values are integers in [0, 2^53).
 */
export function kgramHashes(th: TokenHashes, k: number): number[] {
  const n = th.a.length;
  const m = n - k + 1;
  if (m <= 0) return [];
  const out = new Array<number>(m);
  for (let i = 0; i < m; i++) {
    let ha = 0x3c6ef372 ^ k;
    let hb = 0xa54ff53a ^ Math.imul(k, 0x27d4eb2f);
    for (let j = 0; j < k; j++) {
      ha = Math.imul(ha ^ th.a[i + j], 0x9e3779b1);
      ha = (ha << 13) | (ha >>> 19);
      hb = Math.imul(hb ^ th.b[i + j], 0x85ebca77);
      hb = (hb << 17) | (hb >>> 15);
    }
    out[i] = (fmix32(hb) & MASK21) * TWO32 + fmix32(ha);
  }
  return out;
}

export interface Fingerprint {
  /** k-gram hash (integer < 2^53) */
  hash: number;
  /** token index of the first word of the k-gram */
  pos: number;
}

/**
 * Robust winnowing: in every window of `w` consecutive k-gram hashes select the minimum
 * (on ties the one already chosen while it is in the window, else the rightmost); record a fingerprint each time
 * the selected position changes.
 * If there are fewer than w hashes, the single minimum is selected.
 *
 * Guarantee: if two documents share a run of at least t = w + k - 1 tokens, the run contains a full
 * window of w k-grams, whose minimum is selected in both documents -> they share a fingerprint hash.
 * Any match involves at least k shared consecutive tokens (a shared k-gram), up to hash collisions.
 */
export function winnow(hashes: readonly number[], w: number): Fingerprint[] {
  const n = hashes.length;
  const out: Fingerprint[] = [];
  if (n === 0) return out;
  if (n <= w) {
    let best = 0;
    for (let i = 1; i < n; i++) if (hashes[i] <= hashes[best]) best = i;
    out.push({ hash: hashes[best], pos: best });
    return out;
  }
  // monotone deque of indices with increasing hash values (rightmost min kept on ties)
  const dq = new Int32Array(n);
  let head = 0;
  let tail = 0;
  let last = -1;
  for (let i = 0; i < n; i++) {
    const h = hashes[i];
    while (tail > head && hashes[dq[tail - 1]] >= h) tail--;
    dq[tail++] = i;
    const winStart = i - w + 1;
    if (winStart < 0) continue;
    while (dq[head] < winStart) head++;
    const m = dq[head];
    // Robust winnowing (Schleimer et al. 2003): on a tie, keep the fingerprint already chosen while it is in the
    // window. Plain rightmost-minimum picks a new one at every position of a repeated phrase ("Hi. Hi. Hi. …"),
    // one index row per word, for no extra matching power.
    if (m !== last && !(last >= winStart && hashes[last] === hashes[m])) {
      out.push({ hash: hashes[m], pos: m });
      last = m;
    }
  }
  return out;
}
