import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { noStore } from '../http';
import { beginSignIn, completeSignIn, googleConfigured, GoogleSignInError, type CallbackQuery } from '../services/google';

/** Where a successful sign-in lands, as after a password login. */
export const GOOGLE_SUCCESS_REDIRECT = '/pricing';

function failed(req: FastifyRequest, reply: FastifyReply, err: unknown): FastifyReply {
  if (err instanceof GoogleSignInError) {
    // `reason` is written to never contain tokens or codes.
    req.log.warn({ googleError: err.code, reason: err.reason }, 'Google sign-in failed');
    return noStore(reply).redirect(`/login?error=${err.code}`, 302);
  }
  req.log.error({ err }, 'Google sign-in failed unexpectedly');
  return noStore(reply).redirect('/login?error=google_failed', 302);
}

const str = (v: unknown, max: number): string | undefined => (typeof v === 'string' && v.length <= max ? v : undefined);

/** Google sign-in (OpenID Connect authorization code + PKCE). Until configured, it explains itself on the login page. */
export async function googleRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  app.get('/api/auth/google', { config: { access: 'public' } }, async (req, reply) => {
    if (!googleConfigured(ctx.env)) return noStore(reply).redirect('/login?error=google_not_configured', 302);
    try {
      const location = await beginSignIn(ctx, reply);
      return noStore(reply).redirect(location, 302);
    } catch (err) {
      return failed(req, reply, err);
    }
  });

  app.get('/api/auth/google/callback', { config: { access: 'public' } }, async (req, reply) => {
    if (!googleConfigured(ctx.env)) return noStore(reply).redirect('/login?error=google_not_configured', 302);
    const q = (req.query ?? {}) as Record<string, unknown>;
    // Repeated or oversized parameters are treated as absent (and so fail the checks).
    const query: CallbackQuery = {
      code: str(q.code, 2048),
      state: str(q.state, 256),
      error: str(q.error, 256) ?? (q.error !== undefined ? 'invalid' : undefined),
    };
    try {
      await completeSignIn(ctx, req, reply, query);
      return noStore(reply).redirect(GOOGLE_SUCCESS_REDIRECT, 302);
    } catch (err) {
      return failed(req, reply, err);
    }
  });
}
