/**
 * Open Graph images (1200×630 PNG): one per tool and tool collection, one per published blog post, and the site's
 * default. Drawn with sharp: the background and the mark are an SVG with no text, and every line of text is a libvips
 * text layer set in the Liberation Sans files pdfjs-dist ships, so the image renders the same on a machine without
 * any system font. The ETag is a hash of what the image shows, so it is known before (and without) rendering.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import type { Db } from '../../db/client';
import { CATEGORY_LABELS, findToolBySlug, TOOL_COLLECTIONS } from '../../shared/catalogue';
import { formatDate } from '../../shared/format';
import { SITE_TAGLINE } from '../../shared/page-meta';
import { publishedPostFacts } from './page-meta';
import { getSettings } from './settings';
import { BRAND_INDIGO, brandShield } from '../../shared/brand-mark';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
/** Bumped when the drawing changes, so every ETag changes with it. */
const DESIGN_VERSION = 2;

const FONT_DIR = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts');
const FONTS = {
  bold: { file: join(FONT_DIR, 'LiberationSans-Bold.ttf'), family: 'Liberation Sans Bold' },
  regular: { file: join(FONT_DIR, 'LiberationSans-Regular.ttf'), family: 'Liberation Sans' },
} as const;

/** The brand colours of src/client/styles.css (light theme primary and its indigo scale). */
const BRAND = { primary: BRAND_INDIGO, deep: '#1e1b4b', accent: '#e0e7ff', soft: '#c7d2fe', white: '#ffffff' };

/** What one image shows. */
export interface OgCard {
  siteName: string;
  /** a small line above the title: the tool's category, "Blog" */
  eyebrow: string;
  title: string;
  /** a tool's one-line description, a post's excerpt, the site's tagline */
  subtitle: string;
  /** bottom line: the site's host, and a post's date */
  footer: string;
}

export type OgKind = 'tools' | 'blog' | 'site';

/** The card for a tool (or a tool collection), a published post, or the site; null when there is none. */
export async function ogCardFor(db: Db, origin: string, kind: OgKind, slug = ''): Promise<{ card: OgCard; etag: string } | null> {
  const { siteName } = await getSettings(db);
  const host = hostOf(origin);
  let card: OgCard | null = null;
  let version = '';
  if (kind === 'site') {
    card = { siteName, eyebrow: 'Open-source and self-hostable', title: SITE_TAGLINE, subtitle: siteTagline(siteName), footer: host };
  } else if (kind === 'tools') {
    const tool = findToolBySlug(slug);
    const collection = tool ? undefined : TOOL_COLLECTIONS.find((c) => c.slug === slug);
    if (tool) card = { siteName, eyebrow: CATEGORY_LABELS[tool.category], title: tool.name, subtitle: tool.description, footer: `${host}/tools/${tool.slug}` };
    else if (collection)
      card = { siteName, eyebrow: 'Tool collection', title: collection.title, subtitle: collection.description, footer: `${host}/tools/${collection.slug}` };
  } else {
    const post = await publishedPostFacts(db, slug);
    if (post) {
      const date = post.publishedAt ? formatDate(post.publishedAt) : '';
      card = { siteName, eyebrow: 'Blog', title: post.title, subtitle: post.excerpt, footer: date ? `${host}  ·  ${date}` : host };
      // an edit that leaves the drawn text alone still gets a new tag: the post's updatedAt is the version
      version = post.updatedAt ?? post.publishedAt ?? '';
    }
  }
  if (!card) return null;
  const etag = `"og${DESIGN_VERSION}-${createHash('sha256')
    .update(JSON.stringify([card, version]))
    .digest('base64url')
    .slice(0, 22)}"`;
  return { card, etag };
}

const siteTagline = (siteName: string) => `${siteName}: AI content detection, a humanizer, a plagiarism checker and writing tools you can host yourself.`;

function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}

/** Pango markup treats <, > and & as markup. */
const markup = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface TextBox {
  text: string;
  font: keyof typeof FONTS;
  /** px (the text layer is rendered at 72 dpi, where a point is a pixel) */
  sizes: number[];
  color: string;
  width: number;
  maxHeight: number;
}

/**
 * One block of text, wrapped at word boundaries to `width`, at the largest size whose lines fit `maxHeight`; at the
 * smallest size, words are dropped from the end (with an ellipsis) until they fit.
 */
async function textLayer(box: TextBox): Promise<{ input: Buffer; height: number }> {
  const font = FONTS[box.font];
  const render = async (text: string, size: number) => {
    const { data, info } = await sharp({
      text: {
        text: `<span foreground="${box.color}">${markup(text)}</span>`,
        font: `${font.family} ${size}`,
        fontfile: font.file,
        width: box.width,
        dpi: 72,
        rgba: true,
        wrap: 'word',
        spacing: Math.round(size * 0.18),
      },
    })
      .png({ compressionLevel: 1 })
      .toBuffer({ resolveWithObject: true });
    return { input: data, height: info.height };
  };
  const clean = box.text.replace(/\s+/g, ' ').trim();
  for (const size of box.sizes) {
    const r = await render(clean, size);
    if (r.height <= box.maxHeight) return r;
  }
  const smallest = box.sizes[box.sizes.length - 1]!;
  const words = clean.split(' ');
  // halve the overflow each time: a post title is at most a few hundred characters, so a handful of renders
  let lo = 1;
  let hi = words.length - 1;
  let best = await render(`${words[0]!.slice(0, 40)}…`, smallest);
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = await render(
      `${words
        .slice(0, mid)
        .join(' ')
        .replace(/[\s,.;:–—-]+$/, '')}…`,
      smallest,
    );
    if (r.height <= box.maxHeight) {
      best = r;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}

/** The background: the brand's indigo gradient, two soft circles, the mark, and a bottom rule. No text. */
function backgroundSvg(): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${BRAND.deep}"/>
      <stop offset="1" stop-color="${BRAND.primary}"/>
    </linearGradient>
  </defs>
  <rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#bg)"/>
  <circle cx="1090" cy="90" r="260" fill="${BRAND.white}" fill-opacity="0.06"/>
  <circle cx="1160" cy="600" r="180" fill="${BRAND.white}" fill-opacity="0.05"/>
  <g transform="translate(80 64) scale(2)">
    <rect width="32" height="32" rx="8" fill="${BRAND.white}"/>
    ${brandShield(BRAND.primary)}
  </g>
  <rect x="80" y="${OG_HEIGHT - 96}" width="${OG_WIDTH - 160}" height="2" fill="${BRAND.white}" fill-opacity="0.25"/>
</svg>`);
}

const LEFT = 80;
const TEXT_WIDTH = OG_WIDTH - 2 * LEFT;

/** The PNG of one card. */
export async function renderOgImage(card: OgCard): Promise<Buffer> {
  const [name, eyebrow, title, footer] = await Promise.all([
    textLayer({ text: card.siteName, font: 'bold', sizes: [40], color: BRAND.white, width: 900, maxHeight: 50 }),
    textLayer({ text: card.eyebrow.toUpperCase(), font: 'bold', sizes: [26], color: BRAND.soft, width: TEXT_WIDTH, maxHeight: 34 }),
    textLayer({ text: card.title, font: 'bold', sizes: [72, 62, 54], color: BRAND.white, width: TEXT_WIDTH, maxHeight: 200 }),
    textLayer({ text: card.footer, font: 'regular', sizes: [28], color: BRAND.soft, width: TEXT_WIDTH, maxHeight: 36 }),
  ]);
  // the subtitle takes the room the title leaves
  const titleTop = 218;
  const subtitleTop = titleTop + title.height + 34;
  const subtitleRoom = OG_HEIGHT - 96 - 24 - subtitleTop;
  const subtitle =
    subtitleRoom >= 40
      ? await textLayer({ text: card.subtitle, font: 'regular', sizes: [34, 30], color: BRAND.accent, width: TEXT_WIDTH, maxHeight: subtitleRoom })
      : null;
  const layers: OverlayOptions[] = [
    { input: name.input, left: LEFT + 64 + 24, top: 64 + Math.round((64 - name.height) / 2) },
    { input: eyebrow.input, left: LEFT, top: titleTop - 48 },
    { input: title.input, left: LEFT, top: titleTop },
    ...(subtitle ? [{ input: subtitle.input, left: LEFT, top: subtitleTop }] : []),
    { input: footer.input, left: LEFT, top: OG_HEIGHT - 96 + 28 },
  ];
  return sharp(backgroundSvg()).composite(layers).png({ compressionLevel: 6, palette: false }).toBuffer();
}

/** Rendered images by ETag: the same few dozen cards are asked for again and again, and each costs tens of ms. */
const rendered = new Map<string, Buffer>();
const MAX_CACHED = 64;

export async function ogImagePng(card: OgCard, etag: string): Promise<Buffer> {
  const hit = rendered.get(etag);
  if (hit) return hit;
  const png = await renderOgImage(card);
  if (rendered.size >= MAX_CACHED) rendered.delete(rendered.keys().next().value!);
  rendered.set(etag, png);
  return png;
}
