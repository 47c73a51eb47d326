import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, OPENAPI_PATH } from '../openapi';

/**
 * GET /api/v1/openapi.json: the public API's OpenAPI 3.1 document (src/server/openapi.ts). Public (the /developers
 * page and any client generator read it without a key) and built once, on the first request, when every route of the
 * app is registered; it does not change while the server runs, so caches may keep it for a few minutes.
 */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  let body: string | null = null;
  app.get(OPENAPI_PATH, { config: { access: 'public' } }, async (_req, reply) => {
    body ??= JSON.stringify(buildOpenApiDocument(app));
    return reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(body);
  });
}
