import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Permission } from '../shared/permissions';
import { isStaff } from '../shared/roles';
import type { PublicUser } from '../shared/api/auth';
import { AppError, fromZod } from './errors';
import { rolePermissions } from './services/roles';
import { currentUser } from './services/sessions';

/**
 * Handler shape used by every route: validate → authorize → act → respond.
 * These helpers are the first two steps; they throw AppError, which the one error handler maps.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw fromZod(result.error);
  return result.data;
}

export async function requireUser(req: FastifyRequest): Promise<PublicUser> {
  const user = await currentUser(req);
  if (!user) throw new AppError('unauthorized', 'Please log in to continue.');
  return user;
}

/** A logged-in plan account (free, basic, pro, agency); staff have no plan and no self-service account actions. */
export async function requirePlanAccount(req: FastifyRequest): Promise<PublicUser> {
  const user = await requireUser(req);
  if (isStaff(user.role)) throw new AppError('forbidden', 'Staff accounts have no plan: an administrator manages them.');
  return user;
}

const granted = new WeakMap<FastifyRequest, Promise<Permission[]>>();

/**
 * What the logged-in user may do (none for a visitor), resolved once per request: a built-in role from the table,
 * a custom role from the database (one primary-key lookup), so an edited custom role applies at the next request.
 */
export function permissionsOf(req: FastifyRequest): Promise<Permission[]> {
  let p = granted.get(req);
  if (!p) {
    p = currentUser(req).then((user) => (user ? rolePermissions(req.server.ctx, user.role) : []));
    granted.set(req, p);
  }
  return p;
}

/** Whether the logged-in user holds `permission` (false for a visitor). For checks inside a handler or service. */
export async function userCan(req: FastifyRequest, permission: Permission): Promise<boolean> {
  return (await permissionsOf(req)).includes(permission);
}

/** The logged-in user if their role holds `permission` (src/shared/permissions.ts, or their custom role); else 401 or 403. */
export async function requirePermission(req: FastifyRequest, permission: Permission): Promise<PublicUser> {
  const user = await requireUser(req);
  if (!(await userCan(req, permission)))
    throw new AppError(
      'forbidden',
      permission === 'admin:access' ? "You don't have permission to access the admin panel." : "You don't have permission to do that.",
    );
  return user;
}

/** Client IP: honours X-Forwarded-For only when TRUST_PROXY is set (Fastify's trustProxy). */
export function clientIp(req: FastifyRequest): string {
  return req.ip || 'unknown';
}

export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}
