/**
 * A small Markdown parser for blog posts: headings, paragraphs, lists, block quotes, fenced code,
 * rules, emphasis, strong, inline code and links. It returns a tree, never HTML: the client renders
 * the tree as React elements (so raw HTML in a post is shown as text, never injected) and the server
 * turns it into plain text for the plagiarism index. We wrote our own rather than a package plus an
 * HTML sanitiser because the subset is small, and a tree that cannot carry HTML needs no sanitising.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'code'; lang: string; text: string }
  | { type: 'rule' };

/**
 * Link targets we follow: http(s), mailto, and site-relative paths or fragments. Anything else
 * (javascript:, data:, vbscript:, protocol-relative //host) is rendered as plain text.
 */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  if (/^(https?:\/\/|mailto:)/i.test(href)) return href;
  if (/^\/(?!\/)/.test(href) || href.startsWith('#')) return href;
  return null;
}

const HEADING = /^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$/;
const FENCE = /^(```+|~~~+)[ \t]*([\w+-]*)[ \t]*$/;
const RULE = /^[ \t]{0,3}([-*_])([ \t]*\1){2,}[ \t]*$/;
const BULLET = /^[ \t]{0,3}[-*+][ \t]+(.*)$/;
const ORDERED = /^[ \t]{0,3}(\d{1,9})[.)][ \t]+(.*)$/;
const QUOTE = /^[ \t]{0,3}>[ \t]?(.*)$/;

function isBlockStart(line: string): boolean {
  return HEADING.test(line) || FENCE.test(line) || RULE.test(line) || BULLET.test(line) || ORDERED.test(line) || QUOTE.test(line);
}

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  return parseBlocks(lines);
}

function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = FENCE.exec(line.trim());
    if (fence) {
      const marker = fence[1];
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i].trim().startsWith(marker)) body.push(lines[i++]);
      i++; // the closing fence (or the end of the text)
      blocks.push({ type: 'code', lang: fence[2], text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: 'heading', level: heading[1].length as 1, children: parseInline(heading[2]) });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && lines[i].trim() !== '') {
        const q = QUOTE.exec(lines[i]);
        body.push(q ? q[1] : lines[i]);
        i++;
      }
      blocks.push({ type: 'quote', children: parseBlocks(body) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const ordered = bullet ? null : ORDERED.exec(line);
    if (bullet || ordered) {
      const isOrdered = Boolean(ordered);
      const pattern = isOrdered ? ORDERED : BULLET;
      const items: string[][] = [];
      while (i < lines.length) {
        const m = pattern.exec(lines[i]);
        if (m) {
          items.push([isOrdered ? m[2] : m[1]]);
          i++;
          continue;
        }
        // An indented or lazy continuation line belongs to the current item; a blank line followed
        // by another item of the same kind keeps the list going.
        if (lines[i].trim() !== '' && !isBlockStart(lines[i])) {
          items[items.length - 1].push(lines[i].trim());
          i++;
          continue;
        }
        if (lines[i].trim() === '' && i + 1 < lines.length && pattern.test(lines[i + 1])) {
          i++;
          continue;
        }
        break;
      }
      blocks.push({
        type: 'list',
        ordered: isOrdered,
        start: ordered ? Number(ordered[1]) : 1,
        items: items.map((parts) => parseInline(parts.join(' '))),
      });
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i].trim() !== '' && !(para.length > 0 && isBlockStart(lines[i]))) para.push(lines[i++].trim());
    blocks.push({ type: 'paragraph', children: parseInline(para.join('\n')) });
  }
  return blocks;
}

const ESCAPABLE = new Set('\\`*_{}[]()#+-.!>~|'.split(''));

/** Inline syntax, scanned left to right; unmatched markers stay literal text. */
export function parseInline(src: string): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ type: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '\\' && i + 1 < src.length && ESCAPABLE.has(src[i + 1])) {
      text += src[i + 1];
      i += 2;
      continue;
    }
    if (c === '`') {
      let ticks = 1;
      while (src[i + ticks] === '`') ticks++;
      const marker = '`'.repeat(ticks);
      const end = src.indexOf(marker, i + ticks);
      if (end > i) {
        flush();
        out.push({ type: 'code', text: src.slice(i + ticks, end).replace(/^ (.*) $/s, '$1') });
        i = end + ticks;
        continue;
      }
      text += marker;
      i += ticks;
      continue;
    }
    if (c === '[') {
      const link = matchLink(src, i);
      if (link) {
        flush();
        const children = parseInline(link.label);
        const href = safeHref(link.href);
        if (href) out.push({ type: 'link', href, children });
        else out.push(...children);
        i = link.end;
        continue;
      }
    }
    if ((c === '*' || c === '_') && !isIntraword(src, i, c)) {
      const double = src[i + 1] === c;
      const marker = double ? c + c : c;
      const end = findCloser(src, i + marker.length, marker);
      if (end > i + marker.length) {
        flush();
        const children = parseInline(src.slice(i + marker.length, end));
        out.push(double ? { type: 'strong', children } : { type: 'em', children });
        i = end + marker.length;
        continue;
      }
    }
    text += c;
    i++;
  }
  flush();
  return out;
}

/** snake_case_words are not emphasis: an underscore between two word characters is literal. */
function isIntraword(src: string, i: number, c: string): boolean {
  return c === '_' && /\w/.test(src[i - 1] ?? '') && /\w/.test(src[i + 1] ?? '');
}

/** The closing marker: not preceded by whitespace, not inside a code span, and not a longer run. */
function findCloser(src: string, from: number, marker: string): number {
  if (/\s/.test(src[from] ?? ' ')) return -1;
  let i = from;
  while (i < src.length) {
    if (src[i] === '\\') {
      i += 2;
      continue;
    }
    if (src[i] === '`') {
      const end = src.indexOf('`', i + 1);
      if (end > 0) {
        i = end + 1;
        continue;
      }
    }
    if (src.startsWith(marker, i) && !/\s/.test(src[i - 1])) {
      const single = marker.length === 1;
      // for *em*, skip a ** inside (it opens or closes a nested strong)
      if (single && src[i + 1] === marker) {
        i += 2;
        continue;
      }
      // for **strong**, close on the LAST two of a longer run (`***x***` = strong around em)
      if (!single && src[i + 2] === marker[0]) {
        i++;
        continue;
      }
      if (marker[0] === '_' && /\w/.test(src[i + marker.length] ?? '')) {
        i++;
        continue;
      }
      return i;
    }
    i++;
  }
  return -1;
}

/** [label](href) with balanced brackets in the label and balanced parentheses in the target. */
function matchLink(src: string, start: number): { label: string; href: string; end: number } | null {
  let depth = 0;
  let i = start;
  for (; i < src.length; i++) {
    if (src[i] === '\\') {
      i++;
      continue;
    }
    if (src[i] === '[') depth++;
    else if (src[i] === ']' && --depth === 0) break;
  }
  if (depth !== 0 || src[i + 1] !== '(') return null;
  const label = src.slice(start + 1, i);
  let j = i + 2;
  let parens = 1;
  for (; j < src.length; j++) {
    if (src[j] === '(') parens++;
    else if (src[j] === ')' && --parens === 0) break;
    else if (src[j] === '\n') return null;
  }
  if (parens !== 0) return null;
  // an optional "title" after the target is dropped
  const href = src
    .slice(i + 2, j)
    .trim()
    .replace(/\s+("[^"]*"|'[^']*')$/, '')
    .replace(/^<(.*)>$/, '$1');
  return { label, href, end: j + 1 };
}

function inlineText(nodes: Inline[]): string {
  return nodes.map((n) => (n.type === 'text' || n.type === 'code' ? n.text : inlineText(n.children))).join('');
}

/** The words of a post without its syntax: what the plagiarism index stores and excerpts are cut from. */
export function markdownToText(source: string): string {
  const blockText = (b: Block): string => {
    switch (b.type) {
      case 'heading':
      case 'paragraph':
        return inlineText(b.children);
      case 'list':
        return b.items.map((item) => inlineText(item)).join('\n');
      case 'quote':
        return b.children.map(blockText).join('\n\n');
      case 'code':
        return b.text;
      case 'rule':
        return '';
    }
  };
  return parseMarkdown(source)
    .map(blockText)
    .filter((t) => t.trim() !== '')
    .join('\n\n');
}

/** Cut at a word boundary, adding an ellipsis (the home teaser cuts excerpts at 120 characters). */
export function truncateText(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}
