import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createLlmClient,
  LlmError,
  parseRetryAfter,
  chatCompletionsUrl,
  humanizerPrompt,
  rewriterPrompt,
  summarizerPrompt,
  expanderPrompt,
  shortenerPrompt,
  HUMANIZER_STYLES,
  REWRITER_TONES,
  llmClientFromEnv,
} from '../../src/engines/llm';

type Handler = (req: IncomingMessage, body: any, res: ServerResponse) => void;

let server: Server;
let base = '';
const handlers = new Map<string, Handler>();
const hits = new Map<string, number>();
const bodies: any[] = [];
const closed: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      // the scenario is the model name
      let body: any = {};
      try {
        body = JSON.parse(raw);
      } catch {
        /* ignore */
      }
      bodies.push({ url: req.url, auth: req.headers.authorization, body });
      const key = String(body.model);
      hits.set(key, (hits.get(key) ?? 0) + 1);
      res.on('close', () => {
        if (!res.writableFinished) closed.push(key);
      });
      const h = handlers.get(key);
      if (!h) {
        res.writeHead(404).end();
        return;
      }
      h(req, body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

function json(res: ServerResponse, status: number, obj: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(obj));
}

const answer = (text: string, model = 'served-model') => ({
  id: 'x',
  object: 'chat.completion',
  model,
  choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 },
});

const client = (model: string, extra: Partial<Parameters<typeof createLlmClient>[0]> = {}) =>
  createLlmClient({ baseUrl: base, model, timeoutMs: 2000, retryBaseMs: 10, ...extra });

const msgs = [{ role: 'user' as const, content: 'hi' }];

describe('llm client', () => {
  it('normal answer: text, usage, model, request body and auth', async () => {
    handlers.set('normal', (_q, _b, res) => json(res, 200, answer('Hello there.')));
    const r = await client('normal', { apiKey: 'sk-test' }).complete({ messages: msgs, temperature: 0.2, maxTokens: 50 });
    expect(r).toEqual({
      text: 'Hello there.',
      usage: { promptTokens: 12, completionTokens: 5, totalTokens: 17 },
      model: 'served-model',
    });
    const sent = bodies.find((b) => b.body.model === 'normal')!;
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.auth).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({ messages: msgs, temperature: 0.2, max_tokens: 50, stream: false });
  });

  it('streamed answer: deltas in order, [DONE], final usage', async () => {
    handlers.set('stream', (_q, body, res) => {
      expect(body.stream).toBe(true);
      expect(body.stream_options).toEqual({ include_usage: true });
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (o: unknown) => `data: ${JSON.stringify(o)}\n\n`;
      res.write(': keep-alive comment\n\n');
      res.write(chunk({ model: 'm1', choices: [{ index: 0, delta: { role: 'assistant' } }] }));
      res.write(chunk({ model: 'm1', choices: [{ index: 0, delta: { content: 'Hel' } }] }));
      // split a chunk across two TCP writes, with CRLF line ends
      const s = `data: ${JSON.stringify({ model: 'm1', choices: [{ index: 0, delta: { content: 'lo!' } }] })}\r\n\r\n`;
      res.write(s.slice(0, 17));
      setTimeout(() => {
        res.write(s.slice(17));
        res.write(chunk({ model: 'm1', choices: [], usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } }));
        res.end('data: [DONE]\n\n');
      }, 20);
    });
    const s = client('stream').stream({ messages: msgs });
    const deltas: string[] = [];
    for await (const d of s) deltas.push(d);
    expect(deltas).toEqual(['Hel', 'lo!']);
    expect(await s.result).toEqual({ text: 'Hello!', usage: { promptTokens: 3, completionTokens: 2, totalTokens: 5 }, model: 'm1' });
  });

  it('429 then success: retries once, honouring Retry-After', async () => {
    let n = 0;
    handlers.set('r429', (_q, _b, res) => {
      if (n++ === 0) json(res, 429, { error: { message: 'slow down' } }, { 'retry-after': '0.05' });
      else json(res, 200, answer('ok'));
    });
    const t0 = Date.now();
    const r = await client('r429').complete({ messages: msgs });
    expect(r.text).toBe('ok');
    expect(hits.get('r429')).toBe(2);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(45);
  });

  it('500 twice: one retry, then an http LlmError with the status', async () => {
    handlers.set('r500', (_q, _b, res) => json(res, 500, { error: { message: 'boom' } }));
    const err = await client('r500')
      .complete({ messages: msgs })
      .catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.kind).toBe('http');
    expect(err.status).toBe(500);
    expect(err.message).toContain('boom');
    expect(hits.get('r500')).toBe(2);
  });

  it('400 is not retried', async () => {
    handlers.set('r400', (_q, _b, res) => json(res, 400, { error: { message: 'bad model' } }));
    const err = await client('r400')
      .complete({ messages: msgs })
      .catch((e) => e);
    expect(err.kind).toBe('http');
    expect(err.status).toBe(400);
    expect(hits.get('r400')).toBe(1);
  });

  it('slow answer: timeout error', async () => {
    handlers.set('slow', (_q, _b, res) => {
      setTimeout(() => !res.destroyed && json(res, 200, answer('late')), 1500);
    });
    const err = await client('slow', { timeoutMs: 150 })
      .complete({ messages: msgs })
      .catch((e) => e);
    expect(err).toBeInstanceOf(LlmError);
    expect(err.kind).toBe('timeout');
  });

  it('stalled stream: timeout between chunks', async () => {
    handlers.set('stall', (_q, _b, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'a' } }] })}\n\n`);
    });
    const s = client('stall', { timeoutMs: 150 }).stream({ messages: msgs });
    const got: string[] = [];
    const err = await (async () => {
      for await (const d of s) got.push(d);
    })().catch((e) => e);
    expect(got).toEqual(['a']);
    expect(err.kind).toBe('timeout');
    await expect(s.result).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('malformed JSON: malformed error (plain and streamed)', async () => {
    handlers.set('bad', (_q, _b, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": [oops'));
    const err = await client('bad')
      .complete({ messages: msgs })
      .catch((e) => e);
    expect(err.kind).toBe('malformed');
    handlers.set('noContent', (_q, _b, res) => json(res, 200, { choices: [] }));
    expect(
      (
        await client('noContent')
          .complete({ messages: msgs })
          .catch((e) => e)
      ).kind,
    ).toBe('malformed');
    handlers.set('badStream', (_q, _b, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('data: {not json}\n\n');
    });
    const err2 = await (async () => {
      for await (const _ of client('badStream').stream({ messages: msgs })) void _;
    })().catch((e) => e);
    expect(err2.kind).toBe('malformed');
  });

  it('network failure: network error', async () => {
    const err = await createLlmClient({ baseUrl: 'http://127.0.0.1:1/v1', model: 'x', timeoutMs: 2000 })
      .complete({ messages: msgs })
      .catch((e) => e);
    expect(err.kind).toBe('network');
  });

  it('caller abort cancels the upstream request (server sees the connection close)', async () => {
    let arrived!: () => void;
    const gotRequest = new Promise<void>((r) => (arrived = r));
    handlers.set('hang', (_q, _b, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'x' } }] })}\n\n`);
      arrived();
    });
    const ac = new AbortController();
    const s = client('hang', { timeoutMs: 10_000 }).stream({ messages: msgs, signal: ac.signal });
    const run = (async () => {
      for await (const _ of s) void _;
    })().catch((e) => e);
    await gotRequest;
    ac.abort();
    const err = await run;
    expect(err.kind).toBe('aborted');
    await expect.poll(() => closed.includes('hang'), { timeout: 2000 }).toBe(true);

    // same for a non-streamed call
    handlers.set('hang2', () => arrived());
    const gotRequest2 = new Promise<void>((r) => (arrived = r));
    const ac2 = new AbortController();
    const p = client('hang2', { timeoutMs: 10_000 })
      .complete({ messages: msgs, signal: ac2.signal })
      .catch((e) => e);
    await gotRequest2;
    ac2.abort();
    expect((await p).kind).toBe('aborted');
    await expect.poll(() => closed.includes('hang2'), { timeout: 2000 }).toBe(true);
  });

  it('breaking out of a stream cancels upstream', async () => {
    handlers.set('long', (_q, _b, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const t = setInterval(() => {
        if (res.destroyed) return clearInterval(t);
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: 'y' } }] })}\n\n`);
      }, 10);
    });
    const s = client('long').stream({ messages: msgs });
    for await (const _ of s) break;
    await expect(s.result).rejects.toMatchObject({ kind: 'aborted' });
    await expect.poll(() => closed.includes('long'), { timeout: 2000 }).toBe(true);
  });
});

describe('llm helpers', () => {
  it('urls, Retry-After, env', () => {
    expect(chatCompletionsUrl('http://h:1/v1/')).toBe('http://h:1/v1/chat/completions');
    expect(chatCompletionsUrl('http://h:1/v1/chat/completions')).toBe('http://h:1/v1/chat/completions');
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter(null)).toBeNull();
    expect(llmClientFromEnv({})).toBeNull();
    expect(llmClientFromEnv({ LLM_BASE_URL: 'http://x/v1', LLM_MODEL: 'm' })?.model).toBe('m');
  });

  it('every prompt keeps facts, numbers and names and carries the text', () => {
    const text = 'Marie Curie won 2 Nobel prizes.';
    const all = [
      ...HUMANIZER_STYLES.map((s) => humanizerPrompt(text, s)),
      ...REWRITER_TONES.map((t) => rewriterPrompt(text, t)),
      ...REWRITER_TONES.map((t) => expanderPrompt(text, t)),
      summarizerPrompt(text, { length: 'short', format: 'bullets' }),
      summarizerPrompt(text, { length: 3, format: 'paragraph' }),
      shortenerPrompt(text),
    ];
    for (const m of all) {
      expect(m[0]!.role).toBe('system');
      expect(m[0]!.content).toMatch(/number/);
      expect(m[0]!.content).toMatch(/name/);
      expect(m.at(-1)!.content).toContain(text);
    }
    expect(humanizerPrompt(text, 'academic')[0]!.content).toMatch(/no contractions/);
    expect(summarizerPrompt(text, { format: 'bullets' })[0]!.content).toMatch(/bullet/);
    expect(summarizerPrompt(text, { length: 3 })[0]!.content).toMatch(/3 sentences/);
  });
});
