import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// The fuzz suite (npm run test:fuzz): only tests/fuzz, one file at a time, since each case is timed against a
// server of its own and parallel work on 2 cores would make the timings lie. `npm test` does not include it.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/fuzz/**/*.fuzz.ts'],
    environment: 'node',
    // every in-memory test database starts from one migrated copy (tests/helpers/pglite-template.ts)
    globalSetup: ['tests/setup/pglite-template.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
