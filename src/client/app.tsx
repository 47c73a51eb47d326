import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './lib/queryClient';
import { applySite } from './lib/site';
import { SITE_KEY, type SiteInfo } from './features/site/api';
import { createRouter } from './router';
import { Toaster } from './components/ui/toaster';
import { registerServiceWorker } from './lib/pwa';
import { nextTask } from './lib/next-task';
import { prepareClassMerge } from './lib/utils';
import { HydrationMark, RenderedChunks, preloadRendered, watchHydrationGates } from './lib/hydration';

/** What a server-rendered page carries for the browser (src/server/page-html.ts). */
export interface SsrData {
  /** the API answers it was rendered with */
  queries: { key: QueryKey; data: unknown }[];
  /** the lazy() modules it used */
  chunks: string[];
  /** their scripts, for the entry to preload (main.tsx) */
  preload?: string[];
}

const app = (router: ReturnType<typeof createRouter>) => (
  <StrictMode>
    {/* the same tree as the server render's (entry-server.tsx), which collects the chunks it used here */}
    <RenderedChunks.Provider value={null}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
        <HydrationMark />
      </QueryClientProvider>
    </RenderedChunks.Provider>
  </StrictMode>
);

/**
 * A visitor's public page came with its body (src/server/prerender.ts): start from the API answers it was rendered
 * with, so the first render here is the server's; load its lazy() chunks, then hydrate it in one pass, in a
 * transition: React hydrates in slices and yields to the browser between them, rather than holding the main thread
 * for the whole page, and hydrates first whatever part the visitor clicks.
 */
export async function hydrate(root: HTMLElement, data: SsrData): Promise<void> {
  for (const q of data.queries) queryClient.setQueryData(q.key, q.data);
  const site = queryClient.getQueryData<SiteInfo>(SITE_KEY);
  if (site) applySite({ name: site.siteName, supportEmail: site.supportEmail });
  await preloadRendered(data.chunks);
  await nextTask();
  await prepareClassMerge();
  await nextTask();
  watchHydrationGates();
  const router = createRouter();
  await nextTask();
  startTransition(() => {
    hydrateRoot(root, app(router));
  });
  registerServiceWorker();
}

/** The empty shell: nothing to hydrate, the page is React's from its first render. */
export function render(root: HTMLElement): void {
  createRoot(root).render(app(createRouter()));
  document.documentElement.dataset.hydrated = 'true';
  registerServiceWorker();
}
