/**
 * OpenAI-compatible chat-completions client (OpenAI, Ollama, llama.cpp server, vLLM).
 *
 *   const llm = createLlmClient({ baseUrl: 'http://localhost:11434/v1', model: 'llama3.1', timeoutMs: 60_000 });
 *   const { text, usage } = await llm.complete({ messages });
 *   const s = llm.stream({ messages, signal });  for await (const delta of s) ...;  const { usage } = await s.result;
 *
 * - Timeouts: `timeoutMs` bounds a whole non-streamed attempt; for a stream it bounds the wait for the response and
 *   every silence between chunks. It is combined with the caller's `signal`, so a browser disconnect aborts the
 *   upstream request.
 * - One retry (configurable) on HTTP 5xx or 429, after Retry-After (capped) or an exponential backoff.
 * - Every failure is an LlmError with a `kind`.
 */

export type ChatRole = 'system' | 'user' | 'assistant';
export interface ChatMessage {
  role: ChatRole;
  content: string;
}

export interface LlmUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface LlmRequest {
  messages: ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
}

export interface LlmResult {
  text: string;
  usage: LlmUsage | null;
  model: string;
}

export interface LlmStream extends AsyncIterable<string> {
  /** Resolves when the stream has been consumed to the end (rejects with the same LlmError the iterator threw). */
  readonly result: Promise<LlmResult>;
}

export interface LlmClientOptions {
  /** e.g. https://api.openai.com/v1, http://localhost:11434/v1, http://localhost:8080/v1 (or the full …/chat/completions URL) */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  /** retries on 5xx / 429 (default 1) */
  maxRetries?: number;
  /** first backoff when no Retry-After is sent (default 500 ms, doubled per retry) */
  retryBaseMs?: number;
  /** upper bound for a Retry-After wait (default 5000 ms) */
  retryAfterCapMs?: number;
  /** ask for usage in streamed answers (stream_options.include_usage); default true */
  streamUsage?: boolean;
  fetch?: typeof fetch;
}

export interface LlmClient {
  readonly model: string;
  complete(req: LlmRequest): Promise<LlmResult>;
  stream(req: LlmRequest): LlmStream;
}

export type LlmErrorKind = 'timeout' | 'http' | 'malformed' | 'network' | 'aborted';

export class LlmError extends Error {
  readonly kind: LlmErrorKind;
  readonly status?: number;
  constructor(kind: LlmErrorKind, message: string, opts: { status?: number; cause?: unknown } = {}) {
    super(message, opts.cause !== undefined ? { cause: opts.cause } : undefined);
    this.name = 'LlmError';
    this.kind = kind;
    this.status = opts.status;
  }
}

export function chatCompletionsUrl(baseUrl: string): string {
  const b = baseUrl.replace(/\/+$/, '');
  return /\/chat\/completions$/.test(b) ? b : `${b}/chat/completions`;
}

/** Parse Retry-After (delta-seconds or HTTP date) into ms; null when absent/invalid. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const t = Date.parse(v);
  return Number.isFinite(t) ? Math.max(0, t - now) : null;
}

function toUsage(u: unknown): LlmUsage | null {
  if (!u || typeof u !== 'object') return null;
  const o = u as Record<string, unknown>;
  const p = Number(o.prompt_tokens ?? 0);
  const c = Number(o.completion_tokens ?? 0);
  const t = Number(o.total_tokens ?? p + c);
  if (![p, c, t].every(Number.isFinite)) return null;
  return { promptTokens: p, completionTokens: c, totalTokens: t };
}

/** An abort controller driven by a timer (resettable) and the caller's signal. */
class Deadline {
  readonly ctrl = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  timedOut = false;
  private readonly onCallerAbort = () => this.ctrl.abort(this.caller?.reason);
  constructor(
    private readonly ms: number,
    private readonly caller?: AbortSignal,
  ) {
    if (caller) {
      if (caller.aborted) this.ctrl.abort(caller.reason);
      else caller.addEventListener('abort', this.onCallerAbort, { once: true });
    }
    this.reset();
  }
  get signal() {
    return this.ctrl.signal;
  }
  get callerAborted() {
    return !!this.caller?.aborted;
  }
  reset() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.ctrl.abort(new DOMException('LLM request timed out', 'TimeoutError'));
    }, this.ms);
  }
  dispose() {
    if (this.timer) clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
  /** Map an exception thrown while the deadline was active into an LlmError. */
  toError(err: unknown, timeoutMs: number): LlmError {
    if (err instanceof LlmError) return err;
    if (this.callerAborted) return new LlmError('aborted', 'LLM request was cancelled', { cause: err });
    if (this.timedOut) return new LlmError('timeout', `Request timed out after ${timeoutMs}ms`, { cause: err });
    return new LlmError('network', `LLM network error: ${(err as Error)?.message ?? String(err)}`, { cause: err });
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new LlmError('aborted', 'LLM request was cancelled'));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new LlmError('aborted', 'LLM request was cancelled'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function httpError(res: Response): Promise<LlmError> {
  let detail = '';
  try {
    const body = await res.text();
    try {
      const j = JSON.parse(body) as { error?: { message?: string } | string; message?: string };
      detail = (typeof j.error === 'string' ? j.error : j.error?.message) ?? j.message ?? '';
    } catch {
      detail = body.slice(0, 200);
    }
  } catch {
    /* ignore */
  }
  return new LlmError('http', `LLM provider answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`, {
    status: res.status,
  });
}

export function createLlmClient(opts: LlmClientOptions): LlmClient {
  const url = chatCompletionsUrl(opts.baseUrl);
  const doFetch = opts.fetch ?? fetch;
  const maxRetries = opts.maxRetries ?? 1;
  const retryBaseMs = opts.retryBaseMs ?? 500;
  const retryCap = opts.retryAfterCapMs ?? 5000;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (opts.apiKey) headers.authorization = `Bearer ${opts.apiKey}`;

  function body(req: LlmRequest, stream: boolean): string {
    const b: Record<string, unknown> = { model: opts.model, messages: req.messages, stream };
    if (req.temperature !== undefined) b.temperature = req.temperature;
    if (req.maxTokens !== undefined) b.max_tokens = req.maxTokens;
    if (stream && opts.streamUsage !== false) b.stream_options = { include_usage: true };
    return JSON.stringify(b);
  }

  /** POST with retry on 5xx/429. Returns an OK response; the deadline stays armed for the body. */
  async function post(req: LlmRequest, stream: boolean): Promise<{ res: Response; deadline: Deadline }> {
    for (let attempt = 0; ; attempt++) {
      const deadline = new Deadline(opts.timeoutMs, req.signal);
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: stream ? { ...headers, accept: 'text/event-stream' } : headers,
          body: body(req, stream),
          signal: deadline.signal,
        });
      } catch (err) {
        deadline.dispose();
        throw deadline.toError(err, opts.timeoutMs);
      }
      if (res.ok) return { res, deadline };
      const retryable = res.status === 429 || res.status >= 500;
      if (!retryable || attempt >= maxRetries) {
        try {
          throw await httpError(res);
        } finally {
          deadline.dispose();
        }
      }
      const ra = parseRetryAfter(res.headers.get('retry-after'));
      await res.body?.cancel().catch(() => {});
      deadline.dispose();
      await sleep(Math.min(ra ?? retryBaseMs * 2 ** attempt, retryCap), req.signal);
    }
  }

  async function complete(req: LlmRequest): Promise<LlmResult> {
    const { res, deadline } = await post(req, false);
    try {
      let raw: string;
      try {
        raw = await res.text();
      } catch (err) {
        throw deadline.toError(err, opts.timeoutMs);
      }
      let json: { choices?: { message?: { content?: unknown } }[]; usage?: unknown; model?: unknown };
      try {
        json = JSON.parse(raw);
      } catch (err) {
        throw new LlmError('malformed', 'LLM provider returned invalid JSON', { status: res.status, cause: err });
      }
      const content = json?.choices?.[0]?.message?.content;
      if (typeof content !== 'string') {
        throw new LlmError('malformed', 'LLM provider response has no choices[0].message.content', {
          status: res.status,
        });
      }
      return {
        text: content,
        usage: toUsage(json.usage),
        model: typeof json.model === 'string' && json.model ? json.model : opts.model,
      };
    } finally {
      deadline.dispose();
    }
  }

  function stream(req: LlmRequest): LlmStream {
    let resolveResult!: (r: LlmResult) => void;
    let rejectResult!: (e: unknown) => void;
    const result = new Promise<LlmResult>((res, rej) => {
      resolveResult = res;
      rejectResult = rej;
    });
    result.catch(() => {}); // callers that only iterate must not see an unhandled rejection

    async function* run(): AsyncGenerator<string> {
      let text = '';
      let usage: LlmUsage | null = null;
      let model = opts.model;
      let settled = false;
      const { res, deadline } = await post(req, true).catch((e) => {
        rejectResult(e);
        settled = true;
        throw e;
      });
      const reader = res.body?.getReader();
      try {
        if (!reader) throw new LlmError('malformed', 'LLM provider sent an empty stream', { status: res.status });
        const decoder = new TextDecoder();
        let buf = '';
        let data: string[] = [];
        let done = false;
        const dispatch = function* (): Generator<string> {
          if (data.length === 0) return;
          const payload = data.join('\n').trim();
          data = [];
          if (payload === '[DONE]') {
            done = true;
            return;
          }
          let chunk: {
            choices?: { delta?: { content?: unknown }; message?: { content?: unknown } }[];
            usage?: unknown;
            model?: unknown;
            error?: { message?: string } | string;
          };
          try {
            chunk = JSON.parse(payload);
          } catch (err) {
            throw new LlmError('malformed', 'LLM provider sent an invalid stream chunk', { status: res.status, cause: err });
          }
          if (chunk.error) {
            const msg = typeof chunk.error === 'string' ? chunk.error : (chunk.error.message ?? 'stream error');
            throw new LlmError('http', `LLM provider stream error: ${msg}`, { status: res.status });
          }
          if (typeof chunk.model === 'string' && chunk.model) model = chunk.model;
          const u = toUsage(chunk.usage);
          if (u) usage = u;
          const c = chunk.choices?.[0];
          const delta = c?.delta?.content ?? c?.message?.content;
          if (typeof delta === 'string' && delta.length > 0) {
            text += delta;
            yield delta;
          }
        };
        while (!done) {
          let r: ReadableStreamReadResult<Uint8Array>;
          try {
            r = await reader.read();
          } catch (err) {
            throw deadline.toError(err, opts.timeoutMs);
          }
          if (r.done) {
            buf += decoder.decode();
          } else {
            deadline.reset();
            buf += decoder.decode(r.value, { stream: true });
          }
          let nl: number;
          while (!done && (nl = buf.indexOf('\n')) >= 0) {
            const line = buf.slice(0, nl).replace(/\r$/, '');
            buf = buf.slice(nl + 1);
            if (line === '') yield* dispatch();
            else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
            // other SSE fields (event:, id:, retry:, comments) are ignored
          }
          if (r.done) {
            if (!done && buf.trim().startsWith('data:')) data.push(buf.trim().slice(5).trim());
            yield* dispatch();
            break;
          }
        }
        settled = true;
        resolveResult({ text, usage, model });
      } catch (err) {
        const e = err instanceof LlmError ? err : deadline.toError(err, opts.timeoutMs);
        settled = true;
        rejectResult(e);
        throw e;
      } finally {
        if (!settled) {
          // consumer stopped early (break / return): cancel upstream
          deadline.ctrl.abort(new DOMException('stream consumer stopped', 'AbortError'));
          rejectResult(new LlmError('aborted', 'LLM stream was cancelled'));
        }
        deadline.dispose();
        await reader?.cancel().catch(() => {});
      }
    }

    let started = false;
    return {
      result,
      [Symbol.asyncIterator]() {
        if (started) throw new Error('an LlmStream can be iterated only once');
        started = true;
        return run();
      },
    };
  }

  return { model: opts.model, complete, stream };
}

/** Build a client from LLM_BASE_URL / LLM_API_KEY / LLM_MODEL (LLM_TIMEOUT_MS optional); null when not configured. */
export function llmClientFromEnv(env: Record<string, string | undefined> = process.env): LlmClient | null {
  const baseUrl = env.LLM_BASE_URL?.trim();
  const model = env.LLM_MODEL?.trim();
  if (!baseUrl || !model) return null;
  const timeoutMs = Number(env.LLM_TIMEOUT_MS) > 0 ? Number(env.LLM_TIMEOUT_MS) : 60_000;
  return createLlmClient({ baseUrl, apiKey: env.LLM_API_KEY?.trim() || undefined, model, timeoutMs });
}
