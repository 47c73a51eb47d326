/**
 * The installed app's icons (src/client/public/icons), drawn with sharp from the mark the header shows
 * (src/shared/brand-mark.ts: lucide's ShieldCheck, white on an indigo rounded square), which is also /favicon.svg:
 *
 *   npx tsx scripts/pwa-icons.ts
 *
 * - icon-192.png, icon-512.png: the favicon as it is (`purpose: any`);
 * - maskable-512.png: the brand colour to every edge and the shield inside the central 80% circle, the safe zone a
 *   launcher's mask keeps (`purpose: maskable`);
 * - apple-touch-icon.png (180): iOS ignores the manifest's icons and rounds the corners itself.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { brandTileSvg } from '../src/shared/brand-mark';

const out = fileURLToPath(new URL('../src/client/public/icons/', import.meta.url));

const favicon = brandTileSvg();
// a smaller shield, so it stays well inside the safe zone of any mask shape
const maskable = brandTileSvg({ rounded: false, size: 17 });
const square = brandTileSvg({ rounded: false, size: 18 });

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
