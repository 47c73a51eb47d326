import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { base32Decode, totp } from '../src/server/services/totp';
import { expect, test } from './fixtures';

// Staff accounts can only be created from the command line, which needs the database to itself
// (PGlite is single-process): this file runs its own server on its own data directory.
const port = Number(process.env.E2E_PORT ?? 3456) + 41;
const base = `http://127.0.0.1:${port}`;
const dataDir = `.tmp/e2e-2fa-data-${port}`;
const stamp = Date.now().toString(36);
const staff = { email: `admin${stamp}@example.test`, username: `admin${stamp}`, password: 'correct-horse-1' };
const env = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, STARTER_LIBRARY: 'false', GRAMMAR_PRELOAD: 'false', DATABASE_URL: '' };
let server: ChildProcess | undefined;

test.use({ baseURL: base });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  rmSync(dataDir, { recursive: true, force: true });
  execFileSync('npx', ['tsx', 'src/server/cli/user-create.ts', '--email', staff.email, '--username', staff.username, '--role', 'admin'], {
    input: `${staff.password}\n`,
    env,
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  server = spawn('npx', ['tsx', 'src/server/index.ts'], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', APP_ORIGIN: base },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  await expect
    .poll(
      async () =>
        fetch(`${base}/api/health`)
          .then((r) => r.status)
          .catch(() => 0),
      { timeout: 60_000, intervals: [250, 500] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  // The server runs under npx: end its whole process group (ours alone).
  try {
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('a staff member turns on two-factor; the admin login then asks for the code', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
  expect(login.status(), await login.text()).toBe(200);

  await page.goto('/account');
  const card = page.locator('#two-factor');
  await expect(card.getByText('Two-factor authentication is off.')).toBeVisible();
  await card.getByLabel('Current password').fill(staff.password);
  await card.getByRole('button', { name: 'Enable two-factor' }).click();
  const secret = (await card.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  await expect(card.getByTestId('totp-uri')).toContainText(`otpauth://totp/Veritext`);
  const key = base32Decode(secret);
  await card.getByLabel('Code from the app').fill(totp(key, Date.now()));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText(/Two-factor authentication is on\. 10 recovery codes left/)).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/admin-login');
  await page.getByLabel('Email', { exact: true }).fill(staff.email);
  await page.getByLabel('Password', { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('status').filter({ hasText: /not correct/ })).toBeVisible();
  // The code of the next 30-second step: the one used to turn it on cannot be used again.
  await code.fill(totp(key, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
