import { z } from 'zod';

/**
 * Web push (browser notifications) and the native app's push tokens. The endpoints here are a contract with the
 * mobile/web client adapters: keep their shapes.
 */

/** GET /api/push/public-key: the server's VAPID public key (base64url), the `applicationServerKey` of subscribe(). */
export interface PushPublicKey {
  publicKey: string;
}

const base64url = (what: string, max: number) =>
  z
    .string({ message: `${what} is required.` })
    .min(1, { message: `${what} is required.` })
    .max(max, { message: `${what} is too long.` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: `${what} must be base64url.` });

/** POST /api/push/subscriptions: a browser's PushSubscription.toJSON() (its expirationTime is ignored). */
export const PushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/, message: 'endpoint must be an https URL.' }).max(2048, { message: 'endpoint is too long.' }),
  keys: z.object(
    {
      // an uncompressed P-256 point is 65 bytes (87 base64url characters), the auth secret 16 bytes (22)
      p256dh: base64url('keys.p256dh', 200),
      auth: base64url('keys.auth', 100),
    },
    { message: 'keys must hold p256dh and auth.' },
  ),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

/** DELETE /api/push/subscriptions */
export const PushUnsubscribeBody = z.object({
  endpoint: z.string({ message: 'endpoint is required.' }).min(1, { message: 'endpoint is required.' }).max(2048, { message: 'endpoint is too long.' }),
});
export type PushUnsubscribeBody = z.infer<typeof PushUnsubscribeBody>;

/** POST /api/mobile/register-push-token: the native app's FCM/APNs token → `{success: true}`. */
export const RegisterPushTokenBody = z.object({
  token: z.string({ message: 'token is required.' }).min(1, { message: 'token is required.' }).max(4096, { message: 'token is too long.' }),
  platform: z.enum(['android', 'ios', 'web'], { message: 'platform must be android, ios or web.' }),
  /** when the app registered it: an ISO date or milliseconds since the epoch */
  timestamp: z.union([z.number().finite(), z.string().max(64)], { message: 'timestamp must be a date or a number of milliseconds.' }),
});
export type RegisterPushTokenBody = z.infer<typeof RegisterPushTokenBody>;

/** What a push message carries to the service worker (public/sw push handler shows it). */
export interface PushPayload {
  title?: string;
  body?: string;
  /** a path of this site the notification opens when clicked */
  route?: string;
  /** notifications with the same tag replace each other */
  tag?: string;
}
