import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { tinyDocx, tinyPdf } from '../tests/helpers/provider-servers';
import { buildZip } from '../tests/helpers/zip';
import { expect, registerViaApi, test, uniqueUser } from './fixtures';
import { useStaffServer } from './staff-server';

// A server of its own: the administrator's Batch Processing page is checked too (staff accounts need the CLI).
const staff = useStaffServer({ name: 'batch', role: 'admin', portOffset: 106 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

const TEXTS = [
  'The bus was late again, so I walked the last mile in the rain and got to the meeting soaked. Nobody noticed, or they were too kind to say. We argued about the budget for an hour and agreed on nothing.',
  'My grandmother kept her recipes in a shoebox, written on the backs of envelopes and old bills. Half of them have no quantities at all, just a list of things and a note saying until it looks right.',
  'Our team tested three ways of sorting the returned parcels. The first was fast but lost track of damaged items; the second was careful and slow; the third mixed both and is what we use now.',
  'The river froze for the first time in a decade, and the whole village went down to look at it. Children slid on the edges while their parents shouted at them to stay near the bank.',
  'I learned to fix bicycles from a man who never explained anything. He would point at a part, then at a tool, and wait. After a month I could true a wheel without thinking about it.',
];

/** Register and become Pro through the server's offline test checkout. */
async function becomePro(page: Page): Promise<{ email: string }> {
  const user = await registerViaApi(page, uniqueUser('batch'));
  const checkout = await page.request.post('/api/billing/checkout', { data: { kind: 'plan', plan: 'pro' } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  expect((await page.request.post(`${url}/pay`)).ok()).toBe(true);
  return user;
}

test('batch checks: a Pro user uploads five files, watches the batch run to the end, downloads the CSV and comes back to it', async ({ page }) => {
  test.setTimeout(150_000);
  await becomePro(page);
  await page.goto('/batch');
  await expect(page.getByRole('heading', { level: 1, name: 'Batch checks' })).toBeVisible();
  await expect(page.getByTestId('batch-plan-gate')).toHaveCount(0);

  await page.getByRole('radio', { name: /AI detector/ }).check();
  await page.getByLabel('Name (optional)').fill('E2E essays');
  await page.getByLabel('Choose documents to check').setInputFiles([
    { name: 'one.txt', mimeType: 'text/plain', buffer: Buffer.from(TEXTS[0]) },
    { name: 'two.txt', mimeType: 'text/plain', buffer: Buffer.from(TEXTS[1]) },
    { name: 'three.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: await tinyDocx(TEXTS[2]) },
    { name: 'four.pdf', mimeType: 'application/pdf', buffer: tinyPdf(TEXTS[3]) },
    { name: 'five.zip', mimeType: 'application/zip', buffer: buildZip([{ name: 'five.txt', data: TEXTS[4] }]) },
  ]);
  await expect(page.getByTestId('batch-files').getByRole('listitem')).toHaveCount(5);
  await page.getByRole('button', { name: 'Start batch' }).click();

  // the batch is in the address, so the page can be left and come back to
  await expect(page).toHaveURL(/\/batch\?id=[0-9a-f-]{36}$/, { timeout: 30_000 });
  const view = page.getByTestId('batch-view');
  await expect(view.getByRole('heading', { name: 'E2E essays' })).toBeVisible();
  await expect(page.getByTestId('batch-status')).toHaveText('Done', { timeout: 90_000 });
  await expect(page.getByTestId('batch-progress')).toContainText('5 of 5 finished');
  const rows = page.getByTestId('batch-item');
  await expect(rows).toHaveCount(5);
  for (let i = 0; i < 5; i++) {
    await expect(rows.nth(i)).toContainText('Done');
    await expect(rows.nth(i)).toContainText(/% AI/);
  }

  // the CSV: a header and one row per document
  const [csvDownload] = await Promise.all([page.waitForEvent('download'), view.getByRole('link', { name: 'CSV' }).click()]);
  expect(csvDownload.suggestedFilename()).toMatch(/^batch-\d{4}-\d\d-\d\d-[0-9a-f]{8}\.csv$/);
  const lines = readFileSync((await csvDownload.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('filename,words,status,verdict,ai_score_percent,error');
  expect(lines).toHaveLength(6);
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['one.txt', 'two.txt', 'three.docx', 'four.pdf', 'five.zip/five.txt']);
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    expect(cells[2]).toBe('done');
    expect(Number(cells[1])).toBeGreaterThan(20);
    expect(Number(cells[4])).toBeGreaterThanOrEqual(0);
    expect(Number(cells[4])).toBeLessThanOrEqual(100);
  }

  // the PDF reports come as one zip
  const [zip] = await Promise.all([page.waitForEvent('download'), view.getByRole('link', { name: /PDF reports/ }).click()]);
  expect(zip.suggestedFilename()).toMatch(/-reports\.zip$/);

  // leave, come back from the account menu: the batch is in the recent list and opens again
  await page.goto('/tools');
  await page.getByTestId('user-menu-trigger').click();
  await page.getByRole('menuitem', { name: 'Batch checks' }).click();
  await expect(page).toHaveURL(/\/batch$/);
  const recent = page.getByTestId('recent-batches');
  await expect(recent).toContainText('E2E essays');
  await recent.getByRole('button', { name: /E2E essays/ }).click();
  await expect(page.getByTestId('batch-status')).toHaveText('Done');
});

test('batch checks: a free account is told the plans that include them, and cannot start one', async ({ page }) => {
  await registerViaApi(page, uniqueUser('batchfree'));
  await page.goto('/batch');
  await expect(page.getByTestId('batch-plan-gate')).toContainText('Batch checks are part of the Pro and Agency plans');
  await expect(page.getByRole('button', { name: 'Choose files' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Start batch' })).toBeDisabled();
});

test('batch processing: an administrator sees every user’s batches with their owners', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // a customer's batch, sent through the API
  const customerContext = await browser.newContext({ baseURL: staff.base });
  const customer = await customerContext.newPage();
  const { email } = await becomePro(customer);
  const upload = await customer.request.post('/api/batches', {
    multipart: {
      tool: 'plagiarism_checker',
      name: 'Staff view batch',
      files: { name: 'a.txt', mimeType: 'text/plain', buffer: Buffer.from(TEXTS[0]) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  await customerContext.close();

  const login = await page.request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto('/admin/batch-processing');
  await expect(page.getByRole('heading', { level: 1, name: 'Batch Processing' })).toBeVisible();
  const row = page.getByTestId('admin-batch-row').filter({ hasText: 'Staff view batch' });
  await expect(row).toContainText(email);
  await expect(row).toContainText('Plagiarism checker');
  await expect(row).toContainText(/Waiting|Running|Done/);
  // the menu offers the page
  await expect(page.getByRole('link', { name: 'Batch Processing' })).toBeVisible();
});
