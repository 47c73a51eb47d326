import { request as playwrightRequest, type Locator, type Page } from '@playwright/test';
import { expect, registerViaApi, test, uniqueUser } from './fixtures';
import { useStaffServer } from './staff-server';

// An administrator checks the key on /admin/api-keys, so the spec runs a server of its own (see staff-server.ts).
const staff = useStaffServer({ name: 'api-v1', role: 'admin', portOffset: 100 });

const TEXT =
  'The committee met on Tuesday to review the budget. Several members raised concerns about the timeline. ' +
  'After a long discussion, they agreed to revisit the proposal next month.';

/** Screenshots for the people reviewing the page (E2E_SCREENSHOTS=dir); the test does not depend on them. */
async function shot(what: Page | Locator, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  const path = `${dir}/${name}.png`;
  await ('goto' in what ? what.screenshot({ path, fullPage: true }) : what.screenshot({ path }));
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('a Pro user creates a scoped, expiring key on /account, calls /api/v1 with it, and revokes it', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const userContext = await browser.newContext({ baseURL: staff.base });
  await userContext.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
  const userPage = await userContext.newPage();
  const user = await registerViaApi(userPage, uniqueUser('apiv1'));
  // Pro through the test checkout, as a buyer would.
  await userPage.goto('/pricing');
  await userPage.getByTestId('plan-pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(userPage.getByText('TEST MODE').first()).toBeVisible();
  await userPage.getByRole('button', { name: /^Pay/ }).click();
  await expect(userPage).toHaveURL(/\/account$/);
  await expect(userPage.getByTestId('account-plan')).toHaveText('Pro');

  // Create a key for the detector only, expiring in 30 days.
  const form = userPage.getByRole('form', { name: 'Create an API key' });
  await form.getByLabel('Key name').fill('nightly report');
  await form.getByLabel('Expires').selectOption({ label: 'In 30 days' });
  await form.getByLabel('All tools of your plan').uncheck();
  await form.getByTestId('api-key-scopes').getByLabel('AI Content Detector').check();
  await shot(userPage.locator('#api-keys'), 'api-keys-form');
  await form.getByRole('button', { name: 'Create key' }).click();
  const shown = userPage.getByTestId('new-api-key');
  await expect(shown).toHaveText(/^vt_live_[0-9A-Za-z]{32}$/);
  const key = (await shown.textContent())!.trim();
  await expect(userPage.getByTestId('api-key-example')).toContainText(`${staff.base}/api/v1/tools/content-detector`);
  await userPage.getByRole('button', { name: 'I have saved it' }).click();
  const row = userPage.getByTestId('api-key-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('nightly report');
  await expect(row.getByTestId('api-key-tools')).toHaveText('AI Content Detector');
  const expires = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  await expect(row.getByTestId('api-key-expires')).toContainText(String(expires.getUTCFullYear()));
  await expect(row.getByTestId('api-key-last-used')).toHaveText('Never');

  // A program with the key and no cookie.
  const api = await playwrightRequest.newContext({ baseURL: staff.base });
  const detect = () => api.post('/api/v1/tools/content-detector', { headers: { authorization: `Bearer ${key}` }, data: { text: TEXT } });
  const ok = await detect();
  expect(ok.status(), await ok.text()).toBe(200);
  const result = await ok.json();
  expect(['human', 'mixed', 'ai', 'uncertain']).toContain(result.verdict);
  expect(result.sentences.length).toBe(3);
  expect(result.score).toBeGreaterThanOrEqual(0);
  expect(Number(ok.headers()['x-ratelimit-limit'])).toBe(60);
  expect(Number(ok.headers()['x-ratelimit-remaining'])).toBe(59);
  const me = await api.get('/api/v1/me', { headers: { authorization: `Bearer ${key}` } });
  expect((await me.json()).user.email).toBe(user.email);
  // Outside its scopes, and on the web route, the key is refused.
  const scoped = await api.post('/api/v1/tools/keyword-extractor', { headers: { authorization: `Bearer ${key}` }, data: { text: TEXT } });
  expect(scoped.status()).toBe(403);
  expect((await scoped.json()).error.code).toBe('scope');
  const web = await api.post('/api/tools/content-detector', { headers: { authorization: `Bearer ${key}` }, data: { text: TEXT } });
  expect(web.status()).toBe(401);
  expect((await web.json()).error.code).toBe('use_api_v1');

  await userPage.reload();
  await expect(userPage.getByTestId('api-key-last-used')).not.toHaveText('Never');
  await shot(userPage.locator('#api-keys'), 'api-keys-card-desktop');
  await userPage.setViewportSize({ width: 390, height: 844 });
  await form.getByLabel('All tools of your plan').uncheck();
  await shot(userPage.locator('#api-keys'), 'api-keys-card-390');
  await form.getByLabel('All tools of your plan').check();
  await userPage.setViewportSize({ width: 1280, height: 800 });

  // Staff see the key's tools and expiry.
  const login = await page.request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto(`/admin/api-keys?q=${encodeURIComponent(user.email)}`);
  const adminRow = page.getByTestId('admin-api-key-row');
  await expect(adminRow).toHaveCount(1);
  await expect(adminRow.getByTestId('key-tools')).toHaveText('AI Content Detector');
  await expect(adminRow.getByTestId('key-expires')).toContainText(String(expires.getUTCFullYear()));
  await expect(adminRow.getByTestId('key-calls')).toHaveText('1');
  await shot(page, 'admin-api-keys');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'admin-api-keys-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The owner revokes it; the next call is refused.
  await userPage.getByRole('button', { name: 'Revoke the key nightly report' }).click();
  const dialog = userPage.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(dialog).toBeHidden();
  await expect(userPage.getByTestId('api-key-row')).toContainText('Revoked');
  const refused = await detect();
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe('invalid_api_key');

  await api.dispose();
  await userContext.close();
});
