import { z } from 'zod';
import { markdownToText, truncateText } from '../markdown';
import { BLOG_LIST_DEFAULT, BLOG_LIST_MAX } from '../blog-limits';

/** Blog contract (post fields, the public list GET /api/external-blog/posts, the staff editor), shared by server and client. */

export const BLOG_STATUSES = ['draft', 'published'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

export { BLOG_LIST_DEFAULT, BLOG_LIST_MAX, BLOG_TEASER_COUNT, BLOG_TEASER_EXCERPT } from '../blog-limits';

export const SLUG_MAX = 100;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface BlogPost {
  id: string;
  title: string;
  slug: string;
  /** Markdown */
  content: string;
  /** the stored excerpt, or the opening of the content when none was written */
  excerpt: string;
  featuredImage: string | null;
  status: BlogStatus;
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** the post's public address, `${APP_ORIGIN}/blog/${slug}` (also its reference in the plagiarism library) */
  link: string;
}

export interface BlogListResponse {
  posts: BlogPost[];
}

export interface BlogPostResponse {
  post: BlogPost;
}

export const BlogListQuery = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(BLOG_LIST_MAX, `limit must be at most ${BLOG_LIST_MAX}.`)
    .default(BLOG_LIST_DEFAULT),
});

export const BlogSlugParams = z.object({
  slug: z.string().max(SLUG_MAX).regex(SLUG_PATTERN, 'Unknown post.'),
});

export const BlogIdParams = z.object({ id: z.uuid({ message: 'Unknown post.' }) });

const title = z.string({ message: 'Title is required.' }).trim().min(1, 'Title is required.').max(200, 'Title must be at most 200 characters.');
const slug = z
  .string()
  .trim()
  .toLowerCase()
  .max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters.`)
  .regex(SLUG_PATTERN, 'Slug may contain lowercase letters, digits and single dashes between them.');
const content = z.string({ message: 'Content is required.' }).max(200_000, 'Content must be at most 200,000 characters.');
const excerpt = z.string().trim().max(500, 'Excerpt must be at most 500 characters.');
const featuredImage = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v) || /^\/(?!\/)\S*$/.test(v), 'Featured image must be an http(s) URL or a path on this site.');

/** POST /api/admin/blog/posts. An empty slug is generated from the title. */
export const BlogPostCreate = z.object({
  title,
  slug: slug.optional().or(z.literal('')),
  content: content.refine((v) => v.trim() !== '', 'Content is required.'),
  excerpt: excerpt.optional(),
  featuredImage: featuredImage.optional().nullable(),
  status: z.enum(BLOG_STATUSES, { message: 'Status must be draft or published.' }).optional(),
});
export type BlogPostCreate = z.infer<typeof BlogPostCreate>;

/** PATCH /api/admin/blog/posts/:id: any subset; `status` publishes or unpublishes in the same transaction. */
export const BlogPostUpdate = z
  .object({
    title: title.optional(),
    slug: slug.optional(),
    content: content.refine((v) => v.trim() !== '', 'Content is required.').optional(),
    excerpt: excerpt.optional(),
    featuredImage: featuredImage.optional().nullable(),
    status: z.enum(BLOG_STATUSES, { message: 'Status must be draft or published.' }).optional(),
  })
  .strict();
export type BlogPostUpdate = z.infer<typeof BlogPostUpdate>;

/** The excerpt shown for a post whose staff wrote none: the opening of its text. */
export function derivedExcerpt(content: string): string {
  return truncateText(markdownToText(content), 200);
}

/** A URL slug from a title: ASCII letters and digits separated by single dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}
