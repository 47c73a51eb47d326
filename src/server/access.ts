import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { RouteAccess } from '../shared/permissions';
import { requirePermission, requirePlanAccount, requireUser } from './http';
import { authenticateApiRequest } from './services/public-api';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route; every /api route must say (see registerAccessControl). */
    access?: RouteAccess;
    /** Payment webhooks and other machine-to-machine routes opt out of the Origin check. */
    csrf?: boolean;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, as registered (read by the routes × roles test). */
    routeAccess: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
}

/** The staff API's prefix: even a path under it that matches no route answers only to staff. */
export function isAdminApiPath(url: string): boolean {
  const path = url.split('?')[0];
  return path === '/api/admin' || path.startsWith('/api/admin/');
}

/**
 * Access is declared on the route (`config: { access }`) and enforced here, in the route's first
 * onRequest hook, so it runs before the body or an upload is read and no handler can forget it.
 * A /api route that declares nothing stops the server at boot.
 *
 * A request under /api/admin that matches no route still needs 'admin:access' before it gets its
 * 404, so anonymous callers and plan users cannot map the staff API by probing paths: they get
 * the same 401/403 for every path under it, known or not.
 */
export function registerAccessControl(app: FastifyInstance): void {
  app.decorate('routeAccess', [] as RouteEntry[]);
  app.addHook('onRequest', async (req) => {
    if (req.is404 && isAdminApiPath(req.url)) await requirePermission(req, 'admin:access');
  });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no config.access`);
    for (const method of [route.method].flat()) {
      // HEAD twins of GET routes are added by Fastify itself; the GET entry stands for both.
      if (method !== 'HEAD' || !app.routeAccess.some((r) => r.url === route.url && r.method === 'GET'))
        app.routeAccess.push({ method, url: route.url, access });
    }
    if (access === 'public') return;
    const guard: onRequestHookHandler = async (req: FastifyRequest, reply) => {
      // the public API: the Bearer key alone, within its rate; no cookie is read (services/public-api.ts)
      if (access === 'apikey') await authenticateApiRequest(req, reply);
      else if (access === 'user') await requireUser(req);
      else if (access === 'account') await requirePlanAccount(req);
      else await requirePermission(req, access);
    };
    route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
  });
}
