import type { Page } from '@playwright/test';
import { expect, registerViaApi, test } from './fixtures';
import { useStaffServer } from './staff-server';

// A server of its own (port offset 104), so the staff account can also set the retention.
const staff = useStaffServer({ name: 'history', role: 'admin', portOffset: 104 });

const TEXT =
  'We drove up to the lake on Friday, later than planned because Sam forgot the tent poles and we had to turn back. ' +
  'By the time we got there it was dark, the campsite was muddy and the only free pitch was next to a family with three dogs. ' +
  'Honestly it was fine. The dogs were friendly, the kids shared their marshmallows, and on Saturday the rain stopped long enough for a swim. ' +
  'I would go again, but I would pack the poles myself.';

/** A new user with history on and two detector checks kept, on /history. */
async function twoKeptChecks(page: Page) {
  await registerViaApi(page);
  await page.request.put('/api/user/settings', { data: { historyEnabled: true } });
  for (const text of [TEXT, `${TEXT} Once more.`]) {
    const res = await page.request.post('/api/tools/content-detector', { data: { text } });
    expect(res.status()).toBe(200);
  }
  await page.goto('/history');
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('history is off until the user turns it on; a check is then found in /history, opened and deleted', async ({ page }) => {
  await registerViaApi(page);

  // off by default: the page says so and a check is not kept
  await page.goto('/history');
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await expect(page.getByTestId('history-empty')).toContainText('History is off.');
  const toggle = page.getByRole('switch', { name: 'Keep a history of my checks' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');

  // turned on from the account page
  await page.goto('/account');
  const accountToggle = page.getByRole('switch', { name: 'Keep a history of my checks' });
  await expect(accountToggle).toHaveAttribute('aria-checked', 'false');
  await accountToggle.click();
  await expect(accountToggle).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'History is on' })).toBeVisible();

  await page.goto('/tools/ai-content-detector');
  await page.getByLabel('Text to analyze').fill(TEXT);
  await page.getByRole('button', { name: 'Detect AI' }).click();
  const result = page.getByTestId('detector-result');
  await expect(result).toBeVisible();
  const verdict = (await result.getByRole('heading', { level: 2 }).textContent())!.trim();

  // found through the user menu, with its verdict
  await page.getByTestId('user-menu-trigger').click();
  await page.getByRole('menuitem', { name: 'History & reports' }).click();
  await expect(page).toHaveURL(/\/history$/);
  const items = page.getByTestId('history-item');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('AI Content Detector');
  await expect(items.first()).toContainText('We drove up to the lake on Friday');
  await expect(items.first().getByTestId('history-summary')).toContainText(verdict);

  // the search runs on the server
  await page.getByLabel('Search your history').fill('marshmallows');
  await expect(page).toHaveURL(/q=marshmallows/);
  await expect(items).toHaveCount(1);
  await page.getByLabel('Search your history').fill('no such words anywhere');
  await expect(page.getByTestId('history-empty')).toContainText('No checks match this search.');
  await page.getByRole('button', { name: 'Show all checks' }).click();
  await expect(items).toHaveCount(1);

  // opened: the detector's own result view, with the text
  await items.first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'AI Content Detector check' })).toBeVisible();
  const kept = page.getByTestId('detector-result');
  await expect(kept.getByRole('heading', { level: 2 })).toHaveText(verdict);
  await expect(kept.getByTestId('sentence').first()).toBeVisible();

  // deleted, after confirming
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByTestId('history-empty')).toContainText('History is on, and nothing is kept yet.');
});

test('delete all asks first, then empties the history', async ({ page }) => {
  await twoKeptChecks(page);
  await expect(page.getByTestId('history-item')).toHaveCount(2);
  await page.getByTestId('clear-history').click();
  await expect(page.getByRole('dialog')).toContainText('Delete your whole history?');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('history-item')).toHaveCount(2);
  await page.getByTestId('clear-history').click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByTestId('history-empty')).toBeVisible();
});

test('a row deleted by keyboard hands focus to the row in its place, then to the empty state', async ({ page }) => {
  await twoKeptChecks(page);
  const items = page.getByTestId('history-item');
  await expect(items).toHaveCount(2);
  await items
    .first()
    .getByRole('button', { name: /^Delete this/ })
    .focus();
  await page.keyboard.press('Enter');
  await expect(items).toHaveCount(1);
  await expect(items.first().getByRole('button', { name: /^Delete this/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('history-empty')).toBeFocused();
});

test('staff set the history retention', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'Advanced' }).click();
  const days = page.getByLabel('History retention (days)');
  await expect(days).toHaveValue('90');
  await days.fill('0');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('At least 1 day')).toBeVisible();
  await days.fill('30');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  const saved = await (await page.request.get('/api/admin/settings')).json();
  expect(saved.settings.historyRetentionDays).toBe(30);
});
