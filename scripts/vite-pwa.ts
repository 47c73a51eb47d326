/**
 * The installable app (vite-plugin-pwa): the web app manifest and the service worker (src/client/sw.ts, built with
 * `injectManifest`, so the worker's own code decides what is cached, and handles push messages).
 *
 * - Colours are the theme's (src/client/styles.css): --primary (BRAND_INDIGO, src/shared/brand-mark.ts), --background #ffffff.
 * - Icons come from scripts/pwa-icons.ts, screenshots from scripts/pwa-screenshots.ts (src/client/public).
 * - The share target posts to the server (src/server/routes/share-target.ts), which hands the text to the detector.
 * - The page registers the worker itself (src/client/lib/pwa.ts, production builds only): injectRegister is off.
 */
import { VitePWA } from 'vite-plugin-pwa';
import { BRAND_INDIGO } from '../src/shared/brand-mark.ts';
import { SHARE_TARGET_ACTION } from '../src/shared/share-target.ts';

export const THEME_COLOR = BRAND_INDIGO;
export const BACKGROUND_COLOR = '#ffffff';

export function pwa() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: '.',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'autoUpdate',
    manifestFilename: 'manifest.webmanifest',
    injectManifest: {
      // the app shell: the scripts and styles of the public pages (a page read offline needs its lazy chunks too,
      // fetched once in the background), fonts, index.html and offline.html; the manifest and its icons are added by
      // the plugin; never the .br/.gz copies, the screenshots, the models and WASM of single tools, or the admin
      // area's pages (private, useless offline, and most visitors never open them)
      globPatterns: ['**/*.{js,css,html,woff2}'],
      globIgnores: ['screenshots/**', 'assets/Admin*.js'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      // a classic script, as the page registers it (no `type: 'module'`); the plugin's ES build sets Rollup's
      // deprecated inlineDynamicImports, and its IIFE build is plain library mode
      rollupFormat: 'iife',
    },
    manifest: {
      id: '/',
      name: 'Veritext - AI Detection & Writing Tools',
      short_name: 'Veritext',
      description: 'Open-source AI content detection, humanizer, plagiarism checker and writing tools you can host yourself.',
      lang: 'en',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: THEME_COLOR,
      background_color: BACKGROUND_COLOR,
      categories: ['education', 'productivity', 'utilities'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      screenshots: [
        { src: '/screenshots/home-narrow.webp', sizes: '390x844', type: 'image/webp', form_factor: 'narrow', label: 'Veritext home page on a phone' },
        { src: '/screenshots/home-wide.webp', sizes: '1366x768', type: 'image/webp', form_factor: 'wide', label: 'Veritext home page on a desktop' },
      ],
      shortcuts: [
        { name: 'AI Content Detector', url: '/tools/ai-content-detector', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
      ],
      share_target: {
        action: SHARE_TARGET_ACTION,
        method: 'POST',
        enctype: 'multipart/form-data',
        params: {
          title: 'title',
          text: 'text',
          url: 'url',
          files: [
            {
              name: 'file',
              accept: ['text/plain', '.txt', 'application/pdf', '.pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', '.docx'],
            },
          ],
        },
      },
    },
  });
}
