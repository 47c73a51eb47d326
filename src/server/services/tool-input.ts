import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors';
import { parse } from '../http';
import { extractText, MAX_UPLOAD_BYTES } from './extract-text';

/**
 * A tool's input arrives as JSON ({text, ...options}) or as multipart with a `file` part
 * (.txt, .docx, .pdf) plus option fields. Either way the caller gets validated fields back.
 * Reading a multipart body reads (up to 5 MB of) the upload, so toolRoute calls this only once
 * the caller is known to be allowed to use the tool.
 */
export async function readToolInput<S extends z.ZodObject>(req: FastifyRequest, schema: S): Promise<z.infer<S> & { source: 'text' | 'file' }> {
  if (!req.isMultipart()) return { ...parse(schema, req.body), source: 'text' };

  const fields: Record<string, unknown> = {};
  let fileText: string | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024 * 1024 } })) {
      if (part.type === 'file') {
        const buf = await part.toBuffer();
        if (part.file.truncated) throw new AppError('payload_too_large', `Files are limited to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
        fileText = await extractText(part.filename ?? '', buf);
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', `Files are limited to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
    if (code.startsWith('FST_')) throw new AppError('bad_request', 'The upload could not be read. Please try again with one file.');
    throw err;
  }
  if (fileText !== null) fields.text = fileText;
  return { ...parse(schema, fields), source: fileText !== null ? 'file' : 'text' };
}
