/**
 * The server's render of a public page (prerendering, issue 20): the same routes and providers as main.tsx, rendered
 * for one URL with react-router's static data router and React's `prerenderToNodeStream`, which waits for every
 * lazy() page and panel (renderToString would send their Suspense fallbacks). Built by `vite build --ssr` into
 * dist/ssr and loaded by the server (src/server/prerender.ts), which supplies the API answers the page reads on its
 * first render (`prefetchFor`); the same answers go into the page, and main.tsx puts them in its query cache before
 * hydrating, so both sides render the same markup.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './router';
import { Toaster } from './components/ui/toaster';
import { applySite } from './lib/site';
import { HydrationMark, RenderedChunks } from './lib/hydration';
import { SITE_API, SITE_KEY } from './features/site/api';
import { BLOG_LIST_API } from './features/blog/api';
import { SITE_CLAIMS_API } from './features/site/claims-api';
import { BLOG_LIST_MAX, BLOG_TEASER_COUNT } from '@/shared/blog-limits';
import { PLANS_KEY } from './features/billing/api';
import { CAPABILITIES_API } from './features/writing/api';
import type { SiteInfo } from '@/shared/settings';

/** An API answer the page reads on its first render: the query key the hook uses, and the GET that answers it. */
export interface Prefetch {
  key: QueryKey;
  url: string;
  /** the part of the answer the hook keeps (e.g. `post` of `{ post }`) */
  pick?: string;
}

/** One query's data as the page was rendered with it (put in the page for main.tsx). */
export interface PrefilledQuery {
  key: QueryKey;
  data: unknown;
}

/**
 * The API answers a public page's first render reads (its hooks' query keys): the site settings on every page, the
 * home page's figures (they would otherwise push the page down when they arrive) and latest posts, the posts on the
 * blog's, the plans on the pricing page.
 */
export function prefetchFor(pathname: string): Prefetch[] {
  const out: Prefetch[] = [{ key: SITE_KEY, url: SITE_API }];
  const post = /^\/blog\/([^/]+)$/.exec(pathname);
  if (post) {
    const slug = decodeURIComponent(post[1]!);
    out.push({ key: ['/api/blog/posts', slug], url: `/api/blog/posts/${encodeURIComponent(slug)}`, pick: 'post' });
  }
  if (pathname === '/') {
    out.push({ key: [SITE_CLAIMS_API], url: SITE_CLAIMS_API });
    // the latest posts, so the section is not a loading placeholder until the page has hydrated
    out.push({ key: [BLOG_LIST_API, BLOG_TEASER_COUNT], url: `${BLOG_LIST_API}?limit=${BLOG_TEASER_COUNT}`, pick: 'posts' });
  }
  // the plans are the pricing page's body (and the largest thing on it)
  if (pathname === '/pricing') {
    out.push({ key: PLANS_KEY, url: PLANS_KEY[0] });
    out.push({ key: [CAPABILITIES_API], url: CAPABILITIES_API });
  }
  if (pathname === '/blog') out.push({ key: [BLOG_LIST_API, BLOG_LIST_MAX], url: `${BLOG_LIST_API}?limit=${BLOG_LIST_MAX}`, pick: 'posts' });
  return out;
}

function newQueryClient(): QueryClient {
  // Nothing is fetched while rendering on the server (the hooks fetch in the browser, after hydration).
  return new QueryClient({
    defaultOptions: { queries: { queryFn: () => new Promise<never>(() => {}), retry: false, staleTime: Infinity, gcTime: Infinity } },
  });
}

export interface RenderResult {
  /** the markup that goes inside <div id="root"> */
  html: string;
  /** the router's status for the URL (404 when no route but the catch-all matched) */
  status: number;
  /** the lazy() modules the page used (paths as in the client build's manifest), for the browser to load first */
  chunks: string[];
}

/** The page at `url` (path and query) as a visitor's browser first renders it, with `queries` in its cache. */
export async function render(url: string, queries: PrefilledQuery[]): Promise<RenderResult | { redirect: string; status: number }> {
  const site = queries.find((q) => JSON.stringify(q.key) === JSON.stringify(SITE_KEY))?.data as SiteInfo | undefined;
  if (site) applySite({ name: site.siteName, supportEmail: site.supportEmail });
  const queryClient = newQueryClient();
  for (const q of queries) queryClient.setQueryData(q.key, q.data);

  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) return { redirect: context.headers.get('location') ?? '/', status: context.status };
  const router = createStaticRouter(handler.dataRoutes, context);

  let failure: unknown;
  const chunks = new Set<string>();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <RenderedChunks.Provider value={chunks}>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
          <Toaster />
          <HydrationMark />
        </QueryClientProvider>
      </RenderedChunks.Provider>
    </StrictMode>,
    {
      // Every boundary inline, none "completed later" by an inline script (the site's CSP allows no inline scripts).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // A part that failed would be sent as "render this in the browser": the server sends the plain shell instead.
      onError: (error) => {
        failure ??= error;
      },
    },
  );
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(typeof part === 'string' ? Buffer.from(part) : (part as Buffer));
  queryClient.clear();
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  return { html: Buffer.concat(parts).toString('utf8'), status: context.statusCode, chunks: [...chunks] };
}
