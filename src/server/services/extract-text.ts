import { AppError } from '../errors';

/** Turn an uploaded .txt, .docx or .pdf into plain text, refusing anything else clearly. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_EXTENSIONS = ['.txt', '.docx', '.pdf'] as const;

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

async function docxText(buf: Buffer): Promise<string> {
  if (buf.subarray(0, 4).toString('binary') !== 'PK\x03\x04') throw new AppError('unsupported_media_type', 'This .docx file is not a Word document.');
  try {
    const mammoth = await import('mammoth');
    const { value } = await mammoth.extractRawText({ buffer: buf });
    return value;
  } catch {
    throw new AppError('unprocessable', 'This Word document could not be read. It may be damaged.');
  }
}

async function pdfText(buf: Buffer): Promise<string> {
  if (buf.subarray(0, 5).toString('binary') !== '%PDF-') throw new AppError('unsupported_media_type', 'This .pdf file is not a PDF document.');
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  try {
    const doc = await pdfjs.getDocument({
      data: new Uint8Array(buf),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      verbosity: 0,
    }).promise;
    const pages: string[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str + (item.hasEOL ? '\n' : '');
      }
      pages.push(line);
    }
    await doc.destroy();
    return pages.join('\n\n');
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'PasswordException') throw new AppError('unprocessable', 'This PDF is password-protected. Remove the password and try again.');
    throw new AppError('unprocessable', 'This PDF could not be read. It may be damaged.');
  }
}

export async function extractText(filename: string, buf: Buffer): Promise<string> {
  const ext = extensionOf(filename);
  let text: string;
  if (ext === '.txt') text = decodeText(buf);
  else if (ext === '.docx') text = await docxText(buf);
  else if (ext === '.pdf') text = await pdfText(buf);
  else throw new AppError('unsupported_media_type', 'Unsupported file type. Upload a .txt, .docx or .pdf file.');
  if (text.trim() === '') throw new AppError('unprocessable', 'No text was found in this file.');
  return text;
}
