/**
 * A batch worker as a process of its own (`npm run worker:batch`): the same loop every server runs at boot
 * (services/batch-runner.ts), without HTTP. Run as many as the machine allows beside the servers, on the same
 * PostgreSQL database (DATABASE_URL); the queue's leases keep them from checking a document twice, and a worker
 * killed mid-document loses nothing: its lease runs out and another worker takes the document.
 *
 *   npm run worker:batch                       # lease 60 s
 *   npm run worker:batch -- --lease-ms 3000 --id bench-a
 *
 * On the embedded database (no DATABASE_URL) it holds the data directory like the server does, so it can only run
 * instead of the server, not beside it.
 */
import { acquireDataDirLock, DataDirLockedError } from '../db/lock';
import { createContext, startChargeSweep } from './boot';
import { EnvError, loadDotEnv, parseEnv } from './env';
import { startBatchWorker, type BatchLog } from './services/batch-runner';

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function positive(name: string): number | undefined {
  const raw = option(name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new EnvError(`--${name} must be a positive number of milliseconds (got ${raw})`);
  return n;
}

const log: BatchLog & { info: (msg: string) => void } = {
  info: (msg) => console.log(msg),
  warn: (o, msg) => console.warn(msg, JSON.stringify(o)),
  error: (o, msg) => console.error(msg, o),
};

async function main(): Promise<void> {
  loadDotEnv();
  const env = parseEnv();
  const leaseMs = positive('lease-ms');
  const idleMs = positive('idle-ms');
  const release = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.DATA_DIR, 'a Veritext batch worker');
  const ctx = await createContext(env);
  const stopSweep = startChargeSweep(ctx, { info: log.info, warn: log.warn });
  const worker = startBatchWorker(ctx, log, { id: option('id'), leaseMs, idleMs });
  log.info(`batch worker ${worker.id} started (database: ${ctx.database.kind}${leaseMs ? `, lease ${leaseMs} ms` : ''})`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal} received: the document being checked goes back to the queue`);
    stopSweep();
    await worker.stop();
    await ctx.database.close();
    release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // the loop's timers are unref'd (a server must not be kept alive by them); this process exists for the loop
  setInterval(() => {}, 1 << 30);
}

main().catch((err) => {
  if (err instanceof EnvError || err instanceof DataDirLockedError) console.error(err.message);
  else console.error('The batch worker failed to start:', err);
  process.exit(1);
});
