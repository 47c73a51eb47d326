import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AdminBulkBody,
  AdminDeleteUserBody,
  AdminPlanBody,
  AdminRoleBody,
  AdminUsersQuery,
  type AdminDeleteUserResponse,
  type AdminUserActionResponse,
} from '../../shared/api/admin-users';
import type { SubscriptionInfo } from '../../shared/api/billing';
import { clientIp, noStore, parse, permissionsOf, requireUser } from '../http';
import {
  bulkSuspend,
  changeUserPlan,
  changeUserRole,
  deleteUser,
  restoreUser,
  sendUserPasswordReset,
  searchUsers,
  suspendUser,
  userDetail,
  type Actor,
} from '../services/admin-users';

const UserParams = z.object({ id: z.uuid({ message: 'No such user.' }) });

async function actorOf(req: FastifyRequest): Promise<Actor> {
  return { ...(await requireUser(req)), ip: clientIp(req), permissions: await permissionsOf(req) };
}

/** User Directory and Account Actions: staff find accounts and act on them; the service holds the rules and writes the audit log. */
export async function adminUserRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/admin/users', { config: { access: 'users:read' } }, async (req, reply) =>
    noStore(reply).send(await searchUsers(ctx, parse(AdminUsersQuery, req.query))),
  );

  app.get('/api/admin/users/:id', { config: { access: 'users:read' } }, async (req, reply) => {
    const { id } = parse(UserParams, req.params);
    return noStore(reply).send(await userDetail(ctx, await actorOf(req), id));
  });

  app.post('/api/admin/users/:id/role', { config: { access: 'roles:manage' } }, async (req, reply) => {
    const { id } = parse(UserParams, req.params);
    const { role } = parse(AdminRoleBody, req.body);
    const body: AdminUserActionResponse = { user: await changeUserRole(ctx, await actorOf(req), id, role) };
    return noStore(reply).send(body);
  });

  // A plan free of charge is a price decision, so it needs what editing plans needs (administrators).
  app.post('/api/admin/users/:id/plan', { config: { access: 'plans:edit' } }, async (req, reply) => {
    const { id } = parse(UserParams, req.params);
    const { plan } = parse(AdminPlanBody, req.body);
    const body: { subscription: SubscriptionInfo } = { subscription: await changeUserPlan(ctx, await actorOf(req), id, plan) };
    return noStore(reply).send(body);
  });

  app.post('/api/admin/users/:id/suspend', { config: { access: 'users:suspend' } }, async (req, reply) => {
    const { id } = parse(UserParams, req.params);
    const body: AdminUserActionResponse = { user: await suspendUser(ctx, await actorOf(req), id) };
    return noStore(reply).send(body);
  });

  app.post('/api/admin/users/:id/password-reset', { config: { access: 'users:suspend' } }, async (req, reply) => {
    const { id } = parse(UserParams, req.params);
    await sendUserPasswordReset(ctx, await actorOf(req), id, req.log);
    return noStore(reply).status(202).send({ sent: true });
  });

  app.post('/api/admin/users/:id/restore', { config: { access: 'users:suspend' } }, async (req, reply) => {
    const { id } = parse(UserParams, req.params);
    const body: AdminUserActionResponse = { user: await restoreUser(ctx, await actorOf(req), id) };
    return noStore(reply).send(body);
  });

  // Account Actions: each account is judged on its own; refusals are reported per account, not as a failed request.
  app.post('/api/admin/users/bulk', { config: { access: 'users:suspend' } }, async (req, reply) => {
    const { action, ids } = parse(AdminBulkBody, req.body);
    return noStore(reply).send(await bulkSuspend(ctx, await actorOf(req), action, ids));
  });

  app.delete('/api/admin/users/:id', { config: { access: 'users:suspend' } }, async (req, reply) => {
    const { id } = parse(UserParams, req.params);
    const { confirm } = parse(AdminDeleteUserBody, req.body);
    await deleteUser(ctx, await actorOf(req), id, confirm, req.log);
    const body: AdminDeleteUserResponse = { deleted: true };
    return noStore(reply).send(body);
  });
}
