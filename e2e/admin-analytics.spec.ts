import { readFileSync } from 'node:fs';
import { expect, registerViaApi, test, uniqueUser } from './fixtures';
import { useStaffServer } from './staff-server';

// Staff accounts need a server of their own (see staff-server.ts).
const staff = useStaffServer({ name: 'analytics', role: 'admin', portOffset: 63 });

const TEXT = 'The committee met on Tuesday to review the budget and agreed to postpone the vote until the next session. '.repeat(3).trim();

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('an administrator opens the dashboard, usage, revenue, growth, monitor and export pages and sees the real figures', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const today = new Date().toISOString().slice(0, 10);
  const month = today.slice(0, 7);

  // A customer, in a browser of their own: runs the detector once and buys Pro through the test checkout.
  const customerContext = await browser.newContext({ baseURL: staff.base });
  const customer = await customerContext.newPage();
  const user = await registerViaApi(customer, uniqueUser('analytics'));
  const detect = () => customer.request.post('/api/tools/content-detector', { data: { text: TEXT } });
  expect((await detect()).status()).toBe(200);
  const checkout = await customer.request.post('/api/billing/checkout', { data: { kind: 'plan', plan: 'pro' } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  expect((await customer.request.post(`${url}/pay`)).ok()).toBe(true);
  const plans = (await (await customer.request.get('/api/plans')).json()) as { plans: { id: string; price: number }[] };
  const proPrice = plans.plans.find((p) => p.id === 'pro')!.price;
  const money = (minor: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);

  const login = await page.request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
  expect(login.status(), await login.text()).toBe(200);

  // Dashboard: one call today, the Pro payment as this month's revenue; Refresh Data picks up a second call.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByTestId('stat-calls-value')).toHaveText('1');
  await expect(page.getByTestId('stat-errors-value')).toHaveText('0');
  await expect(page.getByTestId('stat-revenue-usd-value')).toHaveText(money(proPrice));
  await expect(page.getByTestId('stat-users-value')).toHaveText('2');
  await expect(page.getByTestId('stat-signups-value')).toHaveText('2');
  expect((await detect()).status()).toBe(200);
  // The header's Refresh Data refetches the page's figures.
  await page.getByRole('banner').getByRole('button', { name: 'Refresh Data' }).click();
  await expect(page.getByTestId('stat-calls-value')).toHaveText('2');
  // The sparklines' figures are in the DOM as a table.
  await page.getByText('Show table: the 30-day series').click();
  await expect(page.getByTestId('dashboard-series').getByRole('row', { name: new RegExp(today) })).toContainText(money(proPrice));

  // Usage Monitoring: the detector, the Pro plan and the customer among the top accounts.
  await page.goto('/admin/usage');
  await expect(page.getByRole('heading', { level: 1, name: 'Usage Monitoring' })).toBeVisible();
  await expect(page.getByTestId('usage-by-tool').getByRole('row', { name: /AI Content Detector/ })).toContainText('2');
  // The first call ran on Free, the second after the purchase on Pro: each is counted under the plan it ran on.
  await expect(page.getByTestId('usage-by-plan').getByRole('row', { name: /Free/ })).toContainText('1');
  await expect(page.getByTestId('usage-by-plan').getByRole('row', { name: /Pro/ })).toContainText('1');
  await expect(page.getByTestId('usage-top-accounts')).toContainText(user.username);
  const csv = await page.request.get('/api/admin/usage.csv');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(`${today},ai_content_detector,free,1,${TEXT.length},0`);
  expect(await csv.text()).toContain(`${today},ai_content_detector,pro,1,${TEXT.length},0`);

  // Usage Statistics: the per-day chart with its table.
  await page.goto('/admin/usage-statistics');
  await expect(page.getByRole('heading', { level: 1, name: 'Usage Statistics' })).toBeVisible();
  const calls = page.getByTestId('chart-calls');
  await expect(calls.locator('canvas').first()).toBeVisible();
  await calls.getByText('Show table').click();
  await expect(calls.getByRole('row', { name: new RegExp(today) })).toContainText('2');
  await expect(page.getByTestId('usage-tool-plan')).toContainText('AI Content Detector');

  // Revenue: this month's payment and the Pro subscriber in MRR.
  await page.goto('/admin/revenue');
  await expect(page.getByRole('heading', { level: 1, name: 'Revenue' })).toBeVisible();
  await expect(page.getByTestId('revenue-months').getByRole('row', { name: new RegExp(month) })).toContainText(money(proPrice));
  await expect(page.getByTestId('mrr-by-plan').getByRole('row', { name: /Pro/ })).toContainText(money(proPrice));
  await expect(page.getByText('How these figures are counted')).toBeVisible();

  // User Growth: both accounts signed up today, by day and by month.
  await page.goto('/admin/user-growth');
  await expect(page.getByRole('heading', { level: 1, name: 'User Growth' })).toBeVisible();
  const growth = page.getByTestId('chart-growth');
  await growth.getByText('Show table').click();
  await expect(growth.getByRole('row', { name: new RegExp(today) })).toContainText('2');
  await page.getByRole('button', { name: 'Monthly' }).click();
  await expect(growth.getByText('Sign-ups and active users, monthly (UTC)')).toBeVisible();
  // The month's row (not a day of it): both sign-ups of this month.
  await expect(growth.getByRole('row', { name: new RegExp(`^${month} `) })).toContainText('2');

  // Real-time Monitor: the two requests of the last hour, and this instance's engine queue.
  await page.goto('/admin/monitor');
  await expect(page.getByRole('heading', { level: 1, name: 'Real-time Monitor' })).toBeVisible();
  await expect(page.getByText(/Live: refreshed every 5 s/)).toBeVisible();
  await expect(page.getByText(/2 in the last hour/)).toBeVisible();
  await expect(page.getByTestId('engine-pool')).toContainText('Waiting in queue');
  await expect(page.getByText(/each has its own queue/)).toBeVisible();

  // Export: the users CSV downloads and lists the customer.
  await page.goto('/admin/export');
  await expect(page.getByRole('heading', { level: 1, name: 'Export Reports' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Users CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^veritext-users-.*\.csv$/);
  const body = readFileSync((await download.path())!, 'utf8');
  expect(body.split('\r\n')[0]).toBe('id,username,email,role,plan,status,email_verified,created_at,suspended_at');
  expect(body).toContain(user.email);

  await customerContext.close();
});
