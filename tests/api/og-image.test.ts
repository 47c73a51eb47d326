import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createContext } from '../../src/server/boot';
import { createPost, updatePost } from '../../src/server/services/blog';
import { renderOgImage } from '../../src/server/services/og-image';
import { createUser } from '../../src/server/services/users';
import { TOOL_COLLECTIONS } from '../../src/shared/catalogue';
import { ORIGIN, createTestDatabase, json, testEnv, uniqueUser, type TestDatabase } from '../helpers/app';

const meta = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&');

/** The share of pixels that differ clearly from the background gradient: text was drawn. */
async function inkShare(png: Buffer, region: { left: number; top: number; width: number; height: number }): Promise<number> {
  const { data, info } = await sharp(png).extract(region).greyscale().raw().toBuffer({ resolveWithObject: true });
  let bright = 0;
  // the gradient's grey level stays under ~110; the white and pale indigo text is well above it
  for (let i = 0; i < data.length; i++) if (data[i]! > 170) bright++;
  return bright / (info.width * info.height);
}

describe('Open Graph images (issue 20)', () => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  let root: string;
  let postId: string;
  let postSlug: string;
  let adminId: string;
  let ctx: Awaited<ReturnType<typeof createContext>>;
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'vt-og-'));
    writeFileSync(join(root, 'index.html'), readFileSync('src/client/index.html', 'utf8'));
    tdb = await createTestDatabase();
    ctx = await createContext(testEnv(), tdb.database);
    app = await buildApp(ctx, { logger: false, clientRoot: root });
    await app.ready();
    const admin = await createUser(ctx.db, { ...uniqueUser('og'), role: 'admin' });
    adminId = admin.id;
    const post = await createPost(
      ctx.db,
      ORIGIN,
      { title: 'What the verdict bands mean', content: 'Reading a report.', excerpt: 'How to read the verdict bands.', status: 'published' },
      admin.id,
      new Date('2026-11-20T10:00:00Z'),
    );
    postId = post.id;
    postSlug = post.slug;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await tdb?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each(['/og/site.png', '/og/tools/ai-content-detector.png', `/og/tools/${TOOL_COLLECTIONS[0]!.slug}.png`])('%s is a 1200×630 PNG', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(res.headers.etag).toMatch(/^"og\d+-[\w-]+"$/);
    const m = await sharp(res.rawPayload).metadata();
    expect([m.format, m.width, m.height]).toEqual(['png', 1200, 630]);
  });

  it("a post's image: 200 with the size, a 304 for its ETag, and a new ETag once the post is edited", async () => {
    const url = `/og/blog/${postSlug}.png`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const m = await sharp(first.rawPayload).metadata();
    expect([m.width, m.height]).toEqual([1200, 630]);
    const etag = first.headers.etag as string;

    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    await updatePost(ctx.db, ORIGIN, postId, { title: 'What the verdict bands really mean' }, adminId, new Date('2026-11-21T10:00:00Z'));
    const edited = await get(url, { 'if-none-match': etag });
    expect(edited.statusCode).toBe(200);
    expect(edited.headers.etag).not.toBe(etag);
  });

  it('the image shows its text (Liberation Sans from node_modules, no system font needed)', async () => {
    const png = (await get('/og/tools/ai-content-detector.png')).rawPayload;
    // the title band and the site name carry ink; the empty band between the subtitle and the footer rule carries none
    expect(await inkShare(png, { left: 80, top: 218, width: 700, height: 70 })).toBeGreaterThan(0.15);
    expect(await inkShare(png, { left: 168, top: 72, width: 140, height: 48 })).toBeGreaterThan(0.1);
    expect(await inkShare(png, { left: 80, top: 420, width: 700, height: 80 })).toBe(0);
  });

  it('unknown tool, unknown or unpublished post, or a name without .png: 404 in the one error shape', async () => {
    const draft = await createPost(ctx.db, ORIGIN, { title: 'Draft', content: 'Not yet.', status: 'draft' }, adminId, new Date());
    for (const url of ['/og/tools/no-such-tool.png', '/og/blog/no-such-post.png', `/og/blog/${draft.slug}.png`, '/og/tools/ai-content-detector']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(json(res).error.code).toBe('not_found');
    }
  });

  it("the pages' og:image and twitter:image point at their card", async () => {
    const tool = (await get('/tools/ai-content-detector')).body;
    expect(meta(tool, 'og:image')).toBe(`${ORIGIN}/og/tools/ai-content-detector.png`);
    expect(meta(tool, 'twitter:image')).toBe(`${ORIGIN}/og/tools/ai-content-detector.png`);
    expect(meta(tool, 'twitter:card')).toBe('summary_large_image');
    expect(meta(tool, 'og:image:width')).toBe('1200');
    expect(meta(tool, 'og:image:height')).toBe('630');

    const post = (await get(`/blog/${postSlug}`)).body;
    expect(meta(post, 'og:image')).toBe(`${ORIGIN}/og/blog/${postSlug}.png`);
    expect(meta(post, 'twitter:image')).toBe(`${ORIGIN}/og/blog/${postSlug}.png`);

    expect(meta((await get('/pricing')).body, 'og:image')).toBe(`${ORIGIN}/og/site.png`);
    // and each of those addresses answers with an image
    for (const url of [`/og/tools/ai-content-detector.png`, `/og/blog/${postSlug}.png`, '/og/site.png']) expect((await get(url)).statusCode).toBe(200);
  });

  it('render cost (printed): a long post title is wrapped and cut to fit', async () => {
    const card = {
      siteName: 'Veritext',
      eyebrow: 'Blog',
      title: 'A very long title that keeps going, about the verdict bands and what they mean for teachers, editors and everyone who reads them',
      subtitle: 'How to read the verdict bands. '.repeat(12),
      footer: 'localhost:3000 · Nov 20, 2026',
    };
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const png = await renderOgImage(card);
      times.push(performance.now() - t);
      const m = await sharp(png).metadata();
      expect([m.width, m.height]).toEqual([1200, 630]);
    }
    times.sort((a, b) => a - b);
    console.log(`og image render: median ${times[2]!.toFixed(0)} ms, min ${times[0]!.toFixed(0)} ms, max ${times[4]!.toFixed(0)} ms (5 renders, long title)`);
  }, 60_000);
});
