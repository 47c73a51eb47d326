import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { referenceDocuments } from '../../db/schema';
import type { LibraryDocumentSummary, LibraryListResponse } from '../../shared/api/plagiarism';
import { AppError } from '../errors';
import { addReferenceDocument, addReferenceDocuments, countReferenceDocuments, deleteReferenceDocument, type ReferenceOrigin } from './plagiarism-store';
import { audit } from './users';

/** One line of a library JSONL file (the starter library and `npm run library:import`). */
export const LibraryRecord = z.object({
  title: z.string().trim().min(1).max(500),
  reference: z.string().trim().min(1).max(2000),
  licence: z.string().trim().max(500).optional(),
  text: z.string().refine((t) => t.trim().length > 0, 'text is empty'),
});
export type LibraryRecord = z.infer<typeof LibraryRecord>;

export const starterLibraryFile = fileURLToPath(new URL('../../db/starter-library/library.jsonl.gz', import.meta.url));

export function parseJsonl(content: string): LibraryRecord[] {
  return content
    .split('\n')
    .filter((l) => l.trim())
    .map((l, i) => {
      const r = LibraryRecord.safeParse(JSON.parse(l));
      if (!r.success) throw new Error(`line ${i + 1}: ${r.error.issues[0]?.path.join('.')} ${r.error.issues[0]?.message}`);
      return r.data;
    });
}

export function readStarterLibrary(file = starterLibraryFile): LibraryRecord[] {
  return parseJsonl(gunzipSync(readFileSync(file)).toString('utf8'));
}

export interface ImportStats {
  created: number;
  skipped: number;
}

/**
 * Import records in batches (`batchSize` documents and their index rows per transaction, through
 * addReferenceDocuments); already present (origin, reference) pairs are skipped.
 */
export async function importRecords(
  db: Db,
  records: readonly LibraryRecord[],
  opts: {
    origin: ReferenceOrigin;
    licence?: string;
    addedBy?: string | null;
    batchSize?: number;
    onProgress?: (done: number, total: number, stats: ImportStats) => void;
  },
): Promise<ImportStats> {
  const stats: ImportStats = { created: 0, skipped: 0 };
  const batchSize = Math.max(1, opts.batchSize ?? 50);
  for (let i = 0; i < records.length; i += batchSize) {
    const batch = records.slice(i, i + batchSize);
    const res = await addReferenceDocuments(
      db,
      batch.map((r) => ({
        title: r.title,
        reference: r.reference,
        licence: r.licence ?? opts.licence ?? '',
        origin: opts.origin,
        text: r.text,
        addedBy: opts.addedBy ?? null,
      })),
    );
    stats.created += res.created;
    stats.skipped += res.skipped;
    for (let j = 0; j < batch.length; j++) opts.onProgress?.(i + j + 1, records.length, stats);
    // PGlite answers from the main thread and its promises settle without returning to the event loop: without this,
    // a whole import runs as one uninterrupted chain and the server answers nothing (not even /api/health) until it ends.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return stats;
}

/**
 * First-start import of the starter library, meant to run in the background after listen().
 * Skipped when any starter document exists (an earlier or a concurrent instance's import); two
 * instances racing are harmless: the unique (origin, reference) index makes the second insert a no-op.
 */
export async function importStarterLibraryIfEmpty(db: Db, log: { info: (msg: string) => void }): Promise<ImportStats | null> {
  if ((await countReferenceDocuments(db, 'starter')) > 0) return null;
  const records = readStarterLibrary();
  log.info(`Importing the starter reference library (${records.length} public-domain documents)...`);
  const started = Date.now();
  const stats = await importRecords(db, records, {
    origin: 'starter',
    // Small batches: the server is already answering requests while this runs, and each batch holds the event loop.
    batchSize: 2,
    onProgress: (done, total) => {
      if (done % 50 === 0 || done === total) log.info(`Starter library: ${done}/${total} documents`);
    },
  });
  log.info(`Starter library imported: ${stats.created} added, ${stats.skipped} already present, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return stats;
}

/** One page of the library for staff, newest first, with the number of documents per origin. */
export async function listLibrary(db: Db, q: { origin?: ReferenceOrigin; limit: number; offset: number }): Promise<LibraryListResponse> {
  const rows = await db
    .select({
      id: referenceDocuments.id,
      title: referenceDocuments.title,
      reference: referenceDocuments.reference,
      licence: referenceDocuments.licence,
      origin: referenceDocuments.origin,
      wordCount: referenceDocuments.wordCount,
      createdAt: referenceDocuments.createdAt,
    })
    .from(referenceDocuments)
    .where(q.origin ? eq(referenceDocuments.origin, q.origin) : undefined)
    .orderBy(desc(referenceDocuments.createdAt), referenceDocuments.id)
    .limit(q.limit)
    .offset(q.offset);
  const byOrigin = await db.select({ origin: referenceDocuments.origin, n: count() }).from(referenceDocuments).groupBy(referenceDocuments.origin);
  const counts: Record<string, number> = {};
  for (const o of byOrigin) counts[o.origin] = Number(o.n);
  const items: LibraryDocumentSummary[] = rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
  const total = q.origin ? (counts[q.origin] ?? 0) : Object.values(counts).reduce((a, b) => a + b, 0);
  return { items, total, counts };
}

/** A document staff add by hand (pasted or uploaded); its reference must be new among staff documents. */
export async function addStaffDocument(
  db: Db,
  doc: { title: string; reference: string; licence?: string; text: string },
  addedBy: string,
): Promise<{ id: string }> {
  if (doc.text.trim() === '') throw new AppError('validation_failed', 'Please enter some text.', { text: 'Required' });
  const res = await addReferenceDocument(db, { title: doc.title, reference: doc.reference, licence: doc.licence, origin: 'staff', text: doc.text, addedBy });
  if (!res.created || !res.id)
    throw new AppError('conflict', 'A document with this reference is already in the library.', { reference: 'Already in the library' });
  await audit(db, { userId: addedBy, action: `Library document added: ${doc.title} (${doc.reference})`, category: 'system' });
  return { id: res.id };
}

/** Remove a document and its index; a 404 when it is not (or no longer) in the library. */
export async function removeLibraryDocument(db: Db, id: string, actorId: string | null = null): Promise<void> {
  // Read first: the audit entry names the document, which is gone afterwards.
  const [doc] = await db
    .select({ title: referenceDocuments.title, reference: referenceDocuments.reference })
    .from(referenceDocuments)
    .where(eq(referenceDocuments.id, id));
  if (!(await deleteReferenceDocument(db, id))) throw new AppError('not_found', 'This document is not in the library.');
  await audit(db, { userId: actorId, action: `Library document removed: ${doc?.title ?? id} (${doc?.reference ?? ''})`, category: 'system' });
}
