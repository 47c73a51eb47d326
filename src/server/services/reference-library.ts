import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { appSettings, referenceDocuments } from '../../db/schema';
import { LibraryImportStatus, type LibraryKind } from '../../shared/api/library';
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
/** All 3,945 documents of ../shared/datasets/reference, whole (scripts/build-starter-library.ts --full). */
export const fullLibraryFile = fileURLToPath(new URL('../../db/starter-library/full-library.jsonl.br', import.meta.url));

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
  const raw = readFileSync(file);
  return parseJsonl((file.endsWith('.br') ? brotliDecompressSync(raw) : gunzipSync(raw)).toString('utf8'));
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

/** The app_settings row that holds the import's state, shared by every instance. */
const IMPORT_KEY = 'library_import';
/** An import whose heartbeat is older than this is taken over by the next instance that starts. */
const IMPORT_STALE_MS = 60_000;
const HEARTBEAT_MS = 5_000;

const ImportRow = LibraryImportStatus.omit({ status: true }).extend({ status: z.enum(['running', 'done', 'failed']), owner: z.string() });
type ImportRow = z.infer<typeof ImportRow>;

async function readImportRow(db: Db): Promise<{ raw: string; row: ImportRow } | null> {
  const [r] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, IMPORT_KEY));
  if (!r) return null;
  const parsed = ImportRow.safeParse(JSON.parse(r.value));
  return parsed.success ? { raw: r.value, row: parsed.data } : null;
}

/** Write the row only if it still holds `expected` (compare-and-set): two instances cannot both take the import. */
async function swapImportRow(db: Db, expected: string | null, next: ImportRow): Promise<boolean> {
  const value = JSON.stringify(next);
  if (expected === null) {
    const res = await db.insert(appSettings).values({ key: IMPORT_KEY, value }).onConflictDoNothing().returning({ key: appSettings.key });
    return res.length === 1;
  }
  const res = await db
    .update(appSettings)
    .set({ value, updatedAt: new Date() })
    .where(and(eq(appSettings.key, IMPORT_KEY), eq(appSettings.value, expected)))
    .returning({ key: appSettings.key });
  return res.length === 1;
}

/** The import's state for /admin/library; a 'running' import whose instance stopped shows as 'stalled'. */
export async function libraryImportStatus(db: Db, now = Date.now()): Promise<LibraryImportStatus | null> {
  const cur = await readImportRow(db);
  if (!cur) return null;
  const { owner: _owner, ...row } = cur.row;
  const stalled = row.status === 'running' && now - Date.parse(row.updatedAt) > IMPORT_STALE_MS;
  // The row is written every few seconds; the documents themselves are the exact count (as the page's list shows).
  const done = row.status === 'done' ? row.done : Math.min(row.total, Math.max(row.done, await countReferenceDocuments(db, 'starter')));
  return { ...row, done, status: stalled ? 'stalled' : row.status };
}

/**
 * First-start import of the bundled library, meant to run in the background after listen(). One instance imports at
 * a time (a compare-and-set lease in app_settings with a heartbeat); one that stops mid-way is taken over by the next
 * that starts, which resumes: documents already in the library are not read again. The full library follows the
 * small one's documents under the same references, so a server that imported the small library earlier completes it.
 */
export async function importStarterLibraryIfEmpty(
  db: Db,
  log: { info: (msg: string) => void },
  opts: { kind?: LibraryKind; file?: string; now?: () => number } = {},
): Promise<ImportStats | null> {
  const kind = opts.kind ?? 'small';
  const now = opts.now ?? Date.now;
  const cur = await readImportRow(db);
  // a finished full import covers the small library too
  if (cur?.row.status === 'done' && (cur.row.kind === kind || cur.row.kind === 'full')) return null;
  if (cur?.row.status === 'running' && now() - Date.parse(cur.row.updatedAt) <= IMPORT_STALE_MS) return null;
  if (!cur && kind === 'small' && (await countReferenceDocuments(db, 'starter')) > 0) return null;

  const records = readStarterLibrary(opts.file ?? (kind === 'full' ? fullLibraryFile : starterLibraryFile));
  const present = new Set(
    (await db.select({ reference: referenceDocuments.reference }).from(referenceDocuments).where(eq(referenceDocuments.origin, 'starter'))).map(
      (r) => r.reference,
    ),
  );
  const todo = records.filter((r) => !present.has(r.reference));
  const stamp = () => new Date(now()).toISOString();
  let row: ImportRow = {
    kind,
    status: 'running',
    total: records.length,
    done: records.length - todo.length,
    startedAt: stamp(),
    updatedAt: stamp(),
    finishedAt: null,
    error: null,
    owner: randomUUID(),
  };
  let raw = JSON.stringify(row);
  if (!(await swapImportRow(db, cur?.raw ?? null, row))) return null; // another instance took it first

  /** Save progress; false when another instance has taken the import over (this one then stops). */
  const save = async (next: ImportRow): Promise<boolean> => {
    const ok = await swapImportRow(db, raw, next);
    if (ok) {
      row = next;
      raw = JSON.stringify(next);
    }
    return ok;
  };

  log.info(`Importing the ${kind} reference library: ${todo.length} of ${records.length} public-domain documents to add...`);
  const started = now();
  let lastBeat = started;
  const stats: ImportStats = { created: 0, skipped: 0 };
  let lost = false;
  try {
    // Small batches: the server is already answering requests while this runs, and each batch holds the event loop.
    for (let i = 0; i < todo.length && !lost; i += 20) {
      const part = await importRecords(db, todo.slice(i, i + 20), { origin: 'starter', batchSize: 2 });
      stats.created += part.created;
      stats.skipped += part.skipped;
      const done = records.length - todo.length + Math.min(i + 20, todo.length);
      if (now() - lastBeat >= HEARTBEAT_MS || done === records.length) {
        lastBeat = now();
        lost = !(await save({ ...row, done, updatedAt: stamp() }));
        if (done % 500 < 20 || done === records.length) log.info(`Reference library: ${done}/${records.length} documents`);
      }
    }
  } catch (err) {
    await save({ ...row, status: 'failed', error: err instanceof Error ? err.message : String(err), updatedAt: stamp() });
    throw err;
  }
  if (lost) {
    log.info('Reference library import taken over by another instance');
    return stats;
  }
  await save({ ...row, done: records.length, status: 'done', updatedAt: stamp(), finishedAt: stamp() });
  log.info(`Reference library imported: ${stats.created} added, ${stats.skipped} already present, ${((now() - started) / 1000).toFixed(1)} s`);
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
