/**
 * The web app's index.html with each page's own head metadata (title, description, canonical, Open Graph, Twitter,
 * JSON-LD), so crawlers and link previews see the page before any JavaScript runs. The built file is read once and
 * split around the tags that change; the answer is compressed here, as the build's precompressed index.html copies
 * hold the shell's generic head.
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml, headTags, type PageMeta } from '../shared/page-meta';
import type { PageBody } from './prerender';
import { APP_MODULE, buildManifest, builtShell, chunkAssets } from './build-assets';

interface Template {
  head: string;
  tail: string;
  /** the tail of the empty shell, with the app's chunks linked (the entry, main.tsx, imports them at once) */
  shellTail?: string;
  /** the tail split at the inside of the empty <div id="root">, for a page sent with its body (src/server/prerender.ts) */
  root: [string, string] | null;
}

/** The id of the <script> holding the API answers a prerendered page was rendered with (read by main.tsx). */
export const SSR_DATA_ID = 'vt-ssr-data';

const cache = new Map<string, Template>();

/** The shell split where its <title> was (the page's tags go there); its own description and robots tags are dropped. */
export function parseTemplate(html: string): Template {
  const marker = '\u0000page-head\u0000';
  const stripped = html
    .replace(/\s*<meta\s+name="description"[^>]*>/i, '')
    .replace(/\s*<meta\s+name="robots"[^>]*>/i, '')
    .replace(/\s*<title>[\s\S]*?<\/title>/i, marker);
  const at = stripped.indexOf(marker);
  if (at < 0) throw new Error('index.html has no <title>');
  const tail = stripped.slice(at + marker.length);
  const root = /<div id="root"><\/div>/.exec(tail);
  return {
    head: stripped.slice(0, at),
    tail,
    // a page with its body has no need of the "needs JavaScript" notice
    // its scripts are fetched after the page's HTML and CSS: the page is readable before they run
    root: root
      ? [
          tail.slice(0, root.index + 15).replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"'),
          tail.slice(root.index + root[0].length).replace(/\s*<noscript>[\s\S]*?<\/noscript>/i, ''),
        ]
      : null,
  };
}

/** JSON inside a <script>: `<` escaped, so no "</script>" or "<!--" in a post's text can end or change it. */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function template(clientDist: string): Template {
  let t = cache.get(clientDist);
  if (!t) {
    const shell = builtShell(clientDist);
    t = parseTemplate(shell);
    const app = chunkAssets(buildManifest(clientDist), [APP_MODULE], shell);
    t.shellTail = withLinks(t.tail, app.styles, app.scripts);
    cache.set(clientDist, t);
  }
  return t;
}

/** `tail` with stylesheet and modulepreload links added at the end of its head */
function withLinks(tail: string, styles: string[], scripts: string[]): string {
  const links = [
    ...styles.map((u) => `<link rel="stylesheet" crossorigin href="${escapeHtml(u)}">`),
    ...scripts.map((u) => `<link rel="modulepreload" crossorigin href="${escapeHtml(u)}">`),
  ];
  return links.length ? tail.replace('</head>', `${links.join('\n    ')}\n  </head>`) : tail;
}

export function renderPage(t: Template, meta: PageMeta, siteName: string, body: PageBody | null = null): string {
  const head = `${t.head}\n    <title>${escapeHtml(meta.title)}</title>\n    ${headTags(meta, siteName)}`;
  if (!body || !t.root) return head + (t.shellTail ?? t.tail);
  // the page's own chunks are preloaded by the entry once the page has painted (src/client/main.tsx)
  const data = `<script id="${SSR_DATA_ID}" type="application/json">${scriptJson({ queries: body.queries, chunks: body.chunks, preload: body.assets.scripts })}</script>`;
  return `${head}${withLinks(t.root[0], body.assets.styles, [])}${body.html}</div>\n    ${data}${t.root[1]}`;
}

/** Send the page's HTML, brotli or gzip when the browser takes it (a few KB: compressed per request). */
export function sendPage(
  req: FastifyRequest,
  reply: FastifyReply,
  clientDist: string,
  meta: PageMeta,
  siteName: string,
  body: PageBody | null = null,
): FastifyReply {
  const html = Buffer.from(renderPage(template(clientDist), meta, siteName, body));
  const accept = String(req.headers['accept-encoding'] ?? '');
  reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accept)) {
    return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accept)) return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }));
  return reply.send(html);
}
