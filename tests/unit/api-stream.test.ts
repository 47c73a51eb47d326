import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiStream, errorCode, INVALID_REPLY, InvalidReplyError, observeApiErrors, observeApiResponses } from '../../src/client/lib/api';

function sseResponse(chunks: string[]) {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const ch of chunks) c.enqueue(new TextEncoder().encode(ch));
      c.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const stops: (() => void)[] = [];
afterEach(() => {
  vi.unstubAllGlobals();
  while (stops.length) stops.pop()!();
});

describe('apiStream and the observers', () => {
  it('reports a streamed answer to the response observers once, after the done event', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => sseResponse(['event: delta\ndata: {"text":"a"}\n\n', 'event: done\ndata: {"output":"a"}\n\n'])),
    );
    const seen: string[] = [];
    stops.push(observeApiResponses(({ method, path, status }) => seen.push(`${method} ${path} ${status}`)));
    const deltas: string[] = [];
    const body = await apiStream<{ output: string }>('/api/tools/ai-rewriter', { text: 'x' }, (d) => {
      deltas.push(d);
      // the answer is reported once the stream has ended, not when its first bytes arrive
      expect(seen).toEqual([]);
    });
    expect(body.output).toBe('a');
    expect(deltas).toEqual(['a']);
    expect(seen).toEqual(['POST /api/tools/ai-rewriter 200']);
  });

  it('hands a refused stream (401, 402) to the error observers like any other call', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":{"code":"quota_exceeded","message":"Spent."},"message":"Spent."}', { status: 402 })),
    );
    const errors: ApiError[] = [];
    const seen: number[] = [];
    stops.push(observeApiErrors((e) => errors.push(e)));
    stops.push(observeApiResponses(({ status }) => seen.push(status)));
    await expect(apiStream('/api/tools/ai-rewriter', { text: 'x' }, () => {})).rejects.toMatchObject({ status: 402, code: 'quota_exceeded' });
    expect(errors.map((e) => e.code)).toEqual(['quota_exceeded']);
    expect(seen).toEqual([402]);
  });

  it('gives codes to both server refusals and unusable replies', () => {
    expect(errorCode(new ApiError(429, '{"error":{"code":"limit_reached","message":"m"}}', 'Too Many Requests'))).toBe('limit_reached');
    expect(errorCode(new InvalidReplyError())).toBe(INVALID_REPLY);
    expect(errorCode(new Error('x'))).toBeUndefined();
  });
});
