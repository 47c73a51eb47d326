/**
 * File extraction worker (node:worker_threads): the text of one .docx or .pdf per message. Plain JavaScript so it
 * runs the same under tsx, vitest and node. The server runs it with a heap limit and a time budget and terminates it
 * when either is exceeded, so a hostile file costs this thread, never the server's event loop or heap.
 *
 * Protocol: { id, op: 'docx' | 'pdf', data: ArrayBuffer, limits } -> { id, ok: true, text } | { id, ok: false, reason, detail }
 * reason: 'damaged' | 'encrypted' | 'too_large' | 'ratio' | 'too_many_pages' | 'text_too_long'
 */
import { parentPort } from 'node:worker_threads';
import { inflateEntry, readZipDirectory, ZipError } from './zip.mjs';

class Refusal extends Error {
  constructor(reason, detail) {
    super(detail);
    this.reason = reason;
  }
}

/** XML parts are what the reader parses; a ratio beyond this is a bomb, not a document. */
function checkPart(entry, limits) {
  if (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize > entry.compressedSize * limits.maxCompressionRatio)
    throw new Refusal('ratio', entry.name);
}

async function docxText(buf, limits) {
  const entries = readZipDirectory(buf, { maxEntries: limits.maxZipEntries });
  const byName = new Map();
  for (const e of entries) {
    // two entries of one name are a known trick to show one reader one part and another reader another
    if (byName.has(e.name)) throw new ZipError('damaged', `duplicate entry ${e.name}`);
    byName.set(e.name, e);
  }
  // mammoth reads the parts it needs through this object; every read is checked against the budget before inflating
  let inflated = 0;
  const file = {
    exists: (name) => byName.has(name),
    read: async (name, encoding) => {
      const e = byName.get(name);
      if (!e) throw new ZipError('damaged', `missing entry ${name}`);
      checkPart(e, limits);
      inflated += e.uncompressedSize;
      if (inflated > limits.maxUncompressedBytes) throw new Refusal('too_large', 'expanded parts');
      const bytes = inflateEntry(buf, e);
      if (encoding === 'base64') return bytes.toString('base64');
      if (encoding) return new TextDecoder(encoding).decode(bytes);
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
    },
    write: () => {},
    toArrayBuffer: () => Promise.reject(new Error('read-only')),
  };
  const mammoth = (await import('mammoth')).default;
  const { value } = await mammoth.extractRawText({ file });
  if (value.length > limits.maxTextChars) throw new Refusal('text_too_long', '');
  return value;
}

async function pdfText(buf, limits) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc;
  try {
    doc = await pdfjs.getDocument({
      data: new Uint8Array(buf.buffer, buf.byteOffset, buf.length),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      verbosity: 0,
    }).promise;
  } catch (err) {
    if (err && err.name === 'PasswordException') throw new Refusal('encrypted', '');
    throw new Refusal('damaged', String(err && err.message));
  }
  try {
    // the page count comes from the page tree's root, before any page is parsed
    if (doc.numPages > limits.maxPdfPages) throw new Refusal('too_many_pages', String(doc.numPages));
    const pages = [];
    let length = 0;
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str + (item.hasEOL ? '\n' : '');
      }
      page.cleanup();
      length += line.length + 2;
      if (length > limits.maxTextChars) throw new Refusal('text_too_long', '');
      pages.push(line);
    }
    return pages.join('\n\n');
  } catch (err) {
    if (err instanceof Refusal) throw err;
    throw new Refusal('damaged', String(err && err.message));
  } finally {
    await doc.destroy();
  }
}

parentPort.on('message', async (m) => {
  try {
    const buf = Buffer.from(m.data);
    const text = m.op === 'docx' ? await docxText(buf, m.limits) : await pdfText(buf, m.limits);
    parentPort.postMessage({ id: m.id, ok: true, text });
  } catch (err) {
    const reason = err instanceof Refusal || err instanceof ZipError ? err.reason : 'damaged';
    parentPort.postMessage({ id: m.id, ok: false, reason, detail: String(err && err.message) });
  }
});
