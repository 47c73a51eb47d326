import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '../../src/server/services/blog';
import { updateSettings } from '../../src/server/services/settings';
import { createUser } from '../../src/server/services/users';
import { TOOLS } from '../../src/shared/catalogue';
import { ORIGIN, createTestApp, get, uniqueUser, type TestApp } from '../helpers/app';

describe('robots.txt, sitemap.xml, the blog feed and the favicon', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createPost(
      t.ctx.db,
      ORIGIN,
      { title: 'How detectors read a text', content: 'A post about <detectors> & more.', status: 'published' },
      null,
      new Date(),
    );
    await createPost(t.ctx.db, ORIGIN, { title: 'A draft nobody should see', content: 'Draft.', status: 'draft' }, null, new Date());
  }, 120_000);
  afterAll(() => t.close());

  it('robots.txt is text, keeps crawlers out of the private areas and names the sitemap', async () => {
    const res = await get(t.app, '/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('sitemap.xml lists the public pages, the live tools and the published posts, not drafts or tools turned off', async () => {
    const live = TOOLS.filter((t) => t.live);
    const off = live.find((t) => t.id === 'sentence_shortener')!;
    const staff = await createUser(t.ctx.db, { ...uniqueUser('crawl-admin'), role: 'admin' });
    await updateSettings(t.ctx, { id: staff.id, email: staff.email, ip: '127.0.0.1' }, { disabledTools: [off.id] });
    const res = await get(t.app, '/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${ORIGIN}/`);
    expect(locs).toContain(`${ORIGIN}/pricing`);
    expect(locs).toContain(`${ORIGIN}/tools/ai-content-detector`);
    expect(locs).toContain(`${ORIGIN}/tools/ai-detection`);
    expect(locs).toContain(`${ORIGIN}/gptzero-alternative`);
    expect(locs).toContain(`${ORIGIN}/blog/how-detectors-read-a-text`);
    expect(locs.some((l) => l.includes('a-draft-nobody'))).toBe(false);
    expect(locs).not.toContain(`${ORIGIN}/tools/${off.slug}`);
    // a tool that is not live here is never advertised to search engines
    for (const tool of TOOLS.filter((x) => !x.live)) expect(locs).not.toContain(`${ORIGIN}/tools/${tool.slug}`);
    expect(locs.some((l) => l.includes('/admin'))).toBe(false);
    await updateSettings(t.ctx, { id: staff.id, email: staff.email, ip: '127.0.0.1' }, { disabledTools: [] });
  });

  it('the blog feed is RSS 2.0 with the published posts, escaped', async () => {
    const res = await get(t.app, '/blog/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    expect(res.body).toContain('<rss version="2.0">');
    expect(res.body).toContain(`<link>${ORIGIN}/blog/how-detectors-read-a-text</link>`);
    expect(res.body).not.toContain('A draft nobody');
    expect(res.body).not.toContain('<detectors>');
  });

  it('the favicon is an SVG; /favicon.ico points to it', async () => {
    const svg = await get(t.app, '/favicon.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    const ico = await get(t.app, '/favicon.ico');
    expect(ico.statusCode).toBe(301);
    expect(ico.headers.location).toBe('/favicon.svg');
  });
});
