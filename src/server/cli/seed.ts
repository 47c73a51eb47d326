/**
 * Development seed: one demo account per role, passwords generated and printed once.
 *
 *   npm run db:seed
 *
 * Refuses in production. Uses DATABASE_URL, else the PGlite data in DATA_DIR (taking its lock,
 * so it refuses clearly while the server has the database open).
 */
import { openDatabase } from '../../db/client';
import { acquireDataDirLock, DataDirLockedError } from '../../db/lock';
import { seedDemoUsers } from '../../db/seed';
import { EnvError, loadDotEnv, parseEnv } from '../env';

async function main(): Promise<number> {
  loadDotEnv();
  const env = parseEnv();
  if (env.NODE_ENV === 'production') {
    console.error('Refusing to create demo users with NODE_ENV=production. Use `npm run user:create` for real accounts.');
    return 1;
  }
  const release = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.DATA_DIR, 'db:seed');
  try {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 1 });
    try {
      let printed = false;
      await seedDemoUsers(database.db, (line) => {
        printed = true;
        console.log(line);
      });
      if (!printed) console.log('Demo users already exist; nothing to do.');
      return 0;
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof EnvError || err instanceof DataDirLockedError) console.error(err.message);
    else console.error('Seeding failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
