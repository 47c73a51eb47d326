import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * PGlite is single-process: two processes opening one data directory corrupt it.
 * Whoever opens it (the server or a CLI command) first takes this lock file.
 */
export class DataDirLockedError extends Error {
  constructor(
    public readonly holderPid: number,
    public readonly holder: string,
  ) {
    super(
      `The database in this data directory is in use by ${holder} (pid ${holderPid}). ` +
        `PGlite allows one process at a time: stop it first, or use PostgreSQL (DATABASE_URL) to run both at once.`,
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string, holder: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = resolve(dataDir, 'veritext.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // 'wx' fails if the file exists, so two processes cannot both win.
      const fd = openSync(path, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, holder }));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          unlinkSync(path);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let info: { pid: number; holder: string } = { pid: 0, holder: 'another process' };
      try {
        info = JSON.parse(readFileSync(path, 'utf8'));
      } catch {
        /* half-written lock: treat as stale below */
      }
      if (info.pid && info.pid !== process.pid && alive(info.pid)) throw new DataDirLockedError(info.pid, info.holder);
      // The holder died without cleaning up: remove the stale lock and retry once.
      try {
        unlinkSync(path);
      } catch {
        /* raced with another cleaner */
      }
    }
  }
  throw new Error(`Could not take the data directory lock at ${path}`);
}
