import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { concatPcm, encodeWav, silence, synthesizePiece } from '../src/engines/tts';
import { expect, registerViaApi, test } from './fixtures';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

const SENTENCES = [
  'The library opens at nine in the morning.',
  'Visitors may borrow up to five books at a time.',
  'The reading room closes at six in the evening.',
];

/** A WAV of the sentences spoken by the offline voices, with pauses, made here (nothing is fetched). */
function speechWav(): Buffer {
  const parts = SENTENCES.flatMap((s, i) => [synthesizePiece(s, i % 2 ? 'echo' : 'nova').samples, silence(700, 16_000)]);
  return Buffer.from(encodeWav({ sampleRate: 16_000, samples: concatPcm(parts) }));
}

/** Register and become Pro through the server's offline test checkout. */
async function becomePro(page: Page): Promise<void> {
  await registerViaApi(page);
  const checkout = await page.request.post('/api/billing/checkout', { data: { kind: 'plan', plan: 'pro' } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  expect((await page.request.post(`${url}/pay`)).ok()).toBe(true);
}

test('speech to text: a visitor sees that it is part of the Pro plan, with its engine and limits', async ({ page }) => {
  await page.goto('/tools/speech-to-text');
  await expect(page.getByRole('heading', { level: 1, name: 'Speech to Text' })).toBeVisible();
  await expect(page.getByTestId('pro-gate')).toContainText('The Speech to Text is part of the Pro plan');
  await expect(page.getByTestId('pro-gate')).toContainText('Log in with a Pro account');
  await expect(page.getByRole('button', { name: 'Choose a file' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Record' })).toBeDisabled();
  await expect(page.getByTestId('stt-engine-status')).toHaveText(/Offline \(PocketSphinx, English\)/);
  await expect(page.getByTestId('stt-drop')).toContainText('MP3, WAV, M4A, OGG or WebM, up to 50 MB and 60 minutes');
});

test('speech to text: a Pro user uploads a WAV, sees the progress, then the timed transcript, and downloads the SRT', async ({ page }) => {
  test.setTimeout(120_000);
  await becomePro(page);
  await page.goto('/tools/speech-to-text');
  await expect(page.getByTestId('pro-gate')).toHaveCount(0);
  await expect(page.getByTestId('stt-empty')).toBeVisible();

  await page.getByLabel('Choose an audio file to transcribe').setInputFiles({ name: 'library.wav', mimeType: 'audio/wav', buffer: speechWav() });
  const progress = page.getByTestId('stt-progress');
  await expect(progress).toBeVisible();
  await expect(progress.getByRole('progressbar')).toBeVisible();
  // the job is in the address, so the page can be left and come back to
  await expect(page).toHaveURL(/\?job=[0-9a-f-]{36}$/, { timeout: 30_000 });

  const result = page.getByTestId('stt-result');
  await expect(result).toBeVisible({ timeout: 90_000 });
  await expect(result).toBeFocused();
  await expect(progress).toHaveCount(0);
  await expect(page.getByTestId('stt-engine')).toHaveText('Offline (PocketSphinx, English)');
  const segments = page.getByTestId('stt-segments').getByRole('listitem');
  expect(await segments.count()).toBeGreaterThanOrEqual(2);
  await expect(segments.first().locator('time')).toHaveText(/^0:0\d$/);
  await expect(page.getByTestId('stt-segments')).toContainText(/the library/i);
  await expect(page.getByTestId('stt-segments')).toContainText(/reading room/i);

  const [srt] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: 'SRT' }).click()]);
  expect(srt.suggestedFilename()).toMatch(/^transcript-\d{4}-\d\d-\d\d\.srt$/);
  const text = readFileSync((await srt.path())!, 'utf8');
  expect(text).toMatch(/^1\n00:00:0\d,\d{3} --> 00:00:0\d,\d{3}\n\S/);
  expect(text.toLowerCase()).toContain('library');

  const [vtt] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: 'VTT' }).click()]);
  expect(readFileSync((await vtt.path())!, 'utf8')).toMatch(/^WEBVTT\n\n00:00:0\d\.\d{3} --> /);

  // leave and come back without the address: the last transcription shows again, and it is in the recent list
  const url = page.url();
  await page.goto('/tools');
  await page.goto('/tools/speech-to-text');
  await expect(page).toHaveURL(url);
  await expect(page.getByTestId('stt-segments')).toContainText(/the library/i);
  await expect(page.getByRole('heading', { name: 'Recent transcriptions' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Done$/ })).toHaveCount(1);
});

test('speech to text: a file that is not audio is refused with a clear message', async ({ page }) => {
  await becomePro(page);
  await page.goto('/tools/speech-to-text');
  await page
    .getByLabel('Choose an audio file to transcribe')
    .setInputFiles({ name: 'notes.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('Meeting notes, not a recording.\n'.repeat(40)) });
  // the refusal is the server's (it sniffs the bytes, services/tool-input.ts); on a loaded CI machine the whole upload
  // has taken longer than the default 7 s, so this waits as the upload tests above do
  await expect(page.getByTestId('stt-error')).toContainText('This file is not a format this tool reads. Upload MP3, WAV, M4A, OGG or WebM', {
    timeout: 15_000,
  });
});

test('speech to text: record with the (fake) microphone, see the clock, stop: the recording is sent and transcribed', async ({ playwright, baseURL }) => {
  test.setTimeout(90_000);
  // a browser of its own: Chromium's fake microphone (a beep) is a launch option
  const browser = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
  try {
    const context = await browser.newContext({ baseURL, permissions: ['microphone'] });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
    await becomePro(page);
    await page.goto('/tools/speech-to-text');
    await page.getByRole('button', { name: 'Record' }).click();
    await expect(page.getByTestId('stt-timer')).toHaveText(/Recording 0:0[2-9]/, { timeout: 10_000 });
    await page.getByRole('button', { name: 'Stop and transcribe' }).click();
    await expect(page).toHaveURL(/\?job=[0-9a-f-]{36}$/, { timeout: 30_000 });
    // the fake microphone plays a beep: whatever the recogniser makes of it, the job ends with a transcript view
    await expect(page.getByTestId('stt-result')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('stt-result')).toContainText(/0:0\d of audio/);
  } finally {
    await browser.close();
  }
});
