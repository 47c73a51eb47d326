import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CreateRoleBody, RoleParams, UpdateRoleBody, type RoleResponse } from '../../shared/api/admin-roles';
import { clientIp, noStore, parse, requireUser } from '../http';
import { createRole, deleteRole, listRoles, updateRole, type RoleActor } from '../services/roles';

async function actorOf(req: FastifyRequest): Promise<RoleActor> {
  return { ...(await requireUser(req)), ip: clientIp(req) };
}

/** Role Management and Access Control: built-in roles are read-only; custom staff roles are created, edited and deleted. */
export async function adminRoleRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/admin/roles', { config: { access: 'roles:manage' } }, async (_req, reply) => noStore(reply).send(await listRoles(ctx)));

  app.post('/api/admin/roles', { config: { access: 'roles:manage' } }, async (req, reply) => {
    const input = parse(CreateRoleBody, req.body);
    const body: RoleResponse = { role: await createRole(ctx, await actorOf(req), input) };
    return noStore(reply).status(201).send(body);
  });

  app.patch('/api/admin/roles/:id', { config: { access: 'roles:manage' } }, async (req, reply) => {
    const { id } = parse(RoleParams, req.params);
    const input = parse(UpdateRoleBody, req.body);
    const body: RoleResponse = { role: await updateRole(ctx, await actorOf(req), id, input) };
    return noStore(reply).send(body);
  });

  app.delete('/api/admin/roles/:id', { config: { access: 'roles:manage' } }, async (req, reply) => {
    const { id } = parse(RoleParams, req.params);
    await deleteRole(ctx, await actorOf(req), id);
    return noStore(reply).send({ deleted: true });
  });
}
