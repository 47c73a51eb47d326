import { expect, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('/developers lists the API from its OpenAPI document, and the example tabs switch with the keyboard', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'API documentation' }).click();
  await expect(page).toHaveURL(/\/developers$/);
  await expect(page.getByRole('heading', { name: 'Veritext API', level: 1 })).toBeVisible();

  // the guide, and one card per endpoint of the document
  for (const section of ['Getting a key', 'Authentication', 'Rate limits', 'Retries and idempotency', 'Errors']) {
    await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
  }
  const doc = await (await page.request.get('/api/v1/openapi.json')).json();
  const operations = Object.values(doc.paths as Record<string, object>).flatMap((ops) => Object.keys(ops));
  await expect(page.getByTestId('endpoint-card')).toHaveCount(operations.length);
  const detector = page.locator('#post-api-v1-tools-content-detector');
  await expect(detector.getByRole('heading', { name: 'AI Content Detector' })).toBeVisible();
  await expect(detector).toContainText('/api/v1/tools/content-detector');
  await expect(detector.getByTestId('response-shape')).toContainText('"verdict": "human" | "mixed" | "ai" | "uncertain"');
  await expect(page.locator('#post-api-v1-tools-text-expander')).toContainText('Needs a language model');
  // a created resource answers 201 (the card says so), and a batch upload's example sends its files as form fields
  await expect(detector).toContainText('Response (200)');
  const batch = page.locator('#post-api-v1-batches');
  await expect(batch).toContainText('Response (201)');
  await expect(batch.getByTestId('example-code')).toContainText('-F files=@essays.zip');

  // keyboard: Tab onto the selected tab, then the arrow keys choose the language
  const tabs = detector.getByRole('tablist');
  const code = detector.getByTestId('example-code');
  await expect(tabs.getByRole('tab', { name: 'curl' })).toHaveAttribute('aria-selected', 'true');
  await expect(code).toContainText('curl -X POST');
  await expect(code).toContainText('Authorization: Bearer $VERITEXT_API_KEY');
  await tabs.getByRole('tab', { name: 'curl' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'JavaScript' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab', { name: 'JavaScript' })).toBeFocused();
  await expect(code).toContainText("await fetch('");
  await expect(code).toContainText('City bike-sharing schemes');
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Python' })).toHaveAttribute('aria-selected', 'true');
  await expect(code).toContainText('requests.post(');
  await page.keyboard.press('ArrowRight'); // wraps around
  await expect(tabs.getByRole('tab', { name: 'curl' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: 'Python' })).toBeFocused();
  // only the selected tab is a tab stop; Tab moves on (past Copy) to the panel's code, which scrolls with the arrow keys
  await expect(tabs.getByRole('tab', { name: 'curl' })).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(detector.getByRole('tabpanel').getByTestId('example-code')).toBeFocused();

  // the language is the page's: another card shows Python too, and a reload keeps it
  const upload = page.locator('#post-api-v1-tools-image-caption-generator');
  await expect(upload.getByTestId('example-code')).toContainText('files={"file": open("photo.jpg", "rb")}');
  await page.reload();
  await expect(page.locator('#post-api-v1-tools-content-detector').getByRole('tab', { name: 'Python' })).toHaveAttribute('aria-selected', 'true');
});

test('/developers fits a 390px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/developers');
  await expect(page.getByTestId('endpoint-card').first()).toBeVisible();
  // the contents are folded away on a phone
  await expect(page.getByText('On this page')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'API reference', exact: true })).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBe(0);
});
