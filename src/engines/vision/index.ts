/**
 * The offline image-caption pipeline: decode (bounded), then faces and objects (Human) and text (Tesseract) side by
 * side, dominant colours and shape, and the caption composed from all of it. Runs in the engine worker pool
 * (src/server/workers/engine-worker.ts, job `captionImage`), never on the server's event loop.
 */
import { composeCaption, type Box01, type CaptionInput, type Detection } from './caption';
import { dominantColors, imageShape, type DominantColor, type ImageShape } from './colors';
import { decodeImage, encodeJpeg, ImageInputError, type ImageFormat, type ImageInputProblem } from './decode';
import { analyzeWithHuman, type PixelBox } from './human';
import { recognizeText } from './ocr';
import { CAPTION_STYLES, type CaptionStyle } from './styles';

export { analyzeWithHuman, type DetectedFace, type DetectedObject, type HumanAnalysis, type RawImage } from './human';
export { closeOcr, recognizeText, type OcrResult } from './ocr';
export { decodeImage, ImageInputError, ACCEPTED_FORMATS, MAX_INPUT_PIXELS, MODEL_MAX_SIDE } from './decode';
export { composeCaption, type Detection, type OfflineCaption } from './caption';
export { dominantColors, imageShape } from './colors';
export { CAPTION_STYLES, CAPTION_STYLE_INFO, type CaptionStyle } from './styles';

export interface ImageCaptionAnalysis {
  image: { format: ImageFormat; compression?: string; /** EXIF orientation tag (1–8), already applied */ exifOrientation: number | null } & ImageShape;
  /** The offline caption and alt-text in every style (composing is cheap; the page switches styles without a request). */
  styles: Record<CaptionStyle, { caption: string; altText: string }>;
  hashtags: string[];
  detections: Detection[];
  people: number;
  things: { label: string; count: number }[];
  nothingFound: boolean;
  /** Text read in the image ('' when none), with its mean confidence (0..100) and word count. */
  ocr: { text: string; confidence: number; words: number };
  colors: DominantColor[];
  /** Milliseconds per step (decode, models, text) and in all. */
  timings: { decode: number; models: number; ocr: number; total: number };
  /** The models' raster as JPEG, when asked for (what a vision provider is shown). */
  jpeg?: Uint8Array;
}

export type CaptionJobResult = { ok: true; analysis: ImageCaptionAnalysis } | { ok: false; problem: ImageInputProblem; message: string };

const to01 = (b: PixelBox, w: number, h: number): Box01 => ({
  x: Math.round((b.x / w) * 10_000) / 10_000,
  y: Math.round((b.y / h) * 10_000) / 10_000,
  width: Math.round((b.width / w) * 10_000) / 10_000,
  height: Math.round((b.height / h) * 10_000) / 10_000,
});

/**
 * Analyse and caption an uploaded image. An image the decoder refuses comes back as `{ok: false}` (a value, not a
 * throw: it crosses the worker boundary with its kind intact, so the route can answer 413/415/422, not 500).
 */
export async function captionImage(bytes: Uint8Array, opts: { jpeg?: boolean } = {}): Promise<CaptionJobResult> {
  const t0 = performance.now();
  let decoded;
  try {
    decoded = await decodeImage(bytes);
  } catch (err) {
    if (err instanceof ImageInputError) return { ok: false, problem: err.problem, message: err.message };
    throw err;
  }
  const t1 = performance.now();
  let tModels = 0;
  let tOcr = 0;
  // Human computes on this thread while Tesseract works in its own: both at once
  const [found, read] = await Promise.all([
    analyzeWithHuman(decoded.rgb, { objects: true, faces: true }).then((r) => ((tModels = performance.now() - t1), r)),
    recognizeText(decoded.grey).then((r) => ((tOcr = performance.now() - t1), r)),
  ]);
  const { rgb, grey } = decoded;
  const shape = imageShape(decoded.width, decoded.height);
  const colors = dominantColors(rgb);
  const input: CaptionInput = {
    objects: found.objects.map((o) => ({ label: o.label, score: o.score, box: to01(o.box, rgb.width, rgb.height) })),
    faces: found.faces.map((f) => ({ score: f.score, age: f.age, emotion: f.emotion, box: to01(f.box, rgb.width, rgb.height) })),
    text: {
      text: read.text,
      confidence: read.confidence,
      words: read.words.map((w) => ({ text: w.text, confidence: w.confidence, box: to01(w.box, grey.width, grey.height) })),
    },
    colors,
    shape,
  };
  const composed = CAPTION_STYLES.map((s) => [s, composeCaption(input, s)] as const);
  const short = composed[0][1];
  const analysis: ImageCaptionAnalysis = {
    image: { format: decoded.format, ...(decoded.compression ? { compression: decoded.compression } : {}), exifOrientation: decoded.orientation, ...shape },
    styles: Object.fromEntries(composed.map(([s, c]) => [s, { caption: c.caption, altText: c.altText }])) as ImageCaptionAnalysis['styles'],
    hashtags: short.hashtags,
    detections: short.detections,
    people: short.summary.people,
    things: short.summary.things,
    nothingFound: short.nothingFound,
    ocr: { text: read.text, confidence: read.confidence, words: read.words.length },
    colors,
    timings: { decode: Math.round(t1 - t0), models: Math.round(tModels), ocr: Math.round(tOcr), total: 0 },
  };
  if (opts.jpeg) analysis.jpeg = await encodeJpeg(rgb);
  analysis.timings.total = Math.round(performance.now() - t0);
  return { ok: true, analysis };
}
