import type { FastifyInstance } from 'fastify';

/** Google sign-in (OpenID Connect). Until configured, it explains itself on the login page. */
export async function googleRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.get('/api/auth/google', async (_req, reply) => {
    if (!ctx.env.GOOGLE_CLIENT_ID || !ctx.env.GOOGLE_CLIENT_SECRET) {
      return reply.redirect('/login?error=google_not_configured', 302);
    }
    return reply.redirect('/login?error=google_failed', 302);
  });
}
