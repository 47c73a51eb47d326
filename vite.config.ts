import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { precompress } from './scripts/vite-precompress.ts';
import { pwa } from './scripts/vite-pwa.ts';
import { lazyChunkIds } from './scripts/vite-lazy-ids.ts';

// The SPA lives in src/client; the server serves dist/client in production.
// `vite build --ssr` builds the server's render of public pages (entry-server.tsx) into dist/ssr (prerendering).
export default defineConfig(({ mode, isSsrBuild }) => ({
  root: 'src/client',
  // the server render needs neither the service worker nor precompressed copies
  plugins: isSsrBuild
    ? [lazyChunkIds(), react(), tailwindcss()]
    : [lazyChunkIds(), react(), tailwindcss(), pwa(), precompress(fileURLToPath(new URL('./dist/client', import.meta.url)))],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // the icon set is bundled into the server render (only the icons used), not loaded as ~1,600 modules at start
  ssr: { noExternal: ['lucide-react'] },
  // A production build ships no source maps: they would publish the unminified client source.
  build: isSsrBuild
    ? { outDir: '../../dist/ssr', emptyOutDir: true, sourcemap: false, minify: false, copyPublicDir: false }
    : {
        outDir: '../../dist/client',
        emptyOutDir: true,
        sourcemap: mode !== 'production',
        // .vite/manifest.json: which chunk holds which source (e2e/code-splitting.spec.ts checks a visitor loads no admin chunk)
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              // modules shared by a few pages (an API hook, a contract) go into the page that loads them, not into
              // chunks of a few hundred bytes fetched one after another on a slow connection
              experimentalInlineCommonChunks: { maxSize: 6000 },
            },
          },
        },
      },
  server: { proxy: { '/api': 'http://localhost:3000' } },
}));
