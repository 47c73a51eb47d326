import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, registerViaApi, test } from './fixtures';
import { useStaffServer } from './staff-server';

// A server of its own (port offset 105).
const server = useStaffServer({ name: 'report-share', role: 'admin', portOffset: 105 });

const AI_TEXT = readFileSync(fileURLToPath(new URL('./samples/heldout-default.txt', import.meta.url)), 'utf8').trim();

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('a detector result saved as a report, shared by link, opens logged out with its score and no account data; revoked, it is gone', async ({
  page,
  browser,
}) => {
  const user = await registerViaApi(page);
  await page.goto('/tools/ai-content-detector');
  await page.getByLabel('Text to analyze').fill(AI_TEXT);
  await page.getByRole('button', { name: 'Detect AI' }).click();
  const result = page.getByTestId('detector-result');
  await expect(result).toBeVisible();
  const verdict = (await result.getByRole('heading', { level: 2 }).textContent())!.trim();
  const score = (await result.locator('dd').first().textContent())!.trim();
  expect(score).toMatch(/^\d+\.\d\d%$/);

  await result.getByTestId('save-report').click();
  await expect(page.getByRole('status').filter({ hasText: 'Report saved' })).toBeVisible();
  await result.getByTestId('report-saved').click();
  await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('AI detection:');
  await expect(page.getByTestId('detector-result').getByRole('heading', { level: 2 })).toHaveText(verdict);

  // the PDF is a PDF
  const pdfHref = await page.getByTestId('download-pdf').getAttribute('href');
  const pdf = await page.request.get(pdfHref!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // a link that expires in 7 days
  await page.getByTestId('share-report').click();
  await page.getByText('7 days').click();
  await page.getByTestId('create-share-link').click();
  const url = await page.getByTestId('share-link').getByRole('textbox').inputValue();
  expect(url).toMatch(new RegExp(`^${server.base}/r/[A-Za-z0-9_-]{43}$`));
  await page.keyboard.press('Escape');
  await expect(page.getByText(/Shared until/)).toBeVisible();

  // a fresh browser, logged out
  const visitor = await browser.newContext({ baseURL: server.base });
  const v = await visitor.newPage();
  await v.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
  const opened = await v.goto(url);
  expect(opened?.status()).toBe(200);
  const shared = v.getByTestId('detector-result');
  await expect(shared).toBeVisible();
  await expect(shared.getByRole('heading', { level: 2 })).toHaveText(verdict);
  await expect(shared.locator('dd').first()).toHaveText(score);
  await expect(v.getByTestId('shared-report-note')).toContainText('nothing about the account that saved it');
  await expect(v.getByTestId('user-menu-trigger')).toHaveCount(0);
  const body = await v.locator('body').innerText();
  expect(body).not.toContain(user.email);
  expect(body).not.toContain(user.username);
  expect(await shared.getByTestId('save-report').count()).toBe(0);
  expect(await shared.getByTestId('report-result').count()).toBe(0);
  const sharedPdf = await v.request.get((await v.getByTestId('shared-pdf').getAttribute('href'))!);
  expect(sharedPdf.status()).toBe(200);
  expect((await sharedPdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // revoked by its owner: the link is a clear 404
  await page.getByTestId('share-report').click();
  await page.getByTestId('revoke-share').click();
  await expect(page.getByRole('status').filter({ hasText: 'Link revoked' })).toBeVisible();
  const again = await v.goto(url);
  expect(again?.status()).toBe(404);
  await expect(v.getByRole('heading', { level: 1, name: 'This report link does not work' })).toBeVisible();
  await visitor.close();

  // listed under Saved reports, where it can be deleted
  await page.goto('/reports');
  await expect(page.getByTestId('report-item')).toHaveCount(1);
  await page.getByTestId('report-item').getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByTestId('reports-empty')).toBeVisible();
});
