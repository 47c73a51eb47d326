import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PARAMS,
  InMemoryFingerprintStore,
  addToStore,
  checkText,
  estimateJaccard,
  guaranteeThreshold,
  hashTokens,
  indexDocument,
  kgramHashes,
  lshBands,
  minhash,
  shingleHashes,
  tokenize,
  winnow,
  type LoadedSource,
  type PlagiarismReport,
} from '../../src/engines/plagiarism/index';

const FIX = join(__dirname, 'fixtures', 'plagiarism');
const fixture = (name: string) => readFileSync(join(FIX, name), 'utf8');
const ALICE = fixture('alice.txt');
const WALDEN = fixture('walden.txt');
const PRIDE = fixture('pride.txt');
const FRANK = fixture('frankenstein.txt');

const K = DEFAULT_PARAMS.k;
const T = guaranteeThreshold();

function mulberry32(a: number) {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** random pseudo-words: `prefix` keeps vocabularies disjoint */
function randomWords(rnd: () => number, n: number, prefix: string, vocab = 5000): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(prefix + Math.floor(rnd() * vocab).toString(36));
  return out;
}

const words = (text: string) => tokenize(text).tokens;

type Docs = Record<string, { text: string; title?: string }>;
async function buildStore(docs: Docs) {
  const store = new InMemoryFingerprintStore();
  for (const [id, d] of Object.entries(docs)) await addToStore(store, id, d.text);
  const load = async (id: string): Promise<LoadedSource | null> =>
    docs[id] ? { text: docs[id].text, title: docs[id].title ?? id, reference: `ref:${id}` } : null;
  return { store, load };
}

/** every passage maps back exactly: the token sequences of both slices match (up to the tolerated edits) */
function checkOffsets(report: PlagiarismReport, submitted: string, sources: Docs, exact = false) {
  for (const s of report.sources) {
    const src = sources[s.docId].text;
    for (const p of s.passages) {
      expect(p.submitted.start).toBeGreaterThanOrEqual(0);
      expect(p.submitted.end).toBeLessThanOrEqual(submitted.length);
      expect(p.source.end).toBeLessThanOrEqual(src.length);
      const a = words(submitted.slice(p.submitted.start, p.submitted.end));
      const b = words(src.slice(p.source.start, p.source.end));
      expect(a.length).toBe(p.words);
      // spans start and end on whole, matching words
      expect(a[0]).toBe(b[0]);
      expect(a[a.length - 1]).toBe(b[b.length - 1]);
      expect(/[\p{L}\p{N}]/u.test(submitted[p.submitted.start])).toBe(true);
      expect(/[\p{L}\p{N}]/u.test(src[p.source.start])).toBe(true);
      if (exact) expect(a).toEqual(b);
    }
  }
}

describe('normalisation and tokenisation', () => {
  it('folds case, punctuation, whitespace and Unicode variants, keeping exact original offsets', () => {
    const text = 'Ｔｈｅ  “ﬁne”\tCAFÉ—don’t\n\nstop… cafe\u0301 co\u00ADoperate';
    const t = tokenize(text);
    expect(t.tokens).toEqual(['the', 'fine', 'cafe', 'dont', 'stop', 'cafe', 'cooperate']);
    expect(t.tokens.map((_, i) => text.slice(t.starts[i], t.ends[i]))).toEqual(['Ｔｈｅ', 'ﬁne', 'CAFÉ', 'don’t', 'stop', 'cafe\u0301', 'co\u00ADoperate']);
    expect(words("the cat's don't ‘quoted’ well-known")).toEqual(words('The CATS DONT "quoted" well known'));
    expect(words('The cat’s')).toEqual(words('the cats'));
  });

  it('every token maps back to a substring that normalises to itself', () => {
    for (const text of [ALICE, WALDEN, PRIDE, FRANK]) {
      const t = tokenize(text);
      expect(t.tokens.length).toBeGreaterThan(400);
      for (let i = 0; i < t.tokens.length; i++) {
        expect(t.starts[i]).toBeLessThan(t.ends[i]);
        if (i > 0) expect(t.starts[i]).toBeGreaterThanOrEqual(t.ends[i - 1]);
        expect(words(text.slice(t.starts[i], t.ends[i]))).toEqual([t.tokens[i]]);
      }
    }
  });
});

describe('winnowing', () => {
  const fpHashes = (ws: string[]) => new Set(winnow(kgramHashes(hashTokens(ws), K), DEFAULT_PARAMS.w).map((f) => f.hash));

  it(`t = w + k - 1 = ${T} with the default k=${K}, w=${DEFAULT_PARAMS.w}`, () => {
    expect(T).toBe(DEFAULT_PARAMS.w + DEFAULT_PARAMS.k - 1);
    expect(T).toBeGreaterThanOrEqual(10);
    expect(T).toBeLessThanOrEqual(15);
  });

  it('selects at least one k-gram in every window of w k-grams, and ~2/(w+1) of them', () => {
    const rnd = mulberry32(1);
    const ws = randomWords(rnd, 5000, 'a');
    const hs = kgramHashes(hashTokens(ws), K);
    const fps = winnow(hs, DEFAULT_PARAMS.w);
    const sel = new Set(fps.map((f) => f.pos));
    for (let i = 0; i + DEFAULT_PARAMS.w <= hs.length; i++) {
      let any = false;
      for (let j = i; j < i + DEFAULT_PARAMS.w; j++) if (sel.has(j)) any = true;
      expect(any).toBe(true);
    }
    for (const f of fps) expect(hs[f.pos]).toBe(f.hash);
    const density = fps.length / hs.length;
    expect(density).toBeGreaterThan(1.6 / (DEFAULT_PARAMS.w + 1));
    expect(density).toBeLessThan(2.4 / (DEFAULT_PARAMS.w + 1));
  });

  it('property: a planted shared run of >= t tokens always shares a fingerprint; runs < k never do', () => {
    const rnd = mulberry32(20240505);
    for (let trial = 0; trial < 400; trial++) {
      const len = trial % 2 === 0 ? T + Math.floor(rnd() * 30) : 1 + Math.floor(rnd() * (K - 1));
      const run = randomWords(rnd, len, 'r');
      const a = randomWords(rnd, 20 + Math.floor(rnd() * 300), 'a');
      const b = randomWords(rnd, 20 + Math.floor(rnd() * 300), 'b');
      a.splice(Math.floor(rnd() * a.length), 0, ...run);
      b.splice(Math.floor(rnd() * b.length), 0, ...run);
      const fa = fpHashes(a);
      const shared = [...fpHashes(b)].filter((h) => fa.has(h));
      if (len >= T) expect(shared.length, `trial ${trial}, run ${len}`).toBeGreaterThan(0);
      else expect(shared.length, `trial ${trial}, run ${len}`).toBe(0);
    }
  });

  it('property (end to end): checkText always reports a planted run of >= t words with exact offsets', async () => {
    const rnd = mulberry32(77);
    const docs: Docs = {};
    for (let d = 0; d < 30; d++) docs[`d${d}`] = { text: randomWords(rnd, 300, `s${d}x`).join(' ') };
    const { store, load } = await buildStore(docs);
    for (let trial = 0; trial < 60; trial++) {
      const id = `d${Math.floor(rnd() * 30)}`;
      const src = tokenize(docs[id].text);
      const len = Math.max(T, DEFAULT_PARAMS.minPassageWords) + Math.floor(rnd() * 20);
      const at = Math.floor(rnd() * (src.tokens.length - len));
      const copied = docs[id].text.slice(src.starts[at], src.ends[at + len - 1]);
      const before = randomWords(rnd, Math.floor(rnd() * 200), 'q').join(' ');
      const after = randomWords(rnd, Math.floor(rnd() * 200), 'z').join(' ');
      const submitted = `${before} ${copied} ${after}`.trim();
      const rep = await checkText(store, submitted, load);
      expect(rep.sources.map((s) => s.docId)).toEqual([id]);
      const p = rep.sources[0].passages;
      expect(p).toHaveLength(1);
      expect(submitted.slice(p[0].submitted.start, p[0].submitted.end)).toBe(copied);
      expect(docs[id].text.slice(p[0].source.start, p[0].source.end)).toBe(copied);
      expect(p[0].words).toBe(len);
    }
  });

  it('runs shorter than k words never produce a match end to end', async () => {
    const rnd = mulberry32(5);
    const docs: Docs = { d0: { text: randomWords(rnd, 400, 's').join(' ') } };
    const { store, load } = await buildStore(docs);
    const src = words(docs.d0.text);
    for (let trial = 0; trial < 30; trial++) {
      const parts: string[] = [];
      // many short copied runs (< k words) separated by fresh words
      for (let r = 0; r < 20; r++) {
        const len = 1 + Math.floor(rnd() * (K - 1));
        const at = Math.floor(rnd() * (src.length - len));
        parts.push(...src.slice(at, at + len), ...randomWords(rnd, 1 + Math.floor(rnd() * 3), 'q'));
      }
      const rep = await checkText(store, parts.join(' '), load);
      expect(rep.sources).toEqual([]);
      expect(rep.similarity).toBe(0);
    }
  });
});

describe('checkText on real prose', () => {
  const DOCS: Docs = {
    alice: { text: ALICE, title: "Alice's Adventures in Wonderland" },
    walden: { text: WALDEN, title: 'Walden' },
    pride: { text: PRIDE, title: 'Pride and Prejudice' },
  };

  /** a passage of `n` words starting at word `from` of `text`, as an exact substring */
  function passage(text: string, from: number, n: number) {
    const t = tokenize(text);
    return { text: text.slice(t.starts[from], t.ends[from + n - 1]), start: t.starts[from], end: t.ends[from + n - 1] };
  }

  it('finds an exact copied passage with exact offsets in both texts', async () => {
    const { store, load } = await buildStore(DOCS);
    const copied = passage(WALDEN, 120, 45);
    const host = FRANK.slice(0, 1500);
    const submitted = `${host}\n\n${copied.text}\n\n${FRANK.slice(1500, 2500)}`;
    const rep = await checkText(store, submitted, load);
    expect(rep.checkedDocuments).toBe(3);
    expect(rep.sources).toHaveLength(1);
    const s = rep.sources[0];
    expect(s).toMatchObject({ docId: 'walden', title: 'Walden', reference: 'ref:walden' });
    expect(s.passages).toHaveLength(1);
    const p = s.passages[0];
    expect(submitted.slice(p.submitted.start, p.submitted.end)).toBe(copied.text);
    expect(p.source).toEqual({ start: copied.start, end: copied.end });
    expect(p.words).toBe(45);
    const total = rep.wordCount;
    expect(s.matchedPercent).toBeCloseTo((100 * 45) / total, 1);
    expect(rep.similarity).toBe(s.matchedPercent);
    checkOffsets(rep, submitted, DOCS, true);
  });

  it('is robust to case, punctuation, whitespace and Unicode variants', async () => {
    const { store, load } = await buildStore(DOCS);
    const copied = passage(ALICE, 60, 50);
    const mangled = copied.text
      .toUpperCase()
      .replace(/[‘’]/g, "'")
      .replace(/[“”]/g, '"')
      .replace(/[,;:!?.()]/g, ' ')
      .replace(/\s+/g, (m) => (m.length % 2 ? '   ' : '\n'))
      .replace(/FI/g, 'ﬁ')
      .replace(/-/g, ' — ');
    expect(mangled).not.toBe(copied.text);
    const submitted = `Some words of my own to begin with. ${mangled} And a closing sentence that I wrote myself.`;
    const rep = await checkText(store, submitted, load);
    expect(rep.sources.map((s) => s.docId)).toEqual(['alice']);
    const p = rep.sources[0].passages[0];
    const slice = submitted.slice(p.submitted.start, p.submitted.end);
    expect(slice).toBe(mangled.trim());
    expect(words(slice)).toEqual(words(copied.text));
    expect(p.source).toEqual({ start: copied.start, end: copied.end });
    checkOffsets(rep, submitted, DOCS, true);
  });

  it('detects a passage with every 8th word replaced, and one with inserted words', async () => {
    const { store, load } = await buildStore(DOCS);
    const src = tokenize(PRIDE);
    const from = 200;
    const n = 48;
    const ws = src.tokens.slice(from, from + n);
    const edited = ws.map((w, i) => ((i + 1) % 8 === 0 ? `zzq${i}` : w)).join(' ');
    const inserted = ws.map((w, i) => (i % 9 === 4 ? `${w} indeed` : w)).join(' ');
    for (const copy of [edited, inserted]) {
      const submitted = `${FRANK.slice(0, 800)} ${copy} ${FRANK.slice(800, 1600)}`;
      const rep = await checkText(store, submitted, load);
      expect(rep.sources.map((s) => s.docId)).toEqual(['pride']);
      const ps = rep.sources[0].passages;
      const coveredWords = ps.reduce((a, p) => a + p.words, 0);
      expect(coveredWords).toBeGreaterThanOrEqual(0.8 * n);
      const at = submitted.indexOf(copy);
      for (const p of ps) {
        expect(p.submitted.start).toBeGreaterThanOrEqual(at);
        expect(p.submitted.end).toBeLessThanOrEqual(at + copy.length);
        expect(p.source.start).toBeGreaterThanOrEqual(src.starts[from]);
        expect(p.source.end).toBeLessThanOrEqual(src.ends[from + n - 1]);
      }
      checkOffsets(rep, submitted, DOCS);
    }
  });

  it('reports several sources ordered by matched words, with a combined similarity', async () => {
    const { store, load } = await buildStore(DOCS);
    const a = passage(ALICE, 10, 30).text;
    const w = passage(WALDEN, 300, 60).text;
    const submitted = `${a}\n\n${FRANK.slice(0, 600)}\n\n${w}`;
    const rep = await checkText(store, submitted, load);
    expect(rep.sources.map((s) => s.docId)).toEqual(['walden', 'alice']);
    expect(rep.sources[0].matchedPercent).toBeGreaterThan(rep.sources[1].matchedPercent);
    expect(rep.similarity).toBeCloseTo((100 * 90) / rep.wordCount, 0);
    checkOffsets(rep, submitted, DOCS, true);
  });

  it('unrelated texts and common phrases produce no sources', async () => {
    const docs: Docs = {
      ...DOCS,
      cliche: {
        text:
          'At the end of the day, it is what it is. On the other hand, we need to think outside the box. ' +
          'In the middle of the night there was a knock at the door. As a matter of fact, it goes without saying ' +
          'that time is money, and that at the end of the day we all do the best we can.',
      },
    };
    const { store, load } = await buildStore(docs);
    // every stock phrase is shared (up to 8 words in a row), but no run reaches the minimum passage length
    const cliches =
      'I told him that at the end of the day we would see. He laughed, and on the other hand said nothing. ' +
      'Later, in the middle of the night there was a storm; as a matter of fact it goes on. Time is money, and we all do the best we can.';
    for (const text of [FRANK, cliches, FRANK.slice(0, 700) + ' ' + cliches]) {
      const rep = await checkText(store, text, load);
      expect(rep.sources).toEqual([]);
      expect(rep.similarity).toBe(0);
    }
  });

  it('empty and tiny inputs give an empty report', async () => {
    const { store, load } = await buildStore(DOCS);
    for (const text of ['', '   ', '…!?', 'Alice']) {
      const rep = await checkText(store, text, load);
      expect(rep.sources).toEqual([]);
      expect(rep.similarity).toBe(0);
      expect(rep.checkedDocuments).toBe(3);
    }
    const rep = await checkText(new InMemoryFingerprintStore(), ALICE, load);
    expect(rep).toMatchObject({ similarity: 0, sources: [], checkedDocuments: 0 });
  });

  it('a wholly copied document scores ~100 % and a high Jaccard', async () => {
    const { store, load } = await buildStore(DOCS);
    const rep = await checkText(store, PRIDE, load);
    expect(rep.sources[0].docId).toBe('pride');
    expect(rep.similarity).toBeGreaterThan(99);
    expect(rep.sources[0].jaccard).toBeGreaterThan(0.95);
  });

  it('skips candidates whose source cannot be loaded', async () => {
    const { store } = await buildStore(DOCS);
    const rep = await checkText(store, PRIDE, async () => null);
    expect(rep.sources).toEqual([]);
  });
});

describe('MinHash near-duplicate signal', () => {
  it('estimates Jaccard: high for a paraphrase, ~0 for unrelated text', () => {
    const sig = (t: string) => minhash(shingleHashes(tokenize(t).tokens), 128);
    // paraphrase: function words and inflections changed, punctuation changed, a few words replaced
    const para = PRIDE.replace(/\bthe\b/g, 'a')
      .replace(/\bwas\b/g, 'had been')
      .replace(/ed\b/g, 'ing')
      .replace(/[,;]/g, '')
      .replace(/\bvery\b/g, 'really');
    const jPara = estimateJaccard(sig(PRIDE), sig(para));
    const jUnrel = estimateJaccard(sig(PRIDE), sig(WALDEN));
    expect(jPara).toBeGreaterThan(0.6);
    expect(jUnrel).toBeLessThan(0.05);
    expect(estimateJaccard(sig(''), sig(''))).toBe(0);
  });

  it('LSH finds a near-duplicate and reports it even without long verbatim passages', async () => {
    const DOCS: Docs = { pride: { text: PRIDE }, walden: { text: WALDEN } };
    const { store, load } = await buildStore(DOCS);
    // heavy rewrite: every 3rd word replaced by a synonym-like marker, so no 5-gram survives
    const t = tokenize(PRIDE);
    const rewrite = t.tokens
      .map((w, i) => (i % 3 === 1 && /^(the|a|of|to|and|in|was|her|his|it|that|he|she|be|for|with|had|as|at|by)$/.test(w) ? 'thee' : w))
      .join(' ');
    const bands = indexDocument(rewrite).lshBands;
    expect(await store.lshCandidates(bands)).toContain('pride');
    const rep = await checkText(store, rewrite, load);
    expect(rep.sources[0].docId).toBe('pride');
    expect(rep.sources[0].jaccard).toBeGreaterThan(DEFAULT_PARAMS.minJaccard);
    expect(rep.sources.find((s) => s.docId === 'walden')).toBeUndefined();
  });
});

describe('store and determinism', () => {
  it('indexDocument is deterministic and stable across versions (hashes are persisted in the DB)', () => {
    const text = 'The quick brown fox jumps over the lazy dog near the river bank';
    expect(kgramHashes(hashTokens(tokenize(text).tokens), 5).slice(0, 3)).toEqual([7796336671070019, 7951637020319033, 8745722879386003]);
    const d = indexDocument(text);
    expect(d.fingerprints).toEqual([{ hash: 892112401603308, pos: 3 }]);
    expect(d.minhash.slice(0, 3)).toEqual([1336709675, 1403313018, 106490895]);
    expect(d.lshBands.slice(0, 2)).toEqual(['b0:445cc78612498f66', 'b1:b435db27c7c22652']);
    expect(d.tokenCount).toBe(13);
    expect(indexDocument(ALICE)).toEqual(indexDocument(ALICE));
    for (const f of indexDocument(ALICE).fingerprints) {
      expect(Number.isSafeInteger(f.hash)).toBe(true);
      expect(f.hash).toBeGreaterThanOrEqual(0);
    }
    expect(lshBands(indexDocument(ALICE).minhash, 32)).toHaveLength(32);
  });

  it('checkText is deterministic and independent of insertion order', async () => {
    const docs: Docs = { alice: { text: ALICE }, walden: { text: WALDEN }, pride: { text: PRIDE } };
    const submitted = `${ALICE.slice(200, 900)} ${FRANK.slice(0, 500)} ${WALDEN.slice(1000, 1600)}`;
    const a = await buildStore(docs);
    const b = await buildStore({ pride: docs.pride, walden: docs.walden, alice: docs.alice });
    const r1 = await checkText(a.store, submitted, a.load);
    const r2 = await checkText(a.store, submitted, a.load);
    const r3 = await checkText(b.store, submitted, b.load);
    expect(r2).toEqual(r1);
    expect(r3).toEqual(r1);
    expect(r1.sources.length).toBe(2);
  });

  it('InMemoryFingerprintStore: replace, remove, stop-gram cap', async () => {
    const store = new InMemoryFingerprintStore();
    const d = indexDocument(ALICE);
    await store.addDocument('x', d.fingerprints, d.minhash, d.lshBands);
    await store.addDocument('y', d.fingerprints, d.minhash, d.lshBands);
    await store.addDocument('x', d.fingerprints, d.minhash, d.lshBands); // replace
    expect(await store.documentCount()).toBe(2);
    const hashes = d.fingerprints.map((f) => f.hash);
    const all = await store.lookup(hashes);
    expect(new Set(all.map((p) => p.docId))).toEqual(new Set(['x', 'y']));
    expect(all.filter((p) => p.docId === 'x')).toHaveLength(d.fingerprints.length);
    expect(await store.lookup(hashes, { maxDocsPerHash: 1 })).toEqual([]);
    expect(await store.lshCandidates(d.lshBands)).toEqual(['y', 'x']);
    await store.removeDocument('y');
    expect(await store.documentCount()).toBe(1);
    expect(new Set((await store.lookup(hashes)).map((p) => p.docId))).toEqual(new Set(['x']));
    expect(await store.lshCandidates(d.lshBands)).toEqual(['x']);
    expect([...(await store.minhashes(['x', 'y', 'z'])).keys()]).toEqual(['x']);
  });
});
