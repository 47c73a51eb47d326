import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createContext } from '../../src/server/boot';
import { createPost } from '../../src/server/services/blog';
import { updateSettings } from '../../src/server/services/settings';
import { createUser } from '../../src/server/services/users';
import { findToolBySlug } from '../../src/shared/catalogue';
import { FAQ_DATA } from '../../src/shared/faq';
import { ORIGIN, createTestDatabase, json, testEnv, uniqueUser, type TestDatabase } from '../helpers/app';

/** The page's head, read the way a crawler reads it: from the raw HTML, before any script runs. */
function head(html: string) {
  const attr = (re: RegExp) =>
    re
      .exec(html)?.[1]
      ?.replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'");
  const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, any>);
  return {
    titles: [...html.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((m) => m[1]!.replace(/&amp;/g, '&')),
    descriptions: [...html.matchAll(/<meta name="description"/g)].length,
    description: attr(/<meta name="description" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    robots: attr(/<meta name="robots" content="([^"]*)"/),
    ogTitle: attr(/<meta property="og:title" content="([^"]*)"/),
    ogUrl: attr(/<meta property="og:url" content="([^"]*)"/),
    ogType: attr(/<meta property="og:type" content="([^"]*)"/),
    ogImage: attr(/<meta property="og:image" content="([^"]*)"/),
    twitter: attr(/<meta name="twitter:card" content="([^"]*)"/),
    ld,
    ldOf: (type: string) => ld.find((x) => x['@type'] === type),
  };
}

describe('per-page head metadata in the HTML (issue 20)', () => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  let root: string;
  let postSlug: string;
  let authorName: string;
  let ctx: Awaited<ReturnType<typeof createContext>>;
  const page = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    // a built-like shell: the real index.html with its generic title, description and robots tags
    root = mkdtempSync(join(tmpdir(), 'vt-page-meta-'));
    writeFileSync(
      join(root, 'index.html'),
      readFileSync('src/client/index.html', 'utf8').replace(
        '<script type="module" src="./main.tsx"></script>',
        '<script type="module" src="/assets/app.js"></script>',
      ),
    );
    tdb = await createTestDatabase();
    ctx = await createContext(testEnv(), tdb.database);
    app = await buildApp(ctx, { logger: false, clientRoot: root });
    await app.ready();
    const author = await createUser(ctx.db, { ...uniqueUser('writer'), role: 'admin' });
    const post = await createPost(
      ctx.db,
      ORIGIN,
      {
        title: 'Reading a detector </script><b>report</b>',
        content: 'What the verdict bands mean.',
        excerpt: 'How to read the verdict bands.',
        status: 'published',
      },
      author.id,
      new Date('2026-11-20T10:00:00Z'),
    );
    postSlug = post.slug;
    authorName = author.username;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await tdb?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('home: its title, description, canonical, Open Graph, and the WebSite JSON-LD with a /search SearchAction', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const h = head(res.body);
    expect(h.titles).toEqual(['Veritext - Advanced AI Detection & Content Tools']);
    expect(h.descriptions).toBe(1);
    expect(h.description).toContain('open-source AI content detection');
    expect(h.canonical).toBe(`${ORIGIN}/`);
    expect(h.robots).toContain('index');
    expect(h.ogTitle).toBe(h.titles[0]);
    expect(h.ogUrl).toBe(`${ORIGIN}/`);
    expect(h.ogType).toBe('website');
    expect(h.ogImage).toBe(`${ORIGIN}/og/site.png`);
    expect(h.twitter).toBe('summary_large_image');
    const site = h.ldOf('WebSite')!;
    expect(site.potentialAction.target.urlTemplate).toBe(`${ORIGIN}/search?q={search_term_string}`);
    expect(site.potentialAction['query-input']).toBe('required name=search_term_string');
    // the app's script is still there
    expect(res.body).toContain('<script type="module" src="/assets/app.js"></script>');
  });

  it('a tool page: its name, catalogue description, canonical, SoftwareApplication with the plan offer, breadcrumbs', async () => {
    const tool = findToolBySlug('ai-content-detector')!;
    const h = head((await page('/tools/ai-content-detector')).body);
    expect(h.titles[0]).toBe(`${tool.name} | Veritext - Advanced AI Detection & Content Tools`);
    expect(h.description).toContain(tool.description);
    expect(h.canonical).toBe(`${ORIGIN}/tools/ai-content-detector`);
    const app = h.ldOf('SoftwareApplication')!;
    expect(app.name).toBe(tool.name);
    expect(app.offers).toMatchObject({ price: '0.00', priceCurrency: 'USD' });
    const crumbs = h.ldOf('BreadcrumbList')!;
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual(['Home', 'Tools', 'AI Detection Tools', tool.name]);
    // an alias has the tool's address as its canonical
    expect(head((await page('/tools/content-detector')).body).canonical).toBe(`${ORIGIN}/tools/ai-content-detector`);
  });

  it('a paid tool offers the price of the lowest plan that unlocks it', async () => {
    const h = head((await page('/tools/essay-writer')).body);
    expect(h.ldOf('SoftwareApplication')!.offers).toMatchObject({ price: '9.99', priceCurrency: 'USD' });
    expect(h.description).toContain('Pro plan');
  });

  it('a tool staff turned off keeps its page, says so, and is not indexed nor offered', async () => {
    const staff = await createUser(ctx.db, { ...uniqueUser('meta-admin'), role: 'admin' });
    const actor = { id: staff.id, email: staff.email, ip: '127.0.0.1' };
    await updateSettings(ctx, actor, { disabledTools: ['ai_content_detector'] });
    try {
      const h = head((await page('/tools/ai-content-detector')).body);
      expect(h.robots).toBe('noindex, follow');
      expect(h.description).toContain('Turned off on this server');
      expect(h.ldOf('SoftwareApplication')!.offers).toBeUndefined();
      // the other tools are unaffected
      expect(head((await page('/tools/essay-writer')).body).robots).toMatch(/^index, follow/);
    } finally {
      await updateSettings(ctx, actor, { disabledTools: [] });
    }
    expect(head((await page('/tools/ai-content-detector')).body).robots).toMatch(/^index, follow/);
  });

  it('pricing, a collection and a comparison page carry their own title and canonical', async () => {
    const pricing = head((await page('/pricing')).body);
    expect(pricing.titles[0]).toMatch(/^Pricing \| /);
    expect(pricing.description).toContain('Basic $4.99');
    expect(pricing.canonical).toBe(`${ORIGIN}/pricing`);
    const collection = head((await page('/tools/seo-marketing')).body);
    expect(collection.titles[0]).toMatch(/^SEO & Marketing Tools \| /);
    const vs = head((await page('/vs-gptzero-com')).body);
    expect(vs.titles[0]).toBe('Veritext vs GPTZero: an open-source GPTZero alternative');
    expect(vs.canonical).toBe(`${ORIGIN}/gptzero-alternative`);
  });

  it('faq: FAQPage JSON-LD with every question of the page and its plain-text answer', async () => {
    const h = head((await page('/faq')).body);
    expect(h.titles[0]).toMatch(/^Frequently Asked Questions \| /);
    const faq = h.ldOf('FAQPage')!;
    const questions = FAQ_DATA.flatMap((g) => g.items);
    expect(faq.mainEntity).toHaveLength(questions.length);
    expect(faq.mainEntity[0].name).toBe(questions[0]!.q);
    const cookies = faq.mainEntity.find((q: { name: string }) => q.name === 'Do you use tracking cookies?');
    expect(cookies.acceptedAnswer.text).toContain('See the cookie policy.');
  });

  it('a published post: BlogPosting with headline, dates and its author, and "<" escaped inside the JSON-LD', async () => {
    const res = await page(`/blog/${postSlug}`);
    expect(res.statusCode).toBe(200);
    const h = head(res.body);
    expect(h.titles[0]).toBe(
      'Reading a detector </script><b>report</b> | Veritext - Advanced AI Detection & Content Tools'.replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    );
    expect(h.description).toBe('How to read the verdict bands.');
    expect(h.canonical).toBe(`${ORIGIN}/blog/${postSlug}`);
    expect(h.ogType).toBe('article');
    // the title cannot end the script early
    expect(res.body).not.toContain('</script><b>');
    const posting = h.ldOf('BlogPosting')!;
    expect(posting.headline).toBe('Reading a detector </script><b>report</b>');
    expect(posting.datePublished).toBe('2026-11-20T10:00:00.000Z');
    expect(posting.author).toEqual({ '@type': 'Person', name: authorName });
    expect(h.ldOf('BreadcrumbList')!.itemListElement).toHaveLength(3);
  });

  it('private pages are noindex; the blog index and content pages are indexed', async () => {
    for (const url of ['/dashboard', '/account', '/admin', '/admin/users', '/login', '/history']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(head(res.body).robots, url).toBe('noindex, nofollow');
    }
    const about = head((await page('/about')).body);
    expect(about.robots).toContain('index, follow');
    expect(about.titles[0]).toMatch(/^About \| /);
    expect(head((await page('/refund')).body).canonical).toBe(`${ORIGIN}/refund-policy`);
  });

  it('an unknown path and an unpublished post are 404 with the not-found page`s metadata', async () => {
    for (const url of ['/no-such-page', '/tools/no-such-tool', '/blog/not-a-post']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      const h = head(res.body);
      expect(h.titles[0], url).toMatch(/^Page Not Found \| /);
      expect(h.robots, url).toBe('noindex, nofollow');
      expect(h.ld, url).toEqual([]);
    }
  });

  it('the HTML is compressed for browsers that take it, and every JSON-LD block parses', async () => {
    const res = await app.inject({ method: 'GET', url: '/faq', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(head(html).ldOf('FAQPage')).toBeTruthy();
    const gz = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('GET /api/search finds tools by name and description and published posts, and validates its query', async () => {
    const res = await page('/api/search?q=detector');
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.tools.map((t: { slug: string }) => t.slug)).toContain('ai-content-detector');
    expect(body.posts.map((p: { slug: string }) => p.slug)).toContain(postSlug);
    const words = json(await page('/api/search?q=verdict%20bands'));
    expect(words.posts.map((p: { slug: string }) => p.slug)).toEqual([postSlug]);
    // LIKE wildcards are literal
    expect(json(await page('/api/search?q=%25')).posts).toEqual([]);
    expect((await page('/api/search?q=')).statusCode).toBe(400);
    expect((await page('/api/search?q=a&limit=500')).statusCode).toBe(400);
    expect(json(await page('/api/search?q=zzzz-nothing')).tools).toEqual([]);
  });
});
