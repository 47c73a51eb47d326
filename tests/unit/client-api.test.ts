import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  DEFAULT_TIMEOUT_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  NetworkError,
  TOOLS_TIMEOUT_MESSAGE,
  TimeoutError,
  apiRequest,
  apiUpload,
  fileForm,
  computeTimeout,
  errorText,
  getQueryFn,
  messageOf,
  timeoutMessage,
} from '@/client/lib/api';
import { comparisonCompetitor, competitorSlugs } from '@/client/lib/comparison';
import { formatTitle } from '@/client/lib/title';

describe('computeTimeout', () => {
  it('is 30 s without a body, or with a short or missing text', () => {
    expect(computeTimeout()).toBe(30_000);
    expect(computeTimeout({ email: 'a@b.c' })).toBe(30_000);
    expect(computeTimeout({ text: 'x'.repeat(5000) })).toBe(30_000);
    expect(computeTimeout({ text: 42 })).toBe(30_000);
    expect(computeTimeout('text')).toBe(30_000);
  });
  it('adds 1 ms per 100 characters above 5,000 characters', () => {
    expect(computeTimeout({ text: 'x'.repeat(5001) })).toBe(30_050);
    expect(computeTimeout({ text: 'x'.repeat(12_345) })).toBe(30_123);
  });
  it('is capped at 60 s', () => {
    expect(computeTimeout({ text: 'x'.repeat(3_000_000) })).toBe(60_000);
  });
});

describe('messages', () => {
  it('picks the tools timeout message for paths containing /tools/', () => {
    expect(timeoutMessage('/api/tools/content-detector')).toBe('Request timed out. Try with shorter text or try again later when server traffic is lower.');
    expect(timeoutMessage('/api/auth/login')).toBe('Request timed out. Please check your connection and try again.');
  });
  it('formats errors as {status}: {text or status text}', () => {
    expect(errorText(404, 'missing', 'Not Found')).toBe('404: missing');
    expect(errorText(500, '', 'Internal Server Error')).toBe('500: Internal Server Error');
  });
  it('ApiError exposes status, parsed body and the server message', () => {
    const body = { error: { code: 'invalid_credentials', message: 'Invalid email or password' }, message: 'Invalid email or password' };
    const err = new ApiError(401, JSON.stringify(body), 'Unauthorized');
    expect(err.message).toBe(`401: ${JSON.stringify(body)}`);
    expect(err.status).toBe(401);
    expect(err.body).toEqual(body);
    expect(err.serverMessage).toBe('Invalid email or password');
    expect(new ApiError(502, '<html>', 'Bad Gateway').serverMessage).toBeUndefined();
    expect(messageOf(err, 'Login failed')).toBe('Invalid email or password');
    expect(messageOf(new Error('x'), 'fallback')).toBe('fallback');
  });
});

describe('apiRequest', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('sends cookies, and JSON with its content type only when a body is given', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/auth/login', { email: 'a@b.c', password: 'secret1' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/auth/login');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.c', password: 'secret1' }));

    await apiRequest('POST', '/api/auth/logout');
    const [, init2] = fetchMock.mock.calls[1];
    expect(init2.headers).toEqual({});
    expect(init2.body).toBeUndefined();
    expect(init2.credentials).toBe('include');
  });

  it('throws ApiError for non-ok answers', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"Nope"}', { status: 400, statusText: 'Bad Request' }));
    const err = await apiRequest('GET', '/api/x').catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('400: {"message":"Nope"}');
    expect(err.serverMessage).toBe('Nope');
  });

  it('uses the status text when the body is empty', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('turns a network failure into the network-error message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const err = await apiRequest('GET', '/api/x').catch((e) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('times out with the message for the path', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const tools = apiRequest('POST', '/api/tools/content-detector', { text: 'hello' }).catch((e) => e);
    const other = apiRequest('GET', '/api/auth/me').catch((e) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    const [e1, e2] = await Promise.all([tools, other]);
    expect(e1).toBeInstanceOf(TimeoutError);
    expect(e1.message).toBe(TOOLS_TIMEOUT_MESSAGE);
    expect(e2.message).toBe(DEFAULT_TIMEOUT_MESSAGE);
  });

  it('waits longer for long texts', async () => {
    vi.useFakeTimers();
    let aborted = false;
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('Aborted', 'AbortError'));
          });
        }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const p = apiRequest('POST', '/api/tools/ai-humanizer', { text: 'x'.repeat(100_000) }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(30_999);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(aborted).toBe(true);
    expect((await p).timeoutMs).toBe(31_000);
  });

  it('warns about requests slower than 3 s', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockImplementation(() => new Promise((resolve) => setTimeout(() => resolve(new Response('{}')), 3500)));
    const p = apiRequest('GET', '/api/slow');
    await vi.advanceTimersByTimeAsync(3500);
    await p;
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/api/slow'));
  });
});

describe('getQueryFn', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const ctx = (key: string) => ({ queryKey: [key], signal: new AbortController().signal, meta: undefined }) as never;

  it('GETs the first query key element and parses JSON', async () => {
    fetchMock.mockResolvedValue(new Response('{"user":{"id":"1"}}', { status: 200 }));
    await expect(getQueryFn({ on401: 'throw' })(ctx('/api/auth/me'))).resolves.toEqual({ user: { id: '1' } });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/me');
    expect(fetchMock.mock.calls[0][1].method).toBe('GET');
  });

  it('returns null on 401 when asked, and throws otherwise', async () => {
    fetchMock.mockImplementation(async () => new Response('{"message":"Not logged in"}', { status: 401 }));
    await expect(getQueryFn({ on401: 'returnNull' })(ctx('/api/auth/me'))).resolves.toBeNull();
    await expect(getQueryFn({ on401: 'throw' })(ctx('/api/auth/me'))).rejects.toBeInstanceOf(ApiError);
  });
});

describe('comparison paths and titles', () => {
  const competitors = competitorSlugs(['gptzero', { slug: 'turnitin' }, 7]);
  it('recognises the four path shapes for known competitors only', () => {
    expect(competitors).toEqual(['gptzero', 'turnitin']);
    expect(comparisonCompetitor('gptzero', competitors)).toBe('gptzero');
    expect(comparisonCompetitor('gptzero-alternative', competitors)).toBe('gptzero');
    expect(comparisonCompetitor('turnitin-detector', competitors)).toBe('turnitin');
    expect(comparisonCompetitor('vs-gptzero-com', competitors)).toBe('gptzero');
    expect(comparisonCompetitor('unknown-alternative', competitors)).toBeNull();
    expect(comparisonCompetitor('nothing', competitors)).toBeNull();
  });
  it('adds the brand suffix unless the title names the brand', () => {
    expect(formatTitle('Pricing')).toBe('Pricing | Veritext - Advanced AI Detection & Content Tools');
    expect(formatTitle('Veritext vs GPTZero')).toBe('Veritext vs GPTZero');
  });
});

describe('apiUpload', () => {
  it('posts the form with cookies and returns the JSON body', async () => {
    const fetchMock = vi.fn(async () => new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const form = fileForm(new File(['hello'], 'a.txt'), { title: 'T', licence: undefined });
    expect(await apiUpload('/api/tools/content-detector', form)).toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    const sent = init.body as FormData;
    expect(sent.get('title')).toBe('T');
    expect(sent.has('licence')).toBe(false);
    expect((sent.get('file') as File).name).toBe('a.txt');
    vi.unstubAllGlobals();
  });

  it('raises the helper errors: {status}: {text} for a non-ok answer, the tools timeout message on timeout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Too big"}', { status: 413, statusText: 'Payload Too Large' })),
    );
    await expect(apiUpload('/api/tools/plagiarism-checker', new FormData())).rejects.toMatchObject({ status: 413, serverMessage: 'Too big' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw Object.assign(new Error('t'), { name: 'TimeoutError' });
      }),
    );
    await expect(apiUpload('/api/tools/plagiarism-checker', new FormData())).rejects.toThrow(TOOLS_TIMEOUT_MESSAGE);
    vi.unstubAllGlobals();
  });
});
