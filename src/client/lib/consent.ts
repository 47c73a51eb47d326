import { useEffect, useState } from 'react';

/**
 * The visitor's cookie choice (stored by the cookie banner): 'true' for Accept All, 'minimal' for Essential Only,
 * null while they have not chosen. Third-party scripts (the ad network) load only on 'true'.
 */
export const COOKIE_CONSENT_KEY = 'cookieConsent';
export type CookieConsent = 'true' | 'minimal' | null;

const CHANGE_EVENT = 'veritext:cookie-consent';

export function readConsent(): CookieConsent {
  try {
    const v = window.localStorage.getItem(COOKIE_CONSENT_KEY);
    return v === 'true' || v === 'minimal' ? v : null;
  } catch {
    return null;
  }
}

/** Tell this tab's listeners (the storage event only reaches other tabs). */
export function announceConsent(value: 'true' | 'minimal'): void {
  window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: value }));
}

/**
 * The choice, read after mount (never during render, so a server-rendered page and the first client render agree),
 * and followed as it changes in this tab or another.
 */
export function useCookieConsent(): CookieConsent {
  const [consent, setConsent] = useState<CookieConsent>(null);
  useEffect(() => {
    // the event's own value counts even where storage is blocked (the choice then lasts for this page)
    const update = (e?: Event) => setConsent(e instanceof CustomEvent ? (e.detail as CookieConsent) : readConsent());
    update();
    window.addEventListener(CHANGE_EVENT, update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(CHANGE_EVENT, update);
      window.removeEventListener('storage', update);
    };
  }, []);
  return consent;
}
