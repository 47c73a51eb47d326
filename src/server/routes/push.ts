import type { FastifyInstance } from 'fastify';
import { PushSubscriptionBody, PushUnsubscribeBody, RegisterPushTokenBody, type PushPublicKey } from '../../shared/api/push';
import { noStore, parse, requireUser } from '../http';
import { registerNativeToken, subscribe, unsubscribe, vapidKeys } from '../services/push';

/** Browser notifications (web push) and the native app's push token. */
export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  // public: the key is public by design, and the page asks for it before it knows whether anyone is signed in
  app.get('/api/push/public-key', { config: { access: 'public' } }, async (_req, reply) => {
    const body: PushPublicKey = { publicKey: (await vapidKeys(ctx)).publicKey };
    return noStore(reply).send(body);
  });

  app.post('/api/push/subscriptions', { config: { access: 'user' } }, async (req, reply) => {
    const user = await requireUser(req);
    await subscribe(ctx, user.id, parse(PushSubscriptionBody, req.body));
    return noStore(reply).status(201).send({ ok: true });
  });

  app.delete('/api/push/subscriptions', { config: { access: 'user' } }, async (req, reply) => {
    const user = await requireUser(req);
    await unsubscribe(ctx, user.id, parse(PushUnsubscribeBody, req.body).endpoint);
    return noStore(reply).send({ ok: true });
  });

  app.post('/api/mobile/register-push-token', { config: { access: 'user' } }, async (req, reply) => {
    const user = await requireUser(req);
    await registerNativeToken(ctx, user.id, parse(RegisterPushTokenBody, req.body));
    return noStore(reply).send({ success: true });
  });
}
