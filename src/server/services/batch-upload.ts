/**
 * Reading a batch upload: up to 50 documents (.txt, .docx, .pdf), sent as files or inside .zip archives, each turned
 * into text by extract-text.ts (the same checks and worker threads as a single upload).
 *
 * What is refused outright, with a 4xx, before any document is read: an upload over its total size or document
 * count; and any .zip that is a trick rather than a folder of documents: a zip inside a zip, an entry whose path
 * leaves the archive (`../`, `/etc/…`, `C:\…`), two entries of one name, compression far beyond real documents (a
 * bomb), entries that expand to more than the archive says. The archive's directory is read first (declared sizes,
 * names) and only then is anything inflated, asynchronously (zlib's thread pool, not the event loop), with each
 * entry's output capped at its declared size.
 *
 * What becomes a failed item instead (its reason shown, nothing charged), so the other documents still run: an
 * unsupported file type, a document over 5 MB, a damaged or password-protected file, a file with no text, a text
 * over the plan's word limit.
 */
import { inflateRaw } from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyRequest } from 'fastify';
import { BATCH_LIMITS, type BatchItemError } from '../../shared/api/batches';
import { countWords, wordLimitMessage } from '../../shared/limits';
import { AppError, toAppError } from '../errors';
import { readZipDirectory, ZipError, type ZipEntry } from '../workers/zip.mjs';
import { extractText } from './extract-text';

const inflate = promisify(inflateRaw) as (buf: Buffer, opts: { maxOutputLength: number }) => Promise<Buffer>;

/** One file as uploaded. */
export interface UploadedFile {
  name: string;
  buf: Buffer;
}

/** One document of the batch: its text, or why it cannot be checked. */
export interface BatchDocument {
  filename: string;
  text: string;
  words: number;
  error: BatchItemError | null;
}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
const NOTHING_CHARGED = 'Nothing was charged for it.';

/** A file name as shown and stored: no control characters, no NUL (the database refuses it), bounded. */
function cleanName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const s = name.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (s || 'unnamed').slice(0, 255);
}

function extensionOf(name: string): string {
  const m = /\.[A-Za-z0-9]+$/.exec(name);
  return m ? m[0].toLowerCase() : '';
}

/**
 * Read the multipart body: text fields, and every file part (whatever its field name), within the upload's total
 * size and file count. Called only once the caller may run batches.
 */
export async function readBatchUpload(req: FastifyRequest): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  let total = 0;
  const tooLarge = () => new AppError('payload_too_large', `The upload is larger than ${mb(BATCH_LIMITS.maxUploadBytes)} in all. Send fewer or smaller files.`);
  try {
    for await (const part of req.parts({
      limits: { fileSize: BATCH_LIMITS.maxUploadBytes, files: BATCH_LIMITS.maxDocuments, fields: 10, fieldSize: 1024, parts: BATCH_LIMITS.maxDocuments + 10 },
    })) {
      if (part.fieldname.includes('\0')) throw new AppError('bad_request', 'Form fields must not contain NUL characters.');
      if (part.type === 'file') {
        const buf = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        total += buf.length;
        if (total > BATCH_LIMITS.maxUploadBytes) throw tooLarge();
        files.push({ name: cleanName(part.filename ?? ''), buf });
      } else if (typeof part.value === 'string') {
        if (part.value.includes('\0')) throw new AppError('bad_request', 'Form fields must not contain NUL characters.');
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new AppError('payload_too_large', `A batch takes up to ${BATCH_LIMITS.maxDocuments} files. Send the rest in another batch.`);
    throw new AppError('bad_request', 'The upload could not be read: the form data is malformed or incomplete. Please try again.');
  }
  return { fields, files };
}

/** A document still to be read, or one already failed. */
type Pending = { filename: string; buf: Buffer; error: null } | { filename: string; buf: null; error: BatchItemError };

const ARCHIVES = new Set(['.zip', '.7z', '.rar', '.tar', '.gz', '.tgz', '.bz2', '.xz', '.jar']);

/** An entry a zip tool writes for itself (macOS resource forks, Finder and Windows files): not a document. */
function isSystemEntry(path: string): boolean {
  const base = path.split('/').pop() ?? '';
  return path.startsWith('__MACOSX/') || base.startsWith('.') || base.toLowerCase() === 'thumbs.db' || base.toLowerCase() === 'desktop.ini';
}

/** A path that would leave the folder it is unpacked into, were anyone to unpack it. */
function isUnsafePath(path: string): boolean {
  if (path.startsWith('/') || path.startsWith('\\') || /^[A-Za-z]:/.test(path)) return true;
  return path.split(/[\\/]/).some((seg) => seg === '..');
}

/** The documents of one .zip, or a refusal of the whole upload when the archive is a trick. */
async function unzip(zipName: string, buf: Buffer, budget: { unzipped: number }): Promise<Pending[]> {
  const refuse = (code: 'bad_request' | 'unprocessable' | 'payload_too_large', why: string) => new AppError(code, `${zipName}: ${why}`);
  let entries: ZipEntry[];
  try {
    entries = readZipDirectory(buf, { maxEntries: BATCH_LIMITS.maxZipEntries });
  } catch (err) {
    if (err instanceof ZipError && err.reason === 'too_large')
      throw refuse('payload_too_large', `the archive holds more than ${BATCH_LIMITS.maxZipEntries} entries.`);
    throw refuse('unprocessable', 'this is not a .zip archive we can read; it may be damaged.');
  }
  const seen = new Set<string>();
  const wanted: ZipEntry[] = [];
  for (const e of entries) {
    if (e.name.includes('\0') || isUnsafePath(e.name))
      throw refuse('bad_request', `an entry's path leads outside the archive (${cleanName(e.name).slice(0, 80)}), so it was refused.`);
    if (seen.has(e.name)) throw refuse('unprocessable', `two entries have the same name (${cleanName(e.name).slice(0, 80)}), so it was refused.`);
    seen.add(e.name);
    if (e.name.endsWith('/') || isSystemEntry(e.name)) continue;
    if (ARCHIVES.has(extensionOf(e.name)))
      throw refuse(
        'bad_request',
        `it holds another archive (${cleanName(e.name).slice(0, 80)}). Archives inside archives are not opened: unpack it and upload its files.`,
      );
    wanted.push(e);
  }
  const out: Pending[] = [];
  const readable: ZipEntry[] = [];
  for (const e of wanted) {
    const filename = cleanName(`${zipName}/${e.name}`);
    // a bomb: real documents never compress a hundredfold (the rule a .docx upload is held to), whatever their size
    if (e.uncompressedSize > 1024 * 1024 && e.uncompressedSize > e.compressedSize * 100)
      throw refuse('unprocessable', 'it is compressed far more than documents are (a zip bomb), so it was not opened.');
    if (e.flags & 1)
      out.push({ filename, buf: null, error: { code: 'unprocessable', message: `This file is password-protected in the archive. ${NOTHING_CHARGED}` } });
    else if (e.method !== 0 && e.method !== 8)
      out.push({
        filename,
        buf: null,
        error: { code: 'unsupported_media_type', message: `This file is compressed in a way we do not read. ${NOTHING_CHARGED}` },
      });
    else if (e.uncompressedSize > BATCH_LIMITS.maxFileBytes)
      out.push({
        filename,
        buf: null,
        error: { code: 'payload_too_large', message: `This file is larger than ${mb(BATCH_LIMITS.maxFileBytes)}. ${NOTHING_CHARGED}` },
      });
    else {
      budget.unzipped += e.uncompressedSize;
      if (budget.unzipped > BATCH_LIMITS.maxUnzippedBytes)
        throw refuse('payload_too_large', `the archives expand to more than ${mb(BATCH_LIMITS.maxUnzippedBytes)} in all. Send fewer documents at a time.`);
      readable.push(e);
      out.push({ filename, buf: Buffer.alloc(0), error: null });
    }
  }
  // inflate only once the whole directory passed
  let r = 0;
  for (let i = 0; i < out.length; i++) {
    const slot = out[i];
    if (slot.error) continue;
    slot.buf = await inflateChecked(buf, readable[r++], () =>
      refuse('unprocessable', 'an entry expands to more than the archive declares, so it was refused.'),
    );
  }
  return out;
}

/** One entry's bytes, its output capped at the size the directory declared; a lie refuses the archive. */
async function inflateChecked(buf: Buffer, e: ZipEntry, lie: () => AppError): Promise<Buffer> {
  const h = e.localOffset;
  if (h + 30 > buf.length || buf.readUInt32LE(h) !== 0x04034b50) throw lie();
  const start = h + 30 + buf.readUInt16LE(h + 26) + buf.readUInt16LE(h + 28);
  const end = start + e.compressedSize;
  if (end > buf.length) throw lie();
  const data = buf.subarray(start, end);
  let out: Buffer;
  if (e.method === 0) out = data;
  else {
    try {
      out = await inflate(data, { maxOutputLength: Math.max(1, e.uncompressedSize) });
    } catch {
      throw lie();
    }
  }
  if (out.length !== e.uncompressedSize) throw lie();
  return out;
}

/**
 * The documents of an upload, in the order sent (a .zip's documents where the .zip was): archives unpacked, each
 * document's text extracted (two at a time: the extraction pool has two threads), counted, and checked against the
 * word limit. Refuses the whole upload (4xx) when it holds no document, too many, or an archive that is a trick.
 */
export async function readDocuments(files: UploadedFile[], wordLimit: number, signal?: AbortSignal): Promise<BatchDocument[]> {
  if (files.length === 0)
    throw new AppError('bad_request', `Choose the files to check: up to ${BATCH_LIMITS.maxDocuments} .txt, .docx or .pdf files, or a .zip of them.`);
  const budget = { unzipped: 0 };
  const pending: Pending[] = [];
  for (const f of files) {
    if (extensionOf(f.name) === '.zip') pending.push(...(await unzip(f.name, f.buf, budget)));
    else if (f.buf.length > BATCH_LIMITS.maxFileBytes)
      pending.push({
        filename: f.name,
        buf: null,
        error: { code: 'payload_too_large', message: `This file is larger than ${mb(BATCH_LIMITS.maxFileBytes)}. ${NOTHING_CHARGED}` },
      });
    else pending.push({ filename: f.name, buf: f.buf, error: null });
    if (pending.length > BATCH_LIMITS.maxDocuments) break;
  }
  if (pending.length === 0) throw new AppError('bad_request', 'The archive holds no documents. Upload .txt, .docx or .pdf files, or a .zip of them.');
  if (pending.length > BATCH_LIMITS.maxDocuments)
    throw new AppError(
      'payload_too_large',
      `This upload holds more than ${BATCH_LIMITS.maxDocuments} documents; a batch takes up to ${BATCH_LIMITS.maxDocuments}.`,
    );

  const docs: BatchDocument[] = new Array(pending.length);
  let next = 0;
  const readOne = async (p: Pending): Promise<BatchDocument> => {
    if (p.error) return { filename: p.filename, text: '', words: 0, error: p.error };
    try {
      const text = await extractText(p.filename, p.buf, { signal });
      const words = countWords(text);
      if (words === 0)
        return { filename: p.filename, text: '', words: 0, error: { code: 'unprocessable', message: `No text was found in this file. ${NOTHING_CHARGED}` } };
      if (words > wordLimit)
        return {
          filename: p.filename,
          text: '',
          words,
          error: { code: 'word_limit_exceeded', message: `${wordLimitMessage(words, wordLimit, null)} ${NOTHING_CHARGED}` },
        };
      return { filename: p.filename, text, words, error: null };
    } catch (err) {
      if (signal?.aborted) throw new AppError('bad_request', 'The upload was cancelled.');
      const e = toAppError(err);
      if (!e) throw err;
      // the extraction pool was full: a failure of the moment, not of the file, so the whole upload says so
      if (e.code === 'service_unavailable') throw e;
      return { filename: p.filename, text: '', words: 0, error: { code: e.code, message: `${e.message} ${NOTHING_CHARGED}` } };
    }
  };
  await Promise.all(
    Array.from({ length: 2 }, async () => {
      while (next < pending.length) {
        const i = next++;
        docs[i] = await readOne(pending[i]);
      }
    }),
  );
  return docs;
}

/**
 * A signal that fires when the client's connection closes, so documents still being read for it are not. (The
 * request's own 'close' fires once its body is read.) `release` removes the listener from a keep-alive socket.
 */
export function disconnectSignal(req: FastifyRequest): { signal: AbortSignal; release: () => void } {
  const ac = new AbortController();
  const socket = req.raw.socket;
  if (socket.destroyed) {
    ac.abort();
    return { signal: ac.signal, release: () => {} };
  }
  const onClose = () => ac.abort();
  socket.once('close', onClose);
  return { signal: ac.signal, release: () => socket.off('close', onClose) };
}
