import type { FastifyInstance } from 'fastify';
import {
  BLOG_EDITOR_ROLES,
  BlogIdParams,
  BlogListQuery,
  BlogPostCreate,
  BlogPostUpdate,
  BlogSlugParams,
  type BlogListResponse,
  type BlogPostResponse,
} from '../../shared/api/blog';
import { AppError } from '../errors';
import { noStore, parse, requireRole } from '../http';
import {
  createPost,
  deletePost,
  listAllPosts,
  listPublishedPosts,
  postById,
  publishedPostBySlug,
  updatePost,
} from '../services/blog';

const notFound = () => new AppError('not_found', 'This post does not exist.');

/** Public blog (SPEC §7 GET /api/external-blog/posts) and the staff editor's API. */
export async function blogRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/external-blog/posts', async (req, reply) => {
    const { limit } = parse(BlogListQuery, req.query);
    const body: BlogListResponse = { posts: await listPublishedPosts(ctx.db, ctx.origin, limit) };
    // Revalidated on every visit: a post staff just published must show at once.
    return reply.header('cache-control', 'no-cache').send(body);
  });

  app.get('/api/blog/posts/:slug', async (req, reply) => {
    const { slug } = parse(BlogSlugParams, req.params);
    const post = await publishedPostBySlug(ctx.db, ctx.origin, slug);
    if (!post) throw notFound();
    const body: BlogPostResponse = { post };
    return reply.header('cache-control', 'no-cache').send(body);
  });

  await app.register(staffBlogRoutes);
}

async function staffBlogRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  // Encapsulated: this hook guards only the routes below. Authorizing before validation means
  // anonymous callers and plan users learn nothing about the editor's input rules.
  app.addHook('onRequest', async (req) => {
    await requireRole(req, BLOG_EDITOR_ROLES);
  });

  app.get('/api/admin/blog/posts', async (_req, reply) => {
    const body: BlogListResponse = { posts: await listAllPosts(ctx.db, ctx.origin) };
    return noStore(reply).send(body);
  });

  app.get('/api/admin/blog/posts/:id', async (req, reply) => {
    const { id } = parse(BlogIdParams, req.params);
    const post = await postById(ctx.db, ctx.origin, id);
    if (!post) throw notFound();
    return noStore(reply).send({ post } satisfies BlogPostResponse);
  });

  app.post('/api/admin/blog/posts', async (req, reply) => {
    const input = parse(BlogPostCreate, req.body);
    const user = await requireRole(req, BLOG_EDITOR_ROLES);
    const post = await createPost(ctx.db, ctx.origin, input, user.id, ctx.now());
    return noStore(reply).status(201).send({ post } satisfies BlogPostResponse);
  });

  app.patch('/api/admin/blog/posts/:id', async (req, reply) => {
    const { id } = parse(BlogIdParams, req.params);
    const input = parse(BlogPostUpdate, req.body);
    const user = await requireRole(req, BLOG_EDITOR_ROLES);
    const post = await updatePost(ctx.db, ctx.origin, id, input, user.id, ctx.now());
    return noStore(reply).send({ post } satisfies BlogPostResponse);
  });

  for (const [action, status] of [
    ['publish', 'published'],
    ['unpublish', 'draft'],
  ] as const) {
    app.post(`/api/admin/blog/posts/:id/${action}`, async (req, reply) => {
      const { id } = parse(BlogIdParams, req.params);
      const user = await requireRole(req, BLOG_EDITOR_ROLES);
      const post = await updatePost(ctx.db, ctx.origin, id, { status }, user.id, ctx.now());
      return noStore(reply).send({ post } satisfies BlogPostResponse);
    });
  }

  app.delete('/api/admin/blog/posts/:id', async (req, reply) => {
    const { id } = parse(BlogIdParams, req.params);
    if (!(await deletePost(ctx.db, ctx.origin, id))) throw notFound();
    return reply.status(204).send();
  });
}
