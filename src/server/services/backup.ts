import { createGzip } from 'node:zlib';
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import type { BackupInfoResponse } from '../../shared/api/admin-settings';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { audit } from './users';

/**
 * Backup & Recovery: a download of the whole database.
 * - PostgreSQL: `pg_dump --format=custom` streamed as it is produced, when the binary is on PATH (its major version
 *   must be at least the server's; pg_dump says so otherwise, and the page shows its message).
 * - PGlite: the data directory as a gzipped tarball (PGlite's `dumpDataDir`, taken under its query lock, so no
 *   statement runs halfway through it). It is built in memory, which is fine for the sizes PGlite is meant for.
 */

/** The first executable `name` on PATH, or null. */
export function findOnPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

function stamp(d: Date): string {
  return d.toISOString().replace(/[:]/g, '-').replace(/\..+$/, 'Z');
}

export function backupInfo(ctx: ServerContext): BackupInfoResponse {
  const when = stamp(ctx.now());
  if (ctx.database.kind === 'pglite') {
    const dataDir = ctx.env.DATA_DIR;
    return {
      database: 'pglite',
      available: true,
      reason: null,
      format: 'PGlite data directory, gzipped tar (.tar.gz)',
      fileName: `veritext-pglite-${when}.tar.gz`,
      restoreSteps: [
        'Stop the server (PGlite allows one process at a time).',
        `Move the current data directory aside: mv ${dataDir}/pglite ${dataDir}/pglite.old`,
        `Create an empty one: mkdir -p ${dataDir}/pglite`,
        `Unpack the backup into it: tar -xzf veritext-pglite-<date>.tar.gz -C ${dataDir}/pglite`,
        'Start the server: migrations newer than the backup are applied at start. When all is well, delete pglite.old.',
      ],
    };
  }
  const pgDump = findOnPath('pg_dump');
  return {
    database: 'postgres',
    available: pgDump !== null,
    reason:
      pgDump === null
        ? 'pg_dump is not installed on this server (it is not on PATH). Install the PostgreSQL client tools of the same major version as the database server (e.g. apt-get install postgresql-client-16), or back up from the database host with pg_dump directly.'
        : null,
    format: 'pg_dump custom format (.dump), restored with pg_restore',
    fileName: `veritext-postgres-${when}.dump`,
    restoreSteps: [
      'Stop every instance of the server (or take them out of the load balancer).',
      'Create an empty database, or use the existing one: createdb veritext_restored',
      'Restore into it: pg_restore --clean --if-exists --no-owner --dbname "postgres://user:password@host:5432/veritext_restored" veritext-postgres-<date>.dump',
      'Point DATABASE_URL at that database and start the server: migrations newer than the backup are applied at start.',
    ],
  };
}

/** The connection string without its password, and the password apart (given to pg_dump through PGPASSWORD, never on the command line). */
function splitPassword(url: string): { url: string; password: string | undefined } {
  const u = new URL(url);
  const password = u.password ? decodeURIComponent(u.password) : undefined;
  u.password = '';
  return { url: u.toString(), password };
}

/**
 * Start pg_dump and wait for its first bytes: a pg_dump that fails at once (wrong version, refused connection) is a
 * clear 502 with its message, not a broken download. Later failures end the download early, and are logged.
 */
async function pgDumpStream(ctx: ServerContext, bin: string, log: { error: (o: object, m: string) => void }): Promise<Readable> {
  const { url, password } = splitPassword(ctx.env.DATABASE_URL!);
  const child = spawn(bin, ['--format=custom', '--no-owner', '--dbname', url], {
    env: { ...process.env, ...(password !== undefined ? { PGPASSWORD: password } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    if (stderr.length < 4000) stderr += c.toString('utf8');
  });
  const out = new PassThrough();
  const first = await new Promise<Buffer | null>((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', (c: Buffer) => resolve(c));
    child.once('close', () => resolve(null));
  }).catch((err: Error) => {
    throw new AppError('upstream_failed', `pg_dump could not be started: ${err.message}`);
  });
  if (!first) {
    const message = stderr.trim().split('\n')[0] || 'pg_dump produced no output.';
    throw new AppError('upstream_failed', `The backup failed: ${message.replace(/postgres(ql)?:\/\/\S+/g, '<database>')}`);
  }
  out.write(first);
  child.stdout.pipe(out);
  child.once('close', (code) => {
    if (code !== 0) log.error({ code, stderr: stderr.slice(0, 500) }, 'pg_dump ended with an error during a backup download');
  });
  out.once('close', () => {
    if (child.exitCode === null) child.kill();
  });
  return out;
}

export interface BackupDownload {
  fileName: string;
  contentType: string;
  body: Readable | Buffer;
}

/** The backup itself, audited. */
export async function createBackup(
  ctx: ServerContext,
  actor: { id: string; email: string; ip: string },
  log: { error: (o: object, m: string) => void },
): Promise<BackupDownload> {
  const info = backupInfo(ctx);
  if (!info.available) throw new AppError('not_configured', info.reason ?? 'Backups are not available on this server.');
  let download: BackupDownload;
  if (ctx.database.kind === 'pglite') {
    const client = (ctx.db as unknown as { $client: PGlite }).$client;
    // The plain tar, gzipped by Node's zlib stream on its thread pool: PGlite's own 'gzip' mode compresses on the
    // event loop, which stalled every other request (health included) for most of a second.
    const blob = await client.dumpDataDir('none');
    const tar = Buffer.from(await blob.arrayBuffer());
    download = { fileName: info.fileName, contentType: 'application/gzip', body: Readable.from([tar]).pipe(createGzip()) };
  } else {
    download = { fileName: info.fileName, contentType: 'application/octet-stream', body: await pgDumpStream(ctx, '' + findOnPath('pg_dump'), log) };
  }
  await audit(ctx.db, { userId: actor.id, email: actor.email, action: `Downloaded a database backup (${info.database})`, category: 'system', ip: actor.ip });
  return download;
}
