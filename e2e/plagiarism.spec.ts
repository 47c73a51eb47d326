import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { expect, test } from './fixtures';

// The e2e server starts on a fresh DATA_DIR, so it imports the bundled starter library in the
// background at first start; the seeded source is a document of that library.
interface LibraryRecord {
  title: string;
  reference: string;
  text: string;
}
const library = gunzipSync(readFileSync('src/db/starter-library/library.jsonl.gz'))
  .toString('utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as LibraryRecord);
const source = library.find((r) => r.reference.includes('millercenter.org') && r.text.split(/\s+/).length > 400)!;
const passage = source.text.split(/\s+/).slice(120, 180).join(' ');
const TEXT = `In my essay on early American politics I want to start with my own framing of the question. ${passage} That is where the quotation ends and my own argument continues with a few more remarks.`;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('finds a passage copied from a starter-library document and shows it side by side', async ({ page }) => {
  test.setTimeout(120_000);
  // Wait for the first-start import to finish.
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/tools/plagiarism-checker/status');
        return res.ok() ? ((await res.json()) as { documents: number }).documents : 0;
      },
      { timeout: 90_000, intervals: [500, 1000] },
    )
    .toBeGreaterThanOrEqual(library.length);

  await page.goto('/tools/plagiarism-checker');
  await expect(page.getByRole('heading', { name: 'Plagiarism Checker', level: 1 })).toBeVisible();
  await page.getByLabel('Text to check').fill(TEXT);
  await expect(page.getByTestId('word-counter')).toContainText('/ 500 words');
  await page.getByRole('button', { name: 'Check for plagiarism' }).click();

  const report = page.getByTestId('plagiarism-report');
  await expect(report.getByTestId('similarity')).toBeVisible();
  const similarity = parseFloat((await report.getByTestId('similarity').textContent()) ?? '0');
  expect(similarity).toBeGreaterThan(50);
  const card = report.getByTestId('source').filter({ hasText: source.title }).first();
  await expect(card).toBeVisible();
  // The highlighted passage links to its source.
  await expect(report.getByTestId('highlighted-text').locator('a[href="#source-1"]').first()).toBeVisible();

  await card.getByRole('button', { name: 'Compare side by side' }).click();
  const sideBySide = card.getByTestId('side-by-side');
  await expect(sideBySide).toBeVisible();
  await expect(sideBySide.getByText('Your text', { exact: false }).first()).toBeVisible();
  await expect(sideBySide).toContainText(passage.split(' ').slice(5, 12).join(' '));
  await expect(report.getByRole('button', { name: 'Print / Save as PDF' })).toBeVisible();
  await page.screenshot({ path: '.tmp/plagiarism-result.png', fullPage: true });

  // The printable report hides the site chrome, the form and the buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header').first()).toBeHidden();
  await expect(page.getByLabel('Text to check')).toBeHidden();
  await expect(report.getByRole('button', { name: 'Print / Save as PDF' })).toBeHidden();
  await expect(report.getByTestId('similarity')).toBeVisible();
  await page.screenshot({ path: '.tmp/plagiarism-print.png', fullPage: true });
});

test('the home page tab opens the report with its result', async ({ page }) => {
  await page.goto('/');
  const tool = page.getByTestId('home-tool');
  await tool.getByRole('tab', { name: 'Plagiarism Check' }).click();
  await tool.getByRole('textbox').fill(TEXT);
  await tool.getByRole('button', { name: 'Check Plagiarism' }).click();
  await expect(page).toHaveURL(/\/tools\/plagiarism-checker$/);
  const report = page.getByTestId('plagiarism-report');
  await expect(report.getByTestId('source').filter({ hasText: source.title }).first()).toBeVisible();
  await expect(page.getByLabel('Text to check')).toHaveValue(TEXT);
});

test('an unrelated text gets the empty state', async ({ page }) => {
  await page.goto('/tools/plagiarism-checker');
  await page
    .getByLabel('Text to check')
    .fill('We drove up to the lake on Friday, later than planned because Sam forgot the tent poles and we had to turn back.');
  await page.getByRole('button', { name: 'Check for plagiarism' }).click();
  await expect(page.getByTestId('plagiarism-report')).toContainText(/No matching passages found in [\d,]+ documents/);
});
