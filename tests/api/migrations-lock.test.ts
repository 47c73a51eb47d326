import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, type Database } from '../../src/db/client';
import { createAppOn, get, json } from '../helpers/app';

// Several instances started at once on an empty PostgreSQL database (a deploy of N replicas) must all come up.
// PGlite is single-process, so this only runs against PostgreSQL (npm run test:api:pg).
const adminUrl = process.env.TEST_DATABASE_URL;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

describe('migrations under an advisory lock', () => {
  it.skipIf(!adminUrl)('four instances opening one fresh PostgreSQL database at once all start, and the migrations run once', async () => {
    const name = `vt_test_lock_${randomBytes(6).toString('hex')}`;
    await admin((c) => c.query(`create database "${name}"`));
    const url = withDatabase(adminUrl!, name);
    const opened: Database[] = [];
    try {
      const results = await Promise.allSettled(Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url, poolSize: 2 })));
      for (const r of results) if (r.status === 'fulfilled') opened.push(r.value);
      const failures = results.flatMap((r) => (r.status === 'rejected' ? [String((r.reason as Error)?.message ?? r.reason)] : []));
      expect(failures).toEqual([]);

      const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        const { rows } = await c.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
        expect(rows[0].n).toBe(journal.entries.length);
      } finally {
        await c.end();
      }

      // Every instance is ready to serve.
      for (const database of opened) {
        const { app } = await createAppOn(database);
        try {
          const res = await get(app, '/api/health/ready');
          expect(res.statusCode, res.body).toBe(200);
          expect(json(res)).toMatchObject({ status: 'ok' });
        } finally {
          await app.close();
        }
      }
    } finally {
      await Promise.all(opened.map((d) => d.close()));
      await admin((c) => c.query(`drop database if exists "${name}" with (force)`));
    }
  });
});
