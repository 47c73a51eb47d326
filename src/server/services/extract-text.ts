import { AppError } from '../errors';
import { PoolError, WorkerPool } from '../workers/pool';
import { readZipDirectory, ZipError } from '../workers/zip.mjs';

/**
 * Turn an uploaded .txt, .docx or .pdf into plain text, refusing anything else clearly.
 *
 * A small file can be hostile: a 0.3 MB .docx can expand to gigabytes of XML, a 5 MB PDF can hold 15,000 pages. So:
 * - the cheap checks run here, before anything is inflated or parsed: a .docx's zip directory (how many parts, how
 *   large they say they are, how hard they are compressed) and a PDF's page objects;
 * - the parsing runs in a worker thread (workers/extract-worker.mjs) with a heap limit and a time budget; a file
 *   over either answers 422 and the worker is replaced, so the server keeps serving throughout;
 * - the text that comes back is bounded too.
 */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_EXTENSIONS = ['.txt', '.docx', '.pdf'] as const;

export interface ExtractionLimits {
  /** The XML parts of a .docx (what is parsed for its text) may expand to at most this much in total. */
  maxUncompressedBytes: number;
  /** Files in a .docx's zip. */
  maxZipEntries: number;
  /** Expanded size over compressed size beyond which a part over 1 MB is taken for a bomb. */
  maxCompressionRatio: number;
  maxPdfPages: number;
  /** Characters of extracted text, whatever the format. */
  maxTextChars: number;
  /** Time a worker may spend on one file. */
  timeoutMs: number;
  /** Time a file may wait for a free worker. */
  queueTimeoutMs: number;
  /** Heap of each extraction worker. */
  workerHeapMb: number;
}

const limits: ExtractionLimits = {
  maxUncompressedBytes: 20 * 1024 * 1024,
  maxZipEntries: 2000,
  maxCompressionRatio: 100,
  maxPdfPages: 500,
  maxTextChars: 1_000_000,
  timeoutMs: 10_000,
  queueTimeoutMs: 20_000,
  workerHeapMb: 256,
};

export function extractionLimits(): Readonly<ExtractionLimits> {
  return limits;
}

let pool: WorkerPool | null = null;

function workers(): WorkerPool {
  pool ??= new WorkerPool({
    file: new URL('../workers/extract-worker.mjs', import.meta.url),
    size: 2,
    resourceLimits: { maxOldGenerationSizeMb: limits.workerHeapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    maxQueue: 32,
  });
  return pool;
}

/** Files being read in a worker now, and files waiting for one (benchmarks, tests). */
export function extractionLoad(): { running: number; queued: number } {
  return pool?.load() ?? { running: 0, queued: 0 };
}

/** Change the limits (tests, benchmarks). A new heap limit takes effect with the next pool. */
export async function configureExtraction(change: Partial<ExtractionLimits>): Promise<void> {
  const heapChanged = change.workerHeapMb !== undefined && change.workerHeapMb !== limits.workerHeapMb;
  Object.assign(limits, change);
  if (heapChanged && pool) {
    const old = pool;
    pool = null;
    await old.close();
  }
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const thousands = (n: number) => n.toLocaleString('en-US');

function extensionOf(filename: string): string {
  const m = /\.[A-Za-z0-9]+$/.exec(filename);
  return m ? m[0].toLowerCase() : '';
}

function decodeText(buf: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    throw new AppError('unsupported_media_type', 'This file is not plain UTF-8 text. Upload a .txt, .docx or .pdf file.');
  }
  // Binary data can be valid UTF-8 by accident; NULs and a high share of control characters give it away.
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) throw new AppError('unsupported_media_type', 'This file contains binary data, not text. Upload a .txt, .docx or .pdf file.');
    if (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) control++;
  }
  if (text.length > 0 && control / text.length > 0.01)
    throw new AppError('unsupported_media_type', 'This file contains binary data, not text. Upload a .txt, .docx or .pdf file.');
  return text.replace(/^\uFEFF/, '');
}

const isXmlPart = (name: string) => /\.(xml|rels)$/i.test(name);

/** Refuse a .docx from its zip directory alone: nothing is inflated here. */
function checkDocx(buf: Buffer): void {
  if (buf.subarray(0, 4).toString('binary') !== 'PK\x03\x04') throw new AppError('unsupported_media_type', 'This .docx file is not a Word document.');
  let entries;
  try {
    entries = readZipDirectory(buf, { maxEntries: limits.maxZipEntries });
  } catch (err) {
    if (err instanceof ZipError && err.reason === 'too_large')
      throw new AppError('payload_too_large', `This Word document holds more than ${thousands(limits.maxZipEntries)} parts, more than we read.`);
    throw new AppError('unprocessable', 'This Word document could not be read. It may be damaged.');
  }
  // images and other media are never inflated for the text, so only the XML parts count
  const parts = entries.filter((e) => isXmlPart(e.name));
  if (parts.reduce((sum, e) => sum + e.uncompressedSize, 0) > limits.maxUncompressedBytes)
    throw new AppError(
      'payload_too_large',
      `This Word document expands to more than ${mb(limits.maxUncompressedBytes)} of text and markup, more than we read. Split it into smaller documents.`,
    );
  if (parts.some((e) => e.uncompressedSize > 1024 * 1024 && e.uncompressedSize > e.compressedSize * limits.maxCompressionRatio))
    throw new AppError(
      'unprocessable',
      'This Word document is compressed far more than real documents are, so it was not opened. Save it again in Word and retry.',
    );
}

/**
 * Page objects (`/Type /Page`, not `/Pages`) counted in the raw bytes, before the PDF is parsed. Pages kept in
 * compressed object streams are not seen here; the worker checks the parser's page count as well.
 */
export function countPdfPages(buf: Buffer): number {
  let n = 0;
  for (let i = buf.indexOf('/Type'); i >= 0; i = buf.indexOf('/Type', i + 5)) {
    let j = i + 5;
    while (j < buf.length && (buf[j] === 0x20 || buf[j] === 0x0a || buf[j] === 0x0d || buf[j] === 0x09 || buf[j] === 0x0c || buf[j] === 0x00)) j++;
    if (buf.toString('latin1', j, j + 5) !== '/Page') continue;
    const next = buf[j + 5];
    // a name ends at whitespace or a delimiter; '/Pages' goes on with a letter
    if (next === undefined || !/[A-Za-z0-9]/.test(String.fromCharCode(next))) n++;
  }
  return n;
}

const tooManyPages = () =>
  new AppError(
    'payload_too_large',
    `This PDF has more than ${thousands(limits.maxPdfPages)} pages. Upload up to ${thousands(limits.maxPdfPages)} pages at a time.`,
  );
const tooLong = () =>
  new AppError('payload_too_large', `The text in this file is longer than ${thousands(limits.maxTextChars)} characters. Upload a shorter file.`);

function checkPdf(buf: Buffer): void {
  if (buf.subarray(0, 5).toString('binary') !== '%PDF-') throw new AppError('unsupported_media_type', 'This .pdf file is not a PDF document.');
  if (countPdfPages(buf) > limits.maxPdfPages) throw tooManyPages();
}

interface WorkerAnswer {
  ok: boolean;
  text?: string;
  reason?: 'damaged' | 'encrypted' | 'too_large' | 'ratio' | 'too_many_pages' | 'text_too_long';
}

/** Parse a checked .docx or .pdf in a worker, within the time and heap budgets. */
async function inWorker(kind: 'docx' | 'pdf', buf: Buffer, signal: AbortSignal | undefined): Promise<string> {
  const what = kind === 'docx' ? 'Word document' : 'PDF';
  // a copy the worker owns: the upload's buffer may be a slice of a shared pool
  const data = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length);
  const { maxUncompressedBytes, maxZipEntries, maxCompressionRatio, maxPdfPages, maxTextChars } = limits;
  let answer: WorkerAnswer;
  try {
    answer = await workers().run<WorkerAnswer>(
      { op: kind, data, limits: { maxUncompressedBytes, maxZipEntries, maxCompressionRatio, maxPdfPages, maxTextChars } },
      { timeoutMs: limits.timeoutMs, queueTimeoutMs: limits.queueTimeoutMs, signal, transfer: [data as ArrayBuffer] },
    );
  } catch (err) {
    if (!(err instanceof PoolError)) throw err;
    if (err.kind === 'timeout')
      throw new AppError(
        'unprocessable',
        `This file is too complex to read: it took longer than ${limits.timeoutMs / 1000} seconds. Save it again as a simpler .docx or .pdf, or paste the text.`,
      );
    if (err.kind === 'crashed')
      throw new AppError(
        'unprocessable',
        'This file is too complex to read: it needs more memory than we allow. Save it again as a simpler file, or paste the text.',
      );
    if (err.kind === 'busy')
      throw new AppError('service_unavailable', 'The server is busy reading other files. Please try again in a moment.', undefined, { 'retry-after': '5' });
    // the request went away; nobody reads this answer
    throw new AppError('bad_request', 'The upload was cancelled.');
  }
  if (answer.ok) return answer.text ?? '';
  switch (answer.reason) {
    case 'encrypted':
      throw new AppError('unprocessable', `This ${what} is password-protected. Remove the password and try again.`);
    case 'too_many_pages':
      throw tooManyPages();
    case 'text_too_long':
      throw tooLong();
    case 'too_large':
      throw new AppError('payload_too_large', `This ${what} expands to more than ${mb(maxUncompressedBytes)}, more than we read.`);
    case 'ratio':
      throw new AppError('unprocessable', `This ${what} is compressed far more than real documents are, so it was not opened.`);
    default:
      throw new AppError('unprocessable', `This ${what} could not be read. It may be damaged.`);
  }
}

export async function extractText(filename: string, buf: Buffer, opts: { signal?: AbortSignal } = {}): Promise<string> {
  const ext = extensionOf(filename);
  let text: string;
  if (ext === '.txt') text = decodeText(buf);
  else if (ext === '.docx') {
    checkDocx(buf);
    text = await inWorker('docx', buf, opts.signal);
  } else if (ext === '.pdf') {
    checkPdf(buf);
    text = await inWorker('pdf', buf, opts.signal);
  } else throw new AppError('unsupported_media_type', 'Unsupported file type. Upload a .txt, .docx or .pdf file.');
  if (text.length > limits.maxTextChars) throw tooLong();
  // the database refuses NUL in text; a document's stray NULs carry no meaning
  text = text.replace(/\0/g, '');
  if (text.trim() === '') throw new AppError('unprocessable', 'No text was found in this file.');
  return text;
}
