/**
 * Dominant colours and the shape of an image. Pure TypeScript on a raster (no model): k-means in CIELAB (where
 * distances follow what the eye sees) on an evenly spread sample of pixels, every step deterministic so the same
 * image always gets the same answer; each cluster is named after the nearest colour of a small everyday palette.
 */
import type { RawImage } from './human';

export interface DominantColor {
  /** '#rrggbb' of the cluster's centre */
  hex: string;
  /** the nearest everyday colour name ('navy', 'light grey', …) */
  name: string;
  /** share of the image, 0..1 */
  share: number;
}

export type Orientation = 'landscape' | 'portrait' | 'square' | 'panorama' | 'tall';

export interface ImageShape {
  width: number;
  height: number;
  orientation: Orientation;
  /** width ÷ height, two decimals */
  aspectRatio: number;
  megapixels: number;
}

/** Everyday colour names (sRGB). Kept short on purpose: "teal" helps a reader, "Pantone 7474 C" does not. */
const PALETTE: [string, number, number, number][] = [
  ['black', 0, 0, 0],
  ['dark grey', 64, 64, 64],
  ['grey', 128, 128, 128],
  ['light grey', 200, 200, 200],
  ['white', 255, 255, 255],
  ['dark red', 139, 0, 0],
  ['red', 220, 20, 30],
  ['pink', 255, 160, 190],
  ['hot pink', 255, 60, 160],
  ['maroon', 110, 20, 40],
  ['brown', 120, 70, 30],
  ['tan', 210, 180, 140],
  ['beige', 235, 220, 190],
  ['orange', 255, 140, 0],
  ['peach', 255, 200, 160],
  ['gold', 230, 180, 30],
  ['yellow', 255, 230, 0],
  ['cream', 255, 250, 215],
  ['olive', 128, 128, 0],
  ['lime green', 150, 220, 50],
  ['green', 30, 150, 50],
  ['dark green', 0, 80, 30],
  ['mint', 170, 240, 200],
  ['teal', 0, 128, 128],
  ['turquoise', 60, 210, 200],
  ['cyan', 0, 230, 240],
  ['sky blue', 135, 200, 240],
  ['light blue', 180, 215, 240],
  ['blue', 30, 90, 220],
  ['navy', 15, 30, 90],
  ['slate blue', 90, 110, 150],
  ['purple', 120, 40, 160],
  ['violet', 170, 110, 220],
  ['lavender', 210, 200, 240],
  ['magenta', 220, 0, 200],
];

type Lab = [number, number, number];

function srgbToLinear(c: number): number {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

/** sRGB (0..255) → CIELAB (D65). */
export function rgbToLab(r: number, g: number, b: number): Lab {
  const R = srgbToLinear(r);
  const G = srgbToLinear(g);
  const B = srgbToLinear(b);
  const x = (0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / 0.95047;
  const y = 0.2126729 * R + 0.7151522 * G + 0.072175 * B;
  const z = (0.0193339 * R + 0.119192 * G + 0.9503041 * B) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t) / 116 + 16 / 116);
  const fx = f(x);
  const fy = f(y);
  const fz = f(z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

const PALETTE_LAB = PALETTE.map(([name, r, g, b]) => ({ name, lab: rgbToLab(r, g, b) }));

const dist2 = (a: Lab, b: Lab) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;

/** The everyday name of a colour. */
export function colorName(r: number, g: number, b: number): string {
  const lab = rgbToLab(r, g, b);
  let best = PALETTE_LAB[0];
  for (const p of PALETTE_LAB) if (dist2(lab, p.lab) < dist2(lab, best.lab)) best = p;
  return best.name;
}

const hex = (n: number) =>
  Math.max(0, Math.min(255, Math.round(n)))
    .toString(16)
    .padStart(2, '0');

/** Pixels sampled (evenly spaced): enough for shares to the percent, and fast on any size. */
const SAMPLES = 6000;

/**
 * The `k` most common colours of an image, largest share first; clusters that get the same name are merged, and
 * colours under 3 % of the image are left out.
 */
export function dominantColors(img: RawImage, k = 5): DominantColor[] {
  const { data, width, height, channels } = img;
  const total = width * height;
  if (!total) return [];
  const step = Math.max(1, Math.floor(total / SAMPLES));
  const rgb: [number, number, number][] = [];
  const lab: Lab[] = [];
  for (let i = 0; i < total; i += step) {
    const o = i * channels;
    const px: [number, number, number] = channels >= 3 ? [data[o], data[o + 1], data[o + 2]] : [data[o], data[o], data[o]];
    rgb.push(px);
    lab.push(rgbToLab(...px));
  }
  // deterministic k-means++: start from the sample nearest the mean, then repeatedly the sample farthest from all centres
  const mean: Lab = [0, 0, 0];
  for (const p of lab) for (let c = 0; c < 3; c++) mean[c] += p[c] / lab.length;
  let first = 0;
  for (let i = 1; i < lab.length; i++) if (dist2(lab[i], mean) < dist2(lab[first], mean)) first = i;
  const centres: Lab[] = [[...lab[first]] as Lab];
  const nearest = lab.map((p) => dist2(p, centres[0]));
  while (centres.length < k) {
    let far = 0;
    for (let i = 1; i < lab.length; i++) if (nearest[i] > nearest[far]) far = i;
    // every sample is (nearly) a centre already: the image has fewer colours than k
    if (nearest[far] < 4) break;
    centres.push([...lab[far]] as Lab);
    for (let i = 0; i < lab.length; i++) nearest[i] = Math.min(nearest[i], dist2(lab[i], centres[centres.length - 1]));
  }
  const assign = new Int32Array(lab.length);
  for (let iter = 0; iter < 12; iter++) {
    let moved = 0;
    for (let i = 0; i < lab.length; i++) {
      let best = 0;
      for (let c = 1; c < centres.length; c++) if (dist2(lab[i], centres[c]) < dist2(lab[i], centres[best])) best = c;
      if (assign[i] !== best) moved++;
      assign[i] = best;
    }
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (let i = 0; i < lab.length; i++) {
      const s = sums[assign[i]];
      s[0] += lab[i][0];
      s[1] += lab[i][1];
      s[2] += lab[i][2];
      s[3]++;
    }
    centres.forEach((c, j) => {
      if (sums[j][3]) for (let d = 0; d < 3; d++) c[d] = sums[j][d] / sums[j][3];
    });
    if (iter > 0 && moved === 0) break;
  }
  // the cluster's colour is the mean of its pixels in sRGB (exact, no Lab → sRGB round trip)
  const clusters = centres.map(() => ({ r: 0, g: 0, b: 0, n: 0 }));
  for (let i = 0; i < rgb.length; i++) {
    const c = clusters[assign[i]];
    c.r += rgb[i][0];
    c.g += rgb[i][1];
    c.b += rgb[i][2];
    c.n++;
  }
  const byName = new Map<string, { r: number; g: number; b: number; n: number }>();
  for (const c of clusters) {
    if (!c.n) continue;
    const name = colorName(c.r / c.n, c.g / c.n, c.b / c.n);
    const m = byName.get(name) ?? { r: 0, g: 0, b: 0, n: 0 };
    m.r += c.r;
    m.g += c.g;
    m.b += c.b;
    m.n += c.n;
    byName.set(name, m);
  }
  return [...byName.entries()]
    .map(([name, c]) => ({ hex: `#${hex(c.r / c.n)}${hex(c.g / c.n)}${hex(c.b / c.n)}`, name, share: Math.round((c.n / rgb.length) * 1000) / 1000 }))
    .filter((c) => c.share >= 0.03)
    .sort((a, b) => b.share - a.share);
}

/** Orientation and size of an image as it is seen. */
export function imageShape(width: number, height: number): ImageShape {
  const ratio = width / height;
  const orientation: Orientation =
    ratio >= 2 ? 'panorama' : ratio <= 0.5 ? 'tall' : Math.abs(ratio - 1) <= 0.05 ? 'square' : ratio > 1 ? 'landscape' : 'portrait';
  return { width, height, orientation, aspectRatio: Math.round(ratio * 100) / 100, megapixels: Math.round((width * height) / 1e4) / 100 };
}
