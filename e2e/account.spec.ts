import { toolOfTheDay, toolOfTheDayAction } from '../src/shared/tool-of-the-day';
import { expect, registerViaApi, test, uniqueUser } from './fixtures';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('/usage, /account and /dashboard render for a new free user', async ({ page }) => {
  const user = await registerViaApi(page);

  await page.goto('/usage');
  await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible();
  await expect(page.getByTestId('usage-characters')).toContainText('0 / 50,000 characters');
  await expect(page.getByTestId('usage-detections')).toContainText('/ 5 today');
  await expect(page.getByTestId('usage-words')).toContainText('2,000');
  await expect(page.getByTestId('chart-empty')).toContainText('No tool use in the last 30 days');
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('chart-empty')).toContainText('last 7 days');
  await expect(page.getByTestId('sidebar-meter')).toContainText('0 / 50K');

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account Settings', level: 1 })).toBeVisible();
  await expect(page.getByTestId('account-plan')).toHaveText('Free');
  await expect(page.getByTestId('payments-empty')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(user.username);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: `Welcome, ${user.username}` })).toBeVisible();
  // the featured tool changes with the date: a free account is offered it, or an upgrade when it is a Pro tool
  const featured = toolOfTheDay(new Date())!;
  const tod = page.getByTestId('tool-of-the-day');
  await expect(tod).toContainText(featured.name);
  await expect(tod.getByRole('link', { name: toolOfTheDayAction(featured, 'free').label })).toBeVisible();
  await expect(page.getByText('No activity yet.')).toBeVisible();
});

test('a tool run shows up in the usage chart, the recent activity and the sidebar meter', async ({ page }) => {
  await registerViaApi(page);
  const text = 'The committee met on Tuesday to review the budget and agreed to postpone the vote until the next session. '.repeat(3).trim();
  const res = await page.request.post('/api/tools/content-detector', { data: { text } });
  expect(res.status(), await res.text()).toBe(200);

  await page.goto('/dashboard');
  await expect(page.getByTestId('recent-activity')).toContainText('AI Content Detector');
  await expect(page.getByTestId('dashboard-usage')).toContainText(`${text.length.toLocaleString('en-US')} / 50,000 characters`);
  await page.goto('/usage');
  await expect(page.getByTestId('stacked-bar-chart')).toBeVisible();
  await page.getByText('Show the data as a table').click();
  await expect(page.getByRole('table', { name: /Characters per day by tool/ })).toContainText('AI Content Detector');
});

test('profile: a taken e-mail is shown on its field; a new username is saved', async ({ page }) => {
  const other = uniqueUser('taken');
  const r = await page.request.post('/api/auth/register', { data: other });
  expect(r.status()).toBe(201);
  await page.request.post('/api/auth/logout');
  const me = await registerViaApi(page);

  await page.goto('/account');
  const email = page.getByLabel('Email', { exact: true });
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await email.fill(other.email);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  await email.fill(me.email);
  const renamed = `${me.username}x`;
  await page.getByLabel('Username').fill(renamed);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile updated' })).toBeVisible();
  await expect(page.getByTestId('user-menu-trigger')).toHaveAttribute('aria-label', `Account menu for ${renamed}`);
});

test('password change, then log in with the new password', async ({ page }) => {
  const me = await registerViaApi(page);
  await page.goto('/account');
  await page.getByLabel('Current password').fill(me.password);
  await page.getByLabel('New password', { exact: true }).fill('another-horse-2');
  await page.getByLabel('Confirm new password').fill('another-horse-3');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('another-horse-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed' })).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');

  await page.context().clearCookies();
  // (the footer's newsletter field is also labelled with "Email", so the login field is named exactly)
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(me.email);
  await page.getByLabel('Password', { exact: true }).fill('another-horse-2');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('download my data, then delete the account with the password', async ({ page }) => {
  const me = await registerViaApi(page);
  await page.goto('/account');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  const body = await file.createReadStream().then(async (s) => {
    const chunks: Buffer[] = [];
    for await (const c of s) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  });
  expect(body).toContain(me.email);

  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password or DELETE').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByLabel('Password or DELETE')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Password or DELETE').fill(me.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  const meRes = await page.request.get('/api/auth/me');
  expect(meRes.status()).toBe(401);
  const login = await page.request.post('/api/auth/login', { data: { email: me.email, password: me.password } });
  expect(login.status()).toBe(401);
});

test('running a tool in the page moves the sidebar meter and keeps the word counter on the plan limit', async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/tools/ai-summarizer');
  const meter = page.getByTestId('sidebar-meter');
  await expect(meter).toContainText('0 / 50K');
  await expect(page.getByTestId('word-counter')).toContainText('/ 2,000 words');
  const text = 'The committee met on Tuesday to review the budget and agreed to postpone the vote until the next session. '.repeat(20).trim();
  await page.getByLabel('Your text').fill(text);
  await page.getByRole('button', { name: 'Summarize', exact: true }).click();
  await expect(page.getByTestId('writing-result')).toBeVisible();
  await expect(meter).toContainText('2.1K / 50K');
});
