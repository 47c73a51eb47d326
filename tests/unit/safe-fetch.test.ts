/**
 * The SSRF guard of URL fetching (src/server/services/safe-fetch.ts). No test reaches the internet: the resolver is
 * injected, and the transport is either a fake or the real node:http transport pointed at a local server.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../src/server/errors';
import {
  addressRefusal,
  httpTransport,
  safeFetchHtml,
  type PinnedRequest,
  type Resolver,
  type Transport,
  type TransportResponse,
} from '../../src/server/services/safe-fetch';

const PUBLIC = '93.184.216.34';
const html = (body: string, headers: Record<string, string> = {}): TransportResponse => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
  body: (async function* () {
    yield Buffer.from(body);
  })(),
  close: () => {},
});
const redirect = (location: string, status = 302): TransportResponse => ({ status, headers: { location }, body: (async function* () {})(), close: () => {} });

/** Expect an AppError with this code (and a 422 status: the one error shape's status for these codes). */
async function refused(p: Promise<unknown>, code: string): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'expected a refusal').toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe(code);
  expect((err as AppError).status).toBe(422);
  return err as AppError;
}

describe('address classification', () => {
  it.each([
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '127.0.0.1',
    '127.255.0.9',
    '0.0.0.0',
    '169.254.169.254',
    '100.64.0.1',
    '100.100.100.200',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '2001:db8::1',
    'ff02::1',
  ])('refuses %s', (ip) => {
    expect(addressRefusal(ip)).not.toBeNull();
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:93.184.216.34'])('allows %s', (ip) => {
    expect(addressRefusal(ip)).toBeNull();
  });
});

describe('URLs refused before any connection', () => {
  const transport = vi.fn<Transport>();
  const resolve = vi.fn<Resolver>(async () => [PUBLIC]);

  it.each([
    'http://127.0.0.1/',
    'http://localhost.:80/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.0.0.1/',
    'http://127.1/',
    'http://017700000001/',
    'http://10.1.2.3/',
    'http://[fd00:ec2::254]/',
    'http://0.0.0.0/',
  ])('%s', async (url) => {
    // "localhost." goes to the resolver: answer what the system would
    resolve.mockResolvedValueOnce(['127.0.0.1']);
    await refused(safeFetchHtml(url, { transport, resolve }), 'url_not_allowed');
    expect(transport).not.toHaveBeenCalled();
  });

  it.each([
    'ftp://example.com/',
    'file:///etc/passwd',
    'gopher://example.com/',
    'http://user:pw@example.com/',
    'http://example.com:8080/',
    'https://example.com:22/',
    'not a url',
    'javascript:alert(1)',
  ])('%s', async (url) => {
    await refused(safeFetchHtml(url, { transport, resolve }), 'url_not_allowed');
    expect(transport).not.toHaveBeenCalled();
  });

  it('refuses a host that resolves to a private address, and one with any private address among its answers', async () => {
    await refused(safeFetchHtml('http://intranet.example/', { transport, resolve: async () => ['10.0.0.5'] }), 'url_not_allowed');
    await refused(safeFetchHtml('http://mixed.example/', { transport, resolve: async () => [PUBLIC, '127.0.0.1'] }), 'url_not_allowed');
    await refused(safeFetchHtml('http://metadata.example/', { transport, resolve: async () => ['169.254.169.254'] }), 'url_not_allowed');
    await refused(safeFetchHtml('http://v6.example/', { transport, resolve: async () => ['::ffff:192.168.0.1'] }), 'url_not_allowed');
    expect(transport).not.toHaveBeenCalled();
  });

  it('a host that does not resolve is a clear fetch failure', async () => {
    const err = await refused(
      safeFetchHtml('http://nowhere.example/', {
        transport,
        resolve: async () => {
          throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
        },
      }),
      'url_fetch_failed',
    );
    expect(err.message).toContain('nowhere.example was not found');
  });
});

describe('DNS rebinding', () => {
  it('connects to the address that was checked, not to a second answer', async () => {
    // a resolver that answers public to the first question and private to every later one
    let calls = 0;
    const resolve: Resolver = async () => (calls++ === 0 ? [PUBLIC] : ['127.0.0.1']);
    const seen: PinnedRequest[] = [];
    const transport: Transport = async (req) => {
      seen.push(req);
      return html('<p>ok</p>');
    };
    const page = await safeFetchHtml('http://rebind.example/', { resolve, transport });
    expect(page.body).toBe('<p>ok</p>');
    expect(calls).toBe(1);
    expect(seen.map((r) => r.address)).toEqual([PUBLIC]);
  });

  it('the real transport never asks DNS: its socket goes to the pinned address whatever the host name', async () => {
    const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(`<p>${_req.headers.host}</p>`));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      // "rebind.invalid" cannot resolve anywhere: reaching the server proves the lookup was the pinned one
      const res = await httpTransport({
        url: new URL(`http://rebind.invalid:${port}/`),
        address: '127.0.0.1',
        family: 4,
        headers: {},
        signal: new AbortController().signal,
      });
      let body = '';
      for await (const c of res.body) body += c.toString();
      expect(res.status).toBe(200);
      expect(body).toBe(`<p>rebind.invalid:${port}</p>`);
    } finally {
      server.close();
    }
  });
});

describe('redirects', () => {
  it('follows a redirect and re-checks its target', async () => {
    const seen: string[] = [];
    const transport: Transport = async (req) => {
      seen.push(req.url.href);
      return req.url.pathname === '/old' ? redirect('/new', 301) : html('<p>new</p>');
    };
    const page = await safeFetchHtml('http://site.example/old', { resolve: async () => [PUBLIC], transport });
    expect(page.finalUrl).toBe('http://site.example/new');
    expect(page.redirects).toBe(1);
    expect(seen).toEqual(['http://site.example/old', 'http://site.example/new']);
  });

  it.each([
    'http://127.0.0.1/admin',
    'http://[::1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://internal.example/',
    'file:///etc/passwd',
    'http://site.example:6379/',
  ])('refuses a redirect to %s', async (target) => {
    const seen: string[] = [];
    const transport: Transport = async (req) => {
      seen.push(req.url.href);
      return redirect(target);
    };
    const resolve: Resolver = async (host) => (host === 'internal.example' ? ['192.168.0.10'] : [PUBLIC]);
    await refused(safeFetchHtml('http://site.example/', { resolve, transport }), 'url_not_allowed');
    expect(seen).toEqual(['http://site.example/']);
  });

  it('stops after 5 redirects', async () => {
    let n = 0;
    const transport: Transport = async () => redirect(`/r${++n}`);
    const err = await refused(safeFetchHtml('http://loop.example/', { resolve: async () => [PUBLIC], transport }), 'url_fetch_failed');
    expect(err.message).toContain('more than 5 times');
    expect(n).toBe(6);
  });
});

describe('what is read', () => {
  const resolve: Resolver = async () => [PUBLIC];

  it('only HTML', async () => {
    const transport: Transport = async () => ({ ...html('{}'), headers: { 'content-type': 'application/json' } });
    const err = await refused(safeFetchHtml('http://api.example/', { resolve, transport }), 'url_fetch_failed');
    expect(err.message).toContain('not an HTML page');
  });

  it('an error status is a fetch failure', async () => {
    const transport: Transport = async () => ({ ...html('nope'), status: 404 });
    const err = await refused(safeFetchHtml('http://site.example/missing', { resolve, transport }), 'url_fetch_failed');
    expect(err.message).toContain('HTTP 404');
  });

  it('refuses a declared length over the limit before reading', async () => {
    const read = vi.fn();
    const transport: Transport = async () => ({
      status: 200,
      headers: { 'content-type': 'text/html', 'content-length': String(50 * 1024 * 1024) },
      body: (async function* () {
        read();
        yield Buffer.alloc(10);
      })(),
      close: () => {},
    });
    await refused(safeFetchHtml('http://big.example/', { resolve, transport }), 'url_too_large');
    expect(read).not.toHaveBeenCalled();
  });

  it('stops reading an undeclared body at the limit', async () => {
    let chunks = 0;
    const close = vi.fn();
    const transport: Transport = async () => ({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: (async function* () {
        for (;;) {
          chunks++;
          yield Buffer.alloc(64 * 1024, 97);
        }
      })(),
      close,
    });
    await refused(safeFetchHtml('http://endless.example/', { resolve, transport, maxBytes: 256 * 1024 }), 'url_too_large');
    expect(chunks).toBe(5);
    expect(close).toHaveBeenCalled();
  });

  describe('through the real transport (a local server stands in for a public host)', () => {
    let server: http.Server;
    let port = 0;
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        if (req.url === '/page') res.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' }).end(Buffer.from('<p>caf\xe9</p>', 'latin1'));
        else if (req.url === '/bomb') {
          // 50 MB of zeros, gzipped to about 50 KB: the limit applies to what it inflates to
          res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
          res.end(zlib.gzipSync(Buffer.alloc(50 * 1024 * 1024)));
        } else if (req.url === '/slow') {
          res.writeHead(200, { 'content-type': 'text/html' });
          res.write('<p>');
          const t = setInterval(() => res.write('.'), 100);
          res.on('close', () => clearInterval(t));
        } else if (req.url === '/hang') {
          // headers never come
        } else res.writeHead(404).end();
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => {
      server.closeAllConnections();
      server.close();
    });

    // the checked public address is rewritten to the local server only at the socket, after the guard has run
    const local =
      (seen: string[]): Transport =>
      (req) => {
        seen.push(req.address);
        return httpTransport({ ...req, address: '127.0.0.1' });
      };
    const opts = (seen: string[] = []) => ({ resolve, transport: local(seen), ports: [port] });

    it('reads a page in its declared charset', async () => {
      const seen: string[] = [];
      const page = await safeFetchHtml(`http://public.example:${port}/page`, opts(seen));
      expect(page.body).toBe('<p>café</p>');
      expect(seen).toEqual([PUBLIC]);
    });

    it('a compressed bomb is stopped at the limit of inflated bytes', async () => {
      await refused(safeFetchHtml(`http://public.example:${port}/bomb`, opts()), 'url_too_large');
    });

    it('a slow body is stopped at the time limit', async () => {
      const t0 = Date.now();
      const err = await refused(safeFetchHtml(`http://public.example:${port}/slow`, { ...opts(), timeoutMs: 500 }), 'url_fetch_failed');
      expect(err.message).toContain('did not finish within');
      expect(Date.now() - t0).toBeLessThan(3000);
    });

    it('a server that never answers is stopped at the time limit', async () => {
      const err = await refused(safeFetchHtml(`http://public.example:${port}/hang`, { ...opts(), timeoutMs: 400 }), 'url_fetch_failed');
      expect(err.message).toContain('did not finish within');
    });
  });
});
