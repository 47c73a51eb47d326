import { expect, test } from './fixtures';
import { useStaffServer } from './staff-server';

// Staff accounts need a server of their own (see staff-server.ts).
const staff = useStaffServer({ name: 'settings', role: 'admin', portOffset: 66 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

async function visitor(browser: import('@playwright/test').Browser) {
  const context = await browser.newContext({ baseURL: staff.base });
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
  return { context, page: await context.newPage() };
}

test('an administrator renames the site and turns on the maintenance banner: a visitor sees both', async ({ page, browser }) => {
  const login = await page.request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
  expect(login.status(), await login.text()).toBe(200);
  const name = `Acme ${Date.now().toString(36)}`;
  const bannerText = 'Scheduled maintenance on Sunday from 22:00 to 23:00 UTC.';

  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Site name').fill(name);
  await page.getByRole('switch', { name: 'Show the banner' }).click();
  await page.getByLabel('Banner text').fill(bannerText);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  // The other tabs are there, and the values are saved on the server.
  await page.getByRole('tab', { name: 'Access & Permissions' }).click();
  await expect(page.getByRole('switch', { name: 'Sign-ups open' })).toHaveAttribute('aria-checked', 'true');

  const v = await visitor(browser);
  await v.page.goto('/');
  await expect(v.page.getByTestId('maintenance-banner')).toHaveText(bannerText);
  await expect(v.page.getByRole('banner').getByRole('link', { name })).toBeVisible();
  await v.page.goto('/about');
  await expect(v.page.getByTestId('maintenance-banner')).toBeVisible();
  await v.context.close();
});

test('an administrator turns a tool off: its page says so, and it works again once turned back on', async ({ page, browser }) => {
  const login = await page.request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
  expect(login.status(), await login.text()).toBe(200);

  await page.goto('/admin/features');
  await expect(page.getByRole('heading', { level: 1, name: 'Feature Toggles' })).toBeVisible();
  const toggle = page.getByRole('switch', { name: 'Sentence Shortener on' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');

  const v = await visitor(browser);
  await v.page.goto('/tools/sentence-shortener');
  await expect(v.page.getByTestId('tool-turned-off')).toContainText('The Sentence Shortener is turned off');
  const api = await v.page.request.post('/api/tools/sentence-shortener', { data: { text: 'We basically need to make a decision.' } });
  expect(api.status()).toBe(503);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await v.page.reload();
  await expect(v.page.getByRole('heading', { level: 1, name: 'Sentence Shortener' })).toBeVisible();
  await expect(v.page.getByTestId('tool-turned-off')).toHaveCount(0);
  await v.context.close();
});
