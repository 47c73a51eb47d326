import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local OpenAI-compatible chat-completions server for API tests. */
export interface FakeLlm {
  baseUrl: string;
  requests: { messages: { role: string; content: string }[]; model: string; stream?: boolean }[];
  reply: { status: number; content?: string; raw?: string; delayMs?: number };
  close(): Promise<void>;
}

export async function startLlm(initial: FakeLlm['reply']): Promise<FakeLlm> {
  const state = { requests: [] as FakeLlm['requests'], reply: initial };
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    state.requests.push(JSON.parse(raw));
    const r = state.reply;
    if (r.delayMs) await new Promise((ok) => setTimeout(ok, r.delayMs));
    if (res.destroyed) return;
    const body = state.requests.at(-1) as { stream?: boolean };
    if (body.stream && r.status === 200 && r.raw === undefined) {
      // OpenAI-style SSE: one chunk per word, then usage, then [DONE].
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of (r.content ?? '').match(/\S+\s*/g) ?? []) {
        res.write(`data: ${JSON.stringify({ model: 'test-model', choices: [{ index: 0, delta: { content: piece } }] })}\n\n`);
      }
      res.write(`data: ${JSON.stringify({ model: 'test-model', choices: [], usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 } })}\n\n`);
      res.end('data: [DONE]\n\n');
      return;
    }
    res.writeHead(r.status, { 'content-type': 'application/json' });
    res.end(
      r.raw ??
        JSON.stringify({
          id: 'cmpl-1',
          model: 'test-model',
          choices: [{ index: 0, message: { role: 'assistant', content: r.content ?? '' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 },
        }),
    );
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return state.requests;
    },
    get reply() {
      return state.reply;
    },
    set reply(v) {
      state.reply = v;
    },
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
