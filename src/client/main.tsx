import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './lib/queryClient';
import { applySite } from './lib/site';
import { SITE_KEY, type SiteInfo } from './features/site/api';
import { createRouter } from './router';
import { Toaster } from './components/ui/toaster';
import { registerServiceWorker } from './lib/pwa';
import { markHydratedWhenSettled } from './lib/hydration';
import './styles.css';

const root = document.getElementById('root')!;
const app = (router: ReturnType<typeof createRouter>) => (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  </StrictMode>
);

if (root.hasChildNodes()) {
  // A visitor's public page came with its body (src/server/prerender.ts): start from the API answers it was rendered
  // with, so the first render here is the server's, then hydrate it.
  const script = document.getElementById('vt-ssr-data');
  const queries = script?.textContent ? (JSON.parse(script.textContent) as { key: QueryKey; data: unknown }[]) : [];
  for (const q of queries) queryClient.setQueryData(q.key, q.data);
  const site = queryClient.getQueryData<SiteInfo>(SITE_KEY);
  if (site) applySite({ name: site.siteName, supportEmail: site.supportEmail });
  hydrateRoot(root, app(createRouter()));
  markHydratedWhenSettled();
} else {
  createRoot(root).render(app(createRouter()));
  // nothing to hydrate: the page is React's from its first render
  document.documentElement.dataset.hydrated = 'true';
}
registerServiceWorker();
