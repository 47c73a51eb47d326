import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { IPTC, renderScene, xmpPacket } from '../tests/helpers/deepfake-images';
import { expect, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

/** A rendered scene saved as a JPEG the way Midjourney labels its images (XMP source type and creator tool). */
async function generatedImage(): Promise<Buffer> {
  const scene = await renderScene(77, 640, 480);
  return sharp(scene.data, { raw: { width: scene.width, height: scene.height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withXmp(xmpPacket({ digitalSourceType: `${IPTC}trainedAlgorithmicMedia`, creatorTool: 'Midjourney' }))
    .toBuffer();
}

test('deepfake detector: upload an image with generator metadata, read the finding and verdict, toggle ELA, download the report', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/tools/deepfake-detector');
  await expect(page.getByRole('heading', { level: 1, name: 'Deepfake Detector' })).toBeVisible();
  await expect(page.getByTestId('deepfake-empty')).toBeVisible();

  await page.getByTestId('deepfake-file').setInputFiles({ name: 'render.jpg', mimeType: 'image/jpeg', buffer: await generatedImage() });
  await expect(page.getByTestId('deepfake-checking')).toBeVisible();
  const verdict = page.getByTestId('deepfake-verdict');
  // the first check of a server loads the face models: allow for it
  await expect(verdict).toBeVisible({ timeout: 60_000 });
  await expect(verdict).toHaveAttribute('data-level', 'ai');
  await expect(verdict).toContainText('The file’s metadata says it was made by an AI generator (Midjourney).');

  const finding = page.locator('[data-finding="metadata.generator"]');
  await expect(finding).toContainText('The metadata names an AI generator: Midjourney');
  await expect(finding.getByTestId('strength')).toHaveText('Strong');
  await expect(page.locator('[data-finding="c2pa.none"]').getByTestId('strength')).toHaveText('No sign');
  await expect(page.getByTestId('metadata')).toContainText('CreatorTool');

  // the heat map lies over the image only while switched on
  await expect(page.getByTestId('ela-overlay')).toHaveCount(0);
  await page.getByTestId('ela-toggle').check();
  const overlay = page.getByTestId('ela-overlay');
  await expect(overlay).toBeVisible();
  const [img, heat] = await Promise.all([page.getByAltText(/The checked image/).boundingBox(), overlay.boundingBox()]);
  expect(Math.abs(img!.width - heat!.width)).toBeLessThan(2);
  expect(Math.abs(img!.height - heat!.height)).toBeLessThan(2);
  await page.getByTestId('ela-toggle').uncheck();
  await expect(overlay).toHaveCount(0);

  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download report (JSON)' }).click()]);
  expect(json.suggestedFilename()).toBe('deepfake-report-render.json');
  const report = JSON.parse(readFileSync((await json.path())!, 'utf8'));
  expect(report).toMatchObject({ file: { name: 'render.jpg' }, verdict: { level: 'ai' }, format: 'jpeg', width: 640, height: 480 });
  expect(report.ela).not.toHaveProperty('png');

  const [txt] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download report (TXT)' }).click()]);
  expect(txt.suggestedFilename()).toBe('deepfake-report-render.txt');
  const text = readFileSync((await txt.path())!, 'utf8');
  expect(text).toContain('Verdict: The file’s metadata says it was made by an AI generator (Midjourney).');
  expect(text).toContain('[Strong] Metadata: The metadata names an AI generator: Midjourney');

  // a visitor's allowance is shown; checking another image clears the result
  await expect(page.getByTestId('allowance')).toHaveText('1 of 5 free checks used today');
  await page.getByRole('button', { name: 'Check another image' }).click();
  await expect(page.getByTestId('deepfake-empty')).toBeVisible();
});

test('deepfake detector: a file that is not an image is refused with a clear message', async ({ page }) => {
  await page.goto('/tools/deepfake-detector');
  await page
    .getByTestId('deepfake-file')
    .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('This is a text file, not a photo.\n'.repeat(10)) });
  await expect(page.getByTestId('deepfake-error')).toContainText(/JPEG, PNG, WebP, HEIC or AVIF/);
  await expect(page.getByTestId('deepfake-verdict')).toHaveCount(0);
});
