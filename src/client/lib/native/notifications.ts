import { SITE } from '../site';
import { isNative, logNative } from './platform';

export const DEFAULT_NOTIFICATION_BODY = 'New notification';

export interface LocalNotice {
  title?: string;
  body?: string;
  /** Same id, same notification: a newer one replaces it. */
  id?: number;
  /** Show it then rather than now. */
  at?: Date;
  /** Carried along; `route` is opened when the notification is tapped (startup.ts). */
  data?: Record<string, unknown>;
}

/** Ask to show notifications. True when allowed. */
export async function requestNotificationPermission(): Promise<boolean> {
  if (isNative()) {
    try {
      const { LocalNotifications } = await import('@capacitor/local-notifications');
      return (await LocalNotifications.requestPermissions()).display === 'granted';
    } catch (err) {
      logNative('local notification permission failed', err);
      return false;
    }
  }
  if (typeof Notification === 'undefined') {
    logNative('this browser has no notifications');
    return false;
  }
  try {
    if (Notification.permission === 'default') await Notification.requestPermission();
    return Notification.permission === 'granted';
  } catch (err) {
    logNative('notification permission failed', err);
    return false;
  }
}

/**
 * Show a notification now or at `at`. In the app the LocalNotifications plugin schedules it with the system; in a
 * browser a timer shows it, so a scheduled one only appears while the page stays open. True when shown or scheduled.
 */
export async function notify(notice: LocalNotice): Promise<boolean> {
  const title = notice.title || SITE.name;
  const body = notice.body || DEFAULT_NOTIFICATION_BODY;
  const id = notice.id ?? Math.floor(Math.random() * 2_000_000_000);
  const at = notice.at && notice.at.getTime() > Date.now() ? notice.at : undefined;
  if (isNative()) {
    try {
      const { LocalNotifications } = await import('@capacitor/local-notifications');
      await LocalNotifications.schedule({ notifications: [{ id, title, body, extra: notice.data, schedule: at ? { at, allowWhileIdle: true } : undefined }] });
      return true;
    } catch (err) {
      logNative('local notification failed', err);
      return false;
    }
  }
  if (!(await requestNotificationPermission())) return false;
  if (!at) return showWeb(title, body, id, notice.data);
  setTimeout(() => void showWeb(title, body, id, notice.data), at.getTime() - Date.now());
  return true;
}

/**
 * Through the service worker when one controls the page (Chrome on Android only shows notifications that way;
 * `new Notification` throws there), else the page's own Notification.
 */
async function showWeb(title: string, body: string, id: number, data?: Record<string, unknown>): Promise<boolean> {
  const options: NotificationOptions = { body, tag: String(id), data };
  try {
    const registration = navigator.serviceWorker?.controller ? await navigator.serviceWorker.getRegistration() : undefined;
    if (registration) await registration.showNotification(title, options);
    else new Notification(title, options);
    return true;
  } catch (err) {
    logNative('notification failed', err);
    return false;
  }
}
