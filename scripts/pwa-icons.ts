/**
 * The installed app's icons (src/client/public/icons), drawn from the favicon in src/client/index.html (an indigo
 * rounded square with a white check) with sharp:
 *
 *   npx tsx scripts/pwa-icons.ts
 *
 * - icon-192.png, icon-512.png: the favicon as it is (`purpose: any`);
 * - maskable-512.png: the brand colour to every edge and the check inside the central 80% circle, the safe zone a
 *   launcher's mask keeps (`purpose: maskable`);
 * - apple-touch-icon.png (180): iOS ignores the manifest's icons and rounds the corners itself.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const BRAND = '#4f46e5';
const CHECK = `<path d="M9 16.5l4.5 4.5L23 11.5" stroke="white" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
const out = fileURLToPath(new URL('../src/client/public/icons/', import.meta.url));

const favicon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${BRAND}"/>${CHECK}</svg>`;
// the check scaled to 70% about the centre, so it stays well inside the safe zone of any mask shape
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16) scale(0.7) translate(-16 -16)">${CHECK}</g></svg>`;
const square = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16) scale(0.85) translate(-16 -16)">${CHECK}</g></svg>`;

async function png(svg: string, size: number, name: string): Promise<void> {
  // rendered at the target size (not scaled from a small bitmap), as small palette PNGs
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`${out}${name}`);
}

mkdirSync(out, { recursive: true });
await png(favicon, 192, 'icon-192.png');
await png(favicon, 512, 'icon-512.png');
await png(maskable, 512, 'maskable-512.png');
await png(square, 180, 'apple-touch-icon.png');
console.log(`icons written to ${out}`);
