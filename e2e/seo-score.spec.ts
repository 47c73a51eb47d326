import { expect, test } from './fixtures';
import { useStaffServer } from './staff-server';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

const PAGE = `<html><head><title>Baking at home</title></head><body><main>
<h1>Sourdough bread for beginners</h1>
<p>Sourdough bread needs flour, water and salt. However, it takes time.</p>
<h2>The starter</h2>
<p>Feed the starter the night before. For example, use rye flour. Then keep it warm.</p>
<img src="/loaf.jpg">
<p>Read <a href="/rye">our rye guide</a> next.</p>
</main></body></html>`;

test('SEO score analyzer: paste HTML with a keyphrase, see the score and concrete fixes', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/tools/seo-score-analyzer');
  await expect(page.getByRole('heading', { level: 1, name: 'SEO Score Analyzer' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Paste HTML / Markdown' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Page HTML, Markdown or text').fill(PAGE);
  await page.getByLabel('Focus keyphrase').fill('sourdough bread');
  await page.getByRole('button', { name: 'Analyze' }).click();

  await expect(page.getByTestId('seo-result')).toBeVisible({ timeout: 60_000 });
  const value = Number(await page.getByTestId('seo-score-value').textContent());
  expect(value).toBeGreaterThan(0);
  expect(value).toBeLessThan(100);
  await expect(page.getByTestId('seo-score')).toHaveAttribute(
    'aria-label',
    `SEO score ${value} out of 100: ${value >= 80 ? 'Good' : value >= 50 ? 'Needs work' : 'Poor'}`,
  );
  await expect(page.getByTestId('seo-readability')).toContainText('Flesch reading ease');

  // the title "Baking at home" lacks the keyphrase: a problem, with the rewritten title as the fix
  const title = page.locator('[data-check="keyphrase_in_title"]');
  await expect(title).toHaveAttribute('data-light', 'problem');
  await expect(title).toContainText('Put “sourdough bread” in the title, ideally at its start, e.g. “Sourdough bread: Baking at home”.');
  await expect(page.getByTestId('seo-group-problem').locator('[data-check="images"]')).toContainText('Describe every image in its alt attribute');
  // the introduction has the keyphrase: a good result
  await expect(page.locator('[data-check="keyphrase_in_introduction"]')).toHaveAttribute('data-light', 'good');
});

test('SEO score analyzer: a private URL is refused with a clear message', async ({ page }) => {
  await page.goto('/tools/seo-score-analyzer');
  // keyboard: the arrow key moves to the URL tab
  await page.getByRole('tab', { name: 'Paste HTML / Markdown' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'URL' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Page URL').fill('http://169.254.169.254/latest/meta-data/');
  await page.getByLabel('Page URL').press('Enter');
  await expect(page.getByTestId('seo-error')).toContainText('This URL cannot be fetched: it points to a link-local address');
  await expect(page.getByTestId('seo-result')).toHaveCount(0);
});

test('SEO score analyzer: without a language model, the rewrite button is off and says why', async ({ page }) => {
  await page.goto('/tools/seo-score-analyzer');
  await page.getByLabel('Page HTML, Markdown or text').fill(PAGE);
  await page.getByRole('button', { name: 'Analyze' }).click();
  await expect(page.getByTestId('seo-result')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('seo-suggest-needs-model')).toContainText('none is configured on this server');
  await expect(page.getByRole('button', { name: 'Suggest rewrites with AI' })).toBeDisabled();
});

test.describe('with a language model', () => {
  const staff = useStaffServer({ name: 'seo-llm', role: 'admin', portOffset: 82, llm: true });
  const LONG =
    'When you bake sourdough bread at home for the very first time you will probably notice that the dough behaves quite differently from the yeasted doughs you know.';
  const PASSIVE = 'The loaf was baked by my grandmother every Sunday.';
  const WEAK = `<html><head><title>Home baking</title></head><body><h1>Home baking</h1>
<p>Baking at home is a slow pleasure.</p><p>${LONG} ${PASSIVE}</p></body></html>`;

  test('SEO score analyzer: the model rewrites the weak parts, streamed; its title and meta description are measured again', async ({ page }) => {
    test.setTimeout(90_000);
    staff.llm!.reply = {
      status: 200,
      content: [
        'SEO title: Home baking → Sourdough bread at home: a slow pleasure',
        'Meta description: (none) → Sourdough bread at home, slowly.',
        `Sentence: ${PASSIVE} → My grandmother baked the loaf every Sunday.`,
      ].join('\n'),
    };
    await page.goto('/tools/seo-score-analyzer');
    await page.getByLabel('Page HTML, Markdown or text').fill(WEAK);
    await page.getByLabel('Focus keyphrase').fill('sourdough bread');
    await page.getByRole('button', { name: 'Analyze' }).click();
    await expect(page.getByTestId('seo-result')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('seo-suggest-needs-model')).toHaveCount(0);
    await page.getByRole('button', { name: 'Suggest rewrites with AI' }).click();
    await expect(page.getByTestId('seo-suggest-text')).toContainText(`${PASSIVE} → My grandmother baked the loaf every Sunday.`);
    const measured = page.getByTestId('seo-suggest-measured');
    await expect(measured).toHaveCount(2);
    await expect(measured.nth(0)).toContainText('Sourdough bread at home: a slow pleasure');
    await expect(measured.nth(0)).toContainText(/40 characters, about \d+ px of 600 px: fits the search result/);
    // a description the model got wrong is shown and flagged, not dropped
    await expect(measured.nth(1)).toContainText('32 characters: shorter than 120 characters');
    await page.getByRole('button', { name: 'Copy' }).last().click();

    const sent = staff
      .llm!.requests.at(-1)!
      .messages.map((m) => m.content)
      .join('\n');
    expect(sent).toContain('Focus keyphrase: "sourdough bread"');
    expect(sent).toContain('Introduction: Baking at home is a slow pleasure. → <a new first sentence');
    expect(sent).toContain(`Sentence: ${LONG} → <the same content in shorter sentences`);
    expect(sent).toContain(`Sentence: ${PASSIVE} → <the same sentence in the active voice`);
    expect(sent).toContain('Meta description: (none) → <a new meta description of 120–158 characters');
  });
});
