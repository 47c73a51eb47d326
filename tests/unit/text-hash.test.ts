/**
 * The engines' one FNV-1a (src/engines/text/hash.ts) must keep its numbers: plagiarism fingerprints built from it are
 * stored in the database, the detector's committed weights index hashed features by it, and the writing tools pick
 * their variants by it. The expected values were computed by the separate copies this function replaced.
 */
import { describe, expect, it } from 'vitest';
import { countWhitespaceWords, fmix32, fnv1a32, fnv1aStep, FNV_OFFSET_BASIS, hash32 } from '../../src/engines/text';
import { fnv1a } from '../../src/engines/detector/features';
import { fmix32 as plagFmix32, fnv1a32 as plagFnv1a32, hashTokens, lshBands, minhash, shingleHashes } from '../../src/engines/plagiarism';
import { countWords as limitCountWords } from '../../src/shared/limits';

// [input, FNV-1a with the standard offset basis, FNV-1a seeded with 0x9747b28c (the plagiarism engine's second lane)]
const FNV: [string, number, number][] = [
  ['', 2166136261, 2538058380],
  ['a', 3826002220, 316582679],
  ['abc', 440920331, 2901688996],
  ['The quick brown fox', 2924308450, 1716729093],
  ['naïve café — “quoted”', 1759175236, 819131795],
  ['fox jumps', 3647281731, 1451438356],
  ['\u{1F600} emoji', 1903844278, 1183827967],
];

describe('shared FNV-1a and fmix32', () => {
  it('gives the same numbers as before, under every name the engines use', () => {
    for (const [s, plain, seeded] of FNV) {
      expect(fnv1a32(s), s).toBe(plain);
      expect(fnv1a32(s, 0x9747b28c), s).toBe(seeded);
      expect(hash32(s), s).toBe(plain);
      expect(fnv1a(s), s).toBe(plain);
      expect(plagFnv1a32(s), s).toBe(plain);
      expect(plagFnv1a32(s, 0x9747b28c), s).toBe(seeded);
    }
    let h = FNV_OFFSET_BASIS;
    for (const c of 'abc') h = fnv1aStep(h, c.charCodeAt(0));
    expect(h).toBe(440920331);
  });

  it('fmix32 and the plagiarism hashes built on them are unchanged', () => {
    expect([0, 1, 0xdeadbeef, 0xffffffff, 123456].map(fmix32)).toEqual([0, 1364076727, 233162409, 2180083513, 2524076747]);
    expect(plagFmix32).toBe(fmix32);
    const th = hashTokens(['the', 'quick', 'brown', 'fox', 'jumps']);
    expect([...th.a]).toEqual([3305589240, 2645181690, 4051879017, 1112308516, 3810673407]);
    expect([...th.b]).toEqual([64410136, 3476156876, 1706156840, 3242765105, 4244458139]);
    const sh = shingleHashes(['cats', 'running', 'quickly', 'over', 'gardens']);
    expect([...sh]).toEqual([2647434545, 255058894, 2782378881]);
    const sig = minhash(sh, 8);
    expect(sig).toEqual([1930864328, 1603706995, 1161376345, 140383692, 33478365, 1796858944, 348754789, 222925719]);
    expect(lshBands(sig, 4)).toEqual(['b0:906dce0f29306cac', 'b1:3c32a8e7ade46e99', 'b2:2d685e2677ed7c14', 'b3:052ac88f72af53b8']);
  });
});

describe('word counts', () => {
  it('the word limits count whitespace-separated runs, as the UI counter does', () => {
    expect(limitCountWords).toBe(countWhitespaceWords);
    for (const [t, n] of [
      ['', 0],
      ['   ', 0],
      ['one', 1],
      ['  two  words ', 2],
      ['a — b', 3],
      ['x\u00a0y\u3000z', 3],
      ['line\nbreak\ttab', 3],
      ["it's 3.5%", 2],
    ] as const) {
      expect(limitCountWords(t), JSON.stringify(t)).toBe(n);
    }
  });
});
