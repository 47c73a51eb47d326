import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importStarterLibraryIfEmpty } from '../../src/server/services/reference-library';
import { createTestDatabase, type TestDatabase } from '../helpers/app';

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
