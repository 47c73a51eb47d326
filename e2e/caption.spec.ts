import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { expect, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

/** A sign: the word OPEN in black on white, as a PNG made here. */
async function signPng(word = 'OPEN'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="300"><rect width="100%" height="100%" fill="#fff"/><rect x="40" y="40" width="560" height="220" fill="none" stroke="#1e3a8a" stroke-width="12"/><text x="120" y="195" font-family="DejaVu Sans" font-size="110" fill="#111">${word}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test('image caption generator: upload an image with text, see the caption, the text read and the boxes, switch style, download', async ({ page }, testInfo) => {
  test.setTimeout(150_000);
  await page.goto('/tools/image-caption-generator');
  await expect(page.getByRole('heading', { level: 1, name: 'Image Caption Generator' })).toBeVisible();
  await expect(page.getByTestId('caption-empty')).toBeVisible();
  await expect(page.getByTestId('engine-status')).toHaveText(/Offline \(Human \+ Tesseract\)/);
  // without a vision model the page says what the offline captions are, and what a model would add
  await expect(page.getByTestId('caption-offline-note')).toContainText('vision model');
  await page.screenshot({ path: testInfo.outputPath('caption-empty-desktop.png'), fullPage: true });

  await page.getByLabel('Choose an image').setInputFiles({ name: 'shop-sign.png', mimeType: 'image/png', buffer: await signPng() });
  await expect(page.getByTestId('caption-text')).toHaveText("The word 'OPEN'", { timeout: 120_000 });
  await expect(page.getByTestId('caption-alt')).toHaveText("The word 'OPEN'.");
  await expect(page.getByTestId('caption-ocr')).toHaveText('OPEN');
  await expect(page.getByTestId('engine-label')).toHaveText(/Offline \(Human \+ Tesseract\)/);
  // the word's box is drawn over the preview
  await expect(page.getByTestId('caption-boxes').locator('[data-kind="text"]')).toHaveCount(1);
  await expect(page.getByRole('img', { name: "The word 'OPEN'." })).toBeVisible();
  await expect(page.getByTestId('caption-colors')).toContainText('white');
  await page.screenshot({ path: testInfo.outputPath('caption-result-desktop.png'), fullPage: true });

  // another style of the offline caption, without another request
  let requests = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/tools/image-caption-generator') && r.method() === 'POST') requests++;
  });
  await page
    .getByRole('radiogroup', { name: 'Caption style' })
    .getByRole('radio', { name: /SEO alt-text/ })
    .check();
  await expect(page.getByTestId('caption-text')).toHaveText("Text 'OPEN'");
  await page
    .getByRole('radiogroup', { name: 'Caption style' })
    .getByRole('radio', { name: /Detailed/ })
    .check();
  await expect(page.getByTestId('caption-text')).toContainText('Panorama, 640 × 300 pixels.');
  expect(requests).toBe(0);

  const [txt] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download TXT' }).click()]);
  expect(txt.suggestedFilename()).toBe('caption-shop-sign.txt');
  const text = readFileSync((await txt.path())!, 'utf8');
  expect(text).toContain('Style: Detailed');
  expect(text).toContain('Text in the image:\nOPEN');
  expect(text).toMatch(/- text: OPEN, \d+ %/);

  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download JSON' }).click()]);
  expect(json.suggestedFilename()).toBe('caption-shop-sign.json');
  const body = JSON.parse(readFileSync((await json.path())!, 'utf8'));
  expect(body).toMatchObject({ file: 'shop-sign.png', shownStyle: 'detailed', ocr: { text: 'OPEN' }, engine: 'offline' });
  expect(body.detections).toContainEqual(expect.objectContaining({ kind: 'text', label: 'OPEN', inCaption: true }));

  // paste an image from the clipboard: a new caption
  const pasted = (await signPng('EXIT')).toString('base64');
  await page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'clipboard.png', { type: 'image/png' }));
    document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  }, pasted);
  await expect(page.getByTestId('caption-ocr')).toHaveText('EXIT', { timeout: 120_000 });
  await expect(page.getByTestId('caption-text')).toContainText("'EXIT'");
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('image caption generator: take a photo is offered, a text file named .png is refused with the formats, then a caption', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await page.goto('/tools/image-caption-generator');
    // a phone may take the photo with its camera
    await expect(page.getByRole('button', { name: 'Take a photo' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('caption-empty-phone.png') });

    // the photo comes through the device adapter: in a browser a file chooser that asks for the rear camera
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Take a photo' }).click();
    const camera = await chooser;
    expect(await camera.element().getAttribute('capture')).toBe('environment');
    await camera.setFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: Buffer.from('not an image, just some words\n'.repeat(20)) });
    await expect(page.getByTestId('caption-error')).toContainText('JPEG, PNG, WebP, HEIC or AVIF', { timeout: 30_000 });
    await page.screenshot({ path: testInfo.outputPath('caption-error-phone.png') });

    await page.getByLabel('Choose an image').setInputFiles({ name: 'sign.png', mimeType: 'image/png', buffer: await signPng() });
    await expect(page.getByTestId('caption-text')).toHaveText("The word 'OPEN'", { timeout: 80_000 });
    await expect(page.getByTestId('caption-error')).toHaveCount(0);
    await page.getByTestId('caption-result').screenshot({ path: testInfo.outputPath('caption-result-phone.png') });
  });
});
