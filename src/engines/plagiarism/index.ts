/**
 * Veritext plagiarism engine. Pure TypeScript, deterministic, no I/O of its own.
 *
 *   indexDocument(text)                    -> { fingerprints, minhash, lshBands, tokenCount }
 *   checkText(store, text, loadSource)     -> PlagiarismReport
 *
 * Method (see docs/plagiarism.md): normalise + tokenise with offsets; word 5-gram hashes; winnowing
 * with window 8 (guarantee threshold t = 12 words) for the index; the query looks up ALL its k-gram
 * hashes; candidates are ranked by distinct shared fingerprints (+ MinHash/LSH near-duplicates);
 * each candidate is aligned against the submitted text (edit-tolerant seed-and-extend) and passages
 * are reported with exact character offsets in both texts.
 */
import { alignPassages, type AlignedPassage } from './align';
import { hashTokens, kgramHashes, winnow, type Fingerprint } from './hash';
import { estimateJaccard, lshBands as bandKeys, minhash as minhashOf, shingleHashes } from './minhash';
import { tokenize, type Tokens } from './normalize';
import type { FingerprintStore } from './store';

export { tokenize, normalizeWords, type Tokens } from './normalize';
export { winnow, kgramHashes, hashTokens, fnv1a32, fmix32, type Fingerprint } from './hash';
export { minhash, estimateJaccard, lshBands, shingleHashes, contentWords, stem, STOP_WORDS } from './minhash';
export { alignPassages, mergePassages, type AlignedPassage, type AlignOptions } from './align';
export { InMemoryFingerprintStore, UnionFingerprintStore, type FingerprintStore, type Posting, type LookupOptions } from './store';

export interface PlagiarismParams {
  /** words per k-gram */
  k: number;
  /** winnowing window (in k-grams) */
  w: number;
  /** MinHash permutations */
  permutations: number;
  /** LSH bands (permutations / bands rows each) */
  bands: number;
  /** minimum number of exactly matching words for a reportable passage */
  minPassageWords: number;
  /** exact matches required after each tolerated edit during extension */
  gapRun: number;
  /** max tokens between two passages of the same source to merge them */
  mergeGap: number;
  /** at most this many candidate documents are loaded and aligned */
  maxCandidates: number;
  /** minimum distinct shared fingerprints for a fingerprint candidate */
  minSharedFingerprints: number;
  /** a fingerprint shared by more than max(stopGramMinDocs, stopGramShare * documents) documents is ignored */
  stopGramMinDocs: number;
  stopGramShare: number;
  /** a source without passages is still reported when its estimated Jaccard reaches this */
  minJaccard: number;
  /** at most this many LSH candidates are aligned */
  maxLshCandidates: number;
  /**
   * Query with every k-gram hash of the submitted text (default) instead of only its winnowed ones.
   * Keeps the t = w + k - 1 guarantee and raises the chance that a shared run SHORTER than t is found
   * (only the source side's winnowing then matters), at the cost of ~(w+1)/2 times more hashes per query.
   */
  lookupAllKgrams: boolean;
}

export const DEFAULT_PARAMS: Readonly<PlagiarismParams> = Object.freeze({
  k: 5,
  w: 8,
  permutations: 128,
  bands: 32,
  // 12 = the winnowing guarantee t: stock 10-word formulae ("Tonight, I ask you, the Congress, to join me in") stop counting.
  minPassageWords: 12,
  gapRun: 4,
  mergeGap: 3,
  maxCandidates: 40,
  minSharedFingerprints: 1,
  stopGramMinDocs: 50,
  stopGramShare: 0.005,
  minJaccard: 0.3,
  maxLshCandidates: 10,
  lookupAllKgrams: true,
});

/** Guarantee threshold: any shared run of at least t = w + k - 1 words shares a fingerprint. */
export function guaranteeThreshold(p: Pick<PlagiarismParams, 'k' | 'w'> = DEFAULT_PARAMS): number {
  return p.w + p.k - 1;
}

export interface IndexedDocument {
  fingerprints: Fingerprint[];
  minhash: number[];
  lshBands: string[];
  tokenCount: number;
}

function withDefaults(p?: Partial<PlagiarismParams>): PlagiarismParams {
  const r = { ...DEFAULT_PARAMS, ...(p ?? {}) };
  if (r.k < 1 || r.w < 1) throw new Error('k and w must be >= 1');
  if (r.permutations % r.bands !== 0) throw new Error('permutations must be a multiple of bands');
  return r;
}

interface Analysed {
  tok: Tokens;
  kgrams: number[];
  sig: number[];
}

function analyse(text: string, p: PlagiarismParams): Analysed {
  const tok = tokenize(text);
  const kgrams = kgramHashes(hashTokens(tok.tokens), p.k);
  const sig = minhashOf(shingleHashes(tok.tokens), p.permutations);
  return { tok, kgrams, sig };
}

/** Fingerprints + MinHash + LSH band keys of a reference document, ready for FingerprintStore.addDocument. */
export function indexDocument(text: string, params?: Partial<PlagiarismParams>): IndexedDocument {
  const p = withDefaults(params);
  const a = analyse(text, p);
  return {
    fingerprints: winnow(a.kgrams, p.w),
    minhash: a.sig,
    lshBands: bandKeys(a.sig, p.bands),
    tokenCount: a.tok.tokens.length,
  };
}

/** Convenience: index and add in one call. */
export async function addToStore(store: FingerprintStore, docId: string, text: string, params?: Partial<PlagiarismParams>): Promise<IndexedDocument> {
  const d = indexDocument(text, params);
  await store.addDocument(docId, d.fingerprints, d.minhash, d.lshBands);
  return d;
}

export interface Span {
  start: number;
  end: number;
}

export interface MatchedPassage {
  /** character offsets into the submitted text */
  submitted: Span;
  /** character offsets into the source text */
  source: Span;
  /** words of the submitted text covered by the passage */
  words: number;
}

export interface SourceMatch {
  docId: string;
  title: string;
  reference: string;
  /** share (0–100) of the submitted text's words covered by this source's passages */
  matchedPercent: number;
  /** estimated Jaccard similarity (0–1) of content-word shingles, whole documents */
  jaccard: number;
  passages: MatchedPassage[];
}

export interface PlagiarismReport {
  /** share (0–100) of the submitted text's words covered by any match */
  similarity: number;
  sources: SourceMatch[];
  checkedDocuments: number;
  /** words (normalised tokens) in the submitted text */
  wordCount: number;
}

export interface LoadedSource {
  text: string;
  title: string;
  reference: string;
}

export type SourceLoader = (docId: string) => Promise<LoadedSource | null | undefined>;

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * Check `text` against the documents in `store`. `loadSource` returns the exact text that was indexed
 * for a document (offsets refer to it) plus its title and reference/link.
 */
export async function checkText(
  store: FingerprintStore,
  text: string,
  loadSource: SourceLoader,
  params?: Partial<PlagiarismParams>,
): Promise<PlagiarismReport> {
  const p = withDefaults(params);
  const docCount = await store.documentCount();
  const q = analyse(text, p);
  const nQ = q.tok.tokens.length;
  const empty: PlagiarismReport = { similarity: 0, sources: [], checkedDocuments: docCount, wordCount: nQ };
  if (nQ === 0 || docCount === 0) return empty;

  // 1. fingerprint candidates: look up every k-gram hash of the query (superset of its winnowed ones)
  const uniq = [...new Set(p.lookupAllKgrams ? q.kgrams : winnow(q.kgrams, p.w).map((f) => f.hash))];
  const maxDocsPerHash = Math.max(p.stopGramMinDocs, Math.ceil(p.stopGramShare * docCount));
  const postings = uniq.length > 0 ? await store.lookup(uniq, { maxDocsPerHash }) : [];
  const docsPerHash = new Map<number, Set<string>>();
  for (const po of postings) {
    let s = docsPerHash.get(po.hash);
    if (!s) docsPerHash.set(po.hash, (s = new Set()));
    s.add(po.docId);
  }
  const hits = new Map<string, number>();
  for (const [, docs] of docsPerHash) {
    if (docs.size > maxDocsPerHash) continue; // stop-gram (common phrase)
    for (const d of docs) hits.set(d, (hits.get(d) ?? 0) + 1);
  }
  const fpCandidates = [...hits.entries()]
    .filter(([, n]) => n >= p.minSharedFingerprints)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, p.maxCandidates)
    .map(([d]) => d);

  // 2. near-duplicate candidates (MinHash LSH)
  const bands = bandKeys(q.sig, p.bands);
  const lsh = bands.length > 0 ? await store.lshCandidates(bands) : [];
  const candidateSet = new Set(fpCandidates);
  const lshSigs = await store.minhashes(lsh);
  const lshRanked = lsh
    .map((d) => ({ d, j: lshSigs.has(d) ? estimateJaccard(q.sig, lshSigs.get(d)!) : 0 }))
    .filter((x) => x.j >= p.minJaccard)
    .sort((a, b) => b.j - a.j || (a.d < b.d ? -1 : 1))
    .slice(0, p.maxLshCandidates);
  for (const { d } of lshRanked) candidateSet.add(d);
  const candidates = [...candidateSet];
  if (candidates.length === 0) return empty;

  const sigs = await store.minhashes(candidates);
  const loaded = await Promise.all(candidates.map((d) => loadSource(d)));

  // 3. align each candidate
  const sources: Array<SourceMatch & { matchedWords: number }> = [];
  const coveredAll = new Uint8Array(nQ);
  for (let c = 0; c < candidates.length; c++) {
    const src = loaded[c];
    if (!src) continue;
    const docId = candidates[c];
    const s = analyse(src.text, p);
    const jaccard = sigs.has(docId) ? estimateJaccard(q.sig, sigs.get(docId)!) : estimateJaccard(q.sig, s.sig);
    const aligned: AlignedPassage[] = alignPassages(q.tok.tokens, q.kgrams, s.tok.tokens, s.kgrams, {
      k: p.k,
      gapRun: p.gapRun,
      mergeGap: p.mergeGap,
      maxSeedRepeats: 32,
    }).filter((a) => a.matched >= p.minPassageWords);
    if (aligned.length === 0 && jaccard < p.minJaccard) continue;
    const covered = new Uint8Array(nQ);
    const passages: MatchedPassage[] = aligned.map((a) => {
      for (let i = a.qa; i < a.qb; i++) covered[i] = 1;
      return {
        submitted: { start: q.tok.starts[a.qa], end: q.tok.ends[a.qb - 1] },
        source: { start: s.tok.starts[a.sa], end: s.tok.ends[a.sb - 1] },
        words: a.qb - a.qa,
      };
    });
    let matchedWords = 0;
    for (let i = 0; i < nQ; i++) {
      if (covered[i]) {
        matchedWords++;
        coveredAll[i] = 1;
      }
    }
    sources.push({
      docId,
      title: src.title,
      reference: src.reference,
      matchedPercent: round1((100 * matchedWords) / nQ),
      jaccard: Math.round(jaccard * 1000) / 1000,
      passages,
      matchedWords,
    });
  }
  sources.sort((a, b) => b.matchedWords - a.matchedWords || b.jaccard - a.jaccard || (a.docId < b.docId ? -1 : a.docId > b.docId ? 1 : 0));
  let total = 0;
  for (let i = 0; i < nQ; i++) total += coveredAll[i];
  return {
    similarity: round1((100 * total) / nQ),
    sources: sources.map(({ matchedWords: _m, ...rest }) => rest),
    checkedDocuments: docCount,
    wordCount: nQ,
  };
}
