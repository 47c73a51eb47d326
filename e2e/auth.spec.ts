import { expect, loginViaUi, registerViaApi, test, uniqueUser } from './fixtures';

test('register, log out, log in again and land on /pricing', async ({ page }) => {
  const user = uniqueUser('reg');
  await page.goto('/register');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: /create account|sign up/i }).click();
  await page.waitForURL('**/pricing');

  await page.getByTestId('user-menu-trigger').click();
  await expect(page.getByRole('menu')).toContainText(user.email);
  await expect(page.getByRole('menu')).toContainText('Free Plan');
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);

  await loginViaUi(page, user.email, user.password);
  await expect(page.getByText('You have been logged in successfully')).toBeVisible();
  await page.waitForURL('**/pricing');
  const me = await page.request.get('/api/auth/me');
  expect((await me.json()).user.email).toBe(user.email);
});

test('a wrong password shows the error toast and stays on /login', async ({ page }) => {
  const user = await registerViaApi(page);
  await page.request.post('/api/auth/logout');
  await loginViaUi(page, user.email, 'not-the-password');
  const toast = page.getByRole('status').filter({ hasText: 'Invalid email or password' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Error');
  await expect(page).toHaveURL(/\/login$/);
});

test('the login form validates e-mail and password on submit', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('123');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  // Re-validates on change.
  await page.getByLabel('Email').fill('someone@example.test');
  await expect(page.getByText('Please enter a valid email address')).toBeHidden();
});

test('a protected page redirects to /login when logged out', async ({ page }) => {
  await page.goto('/dashboard');
  await page.waitForURL('**/login');
  await expect(page.getByText('Enter your credentials to access your account')).toBeVisible();
});

test('the admin gate turns a free user away with Access Denied', async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/admin');
  await expect(page.getByText("You don't have permission to access the admin panel.")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('legacy admin shortcuts never bypass login', async ({ page }) => {
  await page.goto('/admin-test');
  await expect(page).toHaveURL(/\/admin-login$/);
  await page.goto('/temp-admin-dashboard');
  await expect(page).toHaveURL(/\/admin-login$/);
});

test('unknown paths show the 404 page', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('password reset through the development mailbox', async ({ page }) => {
  const user = await registerViaApi(page);
  await page.request.post('/api/auth/logout');
  await page.context().clearCookies();

  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: /send|reset/i }).click();
  await expect(page.getByText(/If an account exists for that email/)).toBeVisible();

  await page.goto('/dev/mailbox');
  const mail = page.locator('article', { hasText: user.email }).first();
  await expect(mail).toContainText('Reset your Veritext password');
  const href = await mail.locator('a[href*="/reset-password?token="]').first().getAttribute('href');
  expect(href).toBeTruthy();
  await page.goto(href!);

  const newPassword = 'brand-new-secret-2';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: /reset password|set password|save/i }).click();
  await expect(page.getByText('Your password has been reset')).toBeVisible();

  await loginViaUi(page, user.email, user.password);
  await expect(page.getByRole('status').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await loginViaUi(page, user.email, newPassword);
  await page.waitForURL('**/pricing');
});
