import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors';
import { parse } from '../http';
import { extractText, MAX_UPLOAD_BYTES } from './extract-text';
import { MEDIA_FORMATS, sniffMedia, type MediaFile, type MediaKind } from './media-type';

/** A media tool's upload rule: the kinds of file it takes and its size limit. */
export interface MediaUpload {
  kinds: MediaKind[];
  maxBytes: number;
}

const tooLarge = (max: number) => new AppError('payload_too_large', `Files are limited to ${Math.round((max / 1024 / 1024) * 10) / 10} MB.`);
const formatsOf = (upload: MediaUpload) => upload.kinds.map((k) => MEDIA_FORMATS[k]).join('; ');
const hasNul = (s: string | undefined) => s !== undefined && s.includes('\0');

/**
 * A tool's input arrives as JSON ({text, ...options}) or as multipart with a `file` part
 * (.txt, .docx, .pdf) plus option fields. Either way the caller gets validated fields back.
 * Reading a multipart body reads (up to 5 MB of) the upload, so toolRoute calls this only once
 * the caller is known to be allowed to use the tool.
 */
export async function readToolInput<S extends z.ZodObject>(
  req: FastifyRequest,
  schema: S,
  upload?: MediaUpload,
): Promise<z.infer<S> & { source: 'text' | 'file'; media: MediaFile | null }> {
  if (upload && !req.isMultipart()) {
    throw new AppError('bad_request', `Send the file as multipart form data, in a part named "file" (${formatsOf(upload)}).`);
  }
  if (!req.isMultipart()) return { ...parse(schema, req.body), source: 'text', media: null };

  const maxBytes = upload?.maxBytes ?? MAX_UPLOAD_BYTES;
  const fields: Record<string, unknown> = {};
  let file: { name: string; buf: Buffer } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024 * 1024 } })) {
      // the database refuses NUL in text, and no form field has a use for one
      if (hasNul(part.fieldname)) throw new AppError('bad_request', 'Form fields must not contain NUL characters.');
      if (part.type === 'file') {
        const buf = await part.toBuffer();
        if (part.file.truncated) throw tooLarge(maxBytes);
        file = { name: part.filename ?? '', buf };
      } else {
        if (typeof part.value === 'string' && hasNul(part.value)) throw new AppError('bad_request', 'Form fields must not contain NUL characters.');
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    // Anything else thrown while reading the parts is the parser refusing the body (no boundary, a wrong boundary,
    // a truncated body: busboy's errors carry no code), or the client going away mid-upload.
    throw new AppError('bad_request', 'The upload could not be read: the form data is malformed or incomplete. Please try again with one file.');
  }
  if (upload) return { ...parse(schema, fields), source: 'file', media: mediaOf(file, upload) };
  // the whole body is read before the file is parsed, so a failure there is never taken for a parsing error
  let fileText: string | null = null;
  if (file) {
    const watch = watchDisconnect(req);
    try {
      fileText = await extractText(file.name, file.buf, { signal: watch.signal });
    } finally {
      watch.release();
    }
  }
  if (fileText !== null) fields.text = fileText;
  return { ...parse(schema, fields), source: fileText !== null ? 'file' : 'text', media: null };
}

/** The media tool's file, typed by its content: a missing, empty or foreign file is refused before any decoder sees it. */
function mediaOf(file: { name: string; buf: Buffer } | null, upload: MediaUpload): MediaFile {
  if (!file) throw new AppError('bad_request', `Choose a file to upload (${formatsOf(upload)}).`);
  if (file.buf.length === 0) throw new AppError('bad_request', 'The file is empty.');
  const type = sniffMedia(file.buf);
  if (!type || !upload.kinds.includes(type.kind)) {
    throw new AppError('unsupported_media_type', `This file is not a format this tool reads. Upload ${formatsOf(upload)}.`);
  }
  return { ...type, name: file.name.slice(0, 255), bytes: file.buf };
}

/**
 * A signal that fires when the client's connection closes, so the file being read for it stops. (The request's own
 * 'close' fires as soon as its body has been read, so it cannot tell a finished upload from a client that went away.)
 * `release` removes the listener: a keep-alive connection serves many requests.
 */
function watchDisconnect(req: FastifyRequest): { signal: AbortSignal; release: () => void } {
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
