import { useQuery } from '@tanstack/react-query';
import type { BlogListResponse, BlogPost, BlogPostResponse } from '@/shared/api/blog';
import { BLOG_SAMPLES } from '@/shared/blog-samples';
import { ApiError, apiJson } from '@/client/lib/api';
import { formatUtcDay } from '@/shared/format';

export const BLOG_LIST_API = '/api/external-blog/posts';
export const ADMIN_BLOG_API = '/api/admin/blog/posts';

/**
 * The built-in posts as BlogPost values: what the blog shows when its API cannot be reached
 * ("error (samples shown)"). The server seeds the same posts at first start.
 */
export const SAMPLE_POSTS: BlogPost[] = [...BLOG_SAMPLES]
  // ISO instants sort as strings (localeCompare would load the ICU collator while the page starts)
  .sort((a, b) => (a.publishedAt < b.publishedAt ? 1 : a.publishedAt > b.publishedAt ? -1 : 0))
  .map((s) => ({
    id: `sample-${s.slug}`,
    title: s.title,
    slug: s.slug,
    content: s.content,
    excerpt: s.excerpt,
    featuredImage: null,
    status: 'published',
    published: true,
    publishedAt: s.publishedAt,
    createdAt: s.publishedAt,
    updatedAt: s.publishedAt,
    link: `/blog/${s.slug}`,
  }));

/** a blog response must contain a posts array; anything else counts as a failure. */
async function fetchList(limit: number): Promise<BlogPost[]> {
  const body = await apiJson<Partial<BlogListResponse> | null>('GET', `${BLOG_LIST_API}?limit=${limit}`);
  if (!body || !Array.isArray(body.posts)) throw new Error('The blog answered without a list of posts.');
  return body.posts;
}

/** Published posts, newest first; on failure `posts` holds the samples and `failed` is true. */
export function useBlogPosts(limit: number) {
  const q = useQuery({ queryKey: [BLOG_LIST_API, limit], queryFn: () => fetchList(limit) });
  return {
    isLoading: q.isPending,
    failed: q.isError,
    posts: q.isError ? SAMPLE_POSTS.slice(0, limit) : (q.data ?? []),
  };
}

export type PostState = { kind: 'loading' } | { kind: 'found'; post: BlogPost; fallback: boolean } | { kind: 'not-found' } | { kind: 'error' };

/** One published post. A 404 is "not found"; other failures fall back to a built-in post of that slug. */
export function useBlogPost(slug: string): PostState {
  const q = useQuery({
    queryKey: ['/api/blog/posts', slug],
    queryFn: async () => (await apiJson<BlogPostResponse>('GET', `/api/blog/posts/${encodeURIComponent(slug)}`)).post,
  });
  if (q.isPending) return { kind: 'loading' };
  if (q.isSuccess) return { kind: 'found', post: q.data, fallback: false };
  if (q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400)) return { kind: 'not-found' };
  const sample = SAMPLE_POSTS.find((p) => p.slug === slug);
  return sample ? { kind: 'found', post: sample, fallback: true } : { kind: 'error' };
}

/** "16 Nov 2026", the UTC date: the same on the server that renders the page and in every visitor's time zone. */
export function formatPostDate(iso: string | null): string {
  if (!iso) return '';
  return formatUtcDay(iso);
}
