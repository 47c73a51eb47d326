import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AdminApiKeysQuery, type AdminApiKeyRevokeResponse, type AdminApiKeysResponse } from '../../shared/api/api-keys';
import { clientIp, noStore, parse, requireUser } from '../http';
import { listAllKeys, staffRevokeKey } from '../services/api-keys';

const KeyParams = z.object({ id: z.uuid({ message: 'No such API key.' }) });

/** /admin/api-keys: every account's keys with their owner and last 30 days of use; staff revoke them (audited, owner e-mailed). */
export async function adminApiKeyRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/admin/api-keys', { config: { access: 'api-keys:manage' } }, async (req, reply) => {
    const body: AdminApiKeysResponse = await listAllKeys(ctx, parse(AdminApiKeysQuery, req.query));
    return noStore(reply).send(body);
  });

  app.post('/api/admin/api-keys/:id/revoke', { config: { access: 'api-keys:manage' } }, async (req, reply) => {
    const { id } = parse(KeyParams, req.params);
    const actor = { ...(await requireUser(req)), ip: clientIp(req) };
    const body: AdminApiKeyRevokeResponse = { apiKey: await staffRevokeKey(ctx, actor, id, req.log) };
    return noStore(reply).send(body);
  });
}
