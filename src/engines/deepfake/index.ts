/**
 * The offline deepfake detector: one image in, a list of findings with their strength and a verdict sentence out.
 *
 *   decode guard  → format by content (JPEG, PNG, WebP, AVIF; HEIC for metadata only, this sharp cannot decode HEVC),
 *                   pixel limit checked from the header before any pixel is decoded
 *   c2pa.ts       → content credentials (signed digitalSourceType, signer, validation)
 *   metadata.ts   → generator names, IPTC source type, editing software, stripped/inconsistent metadata
 *   jpeg.ts       → quantisation tables and double compression (JPEG only)
 *   ela.ts        → error level analysis heat map and its unevenness
 *   faces.ts      → anti-spoofing/liveness of faces (@vladmandic/human, src/engines/vision/human.ts)
 *   verdict.ts    → the sentence
 *
 * Runs in the engine pool's worker threads (job `deepfakeScan`): everything here is CPU work on one image.
 */
import sharp, { type Metadata } from 'sharp';
import { readContentCredentials } from './c2pa';
import { ELA_MODERATE, ELA_WEAK, errorLevelAnalysis, orientedPng } from './ela';
import { faceFindings } from './faces';
import { doubleQuantisation, DOUBLE_COMPRESSION_THRESHOLD, jpegFindings, JpegFormatError, parseJpeg } from './jpeg';
import { analyzeMetadata } from './metadata';
import type { DeepfakeScan, FaceReading, Finding } from './types';
import { sortFindings, verdictOf } from './verdict';

export * from './types';
export { verdictOf, sortFindings } from './verdict';

/** Largest image decoded (48 MP phone photos fit): 150 MB of RGB, the bulk of one scan's memory. */
export const MAX_PIXELS = 50_000_000;
/** Faces are looked for on a copy at most this many pixels on its long side (the face model works at 256 px anyway). */
const FACE_SIDE = 1280;

/** An image this engine refuses: `kind` maps to the HTTP answer (415, 413 or 422). */
export class ImageInputError extends Error {
  constructor(
    readonly kind: 'unsupported' | 'too_many_pixels' | 'undecodable',
    message: string,
  ) {
    super(message);
  }
}

export interface ScanOptions {
  /** look for faces with @vladmandic/human (≈1 s and ≈150 MB once per thread); default true */
  faces?: boolean;
  maxPixels?: number;
  /** also make the copy a commercial detector is sent (providerCopy) */
  providerCopy?: boolean;
}

const MIME: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif', heic: 'image/heic' };

/** The image's format and size from its header, refusing formats and sizes we do not take. */
async function inspect(bytes: Uint8Array, maxPixels: number) {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageInputError('undecodable', 'This file could not be read as an image. It may be damaged or not an image at all.');
  }
  const format =
    meta.format === 'heif'
      ? String(meta.compression) === 'av1'
        ? 'avif'
        : 'heic'
      : meta.format === 'jpeg' || meta.format === 'png' || meta.format === 'webp'
        ? meta.format
        : null;
  if (!format)
    throw new ImageInputError('unsupported', `This is a ${String(meta.format).toUpperCase()} image; the detector takes JPEG, PNG, WebP, AVIF or HEIC.`);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!(width > 0 && height > 0)) throw new ImageInputError('undecodable', 'This image has no size in its header. It may be damaged.');
  if (width * height > maxPixels)
    throw new ImageInputError(
      'too_many_pixels',
      `This image is ${width}×${height} pixels (${Math.round((width * height) / 1e6)} megapixels); the detector takes up to ${Math.round(maxPixels / 1e6)} megapixels.`,
    );
  return { meta, format, width, height };
}

const timed = async <T>(timings: Record<string, number>, key: string, f: () => Promise<T>): Promise<T> => {
  const t0 = performance.now();
  try {
    return await f();
  } finally {
    timings[key] = Math.round(performance.now() - t0);
  }
};

export async function scanImage(input: Uint8Array, opts: ScanOptions = {}): Promise<DeepfakeScan> {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const maxPixels = opts.maxPixels ?? MAX_PIXELS;
  const timings: Record<string, number> = {};
  const { meta, format, width, height } = await inspect(bytes, maxPixels);
  const findings: Finding[] = [];

  const c2pa = await timed(timings, 'c2pa', () => readContentCredentials(bytes, MIME[format]));
  findings.push(...c2pa.findings);

  let jpegStructure: ReturnType<typeof parseJpeg> | null = null;
  if (format === 'jpeg') {
    try {
      jpegStructure = parseJpeg(bytes);
    } catch (err) {
      if (!(err instanceof JpegFormatError)) throw err;
      throw new ImageInputError('undecodable', `This JPEG is damaged (${err.message}).`);
    }
  }
  const md = await timed(timings, 'metadata', () =>
    analyzeMetadata({
      exif: meta.exif,
      xmp: meta.xmp,
      iptc: meta.iptc,
      comments: meta.comments,
      jpegComments: jpegStructure?.comments,
      format,
      width,
      height,
    }),
  );
  findings.push(...md.findings);
  const orientation = meta.orientation ?? md.orientation;

  // HEIC (HEVC) cannot be decoded by this build of sharp: metadata and credentials only
  if (format === 'heic') {
    findings.push({
      id: 'image.not_decoded',
      signal: 'metadata',
      title: 'Pixels not analysed (HEIC)',
      strength: 'none',
      points: 'info',
      detail:
        'This server reads HEIC metadata and content credentials but cannot decode HEIC pixels, so the error level, JPEG and face checks did not run. Convert the photo to JPEG to run them.',
    });
    const sorted = sortFindings(findings);
    return {
      format,
      width,
      height,
      bytes: bytes.length,
      decoded: false,
      findings: sorted,
      verdict: verdictOf(sorted),
      metadata: [...c2pa.rows, ...md.rows],
      ela: null,
      jpeg: null,
      faces: null,
      timings,
    };
  }

  // pixels in the file's own orientation (not auto-rotated): the JPEG grid and ELA need the encoder's 8×8 blocks
  let raw: { data: Buffer; width: number; height: number; channels: number };
  try {
    const { data, info } = await timed(timings, 'decode', () =>
      sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true }),
    );
    raw = { data, width: info.width, height: info.height, channels: info.channels };
  } catch {
    throw new ImageInputError('undecodable', 'This image could not be decoded: the file is damaged or truncated.');
  }

  let jpegInfo: DeepfakeScan['jpeg'] = null;
  let doubleCompressed = false;
  if (jpegStructure) {
    const table = jpegStructure.tables.get(jpegStructure.components[0]?.tq ?? 0) ?? [...jpegStructure.tables.values()][0];
    const dq = await timed(timings, 'jpeg', async () => doubleQuantisation(raw, table));
    doubleCompressed = !!dq && dq.score > DOUBLE_COMPRESSION_THRESHOLD;
    const camera = [md.make, md.model].filter(Boolean).join(' ') || null;
    const j = jpegFindings(jpegStructure, dq, camera);
    jpegInfo = j.info;
    findings.push(...j.findings);
  }

  const ela = await timed(timings, 'ela', () => errorLevelAnalysis(raw, jpegInfo?.quality ?? null));
  let elaMap: DeepfakeScan['ela'] = null;
  if (ela) {
    const png = await orientedPng(ela.heat, orientation);
    const swapped = (orientation ?? 1) >= 5;
    elaMap = {
      png: png.toString('base64'),
      width: swapped ? ela.heat.height : ela.heat.width,
      height: swapped ? ela.heat.width : ela.heat.height,
      quality: ela.quality,
      unevenness: ela.unevenness,
    };
    const strength =
      ela.unevenness >= ELA_MODERATE || (ela.unevenness >= ELA_WEAK && doubleCompressed) ? 'moderate' : ela.unevenness >= ELA_WEAK ? 'weak' : 'none';
    findings.push({
      id: strength === 'none' ? 'ela.even' : 'ela.uneven',
      signal: 'ela',
      title: strength === 'none' ? 'Error levels are even across the image' : 'Some regions have a different compression history',
      strength,
      points: strength === 'none' ? 'info' : 'edit',
      detail:
        strength === 'none'
          ? `Saved again at quality ${ela.quality}, no region changed much more or less than the rest once texture is allowed for (unevenness ${ela.unevenness.toFixed(2)}). A splice saved at a lower quality than the original would not show here.`
          : `Saved again at quality ${ela.quality}, the brightest regions of the heat map changed far more than the rest once texture is allowed for (unevenness ${ela.unevenness.toFixed(2)}): they may have been pasted in from another image${doubleCompressed ? ', and the file was saved at least twice' : ''}. Error level analysis is a hint, not proof: edges, text and very different textures can stand out too.`,
      evidence: { unevenness: ela.unevenness, quality: ela.quality, regions: ela.regions },
    });
  }
  raw = { data: Buffer.alloc(0), width: 0, height: 0, channels: 3 };

  let faces: FaceReading[] | null = null;
  if (opts.faces !== false) {
    faces = await timed(timings, 'faces', () => detectFaces(bytes, maxPixels));
    findings.push(...faceFindings(faces));
  }

  const sorted = sortFindings(findings);
  return {
    format,
    width,
    height,
    bytes: bytes.length,
    decoded: true,
    findings: sorted,
    verdict: verdictOf(sorted),
    metadata: [...c2pa.rows, ...md.rows],
    ela: elaMap,
    jpeg: jpegInfo,
    faces,
    timings,
  };
}

/** Faces on an upright (EXIF-oriented) copy at most FACE_SIDE px long; boxes as fractions of that copy. */
async function detectFaces(bytes: Buffer, maxPixels: number): Promise<FaceReading[]> {
  const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels })
    .autoOrient()
    .resize(FACE_SIDE, FACE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const { analyzeWithHuman } = await import('../vision/human');
  const result = await analyzeWithHuman({ data, width: info.width, height: info.height, channels: info.channels }, { objects: false, faces: true });
  const r = (n: number) => Math.round(n * 1000) / 1000;
  return result.faces.map((f) => ({
    score: f.score,
    antispoof: f.antispoof,
    live: f.live,
    box: { x: r(f.box.x / info.width), y: r(f.box.y / info.height), width: r(f.box.width / info.width), height: r(f.box.height / info.height) },
  }));
}

/** The worker job's answer: the scan, or why the image was refused (kept apart from crashes, which are 5xx). */
export type DeepfakeJobResult =
  { ok: true; scan: DeepfakeScan; copy: { bytes: Uint8Array; mime: string } | null } | { ok: false; problem: ImageInputError['kind']; message: string };

/** scanImage for the engine pool: a refused image comes back as a value, since only a message crosses the thread. */
export async function deepfakeJob(bytes: Uint8Array, opts: ScanOptions): Promise<DeepfakeJobResult> {
  try {
    const scan = await scanImage(bytes, opts);
    return { ok: true, scan, copy: opts.providerCopy ? await providerCopy(bytes, scan.format) : null };
  } catch (err) {
    if (err instanceof ImageInputError) return { ok: false, problem: err.kind, message: err.message };
    throw err;
  }
}

/** JPEG segments that carry metadata about the person or place (EXIF with GPS, XMP, IPTC, comments). */
const PRIVATE_SEGMENTS = new Set([0xe1, 0xed, 0xfe]);

/**
 * The copy of an image a commercial detector is sent: the same pixels without the metadata that could identify the
 * user (GPS, camera serial, names). A JPEG loses its APP1/APP13/COM segments byte for byte, so its compression is
 * untouched; other formats are re-encoded as a quality-95 JPEG. HEIC, which this server cannot decode, is not sent.
 */
export async function providerCopy(bytes: Uint8Array, format: string): Promise<{ bytes: Uint8Array; mime: string } | null> {
  if (format === 'heic') return null;
  if (format === 'jpeg') {
    const keep: Uint8Array[] = [bytes.subarray(0, 2)];
    let p = 2;
    while (p + 4 <= bytes.length && bytes[p] === 0xff && bytes[p + 1] !== 0xda) {
      const len = (bytes[p + 2] << 8) | bytes[p + 3];
      if (!PRIVATE_SEGMENTS.has(bytes[p + 1])) keep.push(bytes.subarray(p, p + 2 + len));
      p += 2 + len;
    }
    keep.push(bytes.subarray(p));
    return { bytes: new Uint8Array(Buffer.concat(keep)), mime: 'image/jpeg' };
  }
  const jpeg = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).flatten({ background: '#ffffff' }).jpeg({ quality: 95 }).toBuffer();
  return { bytes: new Uint8Array(jpeg), mime: 'image/jpeg' };
}
