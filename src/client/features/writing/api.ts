import { useQuery } from '@tanstack/react-query';
import type { WritingResponse } from '@/shared/api/writing';
import { apiJson, apiRequest, apiStream, getQueryFn, InvalidReplyError } from '@/client/lib/api';

export interface Capabilities {
  llm: { configured: boolean; model: string | null };
}

/** Whether a language model answers on this server (tools that write new text need one). */
export const CAPABILITIES_API = '/api/tools/capabilities';

export function useCapabilities() {
  return useQuery<Capabilities | null>({
    queryKey: [CAPABILITIES_API],
    queryFn: getQueryFn<Capabilities>({ on401: 'returnNull' }),
  });
}

/**
 * POST that asks for server-sent events and calls `onDelta` per chunk of text; resolves with the `done`
 * event's body, or the plain JSON answer of an engine that does not stream (see lib/api's apiStream).
 */
export function postStreaming<T>(path: string, body: unknown, onDelta: (text: string) => void, signal?: AbortSignal): Promise<T> {
  return apiStream<T>(path, body, onDelta, { signal });
}

/**
 * Runs a writing tool. With `onDelta` the words stream in as the model writes them; without it the
 * answer comes at once. A reply without an output text is an InvalidReplyError.
 */
export async function runWritingTool(endpoint: string, payload: Record<string, unknown>, onDelta?: (text: string) => void): Promise<WritingResponse> {
  const response = onDelta ? await postStreaming<WritingResponse>(endpoint, payload, onDelta) : await apiJson<WritingResponse>('POST', endpoint, payload);
  if (typeof response?.output !== 'string') throw new InvalidReplyError();
  return response;
}

/**
 * The home page's humanizer: the rewritten text, read from `humanized_text` (or `text`). A reply that is
 * not JSON or has neither is an InvalidReplyError.
 */
export async function humanizeText(text: string, style: string): Promise<string> {
  const res = await apiRequest('POST', '/api/tools/ai-humanizer', { text, style });
  let body: { humanized_text?: unknown };
  try {
    body = await res.json();
  } catch {
    throw new InvalidReplyError('Received non-JSON response from server');
  }
  const out = typeof body?.humanized_text === 'string' ? body.humanized_text : null;
  if (!out) throw new InvalidReplyError();
  return out;
}
