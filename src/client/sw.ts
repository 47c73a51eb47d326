/**
 * The service worker (built by vite-plugin-pwa's injectManifest, see scripts/vite-pwa.ts; served at /sw.js).
 *
 * - Precache: the app shell (scripts, styles, icons, index.html, offline.html), revisioned by the build.
 * - Page navigations: public pages network first, the copy kept for offline reading; tool and private pages network
 *   only (src/shared/offline-pages.ts). Offline without a copy: offline.html, which says what needs the server.
 * - /api is never handled here, so no API answer or private data is ever cached.
 * - Updates apply at once (skipWaiting + clientsClaim): pages are always fetched from the network first, so an open
 *   tab takes the new version at its next navigation, and nobody's typed text is lost to a forced reload.
 * - Push: shows the message (title, body, a route of this site opened on click).
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim } from 'workbox-core';
import { offlinePageKind } from '../shared/offline-pages';
import type { PushPayload } from '../shared/api/push';

// The worker's globals (the project compiles against the DOM library, not the WebWorker one).
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown; text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface PushSubscriptionChangeEvent extends ExtendableEvent {
  oldSubscription: PushSubscription | null;
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  __WB_MANIFEST: (string | PrecacheEntry)[];
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: { matchAll(o: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>; openWindow(url: string): Promise<WindowClient | null> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'push', listener: (e: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (e: NotificationEvent) => void): void;
  addEventListener(type: 'pushsubscriptionchange', listener: (e: PushSubscriptionChangeEvent) => void): void;
}
declare const self: WorkerScope;

const PRODUCT_NAME = 'Veritext';
const OFFLINE_PAGE = '/offline.html';

void self.skipWaiting();
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const pages = new NetworkFirst({
  cacheName: 'pages',
  networkTimeoutSeconds: 6,
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60 })],
});
const network = new NetworkOnly();

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && !url.pathname.startsWith('/api/'),
  async (options) => {
    const strategy = offlinePageKind(options.url.pathname) === 'public' ? pages : network;
    try {
      return await strategy.handle(options);
    } catch {
      return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
    }
  },
);

/** Only a path of this site is opened from a notification. */
function routeOf(route: unknown): string {
  return typeof route === 'string' && route.startsWith('/') && !route.startsWith('//') ? route : '/';
}

self.addEventListener('push', (event) => {
  let data: PushPayload = {};
  try {
    data = (event.data?.json() ?? {}) as PushPayload;
  } catch {
    data = { body: event.data?.text() };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || PRODUCT_NAME, {
      body: data.body || 'New notification',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: data.tag,
      data: { route: routeOf(data.route) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(routeOf((event.notification.data as { route?: unknown } | null)?.route), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => w.url === url);
      if (open) return open.focus();
      if (windows[0]) return (await windows[0].navigate(url))?.focus();
      return self.clients.openWindow(url);
    })(),
  );
});

/**
 * The push service replaced this browser's subscription (it expired, or keys rotated): subscribe again and tell the
 * server, with the signed-in session's cookie, so notifications keep arriving. Signed out, the server refuses and
 * the user turns them on again from the account page.
 */
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const json = { 'content-type': 'application/json' };
      const key = (await (await fetch('/api/push/public-key')).json()) as { publicKey: string };
      const sub = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key.publicKey });
      await fetch('/api/push/subscriptions', { method: 'POST', headers: json, credentials: 'same-origin', body: JSON.stringify(sub.toJSON()) });
      const old = event.oldSubscription;
      if (old && old.endpoint !== sub.endpoint)
        await fetch('/api/push/subscriptions', {
          method: 'DELETE',
          headers: json,
          credentials: 'same-origin',
          body: JSON.stringify({ endpoint: old.endpoint }),
        });
    })(),
  );
});
