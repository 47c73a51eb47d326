import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts, referenceDocuments } from '../../src/db/schema';
import { seedSamplePosts } from '../../src/server/services/blog';
import { createUser } from '../../src/server/services/users';
import type { BlogListResponse, BlogPost } from '../../src/shared/api/blog';
import { BLOG_SAMPLES } from '../../src/shared/blog-samples';
import type { PlagiarismResponse } from '../../src/shared/api/plagiarism';
import type { Role } from '../../src/shared/roles';
import { ORIGIN, cookieFrom, createTestApp, get, json, login, post, register, uniqueUser, type TestApp } from '../helpers/app';

const LIST = '/api/external-blog/posts';
const ADMIN = '/api/admin/blog/posts';
const CHECK = '/api/tools/plagiarism-checker';

// Original text written for this test, so the only possible source is the post itself.
const PARAGRAPH =
  'Lighthouse keepers on the northern islands kept a logbook in which every passing ship, every change of wind and every failure of the lamp was written down ' +
  'in a careful hand, and those books now let historians reconstruct the weather of whole winters nearly two centuries ago with surprising accuracy. ' +
  'The keepers were paid very little, lived with their families in cramped stone cottages, and rowed across to the mainland only when the sea allowed it.';
const CONTENT = `## The keepers' logbooks\n\n${PARAGRAPH}\n\n- one list item with **strong** text\n- another with a [link](https://example.org)`;

let t: TestApp;
let admin: string;
let manager: string;
let reader: string;

async function cookieForRole(role: Role): Promise<string> {
  const u = uniqueUser(role.replace('_', ''));
  await createUser(t.ctx.db, { ...u, role });
  return cookieFrom(await login(t.app, u.email, u.password));
}

function send(method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, cookie?: string, payload?: unknown) {
  return t.app.inject({ method, url, payload: payload as never, headers: cookie ? { cookie } : {} });
}

async function create(body: Record<string, unknown>, cookie = admin): Promise<BlogPost> {
  const res = await send('POST', ADMIN, cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return json<{ post: BlogPost }>(res).post;
}

async function check(text: string): Promise<PlagiarismResponse> {
  const res = await post(t.app, CHECK, { text }, { cookie: reader });
  expect(res.statusCode, res.body).toBe(200);
  return json<PlagiarismResponse>(res);
}

async function libraryDocs(reference: string) {
  return t.ctx.db
    .select()
    .from(referenceDocuments)
    .where(and(eq(referenceDocuments.origin, 'blog'), eq(referenceDocuments.reference, reference)));
}

function expectErrorShape(body: unknown, code: string) {
  expect(body).toMatchObject({ error: { code, message: expect.any(String) }, message: expect.any(String) });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await cookieForRole('admin');
  manager = await cookieForRole('manager');
  reader = await register(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('public blog API', () => {
  it('lists published posts, newest first, with every contract field; drafts are hidden', async () => {
    const older = await create({ title: 'Older published post', content: 'Older body text.', status: 'published' });
    const draft = await create({ title: 'A draft nobody sees', content: 'Draft body.' });
    const newer = await create({ title: 'Newer published post', content: 'Newer **body** text.', excerpt: 'Hand-written excerpt.', status: 'published' });
    // Publication dates one minute apart, so the order does not depend on the clock's resolution.
    await t.ctx.db
      .update(blogPosts)
      .set({ publishedAt: new Date(Date.now() - 60_000) })
      .where(eq(blogPosts.id, older.id));

    const res = await get(t.app, `${LIST}?limit=3`);
    expect(res.statusCode).toBe(200);
    const { posts } = json<BlogListResponse>(res);
    expect(posts.map((p) => p.id)).toEqual([newer.id, older.id]);
    expect(posts.some((p) => p.id === draft.id)).toBe(false);
    expect(Object.keys(posts[0]).sort()).toEqual(
      ['content', 'createdAt', 'excerpt', 'featuredImage', 'id', 'link', 'published', 'publishedAt', 'slug', 'status', 'title', 'updatedAt'].sort(),
    );
    expect(posts[0]).toMatchObject({
      title: 'Newer published post',
      slug: 'newer-published-post',
      excerpt: 'Hand-written excerpt.',
      status: 'published',
      published: true,
      featuredImage: null,
      link: `${ORIGIN}/blog/newer-published-post`,
    });
    expect(new Date(posts[0].publishedAt!).toISOString()).toBe(posts[0].publishedAt);
    // Without a written excerpt, the opening of the content stands in, without Markdown syntax.
    expect(posts[1].excerpt).toBe('Older body text.');

    const one = await get(t.app, '/api/blog/posts/newer-published-post');
    expect(one.statusCode).toBe(200);
    expect(json(one).post).toMatchObject({ id: newer.id, content: 'Newer **body** text.' });
    const hidden = await get(t.app, `/api/blog/posts/${draft.slug}`);
    expect(hidden.statusCode).toBe(404);
    expectErrorShape(json(hidden), 'not_found');
    expect((await get(t.app, '/api/blog/posts/no-such-post')).statusCode).toBe(404);
  });

  it('validates limit (1–50, default 10) with the one error shape', async () => {
    for (let i = 0; i < 11; i++) await create({ title: `Filler post ${i}`, content: `Filler ${i}.`, status: 'published' });
    expect(json<BlogListResponse>(await get(t.app, LIST)).posts).toHaveLength(10);
    expect(json<BlogListResponse>(await get(t.app, `${LIST}?limit=1`)).posts).toHaveLength(1);
    expect((await get(t.app, `${LIST}?limit=50`)).statusCode).toBe(200);
    for (const bad of ['0', '51', '-3', '2.5', 'abc']) {
      const res = await get(t.app, `${LIST}?limit=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expectErrorShape(json(res), 'validation_failed');
    }
    // A malformed slug names no post: 404, like an unknown one, so the client shows "not found".
    const badSlug = await get(t.app, '/api/blog/posts/Not%20A%20Slug');
    expect(badSlug.statusCode).toBe(404);
    expectErrorShape(json(badSlug), 'not_found');
  });
});

describe('staff blog API', () => {
  it('is 401 for anonymous callers and 403 for plan users and support staff, on every route', async () => {
    const id = (await create({ title: 'Guarded post', content: 'Guarded.' })).id;
    const calls: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown][] = [
      ['GET', ADMIN],
      ['POST', ADMIN, { title: 'Sneaky', content: 'Sneaky.' }],
      ['PATCH', `${ADMIN}/${id}`, { title: 'Sneaky' }],
      ['POST', `${ADMIN}/${id}/publish`],
      ['POST', `${ADMIN}/${id}/unpublish`],
      ['DELETE', `${ADMIN}/${id}`],
    ];
    const plan = await register(t.app);
    const pro = await cookieForRole('pro');
    const support = await cookieForRole('support');
    for (const [method, url, body] of calls) {
      const anon = await send(method, url, undefined, body);
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
      expectErrorShape(json(anon), 'unauthorized');
      for (const cookie of [plan, pro, support]) {
        const res = await send(method, url, cookie, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expectErrorShape(json(res), 'forbidden');
      }
    }
    const [row] = await t.ctx.db.select().from(blogPosts).where(eq(blogPosts.id, id));
    expect(row).toMatchObject({ title: 'Guarded post', status: 'draft' });
  });

  it('lets a manager create, list (drafts included), edit and delete', async () => {
    const p = await create({ title: 'Café & Crème: a manager’s note!', content: 'Body.', featuredImage: 'https://example.org/a.png' }, manager);
    expect(p).toMatchObject({
      slug: 'cafe-and-creme-a-manager-s-note',
      status: 'draft',
      published: false,
      publishedAt: null,
      featuredImage: 'https://example.org/a.png',
    });
    const list = json<BlogListResponse>(await send('GET', ADMIN, manager)).posts;
    expect(list.find((x) => x.id === p.id)?.status).toBe('draft');
    const edited = await send('PATCH', `${ADMIN}/${p.id}`, manager, { title: 'Renamed', excerpt: 'Short.', featuredImage: null });
    expect(edited.statusCode, edited.body).toBe(200);
    // The slug stays when the title changes: links to the post keep working.
    expect(json(edited).post).toMatchObject({ title: 'Renamed', slug: p.slug, excerpt: 'Short.', featuredImage: null });
    expect((await send('DELETE', `${ADMIN}/${p.id}`, manager)).statusCode).toBe(204);
    expect((await send('DELETE', `${ADMIN}/${p.id}`, manager)).statusCode).toBe(404);
    expect((await send('GET', `${ADMIN}/${p.id}`, manager)).statusCode).toBe(404);
  });

  it('generates unique slugs from titles and refuses a taken or malformed one', async () => {
    const a = await create({ title: 'Same title', content: 'First.' });
    const b = await create({ title: 'Same title', content: 'Second.' });
    const c = await create({ title: 'Same title', content: 'Third.', slug: '' });
    expect([a.slug, b.slug, c.slug]).toEqual(['same-title', 'same-title-2', 'same-title-3']);
    const taken = await send('POST', ADMIN, admin, { title: 'Other', content: 'x', slug: 'same-title' });
    expect(taken.statusCode).toBe(409);
    expectErrorShape(json(taken), 'conflict');
    expect(json(taken).error.fields).toHaveProperty('slug');
    const renamed = await send('PATCH', `${ADMIN}/${c.id}`, admin, { slug: 'same-title-2' });
    expect(renamed.statusCode).toBe(409);
    for (const slug of ['Has Spaces', 'trailing-', 'double--dash', 'ünïcode', 'x'.repeat(101)]) {
      const res = await send('POST', ADMIN, admin, { title: 'Bad slug', content: 'x', slug });
      expect(res.statusCode, slug).toBe(400);
      expect(json(res).error.fields).toHaveProperty('slug');
    }
    // Concurrent posts with one title get distinct slugs. (These requests rarely overlap inside the
    // transaction, so this does not prove the retry on a lost race; the unique index is the real guard.)
    const raced = await Promise.all([1, 2, 3].map((n) => send('POST', ADMIN, admin, { title: 'Raced title', content: `Body ${n}.` })));
    expect(raced.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(raced.map((r) => json(r).post.slug))).toEqual(new Set(['raced-title', 'raced-title-2', 'raced-title-3']));
    // Upper case is folded rather than refused.
    expect((await create({ title: 'Folded', content: 'x', slug: 'Mixed-Case' })).slug).toBe('mixed-case');
  });

  it('rejects bad input with 400 and the one error shape', async () => {
    const id = (await create({ title: 'Valid post', content: 'Valid.' })).id;
    const bad: [method: 'POST' | 'PATCH', url: string, body: unknown, field: string][] = [
      ['POST', ADMIN, { content: 'No title.' }, 'title'],
      ['POST', ADMIN, { title: '   ', content: 'Blank title.' }, 'title'],
      ['POST', ADMIN, { title: 'No content' }, 'content'],
      ['POST', ADMIN, { title: 'Blank content', content: '  \n ' }, 'content'],
      ['POST', ADMIN, { title: 'x'.repeat(201), content: 'Long title.' }, 'title'],
      ['POST', ADMIN, { title: 'Script image', content: 'x', featuredImage: 'javascript:alert(1)' }, 'featuredImage'],
      ['POST', ADMIN, { title: 'Bad status', content: 'x', status: 'archived' }, 'status'],
      ['PATCH', `${ADMIN}/${id}`, { content: '' }, 'content'],
      ['PATCH', `${ADMIN}/${id}`, { authorId: 'someone' }, '_'],
    ];
    for (const [method, url, body, field] of bad) {
      const res = await send(method, url, admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expectErrorShape(json(res), 'validation_failed');
      if (field !== '_') expect(Object.keys(json(res).error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const notJson = await t.app.inject({ method: 'POST', url: ADMIN, payload: '{oops', headers: { cookie: admin, 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    expectErrorShape(json(notJson), 'bad_request');
    const badId = await send('PATCH', `${ADMIN}/not-a-uuid`, admin, { title: 'x' });
    expect(badId.statusCode).toBe(400);
    const unknown = await send('PATCH', `${ADMIN}/00000000-0000-4000-8000-000000000000`, admin, { title: 'x' });
    expect(unknown.statusCode).toBe(404);
    expectErrorShape(json(unknown), 'not_found');
  });
});

describe('published posts in the plagiarism library', () => {
  it('publishing makes a copied passage report the post as a source; editing re-indexes; unpublishing removes it', async () => {
    const copied = `My own opening sentence about something else entirely. ${PARAGRAPH.split(' ').slice(5, 55).join(' ')} And my own ending.`;
    const p = await create({ title: 'The lighthouse logbooks', content: CONTENT });
    expect((await check(copied)).items).toEqual([]);
    expect(await libraryDocs(p.link)).toHaveLength(0);

    const pub = await send('POST', `${ADMIN}/${p.id}/publish`, admin);
    expect(pub.statusCode, pub.body).toBe(200);
    expect(json(pub).post).toMatchObject({ status: 'published', published: true });
    expect(json(pub).post.publishedAt).not.toBeNull();
    let report = await check(copied);
    expect(report.items).toHaveLength(1);
    expect(report.items[0]).toMatchObject({ title: 'The lighthouse logbooks', reference: `${ORIGIN}/blog/${p.slug}` });
    expect(report.items[0].passages.reduce((n, x) => n + x.words, 0)).toBeGreaterThanOrEqual(40);
    // The index holds the words, not the Markdown syntax.
    const [doc] = await libraryDocs(p.link);
    expect(doc.text).not.toMatch(/\*\*|##|\]\(/);
    expect(doc.title).toBe('The lighthouse logbooks');

    // Editing a published post re-indexes it: new title and text, old text gone, one document.
    const NEW_PARAGRAPH =
      'Beekeepers in the valley move their hives up the mountain each June, following the flowering of the wild thyme and heather, ' +
      'and the honey they bring down in September tastes of a different slope every year depending on which plants bloomed late or early.';
    const edited = await send('PATCH', `${ADMIN}/${p.id}`, admin, { title: 'Keepers and beekeepers', content: NEW_PARAGRAPH });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await libraryDocs(p.link)).toHaveLength(1);
    expect((await check(copied)).items).toEqual([]);
    report = await check(`Intro words. ${NEW_PARAGRAPH}`);
    expect(report.items[0]).toMatchObject({ title: 'Keepers and beekeepers', reference: p.link });

    // A new slug moves the library document to the new link.
    const moved = await send('PATCH', `${ADMIN}/${p.id}`, admin, { slug: 'beekeepers' });
    expect(moved.statusCode).toBe(200);
    expect(await libraryDocs(p.link)).toHaveLength(0);
    expect(await libraryDocs(`${ORIGIN}/blog/beekeepers`)).toHaveLength(1);
    expect((await check(NEW_PARAGRAPH)).items[0]?.reference).toBe(`${ORIGIN}/blog/beekeepers`);

    const unpub = await send('POST', `${ADMIN}/${p.id}/unpublish`, admin);
    expect(unpub.statusCode).toBe(200);
    expect(json(unpub).post).toMatchObject({ status: 'draft', published: false, publishedAt: null });
    expect(await libraryDocs(`${ORIGIN}/blog/beekeepers`)).toHaveLength(0);
    expect((await check(NEW_PARAGRAPH)).items).toEqual([]);
    expect((await get(t.app, '/api/blog/posts/beekeepers')).statusCode).toBe(404);
  });

  it('deleting a published post removes it from the library; creating it published indexes it at once', async () => {
    const text = PARAGRAPH.replace('northern islands', 'western capes');
    const p = await create({ title: 'Published at creation', content: text, status: 'published' });
    expect((await check(text)).items.map((i) => i.reference)).toContain(p.link);
    expect((await send('DELETE', `${ADMIN}/${p.id}`, admin)).statusCode).toBe(204);
    expect(await libraryDocs(p.link)).toHaveLength(0);
    expect((await check(text)).items.map((i) => i.reference)).not.toContain(p.link);
  });

  it('a failed write changes neither the blog nor the library', async () => {
    const a = await create({ title: 'Atomic A', content: 'Alpha text of the first atomic post.', status: 'published' });
    await create({ title: 'Atomic B', content: 'Beta.', status: 'published' });
    // Renaming A onto B's slug fails on the unique constraint inside the write's transaction:
    // neither the post nor its library document may change.
    const res = await send('PATCH', `${ADMIN}/${a.id}`, admin, { slug: 'atomic-b', content: 'Changed.' });
    expect(res.statusCode).toBe(409);
    const [row] = await t.ctx.db.select().from(blogPosts).where(eq(blogPosts.id, a.id));
    expect(row).toMatchObject({ slug: 'atomic-a', content: 'Alpha text of the first atomic post.' });
    const docs = await libraryDocs(a.link);
    expect(docs).toHaveLength(1);
    expect(docs[0].text).toContain('Alpha text');
  });
});

describe('built-in sample posts', () => {
  // A first start meets an empty blog. Rather than boot a second database for this (a fresh PGlite
  // and its migrations take seconds, and timed this test out on a loaded machine, while seeding
  // itself takes ~0.1 s), empty the blog the tests above filled: runs after them, in file order.
  // The shared database was never seeded: only the server's start seeds, not the test app.
  beforeAll(async () => {
    await t.ctx.db.delete(blogPosts);
    await t.ctx.db.delete(referenceDocuments).where(eq(referenceDocuments.origin, 'blog'));
  });

  it('are seeded once as published, indexed posts, and never come back after staff delete one', async () => {
    expect(await seedSamplePosts(t.ctx.db, t.ctx.origin)).toBe(3);
    expect(await seedSamplePosts(t.ctx.db, t.ctx.origin)).toBe(0);
    const { posts } = json<BlogListResponse>(await get(t.app, `${LIST}?limit=3`));
    // Newest first, exactly the samples the client falls back to.
    expect(posts.map((p) => p.slug)).toEqual([...BLOG_SAMPLES].sort((x, y) => y.publishedAt.localeCompare(x.publishedAt)).map((x) => x.slug));
    expect(posts.every((p) => p.published)).toBe(true);
    const library = await t.ctx.db.select().from(referenceDocuments).where(eq(referenceDocuments.origin, 'blog'));
    expect(library.map((d) => d.reference).sort()).toEqual(posts.map((p) => p.link).sort());

    const first = BLOG_SAMPLES[0];
    const passage = first.content.split('\n\n')[0];
    const report = json<PlagiarismResponse>(await post(t.app, CHECK, { text: passage }, { cookie: reader }));
    expect(report.items[0]).toMatchObject({ title: first.title, reference: `${ORIGIN}/blog/${first.slug}` });

    await t.ctx.db.delete(blogPosts).where(eq(blogPosts.slug, first.slug));
    expect(await seedSamplePosts(t.ctx.db, t.ctx.origin)).toBe(0);
    expect(json<BlogListResponse>(await get(t.app, LIST)).posts).toHaveLength(2);
  });
});
