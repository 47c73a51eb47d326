import { ApiError, NetworkError } from '@/client/lib/api';

/**
 * POST that asks for server-sent events and calls `onDelta` per chunk of text. Resolves with the
 * `done` event's body. Falls back to plain JSON when the server answers JSON (offline engines).
 */
export async function postStreaming<T>(path: string, body: unknown, onDelta: (text: string) => void, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(body),
      credentials: 'include',
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new NetworkError();
  }
  if (!res.ok) throw new ApiError(res.status, await res.text().catch(() => ''), res.statusText);
  if (!res.headers.get('content-type')?.includes('text/event-stream')) return (await res.json()) as T;

  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!event || data === undefined) continue;
      const parsed = JSON.parse(data);
      if (event === 'delta') onDelta(parsed.text);
      else if (event === 'done') return parsed as T;
      else if (event === 'error') throw new ApiError(502, data, 'Bad Gateway');
    }
  }
  throw new NetworkError();
}
