import { acquireDataDirLock, DataDirLockedError } from '../db/lock';
import { buildApp } from './app';
import { createContext, startChargeSweep, sweepExpired } from './boot';
import { EnvError, loadDotEnv, parseEnv } from './env';
import { seedDemoUsers } from '../db/seed';
import { importStarterLibraryIfEmpty } from './services/reference-library';
import { seedSamplePosts } from './services/blog';
import { startHistorySweep } from './services/history';
import { configureGrammar, warmUp as warmUpGrammar } from '../engines/grammar';
import { startBatchWorker, type BatchWorker } from './services/batch-runner';

async function main(): Promise<void> {
  loadDotEnv();
  const env = parseEnv();
  // PGlite is single-process: hold the data directory for as long as the server runs.
  const release = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.DATA_DIR, 'the Veritext server');
  configureGrammar({ harperWorkers: env.GRAMMAR_HARPER_WORKERS });
  const ctx = await createContext(env);
  const app = await buildApp(ctx);

  if (env.NODE_ENV !== 'production' && env.SEED_DEMO_USERS) await seedDemoUsers(ctx.db, (text) => console.log(text)); // plain text: a person reads these
  await sweepExpired(ctx.db);
  // First start: the three built-in blog posts (a few milliseconds, so before the first request).
  await seedSamplePosts(ctx.db, ctx.origin).catch((err) => app.log.error({ err }, 'seeding the sample blog posts failed'));
  const sweeper = setInterval(() => sweepExpired(ctx.db).catch((err) => app.log.warn({ err }, 'sweep failed')), 3600_000);
  sweeper.unref();
  // A charge whose request died with a previous process (kill -9, crash) is refunded now, then every minute.
  startChargeSweep(ctx, app.log);
  // History retention: every instance asks now and hourly; one a day takes the lease and deletes expired items.
  startHistorySweep(ctx, app.log);

  let batchWorker: BatchWorker | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    // the document being checked goes back to the queue (and its charge is given back) before the database closes
    await batchWorker?.stop();
    await app.close();
    await ctx.database.close();
    release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`Veritext is running at ${ctx.origin} (database: ${ctx.database.kind})`);
  // Batch checks: this instance's worker takes documents from the queue in the database (services/batch-runner.ts).
  batchWorker = startBatchWorker(ctx, app.log);

  // Without this the first humanize after a start is answered unchecked: harper is still loading (see writing.ts).
  if (env.GRAMMAR_PRELOAD) {
    warmUpGrammar()
      .then((ms) => app.log.info(`grammar checker loaded in ${Math.round(ms)} ms`))
      .catch((err) => app.log.warn({ err }, 'grammar checker preload failed; it will load on first use'));
  }

  // First start: index the bundled reference library in the background; the server keeps serving.
  if (env.STARTER_LIBRARY) {
    importStarterLibraryIfEmpty(ctx.db, { info: (msg) => app.log.info(msg) }, { kind: env.STARTER_LIBRARY }).catch((err) =>
      app.log.error({ err }, 'reference library import failed'),
    );
  }
}

main().catch((err) => {
  if (err instanceof EnvError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('Veritext failed to start:', err);
  }
  process.exit(1);
});
