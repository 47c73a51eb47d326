import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/**
 * Tests that compare running times (an engine at n and at 4n). They run after the other tests, one file at a time in
 * one worker: beside the media tests, which load large models on both cores, a 100 ms run can take twice as long for
 * reasons that have nothing to do with the engine, and the growth ratio would measure the neighbour.
 */
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/timing/**/*.test.ts'],
    environment: 'node',
    // every in-memory test database starts from one migrated copy (tests/helpers/pglite-template.ts)
    globalSetup: ['tests/setup/pglite-template.ts'],
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 300_000,
  },
});
