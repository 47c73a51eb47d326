/**
 * FNV-1a, the one string hash of the engines, and the murmur3 finaliser.
 *
 * Values must never change: plagiarism fingerprints built from them are stored in the database, the detector's
 * committed weights index hashed features by them, and the writing tools derive their deterministic variety from them
 * (tests/unit/text-hash.test.ts pins the numbers).
 */

export const FNV_OFFSET_BASIS = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

/** One FNV-1a step: fold a 32-bit unit into the running hash (unsigned result). */
export function fnv1aStep(h: number, unit: number): number {
  return Math.imul(h ^ unit, FNV_PRIME) >>> 0;
}

/** 32-bit FNV-1a over UTF-16 code units; `seed` replaces the offset basis to get an independent lane. */
export function fnv1a32(s: string, seed = FNV_OFFSET_BASIS): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) h = fnv1aStep(h, s.charCodeAt(i));
  return h;
}

/** murmur3 32-bit finaliser (full avalanche of a 32-bit value). */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
