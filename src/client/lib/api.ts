import './zod-config';
import type { QueryFunction } from '@tanstack/react-query';
import { TIMEOUT_TOOLS_MESSAGE } from '@/shared/messages';

/**
 * Request helpers and the default query function. Every helper (JSON, upload, query, server-sent events)
 * reports each answer to the response and error observers below, so what they do (usage meters, the
 * over-limit banner) happens whichever helper a feature used.
 */

export const DEFAULT_TIMEOUT_MS = 30_000;
export const MAX_TIMEOUT_MS = 60_000;
/** Bodies whose `text` is longer than this get a longer timeout. */
export const LONG_TEXT_CHARS = 5_000;
/** The helper warns in the console about requests slower than this. */
export const SLOW_REQUEST_MS = 3_000;

export const TOOLS_TIMEOUT_MESSAGE = TIMEOUT_TOOLS_MESSAGE;
export const DEFAULT_TIMEOUT_MESSAGE = 'Request timed out. Please check your connection and try again.';
export const NETWORK_ERROR_MESSAGE = 'Network connection issue. Please check your internet connection and try again.';

/** 30 s, or for a body with a `text` longer than 5,000 characters 30 s + 1 ms per 100 characters, at most 60 s. */
export function computeTimeout(body?: unknown): number {
  if (body && typeof body === 'object' && 'text' in body) {
    const text = (body as { text?: unknown }).text;
    if (typeof text === 'string' && text.length > LONG_TEXT_CHARS) {
      return Math.min(DEFAULT_TIMEOUT_MS + Math.floor(text.length / 100), MAX_TIMEOUT_MS);
    }
  }
  return DEFAULT_TIMEOUT_MS;
}

/** The timeout message depends on whether the call went to a tool. */
export function timeoutMessage(path: string): string {
  return path.includes('/tools/') ? TOOLS_TIMEOUT_MESSAGE : DEFAULT_TIMEOUT_MESSAGE;
}

/** '{status}: {response text or status text}' */
export function errorText(status: number, responseText: string, statusText: string): string {
  return `${status}: ${responseText || statusText}`;
}

/** Parse a response text as JSON, or undefined when it is not JSON. */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Observers of every non-ok answer, whichever helper (request, upload, stream, query) produced it.
 * The over-limit offer (402 quota_exceeded, 429 limit_reached) is shown from here once for all tool pages.
 */
type ApiErrorObserver = (error: ApiError) => void;
const errorObservers = new Set<ApiErrorObserver>();
export function observeApiErrors(observer: ApiErrorObserver): () => void {
  errorObservers.add(observer);
  return () => errorObservers.delete(observer);
}

/** Observers of every answer of the request and upload helpers (the usage meters refresh after tool requests). */
type ApiResponseObserver = (info: { method: string; path: string; status: number }) => void;
const responseObservers = new Set<ApiResponseObserver>();
export function observeApiResponses(observer: ApiResponseObserver): () => void {
  responseObservers.add(observer);
  return () => responseObservers.delete(observer);
}
function notifyResponse(method: string, path: string, status: number): void {
  for (const observe of responseObservers) {
    try {
      observe({ method, path, status });
    } catch {
      // observers never break a request
    }
  }
}

/** A non-ok HTTP answer. `message` is '{status}: {text}'; `serverMessage` is the body's `message` for display. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly responseText: string;

  constructor(status: number, responseText: string, statusText: string) {
    super(errorText(status, responseText, statusText));
    this.name = 'ApiError';
    this.status = status;
    this.responseText = responseText;
    this.body = parseBody(responseText);
    for (const observe of errorObservers) {
      try {
        observe(this);
      } catch {
        // an observer's failure must not replace the request's own error
      }
    }
  }

  /** The body's error code (e.g. 'quota_exceeded'), when it has one. */
  get code(): string | undefined {
    const b = this.body as { error?: { code?: unknown } } | undefined;
    return typeof b?.error?.code === 'string' ? b.error.code : undefined;
  }

  /** The server's human-readable `message`, if the body carried one. */
  get serverMessage(): string | undefined {
    const b = this.body as { message?: unknown; error?: { message?: unknown } } | undefined;
    if (b && typeof b.message === 'string') return b.message;
    if (b && b.error && typeof b.error.message === 'string') return b.error.message;
    return undefined;
  }

  /** Per-field validation messages, when the server sent them. */
  get fields(): Record<string, string> | undefined {
    const b = this.body as { error?: { fields?: unknown } } | undefined;
    const f = b?.error?.fields;
    return f && typeof f === 'object' ? (f as Record<string, string>) : undefined;
  }
}

/** The code of an InvalidReplyError. */
export const INVALID_REPLY = 'invalid_reply';

/**
 * An ok answer whose body is not what the client expects (not JSON, or missing its fields). It carries a
 * `code` like ApiError, so callers branch on codes rather than on message texts.
 */
export class InvalidReplyError extends Error {
  readonly code = INVALID_REPLY;
  constructor(message = 'Received invalid response format from server') {
    super(message);
    this.name = 'InvalidReplyError';
  }
}

/** The error code of anything the helpers throw: the server's code of an ApiError, or INVALID_REPLY. */
export function errorCode(error: unknown): string | undefined {
  if (error instanceof ApiError || error instanceof InvalidReplyError) return error.code;
  return undefined;
}

export class TimeoutError extends Error {
  readonly timeoutMs: number;
  constructor(message: string, timeoutMs: number) {
    super(message);
    this.name = 'TimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

export class NetworkError extends Error {
  constructor(message = NETWORK_ERROR_MESSAGE) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** The server's message from any error thrown by the helper, else the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof TimeoutError || error instanceof NetworkError) return error.message;
  return fallback;
}

export interface RequestOptions {
  /** Overrides the computed timeout. */
  timeoutMs?: number;
  /** Overrides the timeout message (queries always use the generic one). */
  timeoutMessage?: string;
  signal?: AbortSignal;
  /** The Accept header, e.g. 'text/event-stream' for a streamed answer. */
  accept?: string;
}

/** The one fetch of the JSON helpers. `notify` false: the caller reports the answer itself (streams, once read). */
async function send(method: string, path: string, body: unknown, opts: RequestOptions = {}, notify = true): Promise<Response> {
  const timeoutMs = opts.timeoutMs ?? computeTimeout(body);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onOuterAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const started = Date.now();
  try {
    const headers: Record<string, string> = body !== undefined ? { 'Content-Type': 'application/json' } : {};
    if (opts.accept) headers.accept = opts.accept;
    const res = await fetch(path, {
      method,
      headers,
      body: body !== undefined ? JSON.stringify(body) : undefined,
      credentials: 'include',
      signal: controller.signal,
    });
    if (notify) notifyResponse(method, path, res.status);
    return res;
  } catch (err) {
    if (timedOut) throw new TimeoutError(opts.timeoutMessage ?? timeoutMessage(path), timeoutMs);
    if (opts.signal?.aborted) throw err;
    throw new NetworkError();
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
    const elapsed = Date.now() - started;
    if (elapsed > SLOW_REQUEST_MS) console.warn(`Slow request: ${method} ${path} took ${elapsed}ms`);
  }
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, text, res.statusText);
  }
}

/**
 * Any method and path; a JSON body (with its content type) only when one is given. Always sends cookies.
 * Non-ok answers throw ApiError('{status}: {text}').
 */
export async function apiRequest(method: string, path: string, body?: unknown, opts?: RequestOptions): Promise<Response> {
  const res = await send(method, path, body, opts);
  await throwIfNotOk(res);
  return res;
}

/** apiRequest + JSON parse. */
export async function apiJson<T>(method: string, path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
  const res = await apiRequest(method, path, body, opts);
  return (await res.json()) as T;
}

/**
 * POST that asks for server-sent events (`delta` chunks of text, then `done` with the full body, or
 * `error`) and calls `onDelta` per chunk. Resolves with the `done` event's body; a plain JSON answer
 * (offline engines do not stream) is returned as it is. The observers hear of the answer once the
 * stream has ended, when the server has recorded the usage it moved.
 */
export async function apiStream<T>(path: string, body: unknown, onDelta: (text: string) => void, opts: RequestOptions = {}): Promise<T> {
  const res = await send('POST', path, body, { ...opts, accept: 'text/event-stream' }, false);
  try {
    await throwIfNotOk(res);
    if (!res.headers.get('content-type')?.includes('text/event-stream')) return (await res.json()) as T;
    return await readEvents<T>(res, onDelta, opts.signal);
  } finally {
    notifyResponse('POST', path, res.status);
  }
}

async function readEvents<T>(res: Response, onDelta: (text: string) => void, signal?: AbortSignal): Promise<T> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  // send() lets go of the caller's signal once the answer has begun: stop reading here on abort
  const onAbort = () => void reader.cancel().catch(() => {});
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
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
        // the status line went out as 200 before the failure: it comes as an event with the usual error body
        else if (event === 'error') throw new ApiError(502, data, 'Bad Gateway');
      }
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  signal?.throwIfAborted();
  throw new NetworkError();
}

export type UnauthorizedBehavior = 'throw' | 'returnNull';

/** Default query function: GET to queryKey[0], parsed as JSON. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const path = String(queryKey[0]);
    const res = await send('GET', path, undefined, { signal, timeoutMessage: DEFAULT_TIMEOUT_MESSAGE });
    if (options.on401 === 'returnNull' && res.status === 401) return null;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

export const UPLOAD_TIMEOUT_MS = 60_000;

/**
 * Multipart POST (a file plus fields), with the helper's timeout, network and error handling.
 * Resolves with the parsed JSON body, or null when the answer is not JSON; callers validate it. `onResponse` sees
 * the ok answer before its body is read.
 */
export async function apiUpload(path: string, form: FormData, timeoutMs = UPLOAD_TIMEOUT_MS, onResponse?: (res: Response) => void): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(path, { method: 'POST', body: form, credentials: 'include', signal: AbortSignal.timeout(timeoutMs) });
    notifyResponse('POST', path, res.status);
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') throw new TimeoutError(timeoutMessage(path), timeoutMs);
    throw new NetworkError();
  }
  await throwIfNotOk(res);
  // a caller that needs a header of the answer (the saved-report receipt) reads it here
  onResponse?.(res);
  return res.json().catch(() => null);
}

/** A FormData with `file` and the given text fields. */
export function fileForm(file: File, fields: Record<string, string | undefined> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v) form.append(k, v);
  form.append('file', file, file.name);
  return form;
}

/**
 * Multipart POST with the upload's progress (fetch reports none, so XMLHttpRequest): `onProgress(1)` means the body is
 * sent and the server is reading it. Errors are the same ApiError / NetworkError / TimeoutError as the other helpers,
 * so messages and the over-limit offer work alike; `accept` checks the answer's shape. `signal` cancels the upload.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  accept: (body: unknown) => body is T,
  onProgress: (fraction: number) => void,
  opts: { timeoutMs: number; signal?: AbortSignal },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.timeout = opts.timeoutMs;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        return reject(new InvalidReplyError());
      }
      if (!accept(body)) return reject(new InvalidReplyError());
      resolve(body);
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.ontimeout = () => reject(new TimeoutError('The upload took too long. Please check your connection and try again.', opts.timeoutMs));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
