import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { LEGACY_REDIRECTS } from '../shared/routes';
import type { ServerContext } from './context';
import { errorBody, registerErrorHandling } from './errors';
import { registerAccessControl } from './access';
import { registerCsrf } from './plugins/csrf';
import { adminRoutes } from './routes/admin';
import { adminLibraryRoutes } from './routes/admin-library';
import { authRoutes } from './routes/auth';
import { blogRoutes } from './routes/blog';
import { newsletterRoutes } from './routes/newsletter';
import { devRoutes } from './routes/dev';
import { googleRoutes } from './routes/google';
import { contentDetectorRoutes } from './routes/tools/content-detector';
import { grammarRoutes } from './routes/tools/grammar';
import { plagiarismRoutes } from './routes/tools/plagiarism-checker';
import { writingRoutes } from './routes/tools/writing';
import { userSettingsRoutes } from './routes/user-settings';
import { accountRoutes } from './routes/account';
import { adminPlanRoutes } from './routes/admin-plans';
import { billingRoutes } from './routes/billing';
import { billingTestCheckoutRoutes } from './routes/billing-test-checkout';
import { billingWebhookRoutes } from './routes/billing-webhook';
import { usageRoutes } from './routes/usage';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServerContext;
  }
}

export const clientDist = fileURLToPath(new URL('../../dist/client', import.meta.url));

export interface BuildOptions {
  /** Serve the built SPA from dist/client (off in API tests). */
  serveClient?: boolean;
  logger?: boolean;
}

export async function buildApp(ctx: ServerContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: ctx.env.LOG_LEVEL,
            serializers: {
              // Query strings can carry secrets (reset tokens, OAuth codes): log the path only.
              req: (req) => ({ method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip }),
            },
          },
    trustProxy: ctx.env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });
  app.decorate('ctx', ctx);

  registerErrorHandling(app);
  await app.register(cookie, { secret: ctx.cookieSecret });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: ctx.env.NODE_ENV === 'production' ? [] : null,
      },
    },
    hsts: ctx.env.NODE_ENV === 'production',
  });
  registerCsrf(app, ctx.origin);
  // Before any route is registered: every /api route declares who may call it.
  registerAccessControl(app);
  // Uploads are read per route with their own limits (see services/tool-input.ts).
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });

  app.get('/api/health', { config: { access: 'public' } }, async () => ({ status: 'ok', database: ctx.database.kind }));
  await app.register(authRoutes);
  await app.register(googleRoutes);
  await app.register(adminRoutes);
  await app.register(adminLibraryRoutes);
  await app.register(contentDetectorRoutes);
  await app.register(writingRoutes);
  await app.register(grammarRoutes);
  await app.register(plagiarismRoutes);
  await app.register(userSettingsRoutes);
  await app.register(billingRoutes);
  await app.register(billingTestCheckoutRoutes);
  await app.register(billingWebhookRoutes);
  await app.register(usageRoutes);
  await app.register(accountRoutes);
  await app.register(adminPlanRoutes);
  await app.register(blogRoutes);
  await app.register(newsletterRoutes);
  if (ctx.env.NODE_ENV !== 'production') await app.register(devRoutes);

  for (const [from, to] of Object.entries(LEGACY_REDIRECTS)) {
    app.get(from, (_req, reply) => reply.redirect(to, 302));
  }

  const withClient = opts.serveClient !== false && existsSync(clientDist);
  if (withClient) {
    await app.register(fastifyStatic, {
      root: clientDist,
      index: false,
      // Vite fingerprints assets, so they can be cached forever; index.html must always be revalidated.
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  }

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api' || !withClient || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send(errorBody('not_found', `No route for ${req.method} ${req.url.split('?')[0]}`));
    }
    // Client-side routes (and the SPA's own 404 page) are rendered by index.html.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
