import { useSyncExternalStore } from 'react';

/** Site-wide constants a self-hoster may want to change. */
export interface SocialLink {
  label: string;
  href: string;
}

/**
 * The site's name and support e-mail are settings staff change on /admin/settings: the values below are the
 * fallback until GET /api/site answers (features/site/SiteSettingsSync writes them here with `applySite`). The last
 * answer is remembered in the browser, so a returning visitor sees the right name from the first paint.
 * Components that render these should read them with `useSite()` to update when they arrive.
 */
export const SITE: { name: string; supportEmail: string; tagline: string; social: SocialLink[] } = {
  name: 'Veritext',
  supportEmail: 'support@veritext.example',
  tagline: 'Advanced AI Detection & Content Tools',
  /** Social profiles; links are shown only when configured. */
  social: [],
};

const STORAGE_KEY = 'vt_site';
let version = 0;
const listeners = new Set<() => void>();

function remembered(): void {
  try {
    const saved = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null') as { name?: unknown; supportEmail?: unknown } | null;
    if (typeof saved?.name === 'string' && saved.name) SITE.name = saved.name;
    if (typeof saved?.supportEmail === 'string' && saved.supportEmail) SITE.supportEmail = saved.supportEmail;
  } catch {
    // no storage (private mode, tests): the defaults stand
  }
}
if (typeof window !== 'undefined') remembered();

/** Apply the server's values; returns whether anything changed (subscribers re-render). */
export function applySite(values: { name: string; supportEmail: string }): boolean {
  if (values.name === SITE.name && values.supportEmail === SITE.supportEmail) return false;
  SITE.name = values.name;
  SITE.supportEmail = values.supportEmail;
  version += 1;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(values));
  } catch {
    // ignore: remembered only as a convenience
  }
  for (const l of listeners) l();
  return true;
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The current site values; the calling component re-renders when the server's values arrive or change. */
export function useSite(): typeof SITE {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  return SITE;
}

/** Bumps whenever the site values change (used as a key to refresh content that read SITE directly). */
export function useSiteVersion(): number {
  return useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
}
