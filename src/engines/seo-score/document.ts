/**
 * Pasted HTML, Markdown or plain text → one document model the checks read: blocks of text in reading order
 * (headings, paragraphs, list items, code), the page's title and meta description, its links and images.
 *
 * HTML: parsed with htmlparser2 (a tolerant streaming parser: broken markup never throws). Only the content is
 * analysed: a <main> (else an <article>) when the page has one; scripts, styles, navigation, asides, footers and
 * forms never. Markdown: the project's parser (src/shared/markdown.ts), plus images, setext headings and a
 * front matter with title / description / slug, which that parser leaves to us.
 */
import { Parser } from 'htmlparser2';
import { parseInline, parseMarkdown, type Block, type Inline } from '../../shared/markdown';

export type BlockKind = 'heading' | 'paragraph' | 'item' | 'code';

export interface DocBlock {
  kind: BlockKind;
  /** 1–6 for headings, 0 otherwise */
  level: number;
  text: string;
  /** inside the page's content (<main>/<article>), not its frame; always true for Markdown */
  inContent: boolean;
}

export interface DocLink {
  href: string;
  text: string;
}

export interface DocImage {
  src: string;
  /** null when the attribute is missing; '' for an explicitly empty (decorative) alt */
  alt: string | null;
}

export interface SeoDocument {
  format: 'html' | 'markdown';
  blocks: DocBlock[];
  /** the <title> or the front matter's title */
  docTitle: string | null;
  titleFrom: 'html' | 'front-matter' | null;
  metaDescription: string | null;
  /** rel=canonical, og:url, or the front matter's slug/url */
  canonical: string | null;
  links: DocLink[];
  images: DocImage[];
}

/** 'auto': HTML when the text has HTML elements that structure a page, else Markdown (plain text is Markdown too). */
export function detectFormat(text: string): 'html' | 'markdown' {
  return /<(?:!doctype\s+html|html|head|body|p|h[1-6]|div|article|main|section|title|meta|ul|ol|li|a\s|img|br|span|table)\b[^>]*>/i.test(text)
    ? 'html'
    : 'markdown';
}

export function parseDocument(text: string, format: 'auto' | 'html' | 'markdown' = 'auto'): SeoDocument {
  const f = format === 'auto' ? detectFormat(text) : format;
  return f === 'html' ? parseHtml(text) : parseMarkdownDocument(text);
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

// ---------------------------------------------------------------- HTML

/** Elements whose whole subtree is not content. */
const SKIP = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'canvas',
  'nav',
  'aside',
  'footer',
  'form',
  'select',
  'button',
  'textarea',
  'head',
]);
/** Elements that start a new block of text, and the block kind they give it. */
const BLOCKS: Record<string, BlockKind> = {
  p: 'paragraph',
  div: 'paragraph',
  section: 'paragraph',
  article: 'paragraph',
  main: 'paragraph',
  body: 'paragraph',
  header: 'paragraph',
  blockquote: 'paragraph',
  td: 'paragraph',
  th: 'paragraph',
  dd: 'paragraph',
  figcaption: 'paragraph',
  caption: 'paragraph',
  li: 'item',
  dt: 'item',
  pre: 'code',
  ul: 'paragraph',
  ol: 'paragraph',
  dl: 'paragraph',
  table: 'paragraph',
  tr: 'paragraph',
  figure: 'paragraph',
  h1: 'heading',
  h2: 'heading',
  h3: 'heading',
  h4: 'heading',
  h5: 'heading',
  h6: 'heading',
};
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

function parseHtml(html: string): SeoDocument {
  // the content root: a page's <main>, else its <article>, else all of it
  const root = /<main[\s>]/i.test(html) ? 'main' : /<article[\s>]/i.test(html) ? 'article' : null;
  const doc: SeoDocument = { format: 'html', blocks: [], docTitle: null, titleFrom: null, metaDescription: null, canonical: null, links: [], images: [] };
  const stack: string[] = [];
  const kinds: { kind: BlockKind; level: number }[] = [];
  let skipDepth = 0;
  let rootDepth = 0;
  let rootSeen = false;
  let buf = '';
  let title: string | null = null;
  let inTitle = false;
  let ogDescription: string | null = null;
  let ogUrl: string | null = null;
  const anchors: { href: string; text: string }[] = [];

  const inContent = () => root === null || rootDepth > 0;
  const flush = () => {
    const text = clean(buf);
    buf = '';
    if (!text) return;
    const k = kinds[kinds.length - 1] ?? { kind: 'paragraph' as const, level: 0 };
    doc.blocks.push({ kind: k.kind, level: k.level, text, inContent: inContent() });
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'title' && title === null) inTitle = true;
        if (name === 'meta') {
          const key = (attrs.name ?? attrs.property ?? '').toLowerCase();
          if (key === 'description' && doc.metaDescription === null) doc.metaDescription = clean(attrs.content ?? '');
          if (key === 'og:description') ogDescription ??= clean(attrs.content ?? '');
          if (key === 'og:url') ogUrl ??= (attrs.content ?? '').trim();
        }
        if (name === 'link' && /(^|\s)canonical(\s|$)/i.test(attrs.rel ?? '') && attrs.href) doc.canonical ??= attrs.href.trim();
        if (!VOID.has(name)) stack.push(name);
        if (skipDepth > 0 || SKIP.has(name)) {
          if (!VOID.has(name)) skipDepth++;
          return;
        }
        if (name === root && (!rootSeen || rootDepth > 0)) {
          // the first <main>/<article> (and any nested in it) is the content
          rootSeen = true;
          flush();
          rootDepth++;
        }
        const kind = BLOCKS[name];
        if (kind) {
          flush();
          kinds.push({ kind, level: kind === 'heading' ? Number(name[1]) : 0 });
        } else if (name === 'br') {
          buf += ' ';
        } else if (name === 'img' && inContent()) {
          doc.images.push({ src: (attrs.src ?? '').trim(), alt: attrs.alt === undefined ? null : attrs.alt.trim() });
        } else if (name === 'a' && attrs.href !== undefined && inContent()) {
          anchors.push({ href: attrs.href.trim(), text: '' });
        }
      },
      ontext(data) {
        if (inTitle) {
          title = (title ?? '') + data;
          return;
        }
        if (skipDepth > 0) return;
        buf += data;
        for (const a of anchors) a.text += data;
      },
      onclosetag(name, implied) {
        void implied;
        if (name === 'title' && inTitle) inTitle = false;
        if (VOID.has(name)) return;
        // pop to the matching open element (htmlparser2 closes implied ones itself, one call each)
        const at = stack.lastIndexOf(name);
        if (at === -1) return;
        stack.length = at;
        if (skipDepth > 0) {
          skipDepth--;
          return;
        }
        if (name === 'a' && anchors.length) {
          const a = anchors.pop()!;
          doc.links.push({ href: a.href, text: clean(a.text) });
        }
        if (BLOCKS[name]) {
          flush();
          kinds.pop();
        }
        if (name === root && rootDepth > 0) {
          flush();
          rootDepth--;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  flush();
  if (title !== null) {
    doc.docTitle = clean(title) || null;
    doc.titleFrom = doc.docTitle ? 'html' : null;
  }
  doc.metaDescription = doc.metaDescription || ogDescription || null;
  doc.canonical = doc.canonical || ogUrl || null;
  return doc;
}

// ---------------------------------------------------------------- Markdown

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const IMAGE = /!\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+["'][^"']*["'])?\s*\)/g;
const HTML_IMG = /<img\b[^>]*>/gi;
const LINK = /\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+["'][^"']*["'])?\s*\)/g;

function frontMatterValue(fm: string, key: string): string | null {
  const m = new RegExp(`^${key}[ \\t]*:[ \\t]*(.*)$`, 'mi').exec(fm);
  if (!m) return null;
  const v = m[1]!.trim().replace(/^(["'])(.*)\1$/, '$2');
  return v || null;
}

function parseMarkdownDocument(source: string): SeoDocument {
  const doc: SeoDocument = { format: 'markdown', blocks: [], docTitle: null, titleFrom: null, metaDescription: null, canonical: null, links: [], images: [] };
  let text = source.replace(/\r\n?/g, '\n');
  const fm = FRONT_MATTER.exec(text);
  if (fm) {
    const t = frontMatterValue(fm[1]!, 'title');
    if (t) {
      doc.docTitle = t;
      doc.titleFrom = 'front-matter';
    }
    doc.metaDescription = frontMatterValue(fm[1]!, 'description') ?? frontMatterValue(fm[1]!, 'excerpt');
    doc.canonical = frontMatterValue(fm[1]!, 'url') ?? frontMatterValue(fm[1]!, 'slug') ?? frontMatterValue(fm[1]!, 'permalink');
    text = text.slice(fm[0].length);
  }
  // images: ![alt](src) and inline <img>; taken out so the alt text is not read as prose
  text = text.replace(IMAGE, (_, alt: string, src: string) => {
    doc.images.push({ src, alt: alt.trim() });
    return ' ';
  });
  text = text.replace(HTML_IMG, (tag) => {
    const alt = /\balt\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag);
    const src = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag);
    doc.images.push({ src: src ? (src[1] ?? src[2] ?? '') : '', alt: alt ? (alt[1] ?? alt[2] ?? '').trim() : null });
    return ' ';
  });
  // links from the source (the shared parser keeps only the hrefs it would render, and a relative "guide/x" is a link here)
  for (const m of text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').matchAll(LINK)) doc.links.push({ href: m[2]!, text: clean(m[1]!) });
  // setext headings ("Title\n=====") become ATX, which the shared parser reads
  text = text.replace(/^([^\n#>\-*+`|][^\n]*)\n(=+|-+)[ \t]*$/gm, (_, line: string, bar: string) => `${bar[0] === '=' ? '#' : '##'} ${line.trim()}`);
  // plain text with one line per paragraph (a pasted document, a file's extracted text): each line is a paragraph
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  if (!/\n[ \t]*\n/.test(text.trim()) && lines.length > 2) text = lines.join('\n\n');

  const walk = (blocks: Block[]) => {
    for (const b of blocks) {
      if (b.type === 'heading') push('heading', b.level, b.children);
      else if (b.type === 'paragraph') push('paragraph', 0, b.children);
      else if (b.type === 'list') for (const item of b.items) push('item', 0, item);
      else if (b.type === 'quote') walk(b.children);
      else if (b.type === 'code') {
        const t = clean(b.text);
        if (t) doc.blocks.push({ kind: 'code', level: 0, text: t, inContent: true });
      }
    }
  };
  const push = (kind: BlockKind, level: number, inline: Inline[]) => {
    const t = clean(inlineText(inline));
    if (t) doc.blocks.push({ kind, level, text: t, inContent: true });
  };
  walk(parseMarkdown(text));
  return doc;
}

function inlineText(nodes: Inline[]): string {
  let out = '';
  for (const n of nodes) out += n.type === 'text' || n.type === 'code' ? n.text : inlineText(n.children);
  return out;
}

/** Inline Markdown of a heading or title field as plain text (for "**Best** pizza" in a title). */
export function plainInline(src: string): string {
  return clean(inlineText(parseInline(src)));
}
