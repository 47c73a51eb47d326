import { expect, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('grammar fixer: check, see the issues inline, accept the spelling fix', async ({ page }) => {
  // the first check loads harper (2–3 s idle, much longer on a busy machine)
  test.setTimeout(120_000);
  await page.goto('/tools/grammar-fixer');
  await expect(page.getByRole('heading', { level: 1, name: 'Grammar Fixer' })).toBeVisible();
  await page.getByLabel('Your text').fill('I will see you tomorow and we can eat a apple.');
  await expect(page.getByTestId('word-counter')).toHaveText('11 / 500 words');
  await page.getByRole('button', { name: 'Check grammar' }).click();
  await expect(page.getByTestId('grammar-result')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('grammar-result')).toBeFocused();
  // scrolled to (focus and scrolling start together), and once the smooth scroll settles its top is just below the
  // sticky 64 px header, not under it (scroll-padding-top in styles.css)
  const top = () => page.getByTestId('grammar-result').evaluate((e) => Math.round(e.getBoundingClientRect().top));
  let last = Number.NaN;
  await expect
    .poll(async () => {
      const now = await top();
      const settled = now === last;
      last = now;
      return settled;
    })
    .toBe(true);
  expect(last).toBeGreaterThanOrEqual(64);
  expect(last).toBeLessThan(120);
  await expect(page.getByTestId('engine-label')).toHaveText(/offline/);
  await expect(page.getByTestId('inline-issue')).toHaveCount(2);

  const spelling = page.getByTestId('grammar-issue').filter({ hasText: 'tomorow' });
  await spelling.getByRole('button', { name: 'Accept “tomorrow”' }).click();
  await expect(page.getByTestId('grammar-text')).toContainText('see you tomorrow and');
  // the pressed button went with its issue: focus moves on to the next issue rather than back to the page's start
  const article = page.getByTestId('grammar-issue').filter({ hasText: 'indefinite article' });
  await expect(article.getByRole('button', { name: 'Accept “an”' })).toBeFocused();
  await expect(page.getByLabel('Your text')).toHaveValue('I will see you tomorrow and we can eat a apple.');

  // the a/an issue's offsets moved with the fix: accepting it (Enter, on the button focus moved to) still edits the right word
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('grammar-text')).toHaveText('I will see you tomorrow and we can eat an apple.');
  await expect(page.getByRole('heading', { name: 'No issues left' })).toBeFocused();
});

test('grammar fixer: ignore hides an issue and leaves the text as it was', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/tools/grammar-fixer');
  await page.getByLabel('Your text').fill('We walked to the the park.');
  await page.getByRole('button', { name: 'Check grammar' }).click();
  await expect(page.getByTestId('grammar-issue')).toHaveCount(1, { timeout: 90_000 });
  await page
    .getByTestId('grammar-issue')
    .getByRole('button', { name: /^Ignore/ })
    .click();
  await expect(page.getByTestId('grammar-issue')).toHaveCount(0);
  await expect(page.getByTestId('grammar-text')).toHaveText('We walked to the the park.');
});
