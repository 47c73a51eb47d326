import { apiJson, apiRequest } from '../api';
import { isNative, logNative, platform } from './platform';

/** Web push needs a service worker; one that never becomes ready (none registered) must not hang the caller. */
const SERVICE_WORKER_WAIT_MS = 10_000;

/**
 * Turn on push for this device. In the app: ask permission, register with FCM/APNs and send the device token to
 * POST /api/mobile/register-push-token. In a browser: subscribe the service worker's PushManager with the server's
 * VAPID key and send the subscription to POST /api/push/subscriptions. True when the server has it.
 */
export async function registerPush(): Promise<boolean> {
  return isNative() ? registerNativePush() : registerWebPush();
}

async function registerNativePush(): Promise<boolean> {
  try {
    const { PushNotifications } = await import('@capacitor/push-notifications');
    const permission = await PushNotifications.requestPermissions();
    if (permission.receive !== 'granted') {
      logNative(`push permission ${permission.receive}`);
      return false;
    }
    // the token arrives in an event after register(): listen first
    const token = new Promise<string>((resolve, reject) => {
      void PushNotifications.addListener('registration', (t) => resolve(t.value));
      void PushNotifications.addListener('registrationError', (e) => reject(new Error(e.error)));
    });
    await PushNotifications.register();
    return await sendNativeToken(await token);
  } catch (err) {
    logNative('push registration failed', err);
    return false;
  }
}

/** The contract: {token, platform, timestamp}; only success is checked. */
export async function sendNativeToken(token: string): Promise<boolean> {
  try {
    await apiRequest('POST', '/api/mobile/register-push-token', { token, platform: platform(), timestamp: new Date().toISOString() });
    return true;
  } catch (err) {
    logNative('push token registration failed', err);
    return false;
  }
}

async function registerWebPush(): Promise<boolean> {
  if (!('serviceWorker' in navigator) || typeof PushManager === 'undefined' || typeof Notification === 'undefined') {
    logNative('this browser has no web push');
    return false;
  }
  try {
    if ((await Notification.requestPermission()) !== 'granted') {
      logNative(`push permission ${Notification.permission}`);
      return false;
    }
    const registration = await withTimeout(navigator.serviceWorker.ready, SERVICE_WORKER_WAIT_MS, 'no service worker became ready');
    const { publicKey } = await apiJson<{ publicKey: string }>('GET', '/api/push/public-key');
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) }));
    const json = subscription.toJSON();
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new Error('the subscription has no keys');
    await apiRequest('POST', '/api/push/subscriptions', { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } });
    return true;
  } catch (err) {
    logNative('web push registration failed', err);
    return false;
  }
}

/** The VAPID public key arrives base64url (no padding); PushManager wants its bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
