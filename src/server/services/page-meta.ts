/**
 * What the per-page head metadata needs from the database: the site's name (a setting), the plans as sold, and for a
 * blog post's page the published post with its author's name. The metadata itself is src/shared/page-meta.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blogPosts, users } from '../../db/schema';
import { BLOG_SAMPLES } from '../../shared/blog-samples';
import { derivedExcerpt } from '../../shared/api/blog';
import { pageMeta, type PageMeta, type PostFacts } from '../../shared/page-meta';
import { listPlans } from './billing';
import { getSettings } from './settings';

/** A published post's facts (or a built-in sample's), or null: the post's page and its Open Graph image. */
export async function publishedPostFacts(db: Db, slug: string): Promise<PostFacts | null> {
  const [row] = await db
    .select({ post: blogPosts, author: users.username })
    .from(blogPosts)
    .leftJoin(users, eq(users.id, blogPosts.authorId))
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.status, 'published')))
    .limit(1);
  if (row) {
    const p = row.post;
    return {
      title: p.title,
      slug: p.slug,
      excerpt: p.excerpt.trim() || derivedExcerpt(p.content),
      publishedAt: p.publishedAt ? new Date(p.publishedAt).toISOString() : null,
      updatedAt: new Date(p.updatedAt).toISOString(),
      authorName: row.author ?? null,
      featuredImage: p.featuredImage,
    };
  }
  // the built-in samples have a page even before they are seeded (the app's status check says the same)
  const sample = BLOG_SAMPLES.find((s) => s.slug === slug);
  return sample
    ? {
        title: sample.title,
        slug: sample.slug,
        excerpt: sample.excerpt,
        publishedAt: sample.publishedAt,
        updatedAt: null,
        authorName: null,
        featuredImage: null,
      }
    : null;
}

export async function pageMetaFor(db: Db, origin: string, pathname: string, notFound = false): Promise<{ meta: PageMeta; siteName: string }> {
  const { siteName, disabledTools } = await getSettings(db);
  const post = notFound ? null : /^\/blog\/([^/]+)\/?$/.exec(pathname);
  const needsPlans = !notFound && (pathname === '/pricing' || pathname.startsWith('/tools/'));
  const [facts, plans] = await Promise.all([
    post ? publishedPostFacts(db, post[1]!) : Promise.resolve(undefined),
    needsPlans ? listPlans(db) : Promise.resolve(undefined),
  ]);
  return { meta: pageMeta(pathname, { origin: origin.replace(/\/+$/, ''), siteName, plans, post: facts, notFound, disabledTools }), siteName };
}
