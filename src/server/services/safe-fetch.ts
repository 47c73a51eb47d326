/**
 * Fetch a web page the user named, without letting the URL reach into our own network (SSRF).
 *
 * - Only http: and https:, on ports 80 and 443. Other ports are refused, not merely unusual: internal services
 *   (databases, admin consoles, metadata proxies) listen on them. A page on another port can still be pasted.
 * - No user:password@ in the URL.
 * - The host is resolved here, and every address it resolves to must be public unicast: private (10/8, 172.16/12,
 *   192.168/16, fc00::/7), loopback, link-local (169.254/16 with the cloud metadata address, fe80::/10), CGNAT
 *   (100.64/10), multicast, unspecified, broadcast, reserved and documentation ranges, and IPv6 forms that embed an
 *   IPv4 address (::ffff:127.0.0.1, NAT64, 6to4, Teredo) are refused. ipaddr.js classifies; anything not 'unicast'
 *   is refused. Decimal, octal and hex IPv4 spellings (http://2130706433/, http://0177.0.0.1/) are normalised by
 *   the WHATWG URL parser before the check, so they are checked as the dotted address they mean.
 * - The connection goes to the address that was checked: the socket's DNS lookup is replaced by one that answers
 *   that address (pinned), so a resolver that answers a public address to the check and a private one to the
 *   connection (DNS rebinding) gains nothing.
 * - Redirects are followed by hand (at most 5), each new URL checked from the start.
 * - Only text/html (or XHTML) is read; the body is capped (2 MB after decompression) and the whole fetch, redirects
 *   included, has one time budget (10 s).
 *
 * The resolver and the transport can be injected (tests run with no internet and must not reach a real host).
 */
import { promises as dns } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { AppError } from '../errors';

export const SAFE_FETCH_DEFAULTS = {
  maxBytes: 2 * 1024 * 1024,
  timeoutMs: 10_000,
  maxRedirects: 5,
  ports: [80, 443] as readonly number[],
};

/** A hostname's addresses (all of them: every one is checked). */
export type Resolver = (hostname: string) => Promise<string[]>;

/** One HTTP GET to a checked address. */
export interface PinnedRequest {
  url: URL;
  /** the checked address the connection must go to */
  address: string;
  family: 4 | 6;
  headers: Record<string, string>;
  signal: AbortSignal;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** the decoded body */
  body: AsyncIterable<Buffer | string> | Iterable<Buffer | string>;
  /** stop reading and release the connection */
  close(): void;
}

export type Transport = (req: PinnedRequest) => Promise<TransportResponse>;

export interface SafeFetchOptions {
  resolve?: Resolver;
  transport?: Transport;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  ports?: readonly number[];
  signal?: AbortSignal;
}

export interface FetchedPage {
  /** the URL asked for */
  url: string;
  /** the URL that answered, after redirects */
  finalUrl: string;
  status: number;
  contentType: string;
  body: string;
  bytes: number;
  redirects: number;
}

/** Test hook: replace the resolver or transport (or limits) for every fetch; null restores the defaults. */
let overrides: Partial<SafeFetchOptions> | null = null;
export function configureSafeFetch(next: Partial<SafeFetchOptions> | null): void {
  overrides = next;
}

const notAllowed = (why: string) => new AppError('url_not_allowed', `This URL cannot be fetched: ${why}`);
const failed = (why: string) => new AppError('url_fetch_failed', `The page could not be fetched: ${why}`);

/**
 * Why an address may not be fetched, or null when it is public unicast. IPv4-mapped IPv6 is judged as the IPv4
 * address it carries.
 */
export function addressRefusal(raw: string): string | null {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(raw.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return 'it is not an IP address';
  }
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  return range === 'unicast' ? null : `it points to a ${RANGE_NAMES[range] ?? `reserved (${range})`} address, which is not on the public internet`;
}

const RANGE_NAMES: Record<string, string> = {
  private: 'private',
  uniqueLocal: 'private',
  loopback: 'loopback',
  linkLocal: 'link-local',
  carrierGradeNat: 'carrier-grade NAT',
  multicast: 'multicast',
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  reserved: 'reserved',
};

/** The URL parsed and its scheme, credentials and port checked (not yet its addresses). */
export function checkUrl(raw: string, ports: readonly number[] = SAFE_FETCH_DEFAULTS.ports): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new AppError('url_not_allowed', 'Enter a full web address starting with http:// or https://.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw notAllowed('only http:// and https:// addresses are fetched.');
  if (url.username || url.password) throw notAllowed('addresses with a user name or password are not fetched.');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (!ports.includes(port)) throw notAllowed(`only the standard web ports (${ports.join(' and ')}) are fetched; paste the page's HTML instead.`);
  if (!url.hostname) throw notAllowed('the address has no host.');
  return url;
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

async function defaultResolve(hostname: string): Promise<string[]> {
  const found = await dns.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => a.address);
}

/** The addresses of the URL's host, every one of them checked; the first is the one to connect to. */
async function checkedAddress(url: URL, resolve: Resolver, signal: AbortSignal): Promise<{ address: string; family: 4 | 6 }> {
  const host = bareHost(url);
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = await abortable(resolve(host), signal);
    } catch (err) {
      if (signal.aborted) throw err;
      throw failed(`the server ${host} was not found.`);
    }
    if (!addresses.length) throw failed(`the server ${host} was not found.`);
  }
  for (const a of addresses) {
    const why = addressRefusal(a);
    if (why) throw notAllowed(`${why}.`);
  }
  const address = addresses[0]!.replace(/^\[|\]$/g, '');
  return { address, family: ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4 };
}

function abortable<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/** A socket lookup that answers only the checked address, whatever the name (the pin against DNS rebinding). */
export function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_host: string, options: unknown, callback?: unknown) => {
    const cb = (typeof options === 'function' ? options : callback) as (err: Error | null, a: unknown, f?: number) => void;
    if (typeof options === 'object' && options !== null && (options as { all?: boolean }).all) cb(null, [{ address, family }]);
    else cb(null, address, family);
  }) as LookupFunction;
}

/** The real transport: node:http(s) to the pinned address, TLS checked against the URL's host name. */
export const httpTransport: Transport = (req) =>
  new Promise<TransportResponse>((resolve, reject) => {
    const secure = req.url.protocol === 'https:';
    const request = (secure ? https : http).request(
      {
        protocol: req.url.protocol,
        hostname: bareHost(req.url),
        port: req.url.port || (secure ? 443 : 80),
        path: `${req.url.pathname}${req.url.search}`,
        method: 'GET',
        headers: req.headers,
        lookup: pinnedLookup(req.address, req.family),
        // no pooled socket: a kept-alive connection to another address must never be reused
        agent: false,
        signal: req.signal,
      },
      (res) => {
        const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
        const decoder =
          encoding === 'gzip' || encoding === 'x-gzip'
            ? zlib.createGunzip()
            : encoding === 'deflate'
              ? zlib.createInflate()
              : encoding === 'br'
                ? zlib.createBrotliDecompress()
                : null;
        const body: Readable = decoder ? res.pipe(decoder) : res;
        if (decoder) res.on('error', (e) => decoder.destroy(e));
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body,
          close: () => {
            decoder?.destroy();
            res.destroy();
          },
        });
      },
    );
    request.on('error', reject);
    request.end();
  });

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const header = (h: TransportResponse['headers'], name: string) => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};
const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** GET an HTML page behind the guard. Throws AppError url_not_allowed / url_fetch_failed / url_too_large. */
export async function safeFetchHtml(raw: string, options: SafeFetchOptions = {}): Promise<FetchedPage> {
  const o = { ...SAFE_FETCH_DEFAULTS, ...options, ...overrides };
  const resolve = o.resolve ?? defaultResolve;
  const transport = o.transport ?? httpTransport;
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(new Error('timeout')), o.timeoutMs);
  const signal = o.signal ? AbortSignal.any([o.signal, timer.signal]) : timer.signal;
  const timedOut = () => timer.signal.aborted;
  const tooSlow = () => failed(`it did not finish within ${Math.round(o.timeoutMs / 1000)} s.`);

  let url = checkUrl(raw, o.ports);
  const first = url.href;
  try {
    for (let redirects = 0; ; redirects++) {
      const { address, family } = await checkedAddress(url, resolve, signal);
      let res: TransportResponse;
      try {
        res = await transport({
          url,
          address,
          family,
          signal,
          headers: {
            'user-agent': 'VeritextSEOAnalyzer/1.0 (+on-page SEO check requested by a user)',
            accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
            'accept-encoding': 'gzip, deflate, br',
          },
        });
      } catch (err) {
        if (timedOut()) throw tooSlow();
        if (signal.aborted) throw err;
        const code = (err as { code?: string }).code;
        throw failed(`the server did not answer (${code ?? (err as Error).message}).`);
      }

      if (REDIRECTS.has(res.status)) {
        res.close();
        const location = header(res.headers, 'location');
        if (!location) throw failed(`it answered HTTP ${res.status} without a new address.`);
        if (redirects >= o.maxRedirects) throw failed(`it redirected more than ${o.maxRedirects} times.`);
        let next: string;
        try {
          next = new URL(location, url).href;
        } catch {
          throw failed('it redirected to an invalid address.');
        }
        // the new address is checked from the start: scheme, port, and every address its host resolves to
        url = checkUrl(next, o.ports);
        continue;
      }
      if (res.status < 200 || res.status > 299) {
        res.close();
        throw failed(`the server answered HTTP ${res.status}.`);
      }
      const contentType = String(header(res.headers, 'content-type') ?? '');
      const mime = contentType.split(';')[0]!.trim().toLowerCase();
      if (!HTML_TYPES.has(mime)) {
        res.close();
        throw failed(`it is ${mime ? `“${mime}”` : 'of no stated type'}, not an HTML page.`);
      }
      const declared = Number(header(res.headers, 'content-length'));
      const encoded = Boolean(header(res.headers, 'content-encoding'));
      if (!encoded && Number.isFinite(declared) && declared > o.maxBytes) {
        res.close();
        throw new AppError('url_too_large', `The page is larger than ${mb(o.maxBytes)} (${mb(declared)}); paste the part you want analyzed instead.`);
      }
      const chunks: Buffer[] = [];
      let bytes = 0;
      try {
        for await (const chunk of res.body) {
          const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
          bytes += buf.length;
          if (bytes > o.maxBytes) {
            res.close();
            throw new AppError('url_too_large', `The page is larger than ${mb(o.maxBytes)}; paste the part you want analyzed instead.`);
          }
          chunks.push(buf);
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        res.close();
        if (timedOut()) throw tooSlow();
        if (signal.aborted) throw err;
        throw failed('the connection broke off while the page was being read.');
      }
      return { url: first, finalUrl: url.href, status: res.status, contentType, body: decode(Buffer.concat(chunks), contentType), bytes, redirects };
    }
  } catch (err) {
    if (timedOut() && !(err instanceof AppError)) throw tooSlow();
    throw err;
  } finally {
    clearTimeout(timeout);
  }
}

/** The body as text in its declared charset (UTF-8 when none is declared or the label is unknown). */
function decode(buf: Buffer, contentType: string): string {
  const label =
    /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1] ??
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(buf.subarray(0, 2048).toString('latin1'))?.[1] ??
    'utf-8';
  try {
    return new TextDecoder(label).decode(buf);
  } catch {
    return new TextDecoder('utf-8').decode(buf);
  }
}
