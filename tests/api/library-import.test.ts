import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { appSettings, referenceDocuments } from '../../src/db/schema';
import {
  fullLibraryFile,
  importRecords,
  importStarterLibraryIfEmpty,
  libraryImportStatus,
  readStarterLibrary,
} from '../../src/server/services/reference-library';
import type { Role } from '../../src/shared/roles';
import { createUser } from '../../src/server/services/users';
import { cookieFrom, createTestApp, createTestDatabase, login, uniqueUser, type TestApp, type TestDatabase } from '../helpers/app';

let ipN = 0;
async function loginAs(t: TestApp, role: Role): Promise<string> {
  const u = uniqueUser(role.replace('_', ''));
  await createUser(t.ctx.db, { ...u, role });
  return cookieFrom(await login(t.app, u.email, u.password, `10.21.0.${++ipN}`));
}

/**
 * The starter library is imported in the background after the server starts listening. PGlite answers on the main
 * thread, so an import written as one promise chain would hold the event loop for its whole length (seconds on a
 * fresh server) and no request, not even /api/health, would be answered until it ended.
 */
let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb?.close());

describe('first-start import of the starter library', () => {
  it('leaves the event loop free to answer requests while it runs', async () => {
    let last = performance.now();
    let ticks = 0;
    let worst = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
      ticks++;
    }, 10);
    const started = performance.now();
    const stats = await importStarterLibraryIfEmpty(tdb.database.db, { info: () => {} });
    const took = performance.now() - started;
    clearInterval(timer);
    expect(stats?.created).toBeGreaterThan(300);
    // A timer due every 10 ms ran throughout: at least once per 100 ms of import on average, and never waited 1.5 s.
    expect(ticks).toBeGreaterThan(took / 100);
    expect(worst).toBeLessThan(1500);
  }, 120_000);
});

describe('the bundled library import resumes, runs on one instance at a time, and reports its progress', () => {
  const quiet = { info: () => {} };
  // a small library of 30 documents taken from the bundled one, so each case imports in a moment
  const records = readStarterLibrary().slice(0, 30);
  const file = join(mkdtempSync(join(tmpdir(), 'vt-lib-')), 'lib.jsonl.gz');
  writeFileSync(file, gzipSync(records.map((r) => JSON.stringify(r)).join('\n')));

  async function fresh(): Promise<TestDatabase> {
    return createTestDatabase();
  }
  const starterCount = async (t: TestDatabase) =>
    (await t.database.db.select({ id: referenceDocuments.id }).from(referenceDocuments).where(eq(referenceDocuments.origin, 'starter'))).length;

  it('ships the full library: all 3,945 public-domain documents, the small set first', () => {
    expect(existsSync(fullLibraryFile)).toBe(true);
    expect(statSync(fullLibraryFile).size).toBeLessThan(15 * 1024 * 1024);
    const full = readStarterLibrary(fullLibraryFile);
    expect(full).toHaveLength(3945);
    const small = readStarterLibrary();
    expect(full.slice(0, small.length).map((r) => r.reference)).toEqual(small.map((r) => r.reference));
    expect(new Set(full.map((r) => r.reference)).size).toBe(3945);
  });

  it('resumes an import whose instance stopped: documents already there are kept, the rest added, progress says done', async () => {
    const t = await fresh();
    try {
      const db = t.database.db;
      // an instance imported 12 documents and died 2 minutes ago
      await importRecords(db, records.slice(0, 12), { origin: 'starter' });
      const then = new Date(Date.now() - 120_000).toISOString();
      const row = { kind: 'small', status: 'running', total: 30, done: 12, startedAt: then, updatedAt: then, finishedAt: null, error: null, owner: 'dead' };
      await db.insert(appSettings).values({ key: 'library_import', value: JSON.stringify(row) });
      expect((await libraryImportStatus(db))?.status).toBe('stalled');

      const stats = await importStarterLibraryIfEmpty(db, quiet, { kind: 'small', file });
      expect(stats).toEqual({ created: 18, skipped: 0 });
      expect(await starterCount(t)).toBe(30);
      const status = await libraryImportStatus(db);
      expect(status).toMatchObject({ kind: 'small', status: 'done', total: 30, done: 30, error: null });
      // done: a restart does not import again
      expect(await importStarterLibraryIfEmpty(db, quiet, { kind: 'small', file })).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('leaves an import alone while another instance is at it (fresh heartbeat), and only one of two racing starts imports', async () => {
    const t = await fresh();
    try {
      const db = t.database.db;
      const now = new Date().toISOString();
      const row = { kind: 'small', status: 'running', total: 30, done: 3, startedAt: now, updatedAt: now, finishedAt: null, error: null, owner: 'alive' };
      await db.insert(appSettings).values({ key: 'library_import', value: JSON.stringify(row) });
      expect(await importStarterLibraryIfEmpty(db, quiet, { kind: 'small', file })).toBeNull();
      expect(await starterCount(t)).toBe(0);

      await db.delete(appSettings).where(eq(appSettings.key, 'library_import'));
      const both = await Promise.all([
        importStarterLibraryIfEmpty(db, quiet, { kind: 'small', file }),
        importStarterLibraryIfEmpty(db, quiet, { kind: 'small', file }),
      ]);
      expect(both.filter((s) => s !== null)).toHaveLength(1);
      expect(await starterCount(t)).toBe(30);
    } finally {
      await t.close();
    }
  });

  it('staff read the progress at /api/admin/library/import; others are refused', async () => {
    const app = await createTestApp();
    try {
      const before = await app.app.inject({ method: 'GET', url: '/api/admin/library/import', headers: { cookie: await loginAs(app, 'admin') } });
      expect(before.statusCode).toBe(200);
      expect(before.json()).toEqual({ import: null });
      await importStarterLibraryIfEmpty(app.database.db, quiet, { kind: 'small', file });
      const after = await app.app.inject({ method: 'GET', url: '/api/admin/library/import', headers: { cookie: await loginAs(app, 'manager') } });
      expect(after.json().import).toMatchObject({ status: 'done', total: 30, done: 30 });
      const free = await app.app.inject({ method: 'GET', url: '/api/admin/library/import', headers: { cookie: await loginAs(app, 'free') } });
      expect(free.statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });
});
