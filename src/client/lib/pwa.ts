import { Workbox } from 'workbox-window';

/**
 * Register the service worker (src/client/sw.ts, served at /sw.js) in production builds only: in development Vite
 * serves modules that a worker's cache would only get in the way of. It updates itself (see sw.ts for why).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  // a browser that refuses (private mode, a policy) runs the site as a plain web page, as before
  wb.register().catch(() => {});
}
