import type { FastifyInstance } from 'fastify';
import {
  BlogIdParams,
  BlogListQuery,
  BlogPostCreate,
  BlogPostUpdate,
  BlogSlugParams,
  type BlogListResponse,
  type BlogPostResponse,
} from '../../shared/api/blog';
import { AppError } from '../errors';
import { noStore, parse, requireUser } from '../http';
import { createPost, deletePost, listAllPosts, listPublishedPosts, postById, publishedPostBySlug, updatePost } from '../services/blog';

const notFound = () => new AppError('not_found', 'This post does not exist.');

/**
 * The public blog (GET /api/external-blog/posts, one post by slug) and the staff editor's API
 * ('blog:write'). Access is checked before validation, so anonymous callers and plan users learn
 * nothing about the editor's input rules.
 */
export async function blogRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/external-blog/posts', { config: { access: 'public' } }, async (req, reply) => {
    const { limit } = parse(BlogListQuery, req.query);
    const body: BlogListResponse = { posts: await listPublishedPosts(ctx.db, ctx.origin, limit) };
    // Revalidated on every visit: a post staff just published must show at once.
    return reply.header('cache-control', 'no-cache').send(body);
  });

  app.get('/api/blog/posts/:slug', { config: { access: 'public' } }, async (req, reply) => {
    // A malformed slug names no post: the same 404 as an unknown one (the client shows "not found").
    const params = BlogSlugParams.safeParse(req.params);
    const post = params.success ? await publishedPostBySlug(ctx.db, ctx.origin, params.data.slug) : null;
    if (!post) throw notFound();
    const body: BlogPostResponse = { post };
    return reply.header('cache-control', 'no-cache').send(body);
  });

  app.get('/api/admin/blog/posts', { config: { access: 'blog:write' } }, async (_req, reply) => {
    const body: BlogListResponse = { posts: await listAllPosts(ctx.db, ctx.origin) };
    return noStore(reply).send(body);
  });

  app.get('/api/admin/blog/posts/:id', { config: { access: 'blog:write' } }, async (req, reply) => {
    const { id } = parse(BlogIdParams, req.params);
    const post = await postById(ctx.db, ctx.origin, id);
    if (!post) throw notFound();
    return noStore(reply).send({ post } satisfies BlogPostResponse);
  });

  app.post('/api/admin/blog/posts', { config: { access: 'blog:write' } }, async (req, reply) => {
    const input = parse(BlogPostCreate, req.body);
    const user = await requireUser(req);
    const post = await createPost(ctx.db, ctx.origin, input, user.id, ctx.now());
    return noStore(reply)
      .status(201)
      .send({ post } satisfies BlogPostResponse);
  });

  app.patch('/api/admin/blog/posts/:id', { config: { access: 'blog:write' } }, async (req, reply) => {
    const { id } = parse(BlogIdParams, req.params);
    const input = parse(BlogPostUpdate, req.body);
    const user = await requireUser(req);
    const post = await updatePost(ctx.db, ctx.origin, id, input, user.id, ctx.now());
    return noStore(reply).send({ post } satisfies BlogPostResponse);
  });

  for (const [action, status] of [
    ['publish', 'published'],
    ['unpublish', 'draft'],
  ] as const) {
    app.post(`/api/admin/blog/posts/:id/${action}`, { config: { access: 'blog:write' } }, async (req, reply) => {
      const { id } = parse(BlogIdParams, req.params);
      const user = await requireUser(req);
      const post = await updatePost(ctx.db, ctx.origin, id, { status }, user.id, ctx.now());
      return noStore(reply).send({ post } satisfies BlogPostResponse);
    });
  }

  app.delete('/api/admin/blog/posts/:id', { config: { access: 'blog:write' } }, async (req, reply) => {
    const { id } = parse(BlogIdParams, req.params);
    const user = await requireUser(req);
    if (!(await deletePost(ctx.db, ctx.origin, id, user.id))) throw notFound();
    return reply.status(204).send();
  });
}
