import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, toAppError } from '../errors';
import { extractText, MAX_UPLOAD_BYTES } from '../services/extract-text';
import { SHARE_TARGET_ACTION, shareFragment } from '../../shared/share-target';

const DETECTOR = '/tools/ai-content-detector';

/**
 * The Web Share Target of the installed app (manifest `share_target`): another app shares text, a link or a
 * .txt/.docx/.pdf file, the OS opens this as a POST navigation, and we answer 303 to the detector with the text in
 * the URL's fragment. Stateless: nothing is stored, and a fragment never reaches the server again, so the text stays
 * out of every log. Failures go to the detector too, with a message in the fragment: this is a page, not an API.
 */
export async function shareTargetRoutes(app: FastifyInstance): Promise<void> {
  app.post(SHARE_TARGET_ACTION, async (req, reply) => {
    try {
      const text = await readShared(req);
      return see(reply, shareFragment({ text }));
    } catch (err) {
      const e = toAppError(err);
      if (!e) req.log.error({ err }, 'share target failed');
      return see(reply, shareFragment({ error: e?.message ?? 'The shared item could not be read. Please try again.' }));
    }
  });
}

function see(reply: FastifyReply, fragment: string): FastifyReply {
  return reply.header('cache-control', 'no-store').redirect(`${DETECTOR}#${fragment}`, 303);
}

async function readShared(req: FastifyRequest): Promise<string> {
  if (!req.isMultipart()) throw new AppError('bad_request', 'Nothing was shared: send the text or a file as a form.');
  const fields: Record<string, string> = {};
  let file: { name: string; buf: Buffer; truncated: boolean } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024 * 1024 } })) {
      if (part.type === 'file') {
        const buf = await part.toBuffer();
        file = { name: part.filename ?? '', buf, truncated: part.file.truncated };
      } else if (typeof part.value === 'string' && ['title', 'text', 'url'].includes(part.fieldname)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (err instanceof AppError) throw err;
    throw new AppError('bad_request', 'The shared item could not be read: the form data is incomplete.');
  }
  if (file?.truncated) throw tooLarge();
  // a shared file is the text to check; its title or link beside it would only get in the way
  if (file && file.buf.length > 0) return (await extractText(file.name, file.buf)).replaceAll('\u0000', '');
  const parts = [fields.title, fields.text, fields.url].map((s) => s?.replaceAll('\u0000', '').trim() ?? '').filter(Boolean);
  // many apps put the title or the link into the text as well
  const text = parts.filter((p, i) => parts.indexOf(p) === i && !parts.some((q) => q !== p && q.includes(p))).join('\n\n');
  if (!text) throw new AppError('bad_request', 'Nothing was shared: no text and no file arrived.');
  return text;
}

const tooLarge = () => new AppError('payload_too_large', `Shared files are limited to ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);
