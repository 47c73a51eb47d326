import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { isStaff, type Role } from '../shared/roles';
import type { PublicUser } from '../shared/api/auth';
import { AppError, fromZod } from './errors';
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

export async function requireRole(req: FastifyRequest, roles: readonly Role[]): Promise<PublicUser> {
  const user = await requireUser(req);
  if (!roles.includes(user.role)) throw new AppError('forbidden', "You don't have permission to do that.");
  return user;
}

export async function requireStaff(req: FastifyRequest): Promise<PublicUser> {
  const user = await requireUser(req);
  if (!isStaff(user.role)) throw new AppError('forbidden', "You don't have permission to access the admin panel.");
  return user;
}

/** Client IP: honours X-Forwarded-For only when TRUST_PROXY is set (Fastify's trustProxy). */
export function clientIp(req: FastifyRequest): string {
  return req.ip || 'unknown';
}

export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}
