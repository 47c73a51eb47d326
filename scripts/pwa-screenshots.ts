/**
 * The web app manifest's screenshots (shown by Chrome's richer install dialog): the home page on a phone (390×844,
 * form_factor narrow) and on a desktop (1366×768, wide), taken from a running server and saved as small WebP files in
 * src/client/public/screenshots.
 *
 *   npm run build && npm run serve            # in one terminal (or any running instance)
 *   npx tsx scripts/pwa-screenshots.ts http://127.0.0.1:3000
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = fileURLToPath(new URL('../src/client/public/screenshots/', import.meta.url));
const SHOTS = [
  { name: 'home-narrow.webp', width: 390, height: 844, scale: 1 },
  { name: 'home-wide.webp', width: 1366, height: 768, scale: 1 },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const s of SHOTS) {
    const page = await browser.newPage({ viewport: { width: s.width, height: s.height }, deviceScaleFactor: s.scale });
    // the app as a returning visitor sees it, without the cookie banner over the page
    await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'essential'));
    await page.goto(base, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const png = await page.screenshot();
    const info = await sharp(png).webp({ quality: 72, effort: 6 }).toFile(`${out}${s.name}`);
    console.log(`${s.name}: ${info.width}×${info.height}, ${Math.round(info.size / 1024)} KB`);
    await page.close();
  }
} finally {
  await browser.close();
}
