import type { Page } from '@playwright/test';
import { expect, registerViaApi, test } from './fixtures';
import { useStaffServer } from './staff-server';

const ARTICLE =
  'Solar panels convert sunlight into electricity for homes and businesses. Modern solar panels reach an efficiency of more than twenty percent, ' +
  'and the cost of solar panels has fallen sharply over the last decade. Homeowners who install solar panels can cut their electricity bills ' +
  'and sell surplus power back to the grid. Battery storage lets a household keep solar energy for the evening, when demand peaks.';

test.beforeEach(async ({ page, context }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test('keyword extractor: a visitor extracts ranked keyphrases, exports CSV and copies, and uploads a .txt file', async ({ page }) => {
  await page.goto('/tools/keyword-extractor');
  // no model on this server: topic grouping is offered but disabled, and the page says why
  await expect(page.getByLabel('Group into topics with the language model')).toBeDisabled();
  await expect(page.getByTestId('keywords-model-note')).toContainText('needs a language model');
  await expect(page.getByRole('heading', { level: 1, name: 'Keyword Extractor' })).toBeVisible();
  await page.getByLabel('Your text').fill(ARTICLE);
  await page.getByRole('button', { name: 'Extract keywords' }).click();
  const rows = page.getByTestId('keyword-row');
  await expect(rows.first()).toContainText('solar panels');
  await expect(page.getByTestId('keywords-result')).toBeFocused();
  // rank, keyword, score 1.00, frequency 4, first position 0
  await expect(rows.first().locator('td')).toHaveText(['1', 'solar panels', '1.00', '4', '0']);
  expect(await rows.count()).toBeGreaterThan(3);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('keywords.csv');
  const csv = await (await file.createReadStream()).toArray();
  const lines = Buffer.concat(csv).toString('utf8').split('\r\n');
  expect(lines[0]).toBe('keyword,score,frequency,first_position');
  expect(lines[1]).toBe('solar panels,1,4,0');

  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  expect((await clipboard(page)).split('\n')[0]).toBe('solar panels');

  // an uploaded file's text replaces the field, and its keyphrases are listed
  await page.getByLabel('Upload a .txt, .docx or .pdf file').setInputFiles({
    name: 'cars.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Electric cars need charging stations. Charging stations need power from the grid. Electric cars are quiet.'),
  });
  await expect(rows.first()).toContainText('electric cars');
  await expect(page.getByLabel('Your text')).toHaveValue(/^Electric cars need charging stations/);
});

test('hashtag generator: the platform picker works by keyboard and the tags respect its limits; copy all', async ({ page }) => {
  await page.goto('/tools/hashtag-generator');
  await page.getByLabel('Your post or text').fill(ARTICLE);
  await page.getByRole('button', { name: 'Generate hashtags' }).click();
  const list = page.getByTestId('hashtag-list').getByRole('listitem');
  await expect(list.first()).toHaveText('#SolarPanels');
  await expect(page.getByTestId('hashtags-result')).toContainText('for Instagram');
  await expect(page.getByTestId('hashtags-result')).toBeFocused();

  // arrows move the choice to X, then LinkedIn; the result follows, and focus stays on the picker
  await page.getByRole('radio', { name: 'Instagram' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'X (Twitter)' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('hashtags-result')).toContainText('for X (Twitter)');
  expect(await list.count()).toBeLessThanOrEqual(3);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'LinkedIn' })).toBeFocused();
  await expect(page.getByTestId('hashtags-result')).toContainText('for LinkedIn');
  const tags = await list.allTextContents();
  expect(tags.length).toBeGreaterThan(0);
  expect(tags.length).toBeLessThanOrEqual(5);
  for (const t of tags) expect(t).toMatch(/^#[A-Z][A-Za-z0-9]+$/);

  await page.getByRole('button', { name: 'Copy all' }).click();
  expect(await clipboard(page)).toBe(tags.join(' '));

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('hashtags-linkedin.txt');
  expect(Buffer.concat(await (await file.createReadStream()).toArray()).toString('utf8')).toBe(tags.join(' ') + '\n');
});

test('meta description: a free user is told it is a Pro tool; a Pro user gets an extractive description with its checks and a preview', async ({ page }) => {
  test.setTimeout(60_000);
  await registerViaApi(page);
  await page.goto('/tools/seo-meta-description');
  await expect(page.getByText('Available with the Pro plan or higher')).toBeVisible();
  await expect(page.getByLabel('Page content')).toHaveCount(0);

  // Pro through the test checkout (the page flow is covered in billing.spec.ts)
  const checkout = await page.request.post('/api/billing/checkout', { data: { kind: 'plan', plan: 'pro' } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  expect((await page.request.post(`${url}/pay`)).ok()).toBe(true);

  await page.goto('/tools/seo-meta-description');
  // no language model on this server: the page says so, and extraction still works
  await expect(page.getByTestId('llm-note')).toContainText('needs a language model');
  await expect(page.getByLabel('Write new variants with AI')).toBeDisabled();
  await page.getByLabel('Focus keyphrase').fill('battery storage');
  await page.getByLabel('Page title').fill('Solar panels for your home');
  await page.getByLabel('Page content').fill(ARTICLE);
  await page.getByRole('button', { name: 'Get description' }).click();
  const first = page.getByTestId('meta-variant').first();
  await expect(first).toContainText(/battery storage/i);
  await expect(first).toContainText('Has focus keyphrase');
  const length = Number((await first.getByTestId('meta-length').textContent())!.match(/(\d+) \/ 158/)![1]);
  expect(length).toBeGreaterThanOrEqual(120);
  expect(length).toBeLessThanOrEqual(158);
  expect(Number((await first.getByTestId('meta-pixels').textContent())!.match(/(\d+) \/ 920 px/)![1])).toBeLessThanOrEqual(920);
  await expect(page.getByTestId('engine-label')).toHaveText('offline');
  const preview = page.getByTestId('serp-preview');
  await expect(preview).toContainText('Solar panels for your home');
  await expect(preview.locator('b')).toHaveText(/battery storage/i);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('meta-descriptions.txt');
  const saved = Buffer.concat(await (await file.createReadStream()).toArray()).toString('utf8');
  expect(saved).toMatch(/battery storage/i);
  expect(saved).toContain(`(${length} characters`);
  expect(saved).toContain('has the focus keyphrase');
});

test.describe('with a language model', () => {
  const staff = useStaffServer({ name: 'seo-text', role: 'admin', portOffset: 80, llm: true });

  test('meta description: variants written by the model, each checked for length and the focus keyphrase', async ({ page }) => {
    test.setTimeout(60_000);
    const GOOD = 'Solar panels turn sunlight into cheaper electricity: see how efficient modern panels are and how battery storage keeps power.';
    const SHORT = 'Solar panels, explained.';
    staff.llm!.reply = { status: 200, content: `1. ${GOOD}\n2. ${SHORT}` };
    const login = await page.request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
    expect(login.status(), await login.text()).toBe(200);
    await page.goto('/tools/seo-meta-description');
    await page.getByLabel('Focus keyphrase').fill('solar panels');
    await page.getByLabel('Write new variants with AI').check();
    await page.getByLabel('Page content').fill(ARTICLE);
    await page.getByRole('button', { name: 'Write descriptions' }).click();
    const variants = page.getByTestId('meta-variant');
    await expect(variants.first()).toContainText(GOOD);
    await expect(variants.first()).toContainText('AI written');
    await expect(variants.first().getByTestId('meta-length')).toHaveText(`${GOOD.length} / 158 characters`);
    await expect(variants.nth(1)).toContainText(SHORT);
    await expect(variants.nth(1).getByTestId('meta-length')).toHaveText(`${SHORT.length} / 158 characters`);
    // the extracted description is offered beside them
    await expect(variants.last()).toContainText('Extracted');
    await expect(page.getByTestId('engine-label')).toHaveText('test-model');
    expect(staff.llm!.requests.at(-1)!.messages[0]!.content).toContain('"solar panels"');
  });

  test('hashtags: the language model suggests tags too, marked AI and held to the platform limits', async ({ page }) => {
    staff.llm!.reply = { status: 200, content: '#SolarPower\n#AnExtremelyLongHashtagThatInstagramWouldRefuse\n#HomeBatteries' };
    await page.goto('/tools/hashtag-generator');
    await page.getByLabel('Also ask the language model').check();
    await page.getByLabel('Your post or text').fill(ARTICLE);
    await page.getByRole('button', { name: 'Generate hashtags' }).click();
    const tags = page.getByTestId('hashtag-list').getByRole('listitem');
    await expect(tags.nth(0)).toHaveText('#SolarPowerAI');
    await expect(tags.nth(1)).toHaveText('#HomeBatteriesAI');
    await expect(tags.nth(2)).not.toContainText('AI');
    await expect(page.getByTestId('hashtags-result')).not.toContainText('AnExtremelyLong');
    await expect(page.getByTestId('hashtags-result')).toContainText('test-model');
  });

  test('keywords: the language model groups the extracted keyphrases into topics with a search intent', async ({ page }) => {
    // keyphrase 1 is "solar panels"; 99 and the invented phrase must not appear
    const groups = [
      { topic: 'Solar equipment', intent: 'commercial', keyphrases: [1, 99, 'cheap wind turbines'] },
      { topic: 'Made up', intent: 'transactional', keyphrases: ['buy panels today'] },
      { topic: 'Power at home', intent: 'informational', keyphrases: [2, 3] },
    ];
    staff.llm!.reply = { status: 200, content: JSON.stringify({ groups }) };
    await page.goto('/tools/keyword-extractor');
    await page.getByLabel('Group into topics with the language model').check();
    await page.getByLabel('Your text').fill(ARTICLE);
    await page.getByRole('button', { name: 'Extract keywords' }).click();
    const cards = page.getByTestId('keyword-group');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('Solar equipment');
    await expect(cards.nth(0).getByTestId('keyword-group-intent')).toHaveText('commercial');
    await expect(cards.nth(0).getByRole('listitem')).toHaveText(['solar panels']);
    await expect(cards.nth(1).getByTestId('keyword-group-intent')).toHaveText('informational');
    await expect(cards.nth(1).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByTestId('keyword-groups')).not.toContainText('wind turbines');
    await expect(page.getByTestId('groups-engine-label')).toContainText('test-model');
    await expect(page.getByTestId('keyword-row')).not.toHaveCount(0);
    expect(staff.llm!.requests.at(-1)!.messages[1]!.content).toContain('1. solar panels');
  });
});
