import { useCallback, useEffect, useState } from 'react';
import { deleteSubscription, fetchPushPublicKey, saveSubscription } from './api';

/**
 * This browser's notification state:
 * - 'unsupported': no Push API (older browsers, iOS Safari outside an installed app), or no service worker (a
 *   development build, or a browser that refused to register it);
 * - 'denied': the user blocked notifications for this site (only the browser's site settings can undo it);
 * - 'off' / 'on': whether this browser is subscribed (permission asked, or granted, when turning on).
 */
export type PushState = 'loading' | 'unsupported' | 'denied' | 'off' | 'on';

function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration('/');
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function toBody(sub: PushSubscription) {
  const json = sub.toJSON();
  return { endpoint: sub.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

export function usePushNotifications() {
  const [state, setState] = useState<PushState>('loading');

  useEffect(() => {
    let live = true;
    void (async () => {
      let next: PushState = 'unsupported';
      try {
        const reg = pushSupported() ? await registration() : undefined;
        if (reg) {
          const sub = await reg.pushManager.getSubscription();
          if (Notification.permission === 'denied') next = 'denied';
          else if (sub && Notification.permission === 'granted') {
            // this browser may have been subscribed by another account signed in on it: it is this account's now
            await saveSubscription(toBody(sub)).catch(() => {});
            next = 'on';
          } else next = 'off';
        }
      } catch {
        next = 'unsupported';
      }
      if (live) setState(next);
    })();
    return () => {
      live = false;
    };
  }, []);

  /** Subscribe (asking for permission first) or unsubscribe; throws a readable Error when it cannot. */
  const change = useCallback(async (on: boolean) => {
    const reg = await registration();
    if (!reg) throw new Error('Notifications need the installed app or a browser with service workers.');
    if (!on) {
      const sub = await reg.pushManager.getSubscription();
      if (sub) {
        await deleteSubscription(sub.endpoint);
        await sub.unsubscribe();
      }
      setState('off');
      return;
    }
    const permission = await Notification.requestPermission();
    if (permission === 'denied') {
      setState('denied');
      throw new Error('Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.');
    }
    if (permission !== 'granted') throw new Error('Notifications were not allowed. Turn them on again to be asked once more.');
    const { publicKey } = await fetchPushPublicKey();
    let sub = await reg.pushManager.getSubscription();
    // a subscription made for another key (the server's keys changed) cannot receive our messages
    const oldKey = sub?.options.applicationServerKey;
    if (
      sub &&
      oldKey &&
      btoa(String.fromCharCode(...new Uint8Array(oldKey)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '') !== publicKey
    ) {
      await sub.unsubscribe();
      sub = null;
    }
    sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
    await saveSubscription(toBody(sub));
    setState('on');
  }, []);

  return { state, change };
}
