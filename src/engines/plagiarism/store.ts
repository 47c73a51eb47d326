/**
 * Fingerprint index abstraction. The server implements it on PostgreSQL / PGlite:
 *
 *   CREATE TABLE plag_fingerprint (hash int8 NOT NULL, doc_id text NOT NULL, pos int4 NOT NULL);
 *   CREATE INDEX ON plag_fingerprint (hash);
 *   CREATE TABLE plag_lsh (band text NOT NULL, doc_id text NOT NULL);   -- band keys are short strings
 *   CREATE INDEX ON plag_lsh (band);
 *   CREATE TABLE plag_document (doc_id text PRIMARY KEY, minhash int8[], ...);  -- or bytea
 *
 *   lookup:        SELECT hash, doc_id, pos FROM plag_fingerprint WHERE hash = ANY($1::int8[])
 *                  (with maxDocsPerHash: AND hash NOT IN (SELECT hash FROM plag_common_hash) — a small
 *                  table of stop-grams refreshed at import time — or simply let the engine filter)
 *   lshCandidates: SELECT DISTINCT doc_id FROM plag_lsh WHERE band = ANY($1::text[])
 *   minhashes:     SELECT doc_id, minhash FROM plag_document WHERE doc_id = ANY($1)
 *
 * Every method is a single round trip. Hashes are integers in [0, 2^53) (exact in int8 and in JS).
 */
import type { Fingerprint } from './hash';

export interface Posting {
  hash: number;
  docId: string;
  /** token index (in the source's normalised token sequence) of the k-gram's first word */
  pos: number;
}

export interface LookupOptions {
  /**
   * Hashes that occur in more than this many distinct documents are "stop-grams" (common phrases);
   * a store MAY drop their postings to save bandwidth. The engine filters them anyway, so ignoring
   * this option is correct, just slower.
   */
  maxDocsPerHash?: number;
}

export interface FingerprintStore {
  /** Add (or replace) a document's fingerprints, MinHash signature and LSH band keys. */
  addDocument(docId: string, fingerprints: readonly Fingerprint[], minhash: readonly number[], lshBands: readonly string[]): Promise<void>;
  removeDocument(docId: string): Promise<void>;
  /** All postings whose hash is in `hashes` (one `WHERE hash = ANY($1)` query). */
  lookup(hashes: readonly number[], options?: LookupOptions): Promise<Posting[]>;
  /** Distinct documents sharing at least one LSH band key (one `WHERE band = ANY($1)` query). */
  lshCandidates(bands: readonly string[]): Promise<string[]>;
  /** Stored MinHash signatures of the given documents (missing ids are absent from the map). */
  minhashes(docIds: readonly string[]): Promise<Map<string, number[]>>;
  /** Number of indexed documents (the report's checkedDocuments). */
  documentCount(): Promise<number>;
}

/** In-memory store for tests, scripts and standalone use. Not thread-safe; not persistent. */
export class InMemoryFingerprintStore implements FingerprintStore {
  private docIds: string[] = [];
  private docIndex = new Map<string, number>();
  private alive: boolean[] = [];
  private sigs: (number[] | null)[] = [];
  private bandsOf: (readonly string[] | null)[] = [];
  /** hash -> interleaved [docIdx, pos, docIdx, pos, ...] */
  private postings = new Map<number, number[]>();
  private bands = new Map<string, number[]>();
  private live = 0;

  async addDocument(docId: string, fingerprints: readonly Fingerprint[], minhash: readonly number[], lshBands: readonly string[]): Promise<void> {
    if (this.docIndex.has(docId)) await this.removeDocument(docId);
    const d = this.docIds.length;
    this.docIds.push(docId);
    this.docIndex.set(docId, d);
    this.alive.push(true);
    this.sigs.push(minhash.slice());
    this.bandsOf.push(lshBands.slice());
    this.live++;
    for (const fp of fingerprints) {
      let list = this.postings.get(fp.hash);
      if (!list) this.postings.set(fp.hash, (list = []));
      list.push(d, fp.pos);
    }
    for (const b of lshBands) {
      let list = this.bands.get(b);
      if (!list) this.bands.set(b, (list = []));
      list.push(d);
    }
  }

  async removeDocument(docId: string): Promise<void> {
    const d = this.docIndex.get(docId);
    if (d === undefined) return;
    this.docIndex.delete(docId);
    this.alive[d] = false;
    this.sigs[d] = null;
    this.bandsOf[d] = null;
    this.live--;
    // postings of dead documents are skipped lazily in lookup()
  }

  async lookup(hashes: readonly number[], options: LookupOptions = {}): Promise<Posting[]> {
    const cap = options.maxDocsPerHash ?? Infinity;
    const out: Posting[] = [];
    const seen = new Set<number>();
    for (const h of hashes) {
      if (seen.has(h)) continue;
      seen.add(h);
      const list = this.postings.get(h);
      if (!list) continue;
      if (Number.isFinite(cap) && list.length / 2 > cap) {
        const docs = new Set<number>();
        for (let i = 0; i < list.length; i += 2) if (this.alive[list[i]]) docs.add(list[i]);
        if (docs.size > cap) continue;
      }
      for (let i = 0; i < list.length; i += 2) {
        const d = list[i];
        if (this.alive[d]) out.push({ hash: h, docId: this.docIds[d], pos: list[i + 1] });
      }
    }
    return out;
  }

  async lshCandidates(bands: readonly string[]): Promise<string[]> {
    const docs = new Set<number>();
    for (const b of bands) {
      const list = this.bands.get(b);
      if (!list) continue;
      for (const d of list) if (this.alive[d]) docs.add(d);
    }
    return [...docs].sort((x, y) => x - y).map((d) => this.docIds[d]);
  }

  async minhashes(docIds: readonly string[]): Promise<Map<string, number[]>> {
    const m = new Map<string, number[]>();
    for (const id of docIds) {
      const d = this.docIndex.get(id);
      if (d !== undefined && this.sigs[d]) m.set(id, this.sigs[d]!);
    }
    return m;
  }

  async documentCount(): Promise<number> {
    return this.live;
  }

  /** Number of stored fingerprint postings (live and dead); for size reporting. */
  postingCount(): number {
    let n = 0;
    for (const l of this.postings.values()) n += l.length / 2;
    return n;
  }
}

/**
 * Several stores read as one (the library's database store and a check's web pages in memory): one check then
 * ranks, aligns and counts coverage over all of them together. Writes are not supported.
 */
export class UnionFingerprintStore implements FingerprintStore {
  constructor(private readonly stores: readonly FingerprintStore[]) {}
  addDocument(): Promise<void> {
    return Promise.reject(new Error('a union of stores is read-only'));
  }
  removeDocument(): Promise<void> {
    return Promise.reject(new Error('a union of stores is read-only'));
  }
  async lookup(hashes: readonly number[], options?: LookupOptions): Promise<Posting[]> {
    return (await Promise.all(this.stores.map((s) => s.lookup(hashes, options)))).flat();
  }
  async lshCandidates(bands: readonly string[]): Promise<string[]> {
    return [...new Set((await Promise.all(this.stores.map((s) => s.lshCandidates(bands)))).flat())];
  }
  async minhashes(docIds: readonly string[]): Promise<Map<string, number[]>> {
    const out = new Map<string, number[]>();
    for (const m of await Promise.all(this.stores.map((s) => s.minhashes(docIds)))) for (const [k, v] of m) out.set(k, v);
    return out;
  }
  async documentCount(): Promise<number> {
    return (await Promise.all(this.stores.map((s) => s.documentCount()))).reduce((a, b) => a + b, 0);
  }
}
