import { and, desc, eq, like, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings, blogPosts, referenceDocuments } from '../../db/schema';
import { derivedExcerpt, slugify, type BlogPost, type BlogPostCreate, type BlogPostUpdate, type BlogStatus } from '../../shared/api/blog';
import { BLOG_SAMPLES } from '../../shared/blog-samples';
import { markdownToText } from '../../shared/markdown';
import { AppError } from '../errors';
import { isUniqueViolation } from './db-errors';
import { audit } from './users';
import { addReferenceDocument } from './plagiarism-store';

/**
 * The site's blog. Every published post is also a document of the plagiarism
 * reference library (origin 'blog', reference = the post's link), so text copied from the blog is
 * caught. Each write changes the post and its library document in ONE transaction, so the library
 * never disagrees with the blog: publishing adds the document, editing a published post re-indexes
 * it, unpublishing and deleting remove it.
 */

type Row = typeof blogPosts.$inferSelect;
const SAMPLES_SEEDED_KEY = 'blog_samples_seeded';

export function postLink(origin: string, slug: string): string {
  return `${origin.replace(/\/+$/, '')}/blog/${slug}`;
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export function toBlogPost(row: Row, origin: string): BlogPost {
  const status: BlogStatus = row.status === 'published' ? 'published' : 'draft';
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    excerpt: row.excerpt.trim() || derivedExcerpt(row.content),
    featuredImage: row.featuredImage,
    status,
    published: status === 'published',
    publishedAt: iso(row.publishedAt),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    link: postLink(origin, row.slug),
  };
}

/** The text the plagiarism library indexes for a post: its title and its words without Markdown syntax. */
export function indexedText(post: { title: string; content: string }): string {
  return `${post.title}\n\n${markdownToText(post.content)}`;
}

async function removeFromLibrary(db: Db, link: string): Promise<void> {
  // The fingerprint rows go with the document (ON DELETE CASCADE).
  await db.delete(referenceDocuments).where(and(eq(referenceDocuments.origin, 'blog'), eq(referenceDocuments.reference, link)));
}

async function addToLibrary(db: Db, row: Row, origin: string, addedBy: string | null): Promise<void> {
  // A leftover document under this link would make the idempotent insert a no-op and keep stale text.
  await removeFromLibrary(db, postLink(origin, row.slug));
  await addReferenceDocument(db, {
    title: row.title,
    reference: postLink(origin, row.slug),
    licence: 'Published on this site',
    origin: 'blog',
    text: indexedText(row),
    addedBy,
  });
}

const slugTaken = () => new AppError('conflict', 'Another post already uses this slug.', { slug: 'Already used by another post' });

/** The title's slug, or the first free `slug-2`, `slug-3`, … when another post has it. */
async function freeSlug(db: Db, title: string, exceptId?: string): Promise<string> {
  const base = slugify(title) || 'post';
  const rows = await db
    .select({ id: blogPosts.id, slug: blogPosts.slug })
    .from(blogPosts)
    .where(or(eq(blogPosts.slug, base), like(blogPosts.slug, `${base}-%`)));
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export async function listPublishedPosts(db: Db, origin: string, limit: number): Promise<BlogPost[]> {
  const rows = await db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.status, 'published'))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.createdAt), blogPosts.id)
    .limit(limit);
  return rows.map((r) => toBlogPost(r, origin));
}

export async function publishedPostBySlug(db: Db, origin: string, slug: string): Promise<BlogPost | null> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.status, 'published')));
  return row ? toBlogPost(row, origin) : null;
}

/** Staff list: drafts and published posts, most recently changed first. */
export async function listAllPosts(db: Db, origin: string): Promise<BlogPost[]> {
  const rows = await db.select().from(blogPosts).orderBy(desc(blogPosts.updatedAt), blogPosts.id);
  return rows.map((r) => toBlogPost(r, origin));
}

export async function postById(db: Db, origin: string, id: string): Promise<BlogPost | null> {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  return row ? toBlogPost(row, origin) : null;
}

export async function createPost(db: Db, origin: string, input: BlogPostCreate, authorId: string | null, now: Date): Promise<BlogPost> {
  // A generated slug can lose a race with a concurrent post of the same title: try the next free one.
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertPost(db, origin, input, authorId, now);
    } catch (err) {
      if (isUniqueViolation(err) && !input.slug && attempt < 3) continue;
      if (isUniqueViolation(err)) throw slugTaken();
      throw err;
    }
  }
}

async function insertPost(db: Db, origin: string, input: BlogPostCreate, authorId: string | null, now: Date): Promise<BlogPost> {
  const publish = input.status === 'published';
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const slug = input.slug || (await freeSlug(tx, input.title));
    const [row] = await tx
      .insert(blogPosts)
      .values({
        title: input.title,
        slug,
        content: input.content,
        excerpt: input.excerpt ?? '',
        featuredImage: input.featuredImage || null,
        status: publish ? 'published' : 'draft',
        publishedAt: publish ? now : null,
        authorId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (publish) await addToLibrary(tx, row, origin, authorId);
    if (publish) await audit(tx, { userId: authorId, action: `Blog post published: ${row.title}`, category: 'system' });
    return toBlogPost(row, origin);
  });
}

/**
 * Change fields and/or the status. Whatever changes, the library ends up holding exactly the
 * published version: the old document (under the old link) is removed and, if the post is
 * published afterwards, the new version is indexed.
 */
export async function updatePost(db: Db, origin: string, id: string, input: BlogPostUpdate, actorId: string | null, now: Date): Promise<BlogPost> {
  try {
    return await db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      // Lock the row: two concurrent edits of one post must not leave two library documents.
      const [before] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
      if (!before) throw new AppError('not_found', 'This post does not exist.');
      const status = input.status ?? (before.status === 'published' ? 'published' : 'draft');
      const publishing = status === 'published' && before.status !== 'published';
      const [after] = await tx
        .update(blogPosts)
        .set({
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.slug !== undefined ? { slug: input.slug } : {}),
          ...(input.content !== undefined ? { content: input.content } : {}),
          ...(input.excerpt !== undefined ? { excerpt: input.excerpt } : {}),
          ...(input.featuredImage !== undefined ? { featuredImage: input.featuredImage || null } : {}),
          status,
          // The first publication date stays when a post is republished after an edit; a post
          // unpublished and published again counts as new.
          publishedAt: status === 'published' ? (publishing ? now : before.publishedAt) : null,
          updatedAt: now,
        })
        .where(eq(blogPosts.id, id))
        .returning();
      const indexChanged =
        publishing || status !== before.status || after.title !== before.title || after.slug !== before.slug || after.content !== before.content;
      if (indexChanged) {
        if (before.status === 'published') await removeFromLibrary(tx, postLink(origin, before.slug));
        if (status === 'published') await addToLibrary(tx, after, origin, actorId);
      }
      if (status !== before.status)
        await audit(tx, { userId: actorId, action: `Blog post ${status === 'published' ? 'published' : 'unpublished'}: ${after.title}`, category: 'system' });
      return toBlogPost(after, origin);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
}

export async function deletePost(db: Db, origin: string, id: string, actorId: string | null = null): Promise<boolean> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [row] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
    if (!row) return false;
    await removeFromLibrary(tx, postLink(origin, row.slug));
    await audit(tx, { userId: actorId, action: `Blog post deleted: ${row.title}`, category: 'system' });
    return true;
  });
}

/**
 * First start: publish the built-in sample posts (and index them). Runs once per database: a
 * marker in app_settings records that it ran, so posts staff later delete stay deleted. Posts are
 * matched by slug and an existing post with a sample's slug is never overwritten. Concurrent
 * first starts of several instances are harmless: only one inserts the marker.
 */
export async function seedSamplePosts(db: Db, origin: string): Promise<number> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const marker = await tx
      .insert(appSettings)
      .values({ key: SAMPLES_SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    if (marker.length === 0) return 0;
    let created = 0;
    for (const s of BLOG_SAMPLES) {
      const at = new Date(s.publishedAt);
      const [row] = await tx
        .insert(blogPosts)
        .values({ title: s.title, slug: s.slug, content: s.content, excerpt: s.excerpt, status: 'published', publishedAt: at, createdAt: at, updatedAt: at })
        .onConflictDoNothing({ target: blogPosts.slug })
        .returning();
      if (!row) continue;
      await addToLibrary(tx, row, origin, null);
      created++;
    }
    return created;
  });
}
