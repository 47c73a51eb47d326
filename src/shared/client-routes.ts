/**
 * Which paths the web app has a page for, so the server can answer an unknown path with a real 404 status (the app
 * still renders its "404 Page Not Found" page) instead of a 200 that search engines would index. It mirrors
 * src/client/router.tsx; tests/unit/client-routes.test.ts checks that every route declared there is matched here.
 */
import { COMING_SOON_SLUGS, findToolBySlug, TOOL_COLLECTIONS } from './catalogue';
import { COMPETITOR_NAMES } from './competitors';

/** Top-level pages (router.tsx: contentRoutes, the site layout's pages and the signed-in pages). */
export const APP_PAGES: readonly string[] = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
  '/admin-login',
  '/pricing',
  '/dev/mailbox',
  '/about',
  '/contact',
  '/faq',
  '/privacy',
  '/terms',
  '/disclaimer',
  '/refund',
  '/refund-policy',
  '/cookies',
  '/cookies-policy',
  '/advertise',
  '/blog',
  '/developers',
  '/search',
  '/tools',
  '/dashboard',
  '/account',
  '/usage',
  '/history',
  '/reports',
  '/batch',
];

/** The competitor a path segment names, or null when it is not a comparison path (/{c}-alternative, /{c}, /{c}-detector, /vs-{c}-com). */
export function comparisonCompetitor(slug: string, competitors: readonly string[] = Object.keys(COMPETITOR_NAMES)): string | null {
  const s = slug.toLowerCase();
  const candidates = [s];
  const vs = /^vs-(.+)-com$/.exec(s);
  if (vs) candidates.push(vs[1]!);
  if (s.endsWith('-alternative')) candidates.push(s.slice(0, -'-alternative'.length));
  if (s.endsWith('-detector')) candidates.push(s.slice(0, -'-detector'.length));
  return candidates.find((c) => competitors.includes(c)) ?? null;
}

/**
 * Whether the app has a page at `pathname`. A blog post's page is known when `blogSlugExists` says so (the server
 * asks the database); without it, any /blog/<slug> counts as known.
 */
export function isAppPath(pathname: string, blogSlugExists?: (slug: string) => boolean): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (APP_PAGES.includes(path)) return true;
  // the administrator area and invoices check access and render their own "not found" inside the app
  if (path === '/admin' || path.startsWith('/admin/') || /^\/invoices\/[^/]+$/.test(path)) return true;
  // a history item and a saved report render their own "not found"; a shared report's link is checked by the server
  if (/^\/(history|reports|r)\/[^/]+$/.test(path)) return true;
  const tool = /^\/tools\/([^/]+)$/.exec(path);
  if (tool) {
    const slug = decodeURIComponent(tool[1]!);
    return TOOL_COLLECTIONS.some((c) => c.slug === slug) || findToolBySlug(slug) !== undefined || (COMING_SOON_SLUGS as readonly string[]).includes(slug);
  }
  const post = /^\/blog\/([^/]+)$/.exec(path);
  if (post) return blogSlugExists ? blogSlugExists(decodeURIComponent(post[1]!)) : true;
  const single = /^\/([^/]+)$/.exec(path);
  return single !== null && comparisonCompetitor(decodeURIComponent(single[1]!)) !== null;
}
