/**
 * GET /og/site.png, /og/tools/<slug>.png, /og/blog/<slug>.png: the Open Graph images the pages' og:image points at
 * (src/server/services/og-image.ts). Outside /api, like the favicon: link previews fetch them without any cookie.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicOrigin } from '../env';
import { AppError } from '../errors';
import { ogCardFor, ogImagePng, type OgKind } from '../services/og-image';

/** A day fresh, then a week of serving the old image while revalidating (a cheap 304: the ETag needs no render). */
const CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

export async function ogImageRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const send = async (req: FastifyRequest, reply: FastifyReply, kind: OgKind, file = 'site.png') => {
    const slug = file.endsWith('.png') ? file.slice(0, -4) : '';
    const found = slug ? await ogCardFor(ctx.db, publicOrigin(ctx.env), kind, slug) : null;
    if (!found) throw new AppError('not_found', 'There is no image at this address.');
    reply.header('cache-control', CACHE_CONTROL).header('etag', found.etag);
    const match = req.headers['if-none-match'];
    if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === found.etag)) return reply.status(304).send();
    const png = await ogImagePng(found.card, found.etag);
    return reply.type('image/png').send(png);
  };
  app.get('/og/site.png', { config: { access: 'public' } }, (req, reply) => send(req, reply, 'site'));
  app.get<{ Params: { file: string } }>('/og/tools/:file', { config: { access: 'public' } }, (req, reply) => send(req, reply, 'tools', req.params.file));
  app.get<{ Params: { file: string } }>('/og/blog/:file', { config: { access: 'public' } }, (req, reply) => send(req, reply, 'blog', req.params.file));
}
