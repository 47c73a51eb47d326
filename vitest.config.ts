import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: ['tests/**/*.test.ts'],
    // timing comparisons run alone afterwards (vitest.timing.config.ts)
    exclude: ['tests/timing/**', '**/node_modules/**'],
    environment: 'node',
    // every in-memory test database starts from one migrated copy (tests/helpers/pglite-template.ts)
    globalSetup: ['tests/setup/pglite-template.ts'],
    // Each API test file boots its own in-memory PGlite; a few in parallel is what 2 cores take.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
