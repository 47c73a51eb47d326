import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { PluginListenerHandle } from '@capacitor/core';
import { DEFAULT_NOTIFICATION_BODY, notify, requestNotificationPermission } from './notifications';
import { isNative, logNative } from './platform';
import { registerPush } from './push';
import { SITE } from '../site';
import * as adapter from './index';

export const STATUS_BAR_COLOR = '#1a1a1a';

type Navigate = (to: string) => void;

/** A route from a notification's data: a path on this site only, never another origin. */
export function routeOf(data: unknown): string | null {
  const route = (data as { route?: unknown } | null | undefined)?.route;
  return typeof route === 'string' && route.startsWith('/') && !route.startsWith('//') ? route : null;
}

/**
 * The app's start on a native platform (SPEC): dark status bar, hide the splash, handlers for the back button, resume
 * and notifications, then push and local notification permissions. Each step fails alone and is only logged. Returns
 * the cleanup that removes the listeners.
 */
export async function startNativeApp(navigate: Navigate): Promise<() => void> {
  const handles: Promise<PluginListenerHandle>[] = [];
  const cleanup = () => handles.forEach((h) => void h.then((x) => x.remove()).catch(() => undefined));
  const step = async (what: string, run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (err) {
      logNative(`${what} failed`, err);
    }
  };

  await step('status bar', async () => {
    const { StatusBar, Style } = await import('@capacitor/status-bar');
    // Style.Dark: light text for the dark bar. setBackgroundColor is Android only; iOS throws unimplemented (logged).
    await StatusBar.setStyle({ style: Style.Dark });
    await StatusBar.setBackgroundColor({ color: STATUS_BAR_COLOR });
  });
  await step('splash screen', async () => {
    const { SplashScreen } = await import('@capacitor/splash-screen');
    await SplashScreen.hide();
  });
  await step('app handlers', async () => {
    const { App } = await import('@capacitor/app');
    handles.push(
      App.addListener('backButton', ({ canGoBack }) => {
        if (canGoBack) window.history.back();
        else void App.exitApp();
      }),
      App.addListener('appStateChange', ({ isActive }) => {
        if (isActive) console.info('[native] app resumed');
      }),
    );
  });
  await step('notification handlers', async () => {
    const { PushNotifications } = await import('@capacitor/push-notifications');
    const { LocalNotifications } = await import('@capacitor/local-notifications');
    handles.push(
      // a push that arrives while the app is open is not shown by the system: show it as a local notification
      PushNotifications.addListener('pushNotificationReceived', (n) => {
        void notify({ title: n.title || SITE.name, body: n.body || DEFAULT_NOTIFICATION_BODY, data: n.data as Record<string, unknown> });
      }),
      PushNotifications.addListener('pushNotificationActionPerformed', ({ notification }) => {
        const route = routeOf(notification.data);
        if (route) navigate(route);
      }),
      // ... and tapping that local copy goes where the push pointed
      LocalNotifications.addListener('localNotificationActionPerformed', ({ notification }) => {
        const route = routeOf(notification.extra);
        if (route) navigate(route);
      }),
    );
  });
  await step('push', registerPush);
  await step('local notifications', requestNotificationPermission);
  return cleanup;
}

declare global {
  interface Window {
    /** The adapter, for the end-to-end tests of its web side (dev builds and automated browsers only). */
    __veritextNative?: typeof adapter;
  }
}

/**
 * Mounted once in the root route. Runs in an effect, so after hydration and never in the prerender. On the web it
 * does nothing, except that dev builds and automated browsers (navigator.webdriver, e.g. Playwright) get the adapter
 * on window.__veritextNative for the tests of its web side.
 */
export function useNativeStartup(): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (import.meta.env.DEV || navigator.webdriver) window.__veritextNative = adapter;
    if (!isNative()) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void startNativeApp((to) => void navigate(to)).then((cleanup) => {
      if (cancelled) cleanup();
      else stop = cleanup;
    });
    return () => {
      cancelled = true;
      stop?.();
    };
    // once per app start: navigate is stable in the data router
  }, [navigate]);
}
