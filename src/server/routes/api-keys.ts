import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CreateApiKeyBody, type ApiKeyListResponse, type ApiKeySummary, type CreateApiKeyResponse } from '../../shared/api/api-keys';
import { clientIp, noStore, parse, requirePlanAccount } from '../http';
import { createKey, listOwnKeys, revokeOwnKey, type KeyActor } from '../services/api-keys';

const KeyParams = z.object({ id: z.uuid({ message: 'No such API key.' }) });

async function actorOf(req: FastifyRequest): Promise<KeyActor> {
  return { ...(await requirePlanAccount(req)), ip: clientIp(req) };
}

/**
 * A plan account's own API keys (Account → API keys): create (with optional scopes and expiry), list, revoke. Keys
 * are managed with the session; a key cannot manage keys.
 */
export async function apiKeyRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/user/api-keys', { config: { access: 'account' } }, async (req, reply) => {
    const body: ApiKeyListResponse = await listOwnKeys(ctx, await requirePlanAccount(req));
    return noStore(reply).send(body);
  });

  app.post('/api/user/api-keys', { config: { access: 'account' } }, async (req, reply) => {
    const input = parse(CreateApiKeyBody, req.body);
    const body: CreateApiKeyResponse = await createKey(ctx, await actorOf(req), input);
    return noStore(reply).status(201).send(body);
  });

  app.post('/api/user/api-keys/:id/revoke', { config: { access: 'account' } }, async (req, reply) => {
    const { id } = parse(KeyParams, req.params);
    const body: { apiKey: ApiKeySummary } = { apiKey: await revokeOwnKey(ctx, await actorOf(req), id) };
    return noStore(reply).send(body);
  });
}
