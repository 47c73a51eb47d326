import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../../src/db/client';

/**
 * One migrated PGlite data directory that every in-memory test database starts from: creating a cluster (initdb)
 * costs 2–3 s, and the API tests open over a hundred. Named by the migrations' contents and PGlite's version, so a
 * new migration or a PGlite upgrade makes a new one; the global setup builds it before any test file runs.
 */
export function templatePath(): string {
  const h = createHash('sha256');
  const version = JSON.parse(readFileSync(resolve('node_modules/@electric-sql/pglite/package.json'), 'utf8')).version as string;
  h.update(version);
  for (const f of readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort()) {
    h.update(f.slice(migrationsFolder.length));
    h.update(readFileSync(f));
  }
  return resolve('.tmp', `pglite-template-${h.digest('hex').slice(0, 16)}.tar`);
}

/** Build the template if it is missing (a fresh cluster, every migration applied, dumped uncompressed). */
export async function buildTemplate(): Promise<string> {
  const path = templatePath();
  if (existsSync(path)) return path;
  const client = new PGlite({ extensions: { pg_trgm } });
  try {
    await migrate(drizzle(client) as never, { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    mkdirSync(resolve('.tmp'), { recursive: true });
    // written aside, then renamed: a reader never sees half a file
    const part = `${path}.${process.pid}.part`;
    writeFileSync(part, Buffer.from(await dump.arrayBuffer()));
    renameSync(part, path);
  } finally {
    await client.close();
  }
  return path;
}

/** The template as a Blob for `openDatabase({ template })`, or undefined when none was built (then initdb runs). */
export function loadTemplate(): Blob | undefined {
  const path = templatePath();
  return existsSync(path) ? new Blob([readFileSync(path)]) : undefined;
}
