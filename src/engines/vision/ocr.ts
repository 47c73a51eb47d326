/**
 * Text in an image with tesseract.js (Apache-2.0): Tesseract's LSTM recogniser compiled to WebAssembly, with the
 * English model from @tesseract.js-data/eng in node_modules (`langPath`), so nothing is fetched. `cacheMethod: 'none'`
 * because tesseract.js would otherwise write `eng.traineddata` into the working directory (the repository).
 *
 * One tesseract worker per thread, created on first use (≈ 0.5 s) and reused: loading the model is most of the cost
 * of a small image. Calls are queued one at a time on it. A worker that failed is dropped and the next call makes a
 * new one.
 *
 * Photos without text make Tesseract "read" texture as strings of symbols with low confidence; those are dropped
 * (see keepWord / keepLine) so the caption does not quote noise.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import type { PixelBox, RawImage } from './human';

export interface OcrWord {
  text: string;
  /** 0..100, Tesseract's word confidence */
  confidence: number;
  /** in the pixels of the image given to recognizeText */
  box: PixelBox;
}

export interface OcrResult {
  /** The text kept, line by line ('' when none was found). */
  text: string;
  words: OcrWord[];
  /** Mean confidence (0..100) of the words kept; 0 when none. */
  confidence: number;
}

/** A word below this confidence is noise. */
export const WORD_MIN_CONFIDENCE = 80;
/** A line whose words average below this is texture read as letters; none of it is kept. */
export const LINE_MIN_CONFIDENCE = 60;

const require = createRequire(import.meta.url);
/** The integer-quantised "best" LSTM model (2.9 MB): as accurate as the legacy-and-LSTM file on print, faster to load. */
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

let worker: Promise<Worker> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function ocrWorker(): Promise<Worker> {
  if (!worker) {
    worker = (async () => {
      const w = await createWorker('eng', OEM.LSTM_ONLY, { langPath: LANG_PATH, cacheMethod: 'none', gzip: true, logger: () => {}, errorHandler: () => {} });
      // our PNGs carry no resolution; without one Tesseract guesses 70 dpi and says so on stderr for every image
      await w.setParameters({ user_defined_dpi: '300' });
      return w;
    })();
    worker.catch(() => {
      worker = null;
    });
  }
  return worker;
}

/** Stop this thread's OCR worker (tests and CLI tools, so the process can exit). */
export async function closeOcr(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await (await w.catch(() => null))?.terminate();
}

interface TessWord {
  text: string;
  confidence: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

const hasLetterOrDigit = (s: string) => /[\p{L}\p{N}]/u.test(s);

/** A word worth quoting: confident, with a letter or digit; a lone character must be very confident. */
export function keepWord(w: { text: string; confidence: number }): boolean {
  const t = w.text.trim();
  if (!t || !hasLetterOrDigit(t) || w.confidence < WORD_MIN_CONFIDENCE) return false;
  if ([...t].length === 1) return /[\p{L}\p{N}]/u.test(t) && w.confidence >= 90;
  // mostly symbols ("|~=a-") is texture, not text
  const letters = [...t].filter(hasLetterOrDigit).length;
  return letters / [...t].length >= 0.5;
}

/** A word that carries meaning on its own: three letters or digits ("OPEN", "tea", "2024"), or a number ("42"). */
const substantial = (t: string) => [...t].filter(hasLetterOrDigit).length >= 3 || /\d{2}/.test(t);

/**
 * A line is kept when its words, all of them, average LINE_MIN_CONFIDENCE or more, and one of its confident words is
 * substantial: texture in photos reads as short confident fragments ("A UA", "AN") among junk.
 */
export function keepLine(words: { text: string; confidence: number }[]): boolean {
  if (!words.length) return false;
  if (words.reduce((s, w) => s + w.confidence, 0) / words.length < LINE_MIN_CONFIDENCE) return false;
  return words.some((w) => keepWord(w) && substantial(w.text));
}

/** Read the text in a (greyscale or colour) raster. */
export function recognizeText(img: RawImage): Promise<OcrResult> {
  const run = queue.then(() => recognize(img));
  queue = run.catch(() => {});
  return run;
}

async function recognize(img: RawImage): Promise<OcrResult> {
  const png = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: img.channels as 1 | 3 | 4 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const w = await ocrWorker();
  let data;
  try {
    ({ data } = await w.recognize(png, {}, { text: false, blocks: true }));
  } catch (err) {
    // a worker that failed mid-call is not trusted with the next one
    worker = null;
    await w.terminate().catch(() => {});
    throw err;
  }
  const lines: string[] = [];
  const words: OcrWord[] = [];
  for (const block of data.blocks ?? [])
    for (const para of block.paragraphs)
      for (const line of para.lines) {
        const lineWords = line.words as TessWord[];
        if (!keepLine(lineWords)) continue;
        const kept = lineWords.filter(keepWord);
        if (!kept.length) continue;
        lines.push(kept.map((k) => k.text.trim()).join(' '));
        for (const k of kept)
          words.push({
            text: k.text.trim(),
            confidence: Math.round(k.confidence),
            box: { x: k.bbox.x0, y: k.bbox.y0, width: k.bbox.x1 - k.bbox.x0, height: k.bbox.y1 - k.bbox.y0 },
          });
      }
  const confidence = words.length ? Math.round(words.reduce((s, k) => s + k.confidence, 0) / words.length) : 0;
  return { text: lines.join('\n'), words, confidence };
}
