import { afterEach, describe, expect, it, vi } from 'vitest';
import { postStreaming } from '../../src/client/features/writing/stream';

function sseResponse(chunks: string[], status = 200) {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const ch of chunks) c.enqueue(new TextEncoder().encode(ch));
      c.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('postStreaming', () => {
  it('delivers deltas in order, even when an event is split across chunks, and resolves with done', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        sseResponse([
          'event: delta\ndata: {"text":"Hel"}\n\nevent: del',
          'ta\ndata: {"text":"lo"}\n\n',
          'event: done\ndata: {"output":"Hello","engine":"m"}\n\n',
        ]),
      ),
    );
    const deltas: string[] = [];
    const body = await postStreaming<{ output: string }>('/api/tools/ai-rewriter', { text: 'x' }, (d) => deltas.push(d));
    expect(deltas).toEqual(['Hel', 'lo']);
    expect(body.output).toBe('Hello');
    const init = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls[0][1];
    expect((init.headers as Record<string, string>).accept).toBe('text/event-stream');
  });

  it('turns an error event into an error carrying the server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        sseResponse([
          'event: delta\ndata: {"text":"a"}\n\n',
          'event: error\ndata: {"error":{"code":"upstream_failed","message":"Failed to expand text. Please try again."},"message":"Failed to expand text. Please try again."}\n\n',
        ]),
      ),
    );
    await expect(postStreaming('/api/tools/text-expander', {}, () => {})).rejects.toMatchObject({ serverMessage: 'Failed to expand text. Please try again.' });
  });

  it('reads a plain JSON answer when the server does not stream', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"output":"x"}', { headers: { 'content-type': 'application/json' } })),
    );
    expect(await postStreaming('/p', {}, () => {})).toEqual({ output: 'x' });
  });
});
