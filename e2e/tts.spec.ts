import { readFileSync } from 'node:fs';
import { expect, registerViaApi, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

const TEXT =
  'The library opens at nine in the morning. Visitors may borrow up to five books at a time.\n\n' +
  'The reading room closes at six in the evening, and the garden stays open until sunset.';

/** The bytes of a download. */
async function bytesOf(download: import('@playwright/test').Download): Promise<Buffer> {
  return readFileSync((await download.path())!);
}

test('text to speech: generate, play as it streams, stop with Escape, download WAV and MP3', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/tools/text-to-speech');
  await expect(page.getByRole('heading', { level: 1, name: 'Text to Speech' })).toBeVisible();
  await expect(page.getByTestId('tts-empty')).toBeVisible();
  await expect(page.getByTestId('engine-status')).toHaveText(/Offline \(Flite\)/);

  // six voices with their descriptions; the offline rendering is said plainly
  const voices = page.getByRole('radiogroup', { name: 'Voice' });
  await expect(voices.getByRole('radio')).toHaveCount(6);
  await expect(voices).toContainText('Female, UK');
  await expect(voices).toContainText('no British female voice is available offline');
  await voices.getByRole('radio', { name: /Shimmer/ }).check();
  await page.getByLabel('Speed').fill('1.25');
  await expect(page.locator('output[for="tts-speed"]')).toHaveText('1.25×');

  await page.getByLabel('Text to read aloud').fill(TEXT);
  await page.getByRole('button', { name: 'Generate speech' }).click();
  const player = page.getByTestId('tts-player');
  await expect(player).toBeVisible();
  await expect(player.getByRole('heading')).toHaveText('Shimmer · 1.25×');
  // playback starts with the first sentence: the Pause button appears and the clock moves
  await expect(page.getByTestId('tts-play')).toHaveText('Pause', { timeout: 30_000 });
  await expect(page.getByTestId('tts-time')).not.toHaveText(/^0:00 \//, { timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Download WAV' })).toBeEnabled({ timeout: 30_000 });
  await expect(player).toContainText('3 parts');
  await expect(page.getByTestId('engine-label')).toHaveText(/Offline \(Flite\)/);

  // Escape stops playback
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tts-play')).toHaveText('Play');
  await expect(page.getByTestId('tts-time')).toHaveText(/^0:00 \/ 0:\d\d$/);

  const [wav] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download WAV' }).click()]);
  expect(wav.suggestedFilename()).toBe('speech-shimmer.wav');
  const w = await bytesOf(wav);
  expect(w.subarray(0, 4).toString('ascii')).toBe('RIFF');
  expect(w.subarray(8, 12).toString('ascii')).toBe('WAVE');
  expect(w.readUInt32LE(24)).toBe(16_000);
  // several seconds of 16-bit mono audio
  expect(w.readUInt32LE(40) / 32_000).toBeGreaterThan(5);

  const [mp3] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download MP3' }).click()]);
  expect(mp3.suggestedFilename()).toBe('speech-shimmer.mp3');
  const m = await bytesOf(mp3);
  // an MPEG audio frame header at the start, and much smaller than the WAV
  expect(m[0]).toBe(0xff);
  expect(m[1] & 0xe0).toBe(0xe0);
  expect(m.length).toBeLessThan(w.length / 4);
});

test('text to speech: the Stop button cancels a long generation and says how far it got', async ({ page }) => {
  test.setTimeout(60_000);
  // an account's 2,000 words: long enough that the Stop click always lands while sentences are still being spoken
  await registerViaApi(page);
  await page.goto('/tools/text-to-speech');
  const long = Array.from({ length: 120 }, (_, i) => `This is sentence number ${i + 1} of a longer passage that takes a while to read aloud.`).join(' ');
  await page.getByLabel('Text to read aloud').fill(long);
  await page.getByRole('button', { name: 'Generate speech' }).click();
  await expect(page.getByText(/Generating sentence \d+ of 120/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Stop generating and playing' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Stopped after \d+ of 120 sentences/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download WAV' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Generate speech' })).toBeEnabled();
});

test('text to speech: an uploaded .txt file is read aloud and its text shown', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/tools/text-to-speech');
  await page.getByLabel('Upload a .txt, .docx or .pdf file').setInputFiles({
    name: 'notice.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Please return your books by Friday.\n\nThank you for visiting the library.'),
  });
  await expect(page.getByLabel('Text to read aloud')).toHaveValue(/Please return your books by Friday\./, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Download WAV' })).toBeEnabled();
  await expect(page.getByTestId('tts-player')).toContainText('2 parts');
});

test('text to speech: a voice preview plays, and bad input is refused with the reason', async ({ page }) => {
  await page.goto('/tools/text-to-speech');
  const preview = page.waitForResponse((r) => r.url().includes('/voices/nova/preview'));
  await page.getByRole('button', { name: 'Preview Nova' }).click();
  const res = await preview;
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('audio/wav');

  // nothing pronounceable: the API refuses and the page says why
  await page.getByLabel('Text to read aloud').fill('... !!! ???');
  await page.getByRole('button', { name: 'Generate speech' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'nothing to read aloud' }).first()).toBeVisible({ timeout: 20_000 });
});
