/**
 * The decode step of every image tool: the upload, whatever its size, becomes a small upright sRGB raster before any
 * model sees it, so the memory a request uses is bounded by MODEL_MAX_SIDE, not by the upload.
 *
 * - Only JPEG, PNG, WebP and HEIF (AVIF, and HEIC when this sharp build has its codec) are read: libvips would also
 *   open SVG, TIFF, GIF and more, which this tool does not take.
 * - A pixel bomb (a small file declaring an enormous image) is refused from its header, before decoding
 *   (`limitInputPixels`, and the same bound checked on the metadata).
 * - JPEG and WebP shrink while they decode (libvips "shrink-on-load"), and the pipeline reads sequentially, so even a
 *   100-megapixel photo never sits whole in memory.
 * - EXIF orientation is applied (a phone's portrait photo is upright), transparency is flattened onto white.
 * - HEIC: sharp's prebuilt libvips carries libheif with the AV1 codec only (AVIF), not HEVC (patents), so an iPhone's
 *   HEIC is refused as unsupported with the formats that work; the page converts HEIC in the browser when the browser
 *   can decode it (Safari).
 */
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import type { RawImage } from './human';

// libvips keeps recent operations and their pixels for reuse (up to 50 MB and 100 files by default); an upload is
// decoded once and never again, so that cache only holds memory. (Process-wide: sharp has one libvips.)
sharp.cache(false);

/** Longest side of the raster every model reads (objects, faces, text, colours): memory per request is bounded by it. */
export const MODEL_MAX_SIDE = 1280;
/** Largest image accepted, in pixels (a 108-megapixel phone photo fits; a 100,000 × 100,000 bomb does not). */
export const MAX_INPUT_PIXELS = 120_000_000;

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'heif';
/** What the tool takes, for messages. */
export const ACCEPTED_FORMATS = 'JPEG, PNG, WebP or AVIF';

export type ImageInputProblem = 'unsupported' | 'too_many_pixels' | 'undecodable';

/** The upload is not an image this step can read; `problem` says which answer it deserves (415, 413 or 422). */
export class ImageInputError extends Error {
  constructor(
    readonly problem: ImageInputProblem,
    message: string,
  ) {
    super(message);
  }
}

export interface DecodedImage {
  format: ImageFormat;
  /** 'hevc' or 'av1' for HEIF files; else undefined. */
  compression?: string;
  /** The image as it is seen (after the EXIF rotation), in pixels. */
  width: number;
  height: number;
  /** EXIF orientation tag (1–8) when the file had one. */
  orientation: number | null;
  /** Upright sRGB, 3 channels, longest side ≤ MODEL_MAX_SIDE. */
  rgb: RawImage;
  /** The same, greyscale (1 channel): the OCR's input. */
  grey: RawImage;
}

const FORMATS: Record<string, ImageFormat> = { jpeg: 'jpeg', png: 'png', webp: 'webp', heif: 'heif' };

const mp = (n: number) => `${Math.round(n / 1e6)} megapixels`;

/** Decode an uploaded image (see the header); throws ImageInputError for what it cannot or will not read. */
export async function decodeImage(bytes: Uint8Array): Promise<DecodedImage> {
  const open = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true, failOn: 'error', animated: false });
  let meta: Metadata;
  try {
    // the header only (no pixels decoded), read without the pixel limit so a bomb's refusal can name its size
    meta = await sharp(bytes, { limitInputPixels: false, animated: false }).metadata();
  } catch (err) {
    throw inputError(err);
  }
  const format = meta.format ? FORMATS[meta.format] : undefined;
  if (!format) throw new ImageInputError('unsupported', `This file is not a JPEG, PNG, WebP or HEIC/AVIF image. Upload a ${ACCEPTED_FORMATS} image.`);
  const w = meta.width ?? 0;
  const h = meta.pageHeight ?? meta.height ?? 0;
  if (!w || !h) throw new ImageInputError('undecodable', 'This image has no size in its header: the file is damaged.');
  if (w * h > MAX_INPUT_PIXELS)
    throw new ImageInputError(
      'too_many_pixels',
      `This image is ${w.toLocaleString('en')} × ${h.toLocaleString('en')} pixels (${mp(w * h)}); the largest accepted is ${mp(MAX_INPUT_PIXELS)}.`,
    );
  const orientation = meta.orientation && meta.orientation >= 1 && meta.orientation <= 8 ? meta.orientation : null;
  const turned = orientation !== null && orientation >= 5;

  let small: { data: Buffer; info: OutputInfo };
  try {
    small = await open()
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .resize({ width: MODEL_MAX_SIDE, height: MODEL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (format === 'heif' && meta.compression === 'hevc') throw new ImageInputError('unsupported', heicMessage);
    throw inputError(err);
  }
  const grey = await sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: small.info.channels as 3 } })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    format,
    ...(meta.compression ? { compression: meta.compression } : {}),
    width: turned ? h : w,
    height: turned ? w : h,
    orientation,
    rgb: {
      data: new Uint8Array(small.data.buffer, small.data.byteOffset, small.data.length),
      width: small.info.width,
      height: small.info.height,
      channels: small.info.channels,
    },
    grey: { data: new Uint8Array(grey.data.buffer, grey.data.byteOffset, grey.data.length), width: grey.info.width, height: grey.info.height, channels: 1 },
  };
}

const heicMessage = `This HEIC photo uses the HEVC codec, which this server cannot decode. Upload it as ${ACCEPTED_FORMATS} (on an iPhone: Settings → Camera → Formats → Most Compatible, or share the photo as JPEG).`;

function inputError(err: unknown): ImageInputError {
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message))
    return new ImageInputError('too_many_pixels', `This image has more than ${mp(MAX_INPUT_PIXELS)}; the largest accepted is ${mp(MAX_INPUT_PIXELS)}.`);
  if (/unsupported image format/i.test(message))
    return new ImageInputError('unsupported', `This file is not an image this tool can read. Upload a ${ACCEPTED_FORMATS} image.`);
  return new ImageInputError('undecodable', 'This image could not be decoded: the file is damaged or incomplete.');
}

/** A small JPEG of the models' raster (for a vision provider: the upload itself never leaves the server). */
export async function encodeJpeg(img: RawImage, quality = 85): Promise<Uint8Array> {
  const out = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: img.channels as 3 } })
    .jpeg({ quality, mozjpeg: true })
    .toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.length);
}
