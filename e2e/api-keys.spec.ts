import { request as playwrightRequest } from '@playwright/test';
import { expect, registerViaApi, test, uniqueUser } from './fixtures';
import { useStaffServer } from './staff-server';

// The administrator who revokes the key needs a server of their own (see staff-server.ts).
const staff = useStaffServer({ name: 'api-keys', role: 'admin', portOffset: 75 });

const TEXT =
  'The committee met on Tuesday to review the budget. Several members raised concerns about the timeline. ' +
  'After a long discussion, they agreed to revisit the proposal next month.';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('a Pro user creates an API key on /account and calls the detector with it; an administrator revokes it and the next call is refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The user, in a browser of their own: registered, then upgraded to Pro through the test checkout.
  const userContext = await browser.newContext({ baseURL: staff.base });
  await userContext.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
  const userPage = await userContext.newPage();
  const user = await registerViaApi(userPage, uniqueUser('apikeys'));

  await userPage.goto('/account');
  await expect(userPage.getByTestId('api-keys-upgrade')).toContainText('Pro and Agency');
  await userPage.goto('/pricing');
  await userPage.getByTestId('plan-pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(userPage.getByText('TEST MODE').first()).toBeVisible();
  await userPage.getByRole('button', { name: /^Pay/ }).click();
  await expect(userPage).toHaveURL(/\/account$/);
  await expect(userPage.getByTestId('account-plan')).toHaveText('Pro');

  // Create a key: it is shown once.
  await userPage.getByLabel('Key name').fill('e2e script');
  await userPage.getByRole('button', { name: 'Create key' }).click();
  const shown = userPage.getByTestId('new-api-key');
  await expect(shown).toHaveText(/^vt_live_[0-9A-Za-z]{32}$/);
  const key = (await shown.textContent())!.trim();
  await expect(userPage.getByText('It will not be shown again')).toBeVisible();
  await expect(userPage.getByTestId('api-key-example')).toContainText(`${staff.base}/api/v1/tools/content-detector`);
  await userPage.getByRole('button', { name: 'I have saved it' }).click();
  await expect(shown).toHaveCount(0);
  const row = userPage.getByTestId('api-key-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('e2e script');
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row.getByTestId('api-key-last-used')).toHaveText('Never');

  // A program with the key and no cookies at all.
  const api = await playwrightRequest.newContext({ baseURL: staff.base });
  const call = () => api.post('/api/v1/tools/content-detector', { headers: { authorization: `Bearer ${key}` }, data: { text: TEXT } });
  const ok = await call();
  expect(ok.status(), await ok.text()).toBe(200);
  expect((await ok.json()).verdict).toBeTruthy();
  await userPage.reload();
  await expect(userPage.getByTestId('api-key-last-used')).not.toHaveText('Never');

  // The administrator finds the key by its owner and revokes it.
  const login = await page.request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto('/admin/api-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'API Keys' })).toBeVisible();
  await page.getByLabel('Search').fill(user.email);
  await expect(page).toHaveURL(/q=/);
  const keyRows = page.getByTestId('admin-api-key-row');
  await expect(keyRows).toHaveCount(1);
  await expect(keyRows).toContainText(key.slice(0, 12));
  await expect(keyRows).toContainText(user.email);
  // The one call made with it is counted against the key.
  await expect(keyRows.getByTestId('key-calls')).toHaveText('1');
  await keyRows.getByRole('button', { name: /^Revoke/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(user.email);
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(dialog).toBeHidden();
  await expect(keyRows).toContainText('Revoked');
  await expect(keyRows.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);

  const refused = await call();
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe('invalid_api_key');

  // The owner sees it revoked too.
  await userPage.reload();
  await expect(userPage.getByTestId('api-key-row')).toContainText('Revoked');
  await api.dispose();
  await userContext.close();
});
