import { expect, registerViaApi, test } from './fixtures';

const AI_TEXT =
  "In today's fast-paced world, it is important to note that remote work plays a pivotal role in how 250 employees at Acme collaborate. " +
  'Moreover, organizations must leverage robust tools in order to foster seamless communication across teams in Berlin and Toronto. ' +
  'In conclusion, companies that utilize these strategies will navigate the complexities of hybrid work more effectively.';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('home: humanize, then Check Detection Now re-runs detection on the humanized text', async ({ page }) => {
  await page.goto('/');
  const tool = page.getByTestId('home-tool');
  await tool.getByRole('tab', { name: 'Text Humanizer' }).click();
  await tool.getByRole('textbox').fill(AI_TEXT);
  await tool.getByRole('button', { name: 'Humanize Text' }).click();
  const humanized = tool.getByTestId('humanized-text');
  await expect(humanized).toBeVisible();
  const out = (await humanized.textContent())!;
  expect(out).not.toBe(AI_TEXT);
  expect(out).toContain('Acme');

  await tool.getByRole('button', { name: 'Check Detection Now' }).click();
  await expect(tool.getByRole('tab', { name: 'AI Detection' })).toHaveAttribute('aria-selected', 'true');
  await expect(tool.getByRole('textbox')).toHaveValue(out);
  await expect(tool.getByRole('status').filter({ hasText: 'Analysis complete!' })).toBeVisible();
  await expect(tool.getByTestId('detector-result')).toBeVisible();
});

test('sentence shortener page shows the result, the engine and the changes', async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/tools/sentence-shortener');
  await expect(page.getByRole('heading', { level: 1, name: 'Sentence Shortener' })).toBeVisible();
  await page.getByLabel('Your text').fill('We met in order to plan the launch, due to the fact that it was late.');
  await page.getByRole('button', { name: 'Shorten', exact: true }).click();
  await expect(page.getByTestId('writing-output')).toContainText('to plan the launch');
  // the result takes focus, so a screen reader reads it and Tab goes on to its controls
  await expect(page.getByTestId('writing-result')).toBeFocused();
  await expect(page.getByTestId('engine-label')).toHaveText(/offline/);
  await page.getByRole('button', { name: 'Changes' }).click();
  await expect(page.getByTestId('diff-view').locator('del').first()).toBeVisible();
});

test('humanizer page shows the offline detector score before and after the rewrite', async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/tools/ai-humanizer');
  await page.getByLabel('Your text').fill(AI_TEXT);
  await page.getByRole('button', { name: 'Humanize', exact: true }).click();
  await expect(page.getByTestId('writing-output')).toContainText('Acme');
  await expect(page.getByTestId('detector-reading')).toHaveText(/AI score \d+%→after:\d+%/);
});

test('text expander says it needs a language model when none is configured', async ({ page }) => {
  await page.goto('/tools/expander');
  await expect(page.getByRole('heading', { level: 1, name: 'Text Expander' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('needs a language model');
  await page.getByLabel('Your text').fill('Short note about the launch.');
  await expect(page.getByRole('button', { name: 'Expand', exact: true })).toBeDisabled();
});
