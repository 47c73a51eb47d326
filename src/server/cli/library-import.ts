/**
 * Bulk import into the plagiarism checker's reference library:
 *
 *   npm run library:import -- PATH [--origin staff] [--licence "CC BY 4.0"]
 *
 * PATH is a folder of .txt files (title = file name, reference = file path relative to the folder)
 * or a .jsonl / .jsonl.gz file of {title, reference, licence?, text} lines. Re-running is safe:
 * documents whose (origin, reference) is already in the library are skipped.
 *
 * The database is the one the server uses: DATABASE_URL, else the PGlite data in DATA_DIR (a
 * running server holds that directory; stop it first or use PostgreSQL).
 *
 * Exit codes: 0 imported; 1 could not import (database in use, configuration, unreadable input); 2 bad arguments.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { acquireDataDirLock, DataDirLockedError } from '../../db/lock';
import { REFERENCE_ORIGINS } from '../../shared/api/plagiarism';
import type { ReferenceOrigin } from '../services/plagiarism-store';
import { EnvError, loadDotEnv, parseEnv } from '../env';
import type { LibraryRecord } from '../services/reference-library';

const USAGE = `Usage: npm run library:import -- PATH [--origin <origin>] [--licence <text>]

  PATH       a folder of .txt files (searched recursively), or a .jsonl / .jsonl.gz file
             with one {"title", "reference", "licence", "text"} object per line
  --origin   one of: ${REFERENCE_ORIGINS.join(', ')} (default: staff)
  --licence  licence recorded for documents that do not name their own

The database is the one the server uses: DATABASE_URL, else the PGlite data in DATA_DIR (default ./data).`;

class UsageError extends Error {}

function txtFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...txtFiles(p));
    else if (extname(name).toLowerCase() === '.txt') out.push(p);
  }
  return out;
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { origin: { type: 'string', default: 'staff' }, licence: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError('Give exactly one PATH.');
  const origin = values.origin as ReferenceOrigin;
  if (!REFERENCE_ORIGINS.includes(origin)) throw new UsageError(`--origin must be one of: ${REFERENCE_ORIGINS.join(', ')}`);
  const path = resolve(positionals[0]);
  let stat;
  try {
    stat = statSync(path);
  } catch {
    throw new UsageError(`${positionals[0]}: no such file or folder`);
  }

  const { parseJsonl, importRecords } = await import('../services/reference-library');
  let records: LibraryRecord[];
  if (stat.isDirectory()) {
    records = txtFiles(path)
      .map((f) => ({ title: basename(f, extname(f)).replace(/[_-]+/g, ' ').trim(), reference: relative(path, f), text: readFileSync(f, 'utf8') }))
      .filter((r) => r.text.trim() !== '');
  } else {
    const raw = readFileSync(path);
    records = parseJsonl((path.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8'));
  }
  if (records.length === 0) {
    console.error('Nothing to import.');
    return 1;
  }

  loadDotEnv();
  const env = parseEnv();
  const release = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.DATA_DIR, 'library:import');
  try {
    const { openDatabase } = await import('../../db/client');
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 1 });
    try {
      const stats = await importRecords(database.db, records, {
        origin,
        licence: values.licence,
        batchSize: 100,
        onProgress: (done, total) => {
          if (done % 100 === 0 || done === total) console.log(`${done}/${total}`);
        },
      });
      console.log(`Imported ${stats.created} documents (${stats.skipped} already in the library) as origin '${origin}'.`);
      return 0;
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (err instanceof DataDirLockedError || err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    console.error('Could not import:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
