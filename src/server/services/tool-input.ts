import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors';
import { parse } from '../http';
import { extractText, MAX_UPLOAD_BYTES } from './extract-text';

const tooLarge = () => new AppError('payload_too_large', `Files are limited to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
const hasNul = (s: string | undefined) => s !== undefined && s.includes('\0');

/**
 * A tool's input arrives as JSON ({text, ...options}) or as multipart with a `file` part
 * (.txt, .docx, .pdf) plus option fields. Either way the caller gets validated fields back.
 * Reading a multipart body reads (up to 5 MB of) the upload, so toolRoute calls this only once
 * the caller is known to be allowed to use the tool.
 */
export async function readToolInput<S extends z.ZodObject>(req: FastifyRequest, schema: S): Promise<z.infer<S> & { source: 'text' | 'file' }> {
  if (!req.isMultipart()) return { ...parse(schema, req.body), source: 'text' };

  const fields: Record<string, unknown> = {};
  let file: { name: string; buf: Buffer } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024 * 1024 } })) {
      // the database refuses NUL in text, and no form field has a use for one
      if (hasNul(part.fieldname)) throw new AppError('bad_request', 'Form fields must not contain NUL characters.');
      if (part.type === 'file') {
        const buf = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        file = { name: part.filename ?? '', buf };
      } else {
        if (typeof part.value === 'string' && hasNul(part.value)) throw new AppError('bad_request', 'Form fields must not contain NUL characters.');
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // Anything else thrown while reading the parts is the parser refusing the body (no boundary, a wrong boundary,
    // a truncated body: busboy's errors carry no code), or the client going away mid-upload.
    throw new AppError('bad_request', 'The upload could not be read: the form data is malformed or incomplete. Please try again with one file.');
  }
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
  return { ...parse(schema, fields), source: fileText !== null ? 'file' : 'text' };
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
