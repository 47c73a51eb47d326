/**
 * Web push (browser notifications, RFC 8030/8291/8292) and the native app's push tokens.
 *
 * - The VAPID key pair is generated on first use and kept in app_settings (key `push:vapid`); every instance on the
 *   database signs with the same pair, so a subscription made through one instance works from all of them.
 * - A subscription is the browser's PushSubscription (endpoint + keys), one row per endpoint; subscribing again
 *   with the same endpoint updates it (idempotent), and moves it to the signed-in user.
 * - Messages are encrypted and signed by `web-push` (generateRequestDetails: aes128gcm, a VAPID JWT) and POSTed here
 *   with fetch, so the request goes only where we allow: a subscription's endpoint is the browser's word, and
 *   without a check any signed-in user could make the server POST to any address (an intranet one included). Only
 *   the known push services are allowed, plus the operator's PUSH_EXTRA_ORIGINS.
 * - A push service's 404 or 410 means the browser dropped the subscription: the row is deleted.
 * - Native tokens (FCM/APNs) are stored for the operator; sending to FCM/APNs needs credentials this server does not
 *   hold, so nothing is sent to them here.
 */
import { and, eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import { appSettings, nativePushTokens, pushSubscriptions } from '../../db/schema';
import type { PushPayload, PushSubscriptionBody, RegisterPushTokenBody } from '../../shared/api/push';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import type { BatchDoneEvent } from './batches';

const VAPID_KEY = 'push:vapid';
/** How long a push service keeps an undelivered message (the phone is off): a day. */
const TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;
/** The browsers' push services: Chrome/Edge-on-Android (FCM), Firefox, Edge (WNS), Safari. */
const PUSH_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'];
const PUSH_HOST_SUFFIXES = ['.notify.windows.com', '.push.apple.com', '.push.services.mozilla.com'];

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const vapidCache = new WeakMap<ServerContext['db'], VapidKeys>();

/** The server's VAPID key pair, made on first use; concurrent first uses (two instances) agree on the stored one. */
export async function vapidKeys(ctx: ServerContext): Promise<VapidKeys> {
  const hit = vapidCache.get(ctx.db);
  if (hit) return hit;
  const fresh = webpush.generateVAPIDKeys();
  await ctx.db
    .insert(appSettings)
    .values({ key: VAPID_KEY, value: JSON.stringify(fresh) })
    .onConflictDoNothing();
  const [row] = await ctx.db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, VAPID_KEY)).limit(1);
  const keys = JSON.parse(row!.value) as VapidKeys;
  vapidCache.set(ctx.db, keys);
  return keys;
}

/** The JWT's `sub`: how a push service reaches the operator. An https origin, else the mail sender's address. */
function vapidSubject(ctx: ServerContext): string {
  if (ctx.origin.startsWith('https://')) return ctx.origin;
  const address = /<([^>]+)>/.exec(ctx.env.MAIL_FROM)?.[1] ?? ctx.env.MAIL_FROM;
  return `mailto:${address.trim()}`;
}

/** May the server POST to this endpoint? A browser push service (https), or an origin the operator listed. */
export function allowedEndpoint(ctx: ServerContext, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (ctx.env.PUSH_EXTRA_ORIGINS.some((o) => new URL(o).origin === url.origin)) return true;
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_HOSTS.includes(host) || PUSH_HOST_SUFFIXES.some((s) => host.endsWith(s));
}

export async function subscribe(ctx: ServerContext, userId: string, body: PushSubscriptionBody): Promise<void> {
  if (!allowedEndpoint(ctx, body.endpoint))
    throw new AppError('validation_failed', 'This push endpoint is not a known browser push service.', { endpoint: 'Not a known push service' });
  const values = { userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth };
  // the same browser subscribing again (a new key, or another account signed in on it) replaces its row
  await ctx.db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: values.p256dh, auth: values.auth } });
}

/** Forget a subscription of this user; one that is not theirs (or already gone) is left as it is. */
export async function unsubscribe(ctx: ServerContext, userId: string, endpoint: string): Promise<void> {
  await ctx.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function registerNativeToken(ctx: ServerContext, userId: string, body: RegisterPushTokenBody): Promise<void> {
  const at = new Date(body.timestamp);
  const registeredAt = Number.isNaN(at.getTime()) ? ctx.now() : at;
  const now = ctx.now();
  await ctx.db
    .insert(nativePushTokens)
    .values({ userId, token: body.token, platform: body.platform, registeredAt, updatedAt: now })
    .onConflictDoUpdate({ target: nativePushTokens.token, set: { userId, platform: body.platform, registeredAt, updatedAt: now } });
}

interface Log {
  warn: (o: object, msg: string) => void;
}

// for callers without a request logger (a payment applied from a webhook or a test checkout)
const consoleLog: Log = { warn: (o, msg) => console.warn(`${msg} ${JSON.stringify(o)}`) };

export interface PushResult {
  sent: number;
  /** subscriptions the push service said are gone (404/410), now deleted */
  removed: number;
  failed: number;
}

/**
 * Send a notification to every browser the user subscribed. Never throws: a notice is a courtesy beside the real
 * work (an e-mail is sent too), so failures are logged.
 */
export async function notifyUser(ctx: ServerContext, userId: string, payload: PushPayload, log: Log = consoleLog): Promise<PushResult> {
  const result: PushResult = { sent: 0, removed: 0, failed: 0 };
  try {
    const subs = await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    if (subs.length === 0) return result;
    const keys = await vapidKeys(ctx);
    const gone: string[] = [];
    const delivered: string[] = [];
    for (const sub of subs) {
      // checked again at send time: the allow-list may have changed since the subscription was stored
      if (!allowedEndpoint(ctx, sub.endpoint)) {
        result.failed++;
        continue;
      }
      try {
        const status = await sendOne(ctx, sub, payload, keys);
        if (status === 404 || status === 410) gone.push(sub.id);
        else if (status >= 200 && status < 300) delivered.push(sub.id);
        else {
          result.failed++;
          log.warn({ status, host: new URL(sub.endpoint).host }, 'push message refused by the push service');
        }
      } catch (err) {
        result.failed++;
        log.warn({ err: (err as Error).message, host: new URL(sub.endpoint).host }, 'push message could not be sent');
      }
    }
    if (gone.length) await ctx.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
    if (delivered.length) await ctx.db.update(pushSubscriptions).set({ lastSentAt: ctx.now() }).where(inArray(pushSubscriptions.id, delivered));
    result.sent = delivered.length;
    result.removed = gone.length;
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'push notifications could not be sent');
  }
  return result;
}

async function sendOne(ctx: ServerContext, sub: { endpoint: string; p256dh: string; auth: string }, payload: PushPayload, keys: VapidKeys): Promise<number> {
  const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
    vapidDetails: { subject: vapidSubject(ctx), publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: TTL_SECONDS,
    contentEncoding: 'aes128gcm',
    urgency: 'normal',
  });
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(details.headers)) headers[k] = String(v);
  // fetch sets the length itself from the body
  delete headers['Content-Length'];
  const res = await fetch(details.endpoint, {
    method: details.method,
    headers,
    body: details.body ? new Uint8Array(details.body) : undefined,
    // a push service answers; it does not send us elsewhere
    redirect: 'error',
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  await res.body?.cancel();
  return res.status;
}

/**
 * "Your batch check is done" to the owner's browsers (an onBatchDone listener: services/batch-runner.ts registers
 * it, so every process that runs batches sends it). A failure is thrown for the announcer to log.
 */
export async function pushBatchDone(ctx: ServerContext, event: BatchDoneEvent): Promise<void> {
  const { batch } = event;
  const what = batch.name ? `"${batch.name}"` : `${batch.total} document${batch.total === 1 ? '' : 's'}`;
  const failed = batch.failed > 0 ? `, ${batch.failed} could not be checked` : '';
  const warnings: string[] = [];
  await notifyUser(
    ctx,
    event.user.id,
    {
      title: 'Your batch check is done',
      body: `${what}: ${batch.done} of ${batch.total} checked${failed}.`,
      route: `/batch?id=${batch.id}`,
      tag: `batch-${batch.id}`,
    },
    { warn: (o, msg) => warnings.push(`${msg} ${JSON.stringify(o)}`) },
  );
  if (warnings.length) throw new Error(warnings.join('; '));
}
