import type { FastifyReply } from 'fastify';
import type { ServerContext } from '../context';
import { describeFile, recordHistory, sourceOf } from './history';
import type { MediaFile } from './media-type';
import { setReceiptHeader } from './saved-reports';
import type { Caller } from './tool-gate';

/**
 * What toolRoute does with a successful answer of a logged-in user: keep it in their history when they have it on
 * (services/history.ts), and sign a detector or plagiarism answer so it can be saved as a report
 * (services/saved-reports.ts; only while the headers are not sent yet, i.e. not for a streamed answer). Text tools
 * keep their text; media tools a description of the file, never its bytes. Visitors: nothing, at no cost.
 */
export async function keepCheck(
  ctx: ServerContext,
  reply: FastifyReply,
  caller: Caller,
  tool: string,
  text: string,
  body: object,
  file: MediaFile | null,
): Promise<void> {
  const user = caller.user;
  if (!user) return;
  if (!reply.raw.headersSent) setReceiptHeader(ctx, reply, user.id, tool, text, body);
  const input = file && !text.trim() ? describeFile(file) : text;
  await recordHistory(ctx, { userId: user.id, tool, input, result: body, source: sourceOf(caller) }, reply.log);
}
