import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { referenceDocuments } from '../../db/schema';
import { runEngine } from '../engine-pool';
import { indexDocument, type FingerprintStore, type Fingerprint, type LoadedSource, type Posting, type SourceLoader } from '../../engines/plagiarism';
import { REFERENCE_ORIGINS } from '../../shared/api/plagiarism';
import { countWords } from '../../shared/limits';

/**
 * The plagiarism engine's FingerprintStore on PostgreSQL / PGlite (tables in src/db/schema.ts,
 * method in docs/plagiarism.md). Every lookup is one `= ANY($1)` round trip; writes are bulk
 * inserts of array parameters (unnest), chunked, inside one transaction per document.
 */
export { REFERENCE_ORIGINS };
export type ReferenceOrigin = (typeof REFERENCE_ORIGINS)[number];

const CHUNK = 1000;

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, q: SQL): Promise<T[]> {
  const res = await db.execute(q);
  return (res as unknown as Rows<T>).rows;
}

/** A PostgreSQL array literal ('{...}') passed as ONE parameter, so both drivers accept it. */
function arrayParam(values: readonly (string | number)[]): SQL {
  const body = values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',');
  return sql`${sql.param(`{${body}}`)}`;
}

/** Writes a document's index rows with `db` (a transaction when called from addReferenceDocument). */
async function writeIndex(db: Db, docId: string, fingerprints: readonly Fingerprint[], minhash: readonly number[], lshBands: readonly string[]): Promise<void> {
  await db.execute(sql`delete from plagiarism_fingerprints where doc_id = ${docId}`);
  await db.execute(sql`delete from plagiarism_bands where doc_id = ${docId}`);
  for (let i = 0; i < fingerprints.length; i += CHUNK) {
    const part = fingerprints.slice(i, i + CHUNK);
    await db.execute(sql`
      insert into plagiarism_fingerprints (hash, doc_id, pos)
      select h, ${docId}::uuid, p from unnest(${arrayParam(part.map((f) => f.hash))}::int8[], ${arrayParam(part.map((f) => f.pos))}::int4[]) as t(h, p)`);
  }
  if (lshBands.length > 0) {
    await db.execute(sql`
      insert into plagiarism_bands (band, doc_id)
      select b, ${docId}::uuid from unnest(${arrayParam(lshBands)}::text[]) as t(b)`);
  }
  await db.execute(sql`
    insert into plagiarism_minhash (doc_id, minhash) values (${docId}::uuid, ${arrayParam(minhash)}::int8[])
    on conflict (doc_id) do update set minhash = excluded.minhash`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class DbFingerprintStore implements FingerprintStore {
  constructor(private readonly db: Db) {}

  /** The document row (reference_documents) must exist: the index tables reference it. */
  async addDocument(docId: string, fingerprints: readonly Fingerprint[], minhash: readonly number[], lshBands: readonly string[]): Promise<void> {
    await this.db.transaction(async (tx) => writeIndex(tx as unknown as Db, docId, fingerprints, minhash, lshBands));
  }

  async removeDocument(docId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`delete from plagiarism_fingerprints where doc_id = ${docId}`);
      await tx.execute(sql`delete from plagiarism_bands where doc_id = ${docId}`);
      await tx.execute(sql`delete from plagiarism_minhash where doc_id = ${docId}`);
    });
  }

  async lookup(hashes: readonly number[]): Promise<Posting[]> {
    if (hashes.length === 0) return [];
    // maxDocsPerHash is only a hint: the engine drops stop-grams itself.
    const r = await rows<{ hash: string | number | bigint; doc_id: string; pos: number }>(
      this.db,
      sql`select hash, doc_id, pos from plagiarism_fingerprints where hash = any(${arrayParam(hashes)}::int8[])`,
    );
    return r.map((x) => ({ hash: Number(x.hash), docId: x.doc_id, pos: Number(x.pos) }));
  }

  async lshCandidates(bands: readonly string[]): Promise<string[]> {
    if (bands.length === 0) return [];
    const r = await rows<{ doc_id: string }>(
      this.db,
      sql`select distinct doc_id from plagiarism_bands where band = any(${arrayParam(bands)}::text[]) order by doc_id`,
    );
    return r.map((x) => x.doc_id);
  }

  async minhashes(docIds: readonly string[]): Promise<Map<string, number[]>> {
    const m = new Map<string, number[]>();
    // library ids are UUIDs; a check's web pages ('web:…') live in another store of the same union
    const ids = docIds.filter((id) => UUID.test(id));
    if (ids.length === 0) return m;
    const r = await rows<{ doc_id: string; minhash: unknown }>(
      this.db,
      sql`select doc_id, minhash from plagiarism_minhash where doc_id = any(${arrayParam(ids)}::uuid[])`,
    );
    for (const x of r) m.set(x.doc_id, parseIntArray(x.minhash));
    return m;
  }

  async documentCount(): Promise<number> {
    const r = await rows<{ n: string | number }>(this.db, sql`select count(*) as n from plagiarism_minhash`);
    return Number(r[0]?.n ?? 0);
  }
}

/** int8[] arrives as a JS array (of numbers, bigints or strings) or, from some drivers, as '{1,2}'. */
function parseIntArray(v: unknown): number[] {
  if (Array.isArray(v)) return v.map((x) => Number(x));
  if (typeof v === 'string') {
    const body = v.replace(/^\{|\}$/g, '');
    return body === '' ? [] : body.split(',').map(Number);
  }
  return [];
}

/** What other users see of a shared submission instead of its stored title and reference. */
export const SHARED_SUBMISSION_REFERENCE = 'Shared anonymously by a Veritext user';

/**
 * Loads the exact indexed text of a reference document for the engine's alignment step. A document a user shared is
 * shown to everyone else by its date only: the title and reference are rewritten here, so rows stored by earlier
 * versions (whose title named the user and whose reference held the user id) leak nothing either.
 */
export function loadSource(db: Db): SourceLoader {
  return async (docId: string): Promise<LoadedSource | null> => {
    const r = await rows<{ text: string; title: string; reference: string }>(
      db,
      sql`select text,
            case when origin = 'user' then 'Shared submission, ' || to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') else title end as title,
            case when origin = 'user' then ${SHARED_SUBMISSION_REFERENCE} else reference end as reference
          from reference_documents where id = ${docId}::uuid`,
    );
    return r[0] ?? null;
  };
}

export interface NewReferenceDocument {
  title: string;
  reference: string;
  licence?: string;
  origin: ReferenceOrigin;
  text: string;
  addedBy?: string | null;
}

/**
 * PostgreSQL text cannot hold NUL characters; text extracted from an uploaded file may carry some (JSON bodies with
 * one are refused before they get here). They carry no words, so the stored text drops them.
 */
const stripNul = (s: string): string => (s.includes('\u0000') ? s.replaceAll('\u0000', '') : s);

function documentRow(doc: NewReferenceDocument) {
  const text = stripNul(doc.text);
  return {
    title: stripNul(doc.title),
    reference: stripNul(doc.reference),
    licence: stripNul(doc.licence ?? ''),
    origin: doc.origin,
    text,
    wordCount: countWords(text),
    addedBy: doc.addedBy ?? null,
  };
}

/**
 * Store a reference document and its index in one transaction. Idempotent on (origin, reference):
 * a second import of the same reference returns `{ created: false }` and changes nothing.
 * `onlyIf` runs first inside the transaction (e.g. to lock and check a user's consent); false stores nothing.
 */
export async function addReferenceDocument(
  db: Db,
  doc: NewReferenceDocument,
  opts: { onlyIf?: (tx: Db) => Promise<boolean> } = {},
): Promise<{ id: string | null; created: boolean }> {
  const row = documentRow(doc);
  // Indexing a long document takes about a second of CPU: on a worker thread, so the server keeps answering meanwhile.
  const indexed = await runEngine('indexDocument', { text: row.text });
  return db.transaction(async (tx) => {
    if (opts.onlyIf && !(await opts.onlyIf(tx as unknown as Db))) return { id: null, created: false };
    const inserted = await tx.insert(referenceDocuments).values(row).onConflictDoNothing().returning({ id: referenceDocuments.id });
    const id = inserted[0]?.id;
    if (!id) return { id: null, created: false };
    await writeIndex(tx as unknown as Db, id, indexed.fingerprints, indexed.minhash, indexed.lshBands);
    return { id, created: true };
  });
}

export interface BulkAddResult {
  /** per input document: its new id, or null when (origin, reference) was already present */
  ids: (string | null)[];
  created: number;
  skipped: number;
}

/**
 * Bulk path of addReferenceDocument: many documents and their index rows in ONE transaction (a few
 * multi-row statements instead of ~5 per document). Same tables, same idempotence on (origin, reference);
 * used by the library import CLI, the starter library import and bench/plagiarism.ts.
 */
export async function addReferenceDocuments(db: Db, docs: readonly NewReferenceDocument[], opts: { rowsPerStatement?: number } = {}): Promise<BulkAddResult> {
  if (docs.length === 0) return { ids: [], created: 0, skipped: 0 };
  const chunk = opts.rowsPerStatement ?? 20_000;
  const docRows = docs.map(documentRow);
  const indexed = docRows.map((d) => indexDocument(d.text));
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(referenceDocuments)
      .values(docRows)
      .onConflictDoNothing()
      .returning({ id: referenceDocuments.id, origin: referenceDocuments.origin, reference: referenceDocuments.reference });
    const byKey = new Map(inserted.map((r) => [`${r.origin}\u0000${r.reference}`, r.id]));
    const ids: (string | null)[] = [];
    const hashes: number[] = [];
    const fpDocs: string[] = [];
    const poss: number[] = [];
    const bandKeys: string[] = [];
    const bandDocs: string[] = [];
    const mhDocs: string[] = [];
    const mhSigs: string[] = [];
    for (let i = 0; i < docRows.length; i++) {
      const key = `${docRows[i].origin}\u0000${docRows[i].reference}`;
      const id = byKey.get(key) ?? null;
      ids.push(id);
      if (!id) continue;
      byKey.delete(key); // a repeated reference inside the batch is indexed once
      const ix = indexed[i];
      for (const f of ix.fingerprints) {
        hashes.push(f.hash);
        fpDocs.push(id);
        poss.push(f.pos);
      }
      for (const b of ix.lshBands) {
        bandKeys.push(b);
        bandDocs.push(id);
      }
      mhDocs.push(id);
      mhSigs.push(`{${ix.minhash.join(',')}}`);
    }
    for (let i = 0; i < hashes.length; i += chunk) {
      await tx.execute(sql`
        insert into plagiarism_fingerprints (hash, doc_id, pos)
        select h, d, p from unnest(${arrayParam(hashes.slice(i, i + chunk))}::int8[], ${arrayParam(fpDocs.slice(i, i + chunk))}::uuid[], ${arrayParam(poss.slice(i, i + chunk))}::int4[]) as t(h, d, p)`);
    }
    for (let i = 0; i < bandKeys.length; i += chunk) {
      await tx.execute(sql`
        insert into plagiarism_bands (band, doc_id)
        select b, d from unnest(${arrayParam(bandKeys.slice(i, i + chunk))}::text[], ${arrayParam(bandDocs.slice(i, i + chunk))}::uuid[]) as t(b, d)`);
    }
    for (let i = 0; i < mhDocs.length; i += 500) {
      // one text[] of '{...}' literals, cast per row: int8[][] would need equal lengths anyway
      await tx.execute(sql`
        insert into plagiarism_minhash (doc_id, minhash)
        select d, m::int8[] from unnest(${arrayParam(mhDocs.slice(i, i + 500))}::uuid[], ${arrayParam(mhSigs.slice(i, i + 500))}::text[]) as t(d, m)
        on conflict (doc_id) do update set minhash = excluded.minhash`);
    }
    const created = mhDocs.length;
    return { ids, created, skipped: docs.length - created };
  });
}

export async function deleteReferenceDocument(db: Db, id: string): Promise<boolean> {
  // The index rows go with it (ON DELETE CASCADE).
  const r = await rows<{ id: string }>(db, sql`delete from reference_documents where id = ${id}::uuid returning id`);
  return r.length > 0;
}

/**
 * Remove every document a user shared (origin 'user'), with its index (ON DELETE CASCADE), so it no longer matches
 * anyone's check: when the user stops sharing. Returns how many were removed.
 */
export async function deleteUserSubmissions(db: Db, userId: string): Promise<number> {
  const r = await rows<{ id: string }>(db, sql`delete from reference_documents where origin = 'user' and added_by = ${userId}::uuid returning id`);
  return r.length;
}

export async function countReferenceDocuments(db: Db, origin?: ReferenceOrigin): Promise<number> {
  const r = await rows<{ n: string | number }>(
    db,
    origin ? sql`select count(*) as n from reference_documents where origin = ${origin}` : sql`select count(*) as n from reference_documents`,
  );
  return Number(r[0]?.n ?? 0);
}
