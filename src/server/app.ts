import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { LEGACY_REDIRECTS } from '../shared/routes';
import type { ServerContext } from './context';
import { fastifyTrustProxy, publicOrigin } from './env';
import { checkReadiness } from '../db/client';
import { AppError, DATABASE_RETRY_AFTER_SECONDS, errorBody, registerErrorHandling } from './errors';
import { registerAccessControl } from './access';
import { registerStaffGuards } from './staff-guard';
import { adminSettingsRoutes } from './routes/admin-settings';
import { siteRoutes } from './routes/site';
import { isAppPath } from '../shared/client-routes';
import { BLOG_SAMPLES } from '../shared/blog-samples';
import { publishedPostBySlug } from './services/blog';
import { crawlRoutes } from './routes/crawl';
import { ogImageRoutes } from './routes/og';
import { registerCsrf } from './plugins/csrf';
import { registerPublicApi } from './plugins/public-api';
import { publicApiRoutes } from './routes/public-api';
import { openApiRoutes } from './routes/openapi';
import { adminRoutes } from './routes/admin';
import { adminUserRoutes } from './routes/admin-users';
import { adminRoleRoutes } from './routes/admin-roles';
import { adminAuditRoutes } from './routes/admin-audit';
import { adminAnalyticsRoutes } from './routes/admin-analytics';
import { adminLibraryRoutes } from './routes/admin-library';
import { authRoutes } from './routes/auth';
import { blogRoutes } from './routes/blog';
import { newsletterRoutes } from './routes/newsletter';
import { devRoutes } from './routes/dev';
import { googleRoutes } from './routes/google';
import { contentDetectorRoutes } from './routes/tools/content-detector';
import { grammarRoutes } from './routes/tools/grammar';
import { ttsRoutes } from './routes/tools/tts';
import { captionRoutes } from './routes/tools/caption';
import { deepfakeRoutes } from './routes/tools/deepfake';
import { sttRoutes } from './routes/tools/stt';
import { seoScoreRoutes } from './routes/tools/seo-score';
import { seoTextRoutes } from './routes/tools/seo-text';
import { plagiarismRoutes } from './routes/tools/plagiarism-checker';
import { writingRoutes } from './routes/tools/writing';
import { essayRoutes } from './routes/tools/essay';
import { resumeRoutes } from './routes/tools/resume';
import { codeRoutes } from './routes/tools/code';
import { contentRoutes } from './routes/tools/content';
import { userSettingsRoutes } from './routes/user-settings';
import { accountRoutes } from './routes/account';
import { adminPlanRoutes } from './routes/admin-plans';
import { billingRoutes } from './routes/billing';
import { billingTestCheckoutRoutes } from './routes/billing-test-checkout';
import { billingWebhookRoutes } from './routes/billing-webhook';
import { usageRoutes } from './routes/usage';
import { supportRoutes } from './routes/support';
import { adminSupportRoutes } from './routes/admin-support';
import { reportRoutes } from './routes/reports';
import type { ToolRouteInfo } from './tool-route';
import { apiKeyRoutes } from './routes/api-keys';
import { adminApiKeyRoutes } from './routes/admin-api-keys';
import { adminBillingRoutes } from './routes/admin-billing';
import { refundRequestRoutes } from './routes/refund-requests';
import { invoiceRoutes } from './routes/invoices';
import { historyRoutes } from './routes/history';
import { savedReportRoutes } from './routes/saved-reports';
import { sharedReportExists } from './services/saved-reports';
import { batchRoutes } from './routes/batches';
import { searchRoutes } from './routes/search';
import { pageMetaFor } from './services/page-meta';
import { sendPage } from './page-html';
import { pushRoutes } from './routes/push';
import { shareTargetRoutes } from './routes/share-target';
import { adRoutes } from './routes/ads';
import { cspSources, loadNetworkCsp } from './services/ads';
import { createPrerenderer } from './prerender';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServerContext;
  }
}

export const clientDist = fileURLToPath(new URL('../../dist/client', import.meta.url));

export interface BuildOptions {
  /** Serve the built SPA from dist/client (off in API tests). */
  serveClient?: boolean;
  /** Where the built SPA is (tests point it at a small index.html); dist/client by default. */
  clientRoot?: string;
  /** Where the server render of public pages is (`vite build --ssr`); beside clientRoot by default, skipped when absent. */
  ssrRoot?: string;
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
    trustProxy: fastifyTrustProxy(ctx.env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Node checks these only for a request still being received (never while an answer streams): a client that
    // announces a body and trickles it is answered 408 and disconnected, instead of holding a socket for ever.
    requestTimeout: ctx.env.REQUEST_TIMEOUT_MS,
    http: {
      requestTimeout: ctx.env.REQUEST_TIMEOUT_MS,
      headersTimeout: Math.min(ctx.env.REQUEST_TIMEOUT_MS, 15_000),
      // Node looks for expired requests every 30 s by default, which would stretch a short timeout.
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(ctx.env.REQUEST_TIMEOUT_MS / 4))),
    },
  });
  app.decorate('ctx', ctx);

  registerErrorHandling(app);
  refuseNulCharacters(app);
  await app.register(cookie, { secret: ctx.cookieSecret });
  // Before helmet's hook: the ad network's hosts join the page's CSP only while staff have a network enabled.
  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/') && !req.url.startsWith('/assets/')) await loadNetworkCsp(ctx, req.raw);
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the page compile WebAssembly (the text-to-speech MP3 encoder); it allows no JS eval
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", cspSources('script')],
        // Radix positions popovers with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', cspSources('img')],
        connectSrc: ["'self'", cspSources('connect')],
        frameSrc: ["'self'", cspSources('frame')],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: ctx.env.NODE_ENV === 'production' ? [] : null,
      },
    },
    hsts: ctx.env.NODE_ENV === 'production',
  });
  registerCsrf(app, ctx.origin);
  // /api/v1: API keys refused on web routes, Idempotency-Key on POST (the key check itself is the 'apikey' access)
  registerPublicApi(app);
  // Before any route is registered: every /api route declares who may call it.
  registerAccessControl(app);
  app.decorate('toolRoutes', [] as ToolRouteInfo[]);
  // The admin IP allow-list and "require two-factor for staff" (settings), on every staff route.
  registerStaffGuards(app);
  // Uploads are read per route with their own limits (see services/tool-input.ts).
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });

  registerHealthRoutes(app);
  await app.register(authRoutes);
  await app.register(googleRoutes);
  await app.register(adminRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminRoleRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminAnalyticsRoutes);
  await app.register(adminLibraryRoutes);
  await app.register(contentDetectorRoutes);
  await app.register(writingRoutes);
  await app.register(essayRoutes);
  await app.register(resumeRoutes);
  await app.register(codeRoutes);
  await app.register(contentRoutes);
  await app.register(grammarRoutes);
  await app.register(ttsRoutes);
  await app.register(captionRoutes);
  await app.register(deepfakeRoutes);
  await app.register(sttRoutes);
  await app.register(seoScoreRoutes);
  await app.register(seoTextRoutes);
  await app.register(plagiarismRoutes);
  await app.register(userSettingsRoutes);
  await app.register(billingRoutes);
  await app.register(billingTestCheckoutRoutes);
  await app.register(billingWebhookRoutes);
  await app.register(usageRoutes);
  await app.register(apiKeyRoutes);
  await app.register(adminApiKeyRoutes);
  await app.register(publicApiRoutes);
  await app.register(openApiRoutes);
  await app.register(accountRoutes);
  await app.register(adminPlanRoutes);
  await app.register(blogRoutes);
  await app.register(newsletterRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(siteRoutes);
  await app.register(adRoutes);
  await app.register(crawlRoutes);
  await app.register(ogImageRoutes);
  await app.register(supportRoutes);
  await app.register(adminSupportRoutes);
  await app.register(reportRoutes);
  await app.register(adminBillingRoutes);
  await app.register(refundRequestRoutes);
  await app.register(invoiceRoutes);
  await app.register(historyRoutes);
  await app.register(savedReportRoutes);
  await app.register(batchRoutes);
  await app.register(searchRoutes);
  await app.register(pushRoutes);
  await app.register(shareTargetRoutes);
  if (ctx.env.NODE_ENV !== 'production') await app.register(devRoutes);

  for (const [from, to] of Object.entries(LEGACY_REDIRECTS)) {
    app.get(from, (_req, reply) => reply.redirect(to, 302));
  }

  const clientRoot = opts.clientRoot ?? clientDist;
  const withClient = opts.serveClient !== false && existsSync(clientRoot);
  // Visitors get each public page's body in the HTML too (src/server/prerender.ts).
  const prerender = withClient ? createPrerenderer(app, clientRoot, opts.ssrRoot ?? join(clientRoot, '..', 'ssr')) : async () => null;
  if (withClient) {
    await app.register(fastifyStatic, {
      root: clientRoot,
      index: false,
      // the build writes .br and .gz copies of every text asset (scripts/vite-precompress.ts): sent to browsers that accept them
      preCompressed: true,
      // the build's manifest (dist/client/.vite) is for the build and its tests, not for browsers
      allowedPath: (pathname) => !pathname.startsWith('/.vite/'),
      // Vite fingerprints assets, so they can be cached forever; index.html must always be revalidated.
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Each page's HTML carries its own title, description, canonical, Open Graph and JSON-LD (src/shared/page-meta.ts).
    app.get('/', async (req, reply) => {
      const [{ meta, siteName }, body] = await Promise.all([pageMetaFor(ctx.db, publicOrigin(ctx.env), '/'), prerender(req, '/')]);
      return sendPage(req, reply, clientRoot, meta, siteName, body);
    });
  }

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api' || !withClient || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send(errorBody('not_found', `No route for ${req.method} ${req.url.split('?')[0]}`));
    }
    // Client-side routes (and the SPA's own 404 page) are rendered by index.html; a path the app has no page for
    // gets it with a real 404 status, so crawlers do not index "404 Page Not Found" as a page.
    // The page is always sent whole (no conditional-request 304), so a 404 always carries it too.
    const path = req.url.split('?')[0]!;
    return appPathStatus(ctx, path).then(async (status) => {
      const pathname = safeDecodeUri(path);
      const [{ meta, siteName }, body] = await Promise.all([
        pageMetaFor(ctx.db, publicOrigin(ctx.env), pathname, status === 404),
        status === 200 ? prerender(req, pathname) : null,
      ]);
      return sendPage(req, reply.status(status), clientRoot, meta, siteName, body);
    });
  });

  return app;
}

function safeDecodeUri(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** 200 for a path the web app has a page for, else 404 (a blog post's page exists when the post is published). */
async function appPathStatus(ctx: ServerContext, path: string): Promise<200 | 404> {
  let pathname: string;
  try {
    pathname = decodeURI(path);
  } catch {
    return 404;
  }
  const post = /^\/blog\/([^/]+)\/?$/.exec(pathname);
  if (post) {
    const slug = post[1]!;
    if (BLOG_SAMPLES.some((p) => p.slug === slug)) return 200;
    return (await publishedPostBySlug(ctx.db, ctx.origin, slug)) ? 200 : 404;
  }
  // a shared report's page exists while its link works (a revoked or expired link is a 404)
  const shared = /^\/r\/([^/]+)\/?$/.exec(pathname);
  if (shared) return (await sharedReportExists(ctx, shared[1]!)) ? 200 : 404;
  return isAppPath(path) ? 200 : 404;
}

/**
 * Health checks for load balancers and orchestrators. `/api/health/live`: the process is up (no database query), so
 * a restart is only asked for when the process itself is stuck. `/api/health/ready`: the database answers quickly and
 * every migration is applied; 503 takes the instance out of rotation while the database is away. `/api/health` is
 * the readiness answer in its original shape.
 */
function registerHealthRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const readiness = async (reply: FastifyReply, body: Record<string, unknown>) => {
    const r = await checkReadiness(ctx.database);
    reply.header('cache-control', 'no-store');
    if (r.ready) return reply.send(body);
    const message = r.reason === 'migrations_pending' ? 'Not ready: database migrations are pending.' : 'Not ready: the database is unavailable.';
    return reply
      .status(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ status: 'unavailable', database: ctx.database.kind, reason: r.reason, ...errorBody('service_unavailable', message) });
  };
  app.get('/api/health/live', { config: { access: 'public' } }, async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/api/health/ready', { config: { access: 'public' } }, async (_req, reply) => readiness(reply, { status: 'ok', database: ctx.database.kind }));
  app.get('/api/health', { config: { access: 'public' } }, async (_req, reply) => readiness(reply, { status: 'ok', database: ctx.database.kind }));
}

const NUL = '\u0000';

/**
 * PostgreSQL text cannot hold NUL characters: refused with 400 in every JSON body, query string and path parameter,
 * before any handler runs (a stored NUL would otherwise fail in the database as a 500).
 */
function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    for (const input of [req.body, req.query, req.params]) {
      const path = nulPath(input);
      if (path !== null) throw new AppError('validation_failed', 'Text fields cannot contain NUL characters.', { [path || '_']: 'Contains a NUL character' });
    }
  });
}

/** The dotted path of the first string (or key) holding a NUL in a parsed value, or null; iterative, as JSON may nest deeply. */
function nulPath(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return path;
    } else if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      // A raw body (the payment webhook's signed bytes) is not text of ours: only parsed objects are walked.
      for (const [k, child] of Object.entries(v)) {
        const p = path ? `${path}.${k}` : k;
        if (k.includes(NUL)) return p;
        stack.push([child, p]);
      }
    }
  }
  return null;
}
