import { defineConfig } from '@playwright/test';

// Debian's Chromium (apt-get install chromium); Playwright never downloads a browser here.
const PORT = Number(process.env.E2E_PORT ?? 3456);

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // A fresh embedded database per run, so tests never depend on leftovers; the small bundled library, since the full
    // one would be indexing for minutes beside the tests.
    command: `rm -rf .tmp/e2e-data-${PORT} && NODE_ENV=test LOG_LEVEL=warn SIGNUPS_PER_ADDRESS_PER_HOUR=0 STARTER_LIBRARY=small PORT=${PORT} HOST=127.0.0.1 DATA_DIR=.tmp/e2e-data-${PORT} APP_ORIGIN=http://127.0.0.1:${PORT} npx tsx src/server/index.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    // Generous: a cold start on a loaded 2-core machine (CI beside other jobs) has taken over a minute.
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
