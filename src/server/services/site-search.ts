/** The published blog posts a site search finds (the tools are searched from the catalogue, src/shared/api/search.ts). */
import { and, desc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blogPosts } from '../../db/schema';
import { derivedExcerpt } from '../../shared/api/blog';
import { searchTerms, type PostHit } from '../../shared/api/search';

/** A LIKE pattern matching `term` literally anywhere (its %, _ and \ escaped). */
const contains = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Published posts holding every word of the search in their title, excerpt or text; newest first. */
export async function searchPublishedPosts(db: Db, q: string, limit: number): Promise<PostHit[]> {
  const terms = searchTerms(q);
  if (terms.length === 0) return [];
  const rows = await db
    .select({ slug: blogPosts.slug, title: blogPosts.title, excerpt: blogPosts.excerpt, content: blogPosts.content, publishedAt: blogPosts.publishedAt })
    .from(blogPosts)
    .where(
      and(
        eq(blogPosts.status, 'published'),
        ...terms.map((t) => or(ilike(blogPosts.title, contains(t)), ilike(blogPosts.excerpt, contains(t)), ilike(blogPosts.content, contains(t)))),
      ),
    )
    .orderBy(desc(blogPosts.publishedAt), blogPosts.id)
    .limit(limit);
  return rows.map((r) => ({
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt.trim() || derivedExcerpt(r.content),
    publishedAt: r.publishedAt ? new Date(r.publishedAt).toISOString() : null,
  }));
}
