import { useMutation } from '@tanstack/react-query';
import type { PushPublicKey, PushSubscriptionBody } from '@/shared/api/push';
import { apiJson } from '@/client/lib/api';

/** GET /api/push/public-key: the server's VAPID key, for PushManager.subscribe(). */
export function fetchPushPublicKey(): Promise<PushPublicKey> {
  return apiJson<PushPublicKey>('GET', '/api/push/public-key');
}

/** POST /api/push/subscriptions (idempotent: the same browser again updates its row). */
export function saveSubscription(body: PushSubscriptionBody): Promise<{ ok: true }> {
  return apiJson<{ ok: true }>('POST', '/api/push/subscriptions', body);
}

/** DELETE /api/push/subscriptions */
export function deleteSubscription(endpoint: string): Promise<{ ok: true }> {
  return apiJson<{ ok: true }>('DELETE', '/api/push/subscriptions', { endpoint });
}

/** Turn this browser's notifications on or off (see usePushNotifications for the browser's side). */
export function usePushToggle(change: (on: boolean) => Promise<void>) {
  return useMutation({ mutationFn: change });
}
