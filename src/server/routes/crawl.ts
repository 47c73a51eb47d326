/**
 * What crawlers and browsers ask the site root for: robots.txt, sitemap.xml (the public pages, the live tools and
 * the published blog posts), the blog's RSS feed, and the favicon. Answered by the server, never by the web app's
 * HTML shell.
 */
import type { FastifyInstance } from 'fastify';
import { TOOL_COLLECTIONS, TOOLS } from '../../shared/catalogue';
import { COMPETITOR_NAMES } from '../../shared/competitors';
import { publicOrigin } from '../env';
import { listPublishedPosts } from '../services/blog';
import { getSettings } from '../services/settings';
import { brandTileSvg } from '../../shared/brand-mark';

/** Public pages with their own address (SPEC §2), beside the tools, the collections and the blog posts. */
const PUBLIC_PAGES = [
  '/',
  '/tools',
  '/pricing',
  '/blog',
  '/about',
  '/contact',
  '/faq',
  '/privacy',
  '/terms',
  '/disclaimer',
  '/refund-policy',
  '/cookies-policy',
  '/advertise',
];

/** The signed-in and staff areas: nothing there for a search engine. */
const PRIVATE_PREFIXES = [
  '/admin',
  '/super-admin',
  '/dashboard',
  '/account',
  '/usage',
  '/invoices',
  '/api/',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
];

/** Posts listed in the sitemap and the feed; a blog beyond this many posts lists its newest. */
const MAX_POSTS = 1000;
const FEED_POSTS = 20;

/** The site's mark: index.html links it as the page icon. */
export const FAVICON_SVG = brandTileSvg();

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export async function crawlRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const origin = () => publicOrigin(ctx.env);

  app.get('/robots.txt', { config: { access: 'public' } }, async (_req, reply) => {
    const body = ['User-agent: *', 'Allow: /', ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin()}/sitemap.xml`, ''].join('\n');
    return reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });

  app.get('/sitemap.xml', { config: { access: 'public' } }, async (_req, reply) => {
    const { disabledTools } = await getSettings(ctx.db);
    const off = new Set(disabledTools);
    const tools = TOOLS.filter((t) => t.live && !off.has(t.id));
    const posts = await listPublishedPosts(ctx.db, origin(), MAX_POSTS);
    const urls: { loc: string; lastmod?: string }[] = [
      ...PUBLIC_PAGES.map((p) => ({ loc: p })),
      ...tools.map((t) => ({ loc: `/tools/${t.slug}` })),
      ...TOOL_COLLECTIONS.map((c) => ({ loc: `/tools/${c.slug}` })),
      // one address per comparison page (the others are the same page)
      ...Object.keys(COMPETITOR_NAMES).map((c) => ({ loc: `/${c}-alternative` })),
      ...posts.map((p) => ({ loc: `/blog/${p.slug}`, lastmod: (p.updatedAt ?? p.publishedAt ?? p.createdAt).slice(0, 10) })),
    ];
    const body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      urls.map((u) => `  <url><loc>${xml(origin() + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`).join('\n') +
      '\n</urlset>\n';
    return reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });

  app.get('/blog/rss.xml', { config: { access: 'public' } }, async (_req, reply) => {
    const posts = await listPublishedPosts(ctx.db, origin(), FEED_POSTS);
    const items = posts.map(
      (p) =>
        `    <item><title>${xml(p.title)}</title><link>${xml(p.link)}</link><guid isPermaLink="true">${xml(p.link)}</guid>` +
        `<pubDate>${new Date(p.publishedAt ?? p.createdAt).toUTCString()}</pubDate><description>${xml(p.excerpt)}</description></item>`,
    );
    const body =
      '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>\n' +
      `    <title>Veritext blog</title><link>${xml(`${origin()}/blog`)}</link><description>News and guides from Veritext</description><language>en</language>\n` +
      items.join('\n') +
      '\n</channel></rss>\n';
    return reply.header('content-type', 'application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(body);
  });

  app.get('/favicon.svg', { config: { access: 'public' } }, async (_req, reply) =>
    reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(FAVICON_SVG),
  );
  // Browsers and crawlers ask for /favicon.ico whatever the page links; the SVG is the icon.
  app.get('/favicon.ico', { config: { access: 'public' } }, async (_req, reply) => reply.redirect('/favicon.svg', 301));
}
