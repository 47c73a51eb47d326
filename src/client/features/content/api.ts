import type { ContentResponse } from '@/shared/api/content';
import { apiStream, apiUpload, InvalidReplyError } from '@/client/lib/api';

export { useCapabilities } from '../writing/api';
export { downloadText } from '../code/api';

export const CONTENT_PATH = '/api/tools/content-generator';

export interface ContentPayload {
  text: string;
  type: string;
  tone: string;
  length: string;
}

function checked(r: ContentResponse | null): ContentResponse {
  if (typeof r?.output !== 'string') throw new InvalidReplyError();
  return r;
}

/** Writes content from a brief; the words stream in through `onDelta` as the model writes them. */
export async function generateContent(payload: ContentPayload, onDelta: (text: string) => void, signal?: AbortSignal): Promise<ContentResponse> {
  return checked(await apiStream<ContentResponse>(CONTENT_PATH, payload, onDelta, { signal }));
}

/** The brief from a .txt, .docx or .pdf file (the server extracts its text; the answer carries it as `text`). */
export async function generateContentFromFile(file: File, options: Omit<ContentPayload, 'text'>): Promise<ContentResponse> {
  const form = new FormData();
  for (const [k, v] of Object.entries(options)) form.append(k, v);
  form.append('file', file);
  return checked((await apiUpload(CONTENT_PATH, form)) as ContentResponse | null);
}
