/**
 * The web app's index.html with each page's own head metadata (title, description, canonical, Open Graph, Twitter,
 * JSON-LD), so crawlers and link previews see the page before any JavaScript runs. The built file is read once and
 * split around the tags that change; the answer is compressed here, as the build's precompressed index.html copies
 * hold the shell's generic head.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml, headTags, type PageMeta } from '../shared/page-meta';

interface Template {
  head: string;
  tail: string;
}

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
  return { head: stripped.slice(0, at), tail: stripped.slice(at + marker.length) };
}

function template(clientDist: string): Template {
  let t = cache.get(clientDist);
  if (!t) {
    t = parseTemplate(readFileSync(join(clientDist, 'index.html'), 'utf8'));
    cache.set(clientDist, t);
  }
  return t;
}

export function renderPage(t: Template, meta: PageMeta, siteName: string): string {
  return `${t.head}\n    <title>${escapeHtml(meta.title)}</title>\n    ${headTags(meta, siteName)}${t.tail}`;
}

/** Send the page's HTML, brotli or gzip when the browser takes it (a few KB: compressed per request). */
export function sendPage(req: FastifyRequest, reply: FastifyReply, clientDist: string, meta: PageMeta, siteName: string): FastifyReply {
  const html = Buffer.from(renderPage(template(clientDist), meta, siteName));
  const accept = String(req.headers['accept-encoding'] ?? '');
  reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accept)) {
    return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accept)) return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }));
  return reply.send(html);
}
