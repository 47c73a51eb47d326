/**
 * What the service worker (src/client/sw.ts) does with a page navigation, by path:
 * - 'public': network first, the last copy kept for reading offline (the home page, articles, pricing, comparisons);
 * - 'tool': network only: a tool needs this server to run, so offline it shows the offline page's tool notice;
 * - 'private': network only, never cached: signed-in pages, sign-in and admin pages, shared report links, search.
 */
export type OfflinePageKind = 'public' | 'tool' | 'private';

const PRIVATE = [
  /^\/(login|register|forgot-password|reset-password|admin-login|dashboard|account|usage|history|reports|batch|search|developers\/keys)(\/|$)/,
  /^\/(admin|dev|invoices|r|newsletter|checkout|billing)(\/|$)/,
];

export function offlinePageKind(pathname: string): OfflinePageKind {
  if (/^\/tools\/[^/]+/.test(pathname)) return 'tool';
  if (PRIVATE.some((re) => re.test(pathname))) return 'private';
  return 'public';
}
