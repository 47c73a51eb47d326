import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { precompress } from './scripts/vite-precompress';
import { pwa } from './scripts/vite-pwa';

// The SPA lives in src/client; the server serves dist/client in production.
export default defineConfig(({ mode }) => ({
  root: 'src/client',
  plugins: [react(), tailwindcss(), pwa(), precompress(fileURLToPath(new URL('./dist/client', import.meta.url)))],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // A production build ships no source maps: they would publish the unminified client source.
  build: { outDir: '../../dist/client', emptyOutDir: true, sourcemap: mode !== 'production' },
  server: { proxy: { '/api': 'http://localhost:3000' } },
}));
