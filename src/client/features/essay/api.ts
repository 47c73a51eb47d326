import type { EssayOutlineResponse, EssayResponse } from '@/shared/api/essay';
import { apiJson, apiStream, InvalidReplyError } from '@/client/lib/api';

export { useCapabilities } from '../writing/api';

export const ESSAY_OUTLINE_PATH = '/api/tools/essay-writer/outline';
export const ESSAY_PATH = '/api/tools/essay-writer';

export interface EssayBrief {
  text: string;
  thesis: string;
  type: string;
  level: string;
  words: number;
  citationStyle: string;
  sources: string;
}

/** The offline outline. */
export async function fetchOutline(brief: EssayBrief): Promise<EssayOutlineResponse> {
  const r = await apiJson<EssayOutlineResponse>('POST', ESSAY_OUTLINE_PATH, brief);
  if (r?.outline?.kind !== 'outline') throw new InvalidReplyError();
  return r;
}

/** The full essay, streamed: `onDelta` gets the words as the model writes them; resolves with the answer (detector score included). */
export async function writeEssay(brief: EssayBrief, onDelta: (text: string) => void, signal?: AbortSignal): Promise<EssayResponse> {
  const r = await apiStream<EssayResponse>(ESSAY_PATH, brief, onDelta, { signal });
  if (typeof r?.essay !== 'string') throw new InvalidReplyError();
  return r;
}
