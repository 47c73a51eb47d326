import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return 'null';
  }
}

/**
 * Cookie-authenticated APIs must not be drivable from other sites. Browsers always send
 * Origin on cross-site POSTs, so a foreign (or opaque "null") Origin is refused; requests
 * without Origin or Referer are not from a browser page and carry no ambient cookies risk.
 * Machine-to-machine endpoints (payment webhooks) opt out with `config: { csrf: false }`.
 */
export function registerCsrf(app: FastifyInstance, publicOrigin: string): void {
  app.addHook('onRequest', async (req: FastifyRequest) => {
    if (SAFE.has(req.method) || !req.url.startsWith('/api/')) return;
    if (req.routeOptions.config?.csrf === false) return;
    // The public API (/api/v1, access 'apikey') is answered for a Bearer key alone and never reads a cookie, so there
    // is no ambient credential for another site to ride on. Anywhere else a Bearer header does not switch the check off.
    if (req.routeOptions.config?.access === 'apikey') return;
    const origin = originOf(req.headers.origin) ?? originOf(req.headers.referer);
    if (origin === null) return;
    const own = `${req.protocol}://${req.host}`;
    if (origin === own || origin === publicOrigin) return;
    if (req.headers['sec-fetch-site'] === 'same-origin') return;
    throw new AppError('csrf_rejected', 'This request came from another site and was refused.');
  });
}
