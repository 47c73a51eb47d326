import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { isPermission } from '../shared/permissions';
import { AppError } from './errors';
import { clientIp } from './http';
import { STAFF_TWO_FACTOR_MESSAGE, staffTwoFactorMissing } from './services/admin-security';
import { addressAllowed, notAllowedMessage } from './services/ip-allowlist';
import { currentUser } from './services/sessions';
import { getSettings } from './services/settings';

/** Where a staff member without two-factor enrols: these stay open so the requirement can be met. */
const ENROLMENT_PATHS = ['/api/user/2fa'];

/**
 * The two run-time restrictions of the administrator area, checked on every staff route (a route whose access is a
 * permission) after its access check (src/server/access.ts) has passed:
 * - the IP allow-list (/admin/ip-whitelist): when not empty, other addresses get 403;
 * - "require two-factor for staff" (/admin/security): a staff member without two-factor gets 403 telling them to
 *   enrol, except on the enrolment routes themselves.
 * Settings are read through the settings cache (services/settings.ts), so this costs no query on most requests.
 * Register before any route, like registerAccessControl.
 */
export function registerStaffGuards(app: FastifyInstance): void {
  const { ctx } = app;
  const guard: onRequestHookHandler = async (req: FastifyRequest) => {
    const settings = await getSettings(ctx.db);
    if (settings.ipAllowList.length > 0) {
      const ip = clientIp(req);
      if (!addressAllowed(settings.ipAllowList, ip)) throw new AppError('forbidden', notAllowedMessage(ip));
    }
    if (settings.requireStaffTwoFactor && !ENROLMENT_PATHS.some((p) => req.url.startsWith(p))) {
      const user = await currentUser(req);
      if (user && (await staffTwoFactorMissing(ctx, user))) throw new AppError('forbidden', STAFF_TWO_FACTOR_MESSAGE);
    }
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (!access || !isPermission(access)) return;
    // Appended: the access check (prepended by access.ts) runs first, so a visitor still gets 401 and a plan user 403.
    route.onRequest = [...[route.onRequest ?? []].flat(), guard];
  });
}
