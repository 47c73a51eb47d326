import { expect, loginViaUi, registerViaApi, test, uniqueUser } from './fixtures';
import { useStaffServer } from './staff-server';

// Staff accounts need a server of their own (see staff-server.ts).
const staff = useStaffServer({ name: 'users', role: 'admin', portOffset: 47 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('an administrator finds a user and suspends them: the user is signed out and told why at login; restoring lets them back in', async ({
  page,
  browser,
}) => {
  // The user, in a browser of their own.
  const userContext = await browser.newContext({ baseURL: staff.base });
  await userContext.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
  const userPage = await userContext.newPage();
  const user = await registerViaApi(userPage, uniqueUser('suspendme'));
  expect((await userPage.request.get('/api/auth/me')).status()).toBe(200);

  const login = await page.request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'User Directory' })).toBeVisible();
  await page.getByLabel('Search').fill(user.username);
  await expect(page).toHaveURL(new RegExp(`q=${user.username}`));
  const rows = page.getByTestId('users-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await rows.getByRole('link', { name: user.username }).click();

  await expect(page.getByRole('heading', { level: 1, name: user.username })).toBeVisible();
  await expect(page.getByTestId('active-sessions')).toHaveText('1');
  await page.getByRole('button', { name: 'Suspend' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/signed out everywhere/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Suspended', { exact: true })).toBeVisible();
  await expect(page.getByTestId('active-sessions')).toHaveText('0');
  await expect(page.getByTestId('user-audit')).toContainText(`Suspended ${user.email}`);

  // The user's session has ended, and logging in says why.
  expect((await userPage.request.get('/api/auth/me')).status()).toBe(401);
  await loginViaUi(userPage, user.email, user.password);
  await expect(userPage.getByText('This account is suspended. Contact support.')).toBeVisible();
  await expect(userPage).toHaveURL(/\/login/);

  await page.getByRole('button', { name: 'Restore' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();

  await loginViaUi(userPage, user.email, user.password);
  await expect(userPage).not.toHaveURL(/\/login/);
  expect((await userPage.request.get('/api/auth/me')).status()).toBe(200);
  await userContext.close();
});
