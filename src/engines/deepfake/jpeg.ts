/**
 * JPEG signals, read from the file's own bytes:
 *
 * - **Quantisation tables** (DQT segments). Encoders built on libjpeg (most software, web uploads, sharp, GIMP's
 *   default) use the IJG Annex K tables scaled by a quality number; cameras and Photoshop use tables of their own.
 *   Which kind a file has, and at what quality, says which program saved it last, not what is in the picture.
 * - **Double compression.** A JPEG that was decoded and saved again (re-saved, edited, or spliced then saved) shows
 *   the double-quantisation effect: the DCT coefficients were rounded to multiples of the first table's steps, then
 *   to the second's, which leaves a comb of empty or doubled bins in their histograms. A once-compressed photo's
 *   histograms are smooth (close to geometric). We measure the comb as the mean squared z-score of the second
 *   difference of log-counts, which is about 1 for a smooth histogram whatever its slope (see `combScore`).
 *   It cannot see a second save at the *same* quality, or one after resizing (resampling erases the grid).
 */
import type { Finding, JpegInfo } from './types';

/** Zig-zag position → natural (row-major) index of an 8×8 block. */
export const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22,
  15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

/** The IJG (ITU-T T.81 Annex K) luminance and chrominance tables, natural order, at quality 50. */
const IJG_LUMA = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103,
  77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
const IJG_CHROMA = [
  17,
  18,
  24,
  47,
  99,
  99,
  99,
  99,
  18,
  21,
  26,
  66,
  99,
  99,
  99,
  99,
  24,
  26,
  56,
  99,
  99,
  99,
  99,
  99,
  47,
  66,
  99,
  99,
  99,
  99,
  99,
  99,
  ...new Array<number>(32).fill(99),
];

/** The IJG table for `quality` (libjpeg's jpeg_quality_scaling, baseline: values clamped to 1..255). */
export function ijgTable(quality: number, chroma = false): number[] {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? Math.floor(5000 / q) : 200 - q * 2;
  return (chroma ? IJG_CHROMA : IJG_LUMA).map((b) => Math.min(255, Math.max(1, Math.floor((b * scale + 50) / 100))));
}

export interface JpegStructure {
  /** quantisation tables by id (0–3), natural order */
  tables: Map<number, number[]>;
  progressive: boolean;
  /** components of the frame: id, sampling factors and table id */
  components: { id: number; h: number; v: number; tq: number }[];
  width: number;
  height: number;
  /** APPn segments seen, e.g. 'APP0 JFIF', 'APP1 Exif', 'APP11 JUMBF' */
  segments: string[];
  /** COM segments (text) */
  comments: string[];
}

export class JpegFormatError extends Error {}

/** Parse the headers of a JPEG up to its first scan (SOS). Throws JpegFormatError on a malformed file. */
export function parseJpeg(bytes: Uint8Array): JpegStructure {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new JpegFormatError('not a JPEG (no SOI marker)');
  const out: JpegStructure = { tables: new Map(), progressive: false, components: [], width: 0, height: 0, segments: [], comments: [] };
  let p = 2;
  const latin = (a: number, b: number) => String.fromCharCode(...bytes.subarray(a, Math.min(b, bytes.length)));
  while (p + 4 <= bytes.length) {
    if (bytes[p] !== 0xff) throw new JpegFormatError(`expected a marker at byte ${p}`);
    const marker = bytes[p + 1];
    if (marker === 0xff) {
      p++; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      p += 2;
      continue;
    }
    if (marker === 0xd9) break;
    const len = (bytes[p + 2] << 8) | bytes[p + 3];
    if (len < 2 || p + 2 + len > bytes.length) throw new JpegFormatError(`segment at byte ${p} runs past the end of the file`);
    const s = p + 4;
    const e = p + 2 + len;
    if (marker === 0xdb) {
      let q = s;
      while (q < e) {
        const pq = bytes[q] >> 4;
        const id = bytes[q] & 15;
        q++;
        const size = pq ? 128 : 64;
        if (q + size > e) throw new JpegFormatError('truncated quantisation table');
        const table = new Array<number>(64);
        for (let i = 0; i < 64; i++) table[ZIGZAG[i]] = pq ? (bytes[q + 2 * i] << 8) | bytes[q + 2 * i + 1] : bytes[q + i];
        out.tables.set(id, table);
        q += size;
      }
    } else if ((marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) || false) {
      out.progressive = marker === 0xc2 || marker === 0xc6 || marker === 0xca || marker === 0xce;
      out.height = (bytes[s + 1] << 8) | bytes[s + 2];
      out.width = (bytes[s + 3] << 8) | bytes[s + 4];
      const n = bytes[s + 5];
      for (let i = 0; i < n; i++) {
        const b = s + 6 + i * 3;
        out.components.push({ id: bytes[b], h: bytes[b + 1] >> 4, v: bytes[b + 1] & 15, tq: bytes[b + 2] });
      }
    } else if (marker >= 0xe0 && marker <= 0xef) {
      const head = latin(s, Math.min(e, s + 32));
      const name = /^JFIF\0/.test(head)
        ? 'JFIF'
        : /^Exif\0/.test(head)
          ? 'Exif'
          : head.startsWith('http://ns.adobe.com/xap/1.0/')
            ? 'XMP'
            : head.startsWith('http://ns.adobe.com/xmp/extension/')
              ? 'XMP extension'
              : head.startsWith('ICC_PROFILE')
                ? 'ICC profile'
                : head.startsWith('MPF')
                  ? 'MPF'
                  : head.startsWith('Photoshop 3.0')
                    ? 'Photoshop IRB'
                    : head.startsWith('Adobe')
                      ? 'Adobe'
                      : marker === 0xeb && head.startsWith('JP')
                        ? 'JUMBF'
                        : head.replace(/[^\x20-\x7e].*$/s, '').slice(0, 20) || '?';
      out.segments.push(`APP${marker - 0xe0} ${name}`);
    } else if (marker === 0xfe) {
      out.comments.push(new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(s, e)).replace(/\0+$/, ''));
    } else if (marker === 0xda) {
      break;
    }
    p = e;
  }
  if (!out.tables.size) throw new JpegFormatError('no quantisation table before the first scan');
  return out;
}

/**
 * The IJG quality a table matches: `exact` when it is the Annex K table scaled to that quality, else the quality
 * whose table is closest (mean absolute log-ratio), as an estimate.
 */
export function estimateQuality(table: number[], chroma = false): { quality: number; exact: boolean } {
  let best = 50;
  let bestErr = Infinity;
  for (let q = 1; q <= 100; q++) {
    const ref = ijgTable(q, chroma);
    let err = 0;
    for (let i = 0; i < 64; i++) err += Math.abs(Math.log(table[i]) - Math.log(ref[i]));
    if (err < bestErr) {
      bestErr = err;
      best = q;
    }
    if (err === 0) return { quality: q, exact: true };
  }
  return { quality: best, exact: false };
}

/** The JPEG chroma subsampling named the usual way ('4:2:0', '4:4:4', …), or null for greyscale/unknown. */
export function subsamplingName(components: JpegStructure['components']): string | null {
  if (components.length < 3) return null;
  const [y, cb, cr] = components;
  if (cb.h !== cr.h || cb.v !== cr.v) return 'mixed';
  const h = y.h / cb.h;
  const v = y.v / cb.v;
  if (h === 1 && v === 1) return '4:4:4';
  if (h === 2 && v === 1) return '4:2:2';
  if (h === 2 && v === 2) return '4:2:0';
  if (h === 1 && v === 2) return '4:4:0';
  if (h === 4 && v === 1) return '4:1:1';
  return `${h}×${v}`;
}

/** Zig-zag positions whose histograms we test for the comb: low frequencies, where counts are large. */
const DQ_FREQS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];
/** At most this many 8×8 blocks are transformed (a regular sample of a larger image): ~0.3 s. */
const DQ_MAX_BLOCKS = 40_000;
/** Histogram bins (|n| ≤) and the smallest count a bin needs to take part (below it, Poisson noise dominates). */
const DQ_BINS = 40;
const DQ_MIN_COUNT = 12;

/** cos((2x+1)uπ/16) × C(u)/2 for the 8-point JPEG DCT. */
const COS = (() => {
  const t = new Float64Array(64);
  for (let u = 0; u < 8; u++) for (let x = 0; x < 8; x++) t[u * 8 + x] = (u === 0 ? Math.SQRT1_2 : 1) * 0.5 * Math.cos(((2 * x + 1) * u * Math.PI) / 16);
  return t;
})();

/**
 * Comb score of a histogram of |quantised coefficients| (index = |n|; bin 0 is left out): the mean over bins of the
 * squared excess of each local dip or peak over its neighbours, in Poisson standard errors. A once-quantised histogram
 * falls monotonically however steeply, so it has only noise-sized extrema (score about 1 or below); a double-quantised
 * one has empty or doubled bins at a period, each a dip or peak many standard errors deep. Null with too few counts.
 */
export function combScore(h: ArrayLike<number>): { score: number; bins: number } | null {
  let sum = 0;
  let n = 0;
  for (let i = 2; i < h.length - 1; i++) {
    const a = h[i - 1];
    const b = h[i];
    const c = h[i + 1];
    // only where the neighbours are large enough for a dip to be measurable
    if (Math.max(a, c) < DQ_MIN_COUNT) continue;
    n++;
    const lo = Math.min(a, c);
    const hi = Math.max(a, c);
    const excess = b < lo ? lo - b : b > hi ? b - hi : 0;
    if (excess > 0) sum += excess ** 2 / (b + (b < lo ? lo : hi) + 1);
  }
  return n >= 3 ? { score: sum / n, bins: n } : null;
}

export interface DoubleQuantisation {
  /** median comb score over the measured frequencies (≈1 single-compressed; see DOUBLE_COMPRESSION_THRESHOLD) */
  score: number;
  /** frequencies measured and how many of them show a comb */
  measured: number;
  combed: number;
  blocks: number;
}

/** Comb score above which a frequency counts as combed, and the median above which we call the file re-saved. */
export const COMB_THRESHOLD = 4;
export const DOUBLE_COMPRESSION_THRESHOLD = 1.2;

/**
 * Measure the double-quantisation comb on the luminance of a decoded JPEG (interleaved 8-bit pixels in the file's own
 * orientation, i.e. not auto-rotated, so the 8×8 grid is the encoder's) against its luminance table. Luminance is
 * computed per sampled block (BT.601, as JPEG does), so no full-size copy is made.
 */
export function doubleQuantisation(img: { data: Uint8Array; width: number; height: number; channels: number }, table: number[]): DoubleQuantisation | null {
  const { data, width, height, channels } = img;
  const bw = Math.floor(width / 8);
  const bh = Math.floor(height / 8);
  const total = bw * bh;
  if (total < 64) return null;
  const stride = Math.max(1, Math.ceil(total / DQ_MAX_BLOCKS));
  const hist = DQ_FREQS.map(() => new Float64Array(DQ_BINS + 1));
  const block = new Float64Array(64);
  const rows = new Float64Array(64);
  let blocks = 0;
  for (let b = 0; b < total; b += stride) {
    const bx = (b % bw) * 8;
    const by = Math.floor(b / bw) * 8;
    for (let y = 0; y < 8; y++)
      for (let x = 0; x < 8; x++) {
        const i = ((by + y) * width + bx + x) * channels;
        block[y * 8 + x] = (channels < 3 ? data[i] : 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2]) - 128;
      }
    // rows: for each row y, the 1-D DCT along x (all 8 u); then each wanted (v,u) along y
    for (let y = 0; y < 8; y++)
      for (let u = 0; u < 8; u++) {
        let s = 0;
        for (let x = 0; x < 8; x++) s += block[y * 8 + x] * COS[u * 8 + x];
        rows[y * 8 + u] = s;
      }
    for (let f = 0; f < DQ_FREQS.length; f++) {
      const k = ZIGZAG[DQ_FREQS[f]];
      const v = k >> 3;
      const u = k & 7;
      let s = 0;
      for (let y = 0; y < 8; y++) s += rows[y * 8 + u] * COS[v * 8 + y];
      const n = Math.abs(Math.round(s / table[k]));
      if (n <= DQ_BINS) hist[f][n]++;
    }
    blocks++;
  }
  const scores: number[] = [];
  for (const h of hist) {
    const c = combScore(h);
    if (c) scores.push(c.score);
  }
  if (scores.length < 3) return null;
  scores.sort((a, b) => a - b);
  return {
    score: scores[Math.floor(scores.length / 2)],
    measured: scores.length,
    combed: scores.filter((s) => s > COMB_THRESHOLD).length,
    blocks,
  };
}

/** What the tables, the comb and the camera named in EXIF say together. */
export function jpegFindings(s: JpegStructure, dq: DoubleQuantisation | null, camera: string | null): { findings: Finding[]; info: JpegInfo } {
  const luma = s.tables.get(s.components[0]?.tq ?? 0) ?? [...s.tables.values()][0];
  const q = estimateQuality(luma);
  const chroma = s.components[1] ? s.tables.get(s.components[1].tq) : undefined;
  const standard = q.exact && (!chroma || chroma === luma || estimateQuality(chroma, true).exact);
  const info: JpegInfo = {
    quality: q.quality,
    standardTables: standard,
    tables: s.tables.size,
    progressive: s.progressive,
    subsampling: subsamplingName(s.components),
    doubleCompression: dq ? Math.round(dq.score * 100) / 100 : null,
  };
  const findings: Finding[] = [];
  const evidence = { quality: q.quality, standardTables: standard, subsampling: info.subsampling, progressive: s.progressive };
  if (standard && camera) {
    findings.push({
      id: 'jpeg.resaved_after_camera',
      signal: 'jpeg',
      title: `EXIF names a camera (${camera}), but the file was saved by common software`,
      strength: 'weak',
      points: 'edit',
      detail: `The quantisation tables are libjpeg’s standard ones at quality ${q.quality}, which most software and websites use; many cameras use tables of their own. The camera’s EXIF was kept while the image was saved again (some phones do use standard tables).`,
      evidence: { ...evidence, camera },
    });
  } else {
    findings.push({
      id: 'jpeg.tables',
      signal: 'jpeg',
      title: standard ? `Saved with standard libjpeg tables at quality ${q.quality}` : `Custom quantisation tables (about quality ${q.quality})`,
      strength: 'none',
      points: 'info',
      detail: standard
        ? 'The file was last saved by libjpeg-based software (most editors, websites and generators) at this quality. That says which program saved it, not what is in it.'
        : 'Tables of its own, as cameras, phones and Photoshop write. That says which program saved it, not what is in it.',
      evidence,
    });
  }
  if (dq && dq.score > DOUBLE_COMPRESSION_THRESHOLD) {
    findings.push({
      id: 'jpeg.double_compression',
      signal: 'jpeg',
      title: 'Saved as JPEG at least twice',
      strength: 'weak',
      points: 'edit',
      detail: `${dq.combed} of ${dq.measured} DCT coefficient histograms show the comb a second save leaves (score ${dq.score.toFixed(1)}; a once-saved file scores about 0–1). The image was decoded and saved again: edited, spliced, or just re-uploaded, which websites do all the time.`,
      evidence: { score: Math.round(dq.score * 100) / 100, combed: dq.combed, measured: dq.measured, blocks: dq.blocks },
    });
  } else if (dq) {
    findings.push({
      id: 'jpeg.single_compression',
      signal: 'jpeg',
      title: 'No trace of an earlier JPEG save',
      strength: 'none',
      points: 'info',
      detail: `The DCT histograms are smooth (score ${dq.score.toFixed(1)}). A second save at the same or a lower quality, or after resizing, leaves no such trace, so this does not show the file is an original.`,
      evidence: { score: Math.round(dq.score * 100) / 100, measured: dq.measured, blocks: dq.blocks },
    });
  }
  return { findings, info };
}
