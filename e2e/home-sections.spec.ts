import { expect, test } from './fixtures';

const TEXT =
  'We drove up to the lake on Friday, later than planned because Sam forgot the tent poles and we had to turn back. ' +
  'By the time we got there it was dark, the campsite was muddy and the only free pitch was next to a family with three dogs. ' +
  'Honestly it was fine. The dogs were friendly, the kids shared their marshmallows, and on Saturday the rain stopped long enough for a swim. ' +
  'I would go again, but I would pack the poles myself.';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('home page: the figures are the server’s own, measured ones', async ({ page }) => {
  const api = await page.request.get('/api/site/claims');
  expect(api.ok()).toBe(true);
  const claims = (await api.json()) as Record<string, { value: string | null; note: string }>;
  await page.goto('/');
  const block = page.getByTestId('claims-block');
  await expect(block).toBeVisible();
  for (const key of ['piecesAnalysed', 'activeUsers', 'accuracy', 'availability']) {
    await expect(block.getByTestId(`claim-${key}-value`)).toHaveText(claims[key].value ?? '');
  }
  // counts are plain numbers of this server, and the accuracy says what was measured
  await expect(block.getByTestId('claim-piecesAnalysed-value')).toHaveText(/^\d[\d,]*$/);
  await expect(block.getByTestId('claim-accuracy-value')).toHaveText(/^AUROC 0\.\d+$/);
  await expect(block.getByTestId('claim-accuracy')).toContainText('held out');
  await expect(block).not.toContainText('99.9%');
});

test('home page: comparison table and competitor comparison, and no testimonials', async ({ page }) => {
  await page.goto('/');
  const table = page.getByTestId('comparison-table');
  await expect(table.getByRole('table')).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Veritext' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Works without internet access' })).toBeVisible();
  const cards = page.getByTestId('competitor-cards').getByRole('link');
  await expect(cards).toHaveCount(6);
  await expect(page.getByRole('link', { name: /Veritext vs GPTZero/ })).toHaveAttribute('href', '/gptzero-alternative');
  // left out on purpose: docs/decisions/0007-home-testimonials.md
  await expect(page.getByRole('heading', { name: /testimonial|what (our )?(users|customers) say/i })).toHaveCount(0);
});

test('home page: the How It Works dialog opens and closes with the keyboard', async ({ page }) => {
  await page.goto('/');
  const trigger = page.getByRole('button', { name: 'How it works' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'How the detector decides' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  // and through its Close button, reached with Tab
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  // the footer's Close button (the corner ✕ is named Close too, and comes after it)
  const close = dialog.getByRole('button', { name: 'Close', exact: true }).first();
  for (let i = 0; i < 6 && !(await close.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(close).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
});

test('home page: the result dialog summarises a real detection and closes with its Close button', async ({ page }) => {
  await page.goto('/');
  const tool = page.getByTestId('home-tool');
  await tool.getByRole('textbox').fill(TEXT);
  await tool.getByRole('button', { name: 'Detect AI Content' }).click();
  await expect(tool.getByRole('status').filter({ hasText: 'Analysis complete!' })).toBeVisible();

  const open = tool.getByRole('button', { name: 'Result summary' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('result-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(/Likely AI-generated|Likely human|Mixed: parts look AI-generated|Can't tell/);
  await expect(dialog).toContainText('words');
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});
