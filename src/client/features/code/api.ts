import type { CodeExplainResponse, CodeModelResponse } from '@/shared/api/code';
import { apiJson, apiStream, InvalidReplyError } from '@/client/lib/api';

export { useCapabilities } from '../writing/api';

export const CODE_EXPLAIN_PATH = '/api/tools/code-explainer';
export const CODE_PROSE_PATH = '/api/tools/code-explainer/prose';
export const CODE_GENERATE_PATH = '/api/tools/code-generator';

export interface ExplainPayload {
  text: string;
  language: string;
  filename?: string;
}

/** The offline structural explanation; a reply without its outline is an InvalidReplyError. */
export async function explainCode(payload: ExplainPayload): Promise<CodeExplainResponse> {
  const r = await apiJson<CodeExplainResponse>('POST', CODE_EXPLAIN_PATH, payload);
  if (!Array.isArray(r?.symbols) || !Array.isArray(r?.walkthrough)) throw new InvalidReplyError();
  return r;
}

async function streamModel(path: string, payload: unknown, onDelta: (text: string) => void, signal?: AbortSignal): Promise<CodeModelResponse> {
  const r = await apiStream<CodeModelResponse>(path, payload, onDelta, { signal });
  if (typeof r?.output !== 'string') throw new InvalidReplyError();
  return r;
}

/** "Explain in prose" by the language model, streamed. */
export function explainInProse(payload: ExplainPayload, onDelta: (text: string) => void, signal?: AbortSignal) {
  return streamModel(CODE_PROSE_PATH, payload, onDelta, signal);
}

/** "Generate" code from a description by the language model, streamed. */
export function generateCode(payload: { text: string; language: string }, onDelta: (text: string) => void, signal?: AbortSignal) {
  return streamModel(CODE_GENERATE_PATH, payload, onDelta, signal);
}

/** Save text as a file in the browser. */
export { saveText as downloadText } from '@/client/lib/download';
