/**
 * The body of a public page as HTML, so visitors and crawlers see its heading and content before any JavaScript runs
 * (issue 20). The server render (src/client/entry-server.tsx, built into dist/ssr by `vite build --ssr`) is loaded on
 * the first page asked for. Pages are rendered when asked, not at build time, because what they show depends on this
 * instance's settings and posts (the site's name, a blog post); each render is kept per URL and per the API answers it
 * read, so a page is rendered again only when those change.
 *
 * Only visitors get the body: a browser that may be signed in (session or hint cookie) gets the empty shell, since its
 * header and layout depend on who is signed in, which the browser learns from /api/auth/me.
 */
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SIGNED_IN_HINT_COOKIE } from '../shared/api/auth';
import { isPrivatePath } from '../shared/page-meta';
import { SESSION_COOKIE } from './services/sessions';
import { buildManifest, builtShell, chunkAssets, type Assets } from './build-assets';
import type { PrefilledQuery } from '../client/entry-server';

type SsrModule = typeof import('../client/entry-server');

export interface PageBody {
  /** the markup inside <div id="root"> */
  html: string;
  /** the API answers it was rendered with; the browser puts them in its query cache before hydrating */
  queries: PrefilledQuery[];
  /** the lazy() modules it used (the browser loads them before hydrating) */
  chunks: string[];
  /** their scripts and stylesheets that the shell does not already link */
  assets: Assets;
}

interface Rendered {
  html: string;
  chunks: string[];
  assets: Assets;
}

/** Rendered pages kept (by URL and data): every public page of a large catalogue, and some query-string variants. */
const CACHE_MAX = 400;
/** A visitor waits this long for a render at most (then gets the shell; the render is still kept for the next one). */
const RENDER_TIMEOUT_MS = 5_000;

export type Prerenderer = (req: FastifyRequest, pathname: string) => Promise<PageBody | null>;

/**
 * The render bundle, unless it is missing or older than the client build beside it (a client rebuilt alone would not
 * hydrate the markup of an older render: its pages are then sent without their body).
 */
function usableEntry(ssrDir: string, clientDir: string): string | null {
  const entry = join(ssrDir, 'entry-server.js');
  const shell = join(clientDir, 'index.html');
  if (!existsSync(entry) || !existsSync(shell)) return null;
  return statSync(entry).mtimeMs >= statSync(shell).mtimeMs ? entry : null;
}

export function createPrerenderer(app: FastifyInstance, clientDir: string, ssrDir: string): Prerenderer {
  let mod: Promise<SsrModule | null> | undefined;
  const cache = new Map<string, Rendered>();
  // One render at a time: they are CPU-bound anyway, and the site's name is module state of the render bundle.
  let queue: Promise<unknown> = Promise.resolve();

  const load = () => {
    if (mod) return mod;
    const entry = usableEntry(ssrDir, clientDir);
    if (!entry) app.log.warn(`no server render in ${ssrDir} as new as the client build (npm run build): pages are sent without their body`);
    mod = entry
      ? (import(pathToFileURL(entry).href) as Promise<SsrModule>).catch((err: unknown) => {
          app.log.error({ err }, 'the server render (dist/ssr) could not be loaded: pages are sent without their body');
          return null;
        })
      : Promise.resolve(null);
    return mod;
  };

  // loaded (not awaited) once the server is ready, so the first visitor does not wait for it
  app.addHook('onReady', async () => {
    void load();
  });

  return async (req, pathname) => {
    if (req.cookies[SESSION_COOKIE] || req.cookies[SIGNED_IN_HINT_COOKIE]) return null;
    if (isPrivatePath(pathname)) return null;
    const ssr = await load();
    if (!ssr) return null;

    const queries: PrefilledQuery[] = [];
    for (const p of ssr.prefetchFor(pathname)) {
      const res = await app.inject({ method: 'GET', url: p.url, headers: { accept: 'application/json' } });
      // the browser would show an error or loading state: let it render the page itself
      if (res.statusCode !== 200) return null;
      const body = res.json<Record<string, unknown>>();
      queries.push({ key: p.key, data: p.pick ? body[p.pick] : body });
    }

    const url = req.url;
    // the footer's year is part of every page
    const key = `${url}\n${new Date().getFullYear()}\n${createHash('sha1').update(JSON.stringify(queries)).digest('base64')}`;
    const hit = cache.get(key);
    if (hit !== undefined) {
      cache.delete(key);
      cache.set(key, hit);
      return { ...hit, queries };
    }

    // The render is kept when it ends, even after the visitor who asked was sent the shell for want of time.
    const run = queue.then(async () => {
      const result = await ssr.render(url, queries);
      if (!('html' in result) || result.status !== 200) return null;
      const assets = chunkAssets(buildManifest(clientDir), result.chunks, builtShell(clientDir));
      const rendered: Rendered = { html: result.html, chunks: result.chunks, assets };
      if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
      cache.set(key, rendered);
      return rendered;
    });
    queue = run.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), RENDER_TIMEOUT_MS);
    });
    try {
      const rendered = await Promise.race([run, late]);
      if (rendered === 'late') {
        app.log.warn({ url }, 'the server render is taking long: the page is sent without its body this time');
        return null;
      }
      return rendered === null ? null : { ...rendered, queries };
    } catch (err) {
      app.log.error({ err, url }, 'the server render failed: the page is sent without its body');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}
