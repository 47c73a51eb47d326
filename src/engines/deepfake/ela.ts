/**
 * Error level analysis (ELA), done as a "JPEG ghost" search so that texture does not drown it.
 *
 * Plain ELA saves the image again at one quality and shows where the pixels changed most. That mostly shows texture
 * and edges (they always change most), so on its own it misleads. Here:
 *
 * 1. The image is recompressed at a ladder of qualities (60, 70, 80, 90, up to 5 below the file's own quality, so the
 *    file's last save, which every block sits at equally, is left out) and the mean error of every 8×8 block is kept.
 * 2. Each quality's error is divided by the error at quality 50, which is about proportional to the block's texture,
 *    and the log of that ratio is averaged over 32×32-pixel regions (regions with almost no texture are left out).
 * 3. A region saved earlier at quality q₁ changes little when saved at q₁ again (its "ghost"); a region pasted in from
 *    elsewhere did not share that history and changes as much as ever. So at the ghost quality the pasted region
 *    stands out: we report, over qualities, the largest gap between the top 3 % of regions and the median region
 *    (`unevenness`, in natural-log units) and draw that quality's map as the heat map.
 *
 * It is a hint, not a finding of fact: a region can stand out for innocent reasons (a different texture than quality
 * 50 predicts, a sky next to foliage, text), and a splice saved at a lower quality than the original leaves no ghost.
 * bench/deepfake.ts measures both.
 *
 * Memory stays bounded: rows are processed in strips of about 4 MP (a multiple of 16 rows, so the strips keep the JPEG
 * grid and 4:2:0 chroma blocks of the whole image), and only per-block errors are kept.
 */
import sharp from 'sharp';

/** Pixels per strip: few sharp calls (each costs ~10 ms before any work) at bounded memory (5 × 4 MB per strip). */
const STRIP_PIXELS = 4_000_000;
/** Reference quality: far below any real save, so its error follows texture and not history. */
export const ELA_REF_QUALITY = 50;
const LADDER = [60, 70, 80, 90];
/** Regions are REGION×REGION blocks (32×32 pixels). */
const REGION = 4;
/** Mean reference error (0–255 luminance) below which a region is too flat to read. */
const FLAT = 0.3;

/** Unevenness above which the ELA finding is weak, and moderate (bench/deepfake.ts calibrates these). */
export const ELA_WEAK = 1.1;
export const ELA_MODERATE = 1.8;

export interface ElaResult {
  /** RGB heat map at block resolution (width/8 × height/8), in the file's orientation */
  heat: { data: Buffer; width: number; height: number };
  quality: number;
  unevenness: number;
  /** the gap at each quality tried, for the report */
  ladder: { quality: number; gap: number }[];
  regions: number;
}

export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

/**
 * Mean absolute error per 8×8 block of the image's luminance saved at each quality. Luminance only: splices show in
 * it as well as in colour, and one channel is three times less work.
 */
async function blockErrors(img: RawImage, qualities: number[]): Promise<{ errors: Float32Array[]; bw: number; bh: number }> {
  const { data, width, height, channels } = img;
  const bw = Math.floor(width / 8);
  const bh = Math.floor(height / 8);
  const errors = qualities.map(() => new Float32Array(bw * bh));
  const strip = Math.max(16, Math.floor(STRIP_PIXELS / width / 16) * 16);
  for (let top = 0; top < bh * 8; top += strip) {
    const rows = Math.min(strip, height - top);
    const luma = Buffer.alloc(rows * width);
    for (let i = 0, j = top * width * channels; i < luma.length; i++, j += channels)
      luma[i] = channels < 3 ? data[j] : Math.round(0.299 * data[j] + 0.587 * data[j + 1] + 0.114 * data[j + 2]);
    // all qualities of a strip at once: libvips runs them on its own threads
    const saved = await Promise.all(
      qualities.map(async (quality) => {
        // Huffman optimisation changes no pixel, and costs two thirds of the encoding time
        // b-w keeps it a one-component JPEG (sharp would otherwise write it as sRGB)
        const jpeg = await sharp(luma, { raw: { width, height: rows, channels: 1 } })
          .toColourspace('b-w')
          .jpeg({ quality, optimiseCoding: false })
          .toBuffer();
        const { data: re, info } = await sharp(jpeg, { sequentialRead: true }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
        if (info.channels !== 1) throw new Error(`ELA: expected one channel back, got ${info.channels}`);
        return re;
      }),
    );
    const blockRows = Math.min(rows, bh * 8 - top);
    for (let k = 0; k < qualities.length; k++) {
      const re = saved[k];
      const e = errors[k];
      for (let y = 0; y < blockRows; y++) {
        const row = ((top + y) >> 3) * bw;
        const o = y * width;
        for (let x = 0; x < bw * 8; x++) e[row + (x >> 3)] += Math.abs(luma[o + x] - re[o + x]);
      }
    }
  }
  for (const e of errors) for (let i = 0; i < e.length; i++) e[i] /= 64;
  return { errors, bw, bh };
}

const quantile = (sorted: number[], f: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(f * (sorted.length - 1))))];

/**
 * Run the analysis on decoded pixels in the file's own orientation. `fileQuality` is the JPEG's estimated quality
 * (null for PNG/WebP/…, where every rung up to 90 is tried).
 */
export async function errorLevelAnalysis(img: RawImage, fileQuality: number | null): Promise<ElaResult | null> {
  const ceiling = fileQuality == null ? 90 : fileQuality - 5;
  const rungs = LADDER.filter((q) => q <= ceiling);
  if (img.width < 64 || img.height < 64) return null;
  // a JPEG saved at 55 or below leaves no rung to try: compare the reference with itself is meaningless
  if (!rungs.length) rungs.push(Math.min(90, Math.max(ELA_REF_QUALITY + 5, (fileQuality ?? 90) + 5)));
  const { errors, bw, bh } = await blockErrors(img, [ELA_REF_QUALITY, ...rungs]);
  const ref = errors[0];
  const rw = Math.floor(bw / REGION);
  const rh = Math.floor(bh / REGION);
  const ladder: { quality: number; gap: number }[] = [];
  let best = { k: 1, gap: -Infinity, floor: 0, top: 0 };
  let regions = 0;
  for (let k = 1; k < errors.length; k++) {
    const vals: number[] = [];
    for (let ry = 0; ry < rh; ry++)
      for (let rx = 0; rx < rw; rx++) {
        let a = 0;
        let r = 0;
        for (let y = 0; y < REGION; y++)
          for (let x = 0; x < REGION; x++) {
            const i = (ry * REGION + y) * bw + rx * REGION + x;
            a += errors[k][i];
            r += ref[i];
          }
        if (r / (REGION * REGION) < FLAT) continue;
        vals.push(Math.log((a + 0.05) / (r + 0.05)));
      }
    regions = vals.length;
    if (vals.length < 20) continue;
    vals.sort((x, y) => x - y);
    const median = quantile(vals, 0.5);
    const gap = quantile(vals, 0.97) - median;
    ladder.push({ quality: rungs[k - 1], gap: Math.round(gap * 100) / 100 });
    if (gap > best.gap) best = { k, gap, floor: quantile(vals, 0.8), top: quantile(vals, 0.995) };
  }
  if (best.gap === -Infinity) return null;

  // heat map of the chosen quality at block resolution: log-ratio smoothed over 3×3 blocks, from the 80th-percentile
  // region (black) to the top half-percent (white), so only what stands out is lit; flat blocks stay dark
  const heat = Buffer.alloc(bw * bh * 3);
  const e = errors[best.k];
  const span = Math.max(0.25, best.top - best.floor);
  for (let by = 0; by < bh; by++)
    for (let bx = 0; bx < bw; bx++) {
      let a = 0;
      let r = 0;
      for (let y = Math.max(0, by - 1); y <= Math.min(bh - 1, by + 1); y++)
        for (let x = Math.max(0, bx - 1); x <= Math.min(bw - 1, bx + 1); x++) {
          a += e[y * bw + x];
          r += ref[y * bw + x];
        }
      const n = (Math.min(bh - 1, by + 1) - Math.max(0, by - 1) + 1) * (Math.min(bw - 1, bx + 1) - Math.max(0, bx - 1) + 1);
      const v = r / n < FLAT ? 0 : Math.min(1, Math.max(0, (Math.log((a + 0.05 * n) / (r + 0.05 * n)) - best.floor) / span));
      const o = (by * bw + bx) * 3;
      // "hot" colour map: black → red → yellow → white
      heat[o] = Math.round(255 * Math.min(1, 3 * v));
      heat[o + 1] = Math.round(255 * Math.min(1, Math.max(0, 3 * v - 1)));
      heat[o + 2] = Math.round(255 * Math.max(0, 3 * v - 2));
    }
  return { heat: { data: heat, width: bw, height: bh }, quality: rungs[best.k - 1], unevenness: Math.round(best.gap * 100) / 100, ladder, regions };
}

/**
 * Apply an EXIF orientation (1–8) to a raw RGB image, so a heat map computed in the file's orientation lies over the
 * image as browsers display it.
 */
export async function orientedPng(img: { data: Buffer; width: number; height: number }, orientation: number | undefined): Promise<Buffer> {
  let s = sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } });
  switch (orientation) {
    case 2:
      s = s.flop();
      break;
    case 3:
      s = s.rotate(180);
      break;
    case 4:
      s = s.flip();
      break;
    case 5:
      s = s.rotate(90).flop();
      break;
    case 6:
      s = s.rotate(90);
      break;
    case 7:
      s = s.rotate(270).flop();
      break;
    case 8:
      s = s.rotate(270);
      break;
  }
  return s.png({ compressionLevel: 9 }).toBuffer();
}
