/**
 * Each public page's head metadata: title, description, canonical address, Open Graph type and image, robots and
 * JSON-LD. The server puts it in the HTML before any JavaScript runs (src/server/page-meta.ts); the titles are the
 * ones the pages set in the browser, and `formatTitle` is the one both sides use. Pure: what needs the database (a
 * blog post, the plans, the site's name) is passed in.
 */
import { CATEGORY_LABELS, COMING_SOON_SLUGS, findToolBySlug, lowestPlan, TOOL_COLLECTIONS, TOOLS, type Tool } from './catalogue';
import { COMPETITOR_NAMES } from './competitors';
import { comparisonCompetitor, isAppPath } from './client-routes';
import { FAQ_DATA, faqPlainAnswer } from './faq';
import { DEFAULT_PLANS, PLAN_IDS, type PlanDefinition, type PlanId } from './plans';

export const SITE_TAGLINE = 'Advanced AI Detection & Content Tools';

/** `${title} | ${site} - tagline`, unless the title already names the site (the browser's tab title, too). */
export function formatTitle(title: string | undefined | null, siteName: string): string {
  const full = `${siteName} - ${SITE_TAGLINE}`;
  if (!title) return full;
  return title.includes(siteName) ? title : `${title} | ${full}`;
}

export type JsonLd = Record<string, unknown>;

export interface PageMeta {
  /** the full <title> */
  title: string;
  description: string;
  /** absolute */
  canonical: string;
  ogType: 'website' | 'article';
  /** absolute */
  ogImage: string;
  /** the robots meta value */
  robots: string;
  jsonLd: JsonLd[];
}

/** A published post, as the page about it needs it. */
export interface PostFacts {
  title: string;
  slug: string;
  excerpt: string;
  publishedAt: string | null;
  updatedAt: string | null;
  authorName: string | null;
  /** absolute or site-relative; null when the post has none */
  featuredImage: string | null;
}

export interface MetaInput {
  /** APP_ORIGIN, no trailing slash */
  origin: string;
  siteName: string;
  /** the plans as the instance sells them (prices may be edited by staff); defaults to the seeded plans */
  plans?: readonly PlanDefinition[];
  /** for /blog/<slug>: the published post, or null when there is none (the page is then a 404) */
  post?: PostFacts | null;
  /** the server found no page here (an unpublished post, a revoked report link): the not-found page's metadata */
  notFound?: boolean;
  /** tools staff turned off (/admin/features): their pages stay, but say so and are not indexed */
  disabledTools?: readonly string[];
}

const INDEX = 'index, follow, max-snippet:-1, max-image-preview:large';
const NOINDEX = 'noindex, nofollow';
/** not listed by search engines, but its links are still followed */
const NOINDEX_FOLLOW = 'noindex, follow';

/** Signed-in, staff, one-off and form pages: a search engine has nothing to show from them. */
const PRIVATE = [
  '/admin',
  '/super-admin',
  '/dashboard',
  '/account',
  '/usage',
  '/history',
  '/reports',
  '/batch',
  '/invoices',
  '/r',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/admin-login',
  '/newsletter',
  '/dev',
];

export function isPrivatePath(pathname: string): boolean {
  return PRIVATE.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Content pages: the title their page sets, and a one-line description of what is on it. */
const CONTENT: Record<string, { title: string; description: (site: string) => string; canonical?: string }> = {
  '/about': { title: 'About', description: (s) => `What ${s} is, who it is for, and how its open-source AI detection and writing tools work.` },
  '/contact': { title: 'Contact', description: (s) => `How to reach the team running this ${s} instance: support, billing and general questions.` },
  '/faq': {
    title: 'Frequently Asked Questions',
    description: (s) => `How the ${s} detector works, what it can and cannot tell you, and how your data is handled.`,
  },
  '/privacy': { title: 'Privacy Policy', description: (s) => `What this ${s} instance collects, why, how long it keeps it, and your rights.` },
  '/terms': { title: 'Terms of Service', description: (s) => `The rules for using this ${s} instance, in plain English.` },
  '/disclaimer': { title: 'Disclaimer', description: (s) => `What ${s}'s results can and cannot be relied on for.` },
  '/refund-policy': { title: 'Refund Policy', description: (s) => `When and how a payment to this ${s} instance can be refunded.` },
  '/refund': { title: 'Refund Policy', description: (s) => `When and how a payment to this ${s} instance can be refunded.`, canonical: '/refund-policy' },
  '/cookies-policy': { title: 'Cookie Policy', description: (s) => `The cookies and browser storage ${s} uses, and the choices you have.` },
  '/cookies': {
    title: 'Cookie Policy',
    description: (s) => `The cookies and browser storage ${s} uses, and the choices you have.`,
    canonical: '/cookies-policy',
  },
  '/advertise': { title: 'Advertise', description: (s) => `Advertising on ${s}: the ad slots, who sees them, and how to get in touch.` },
  '/developers': {
    title: 'API documentation',
    description: (s) => `The ${s} REST API: authentication with API keys, endpoints for each tool, limits and errors.`,
  },
  '/search': { title: 'Search', description: (s) => `Search ${s}'s tools and blog posts.` },
};

const price = (minor: number) => (minor / 100).toFixed(2);

function crumbs(origin: string, items: [string, string][]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map(([name, path], i) => ({ '@type': 'ListItem', position: i + 1, name, item: origin + path })),
  };
}

function toolOffer(tool: Tool, plans: readonly PlanDefinition[]): JsonLd | null {
  const plan = plans.find((p) => p.id === lowestPlan(tool));
  if (!plan) return null;
  return {
    '@type': 'Offer',
    price: price(plan.price),
    priceCurrency: plan.currency.toUpperCase(),
    description: plan.price === 0 ? `Included in the ${plan.name} plan` : `Included in the ${plan.name} plan and above, per month`,
  };
}

/** The tool's page description: what it does, and on which plan (facts from the catalogue only). */
function toolDescription(tool: Tool, plans: readonly PlanDefinition[], off: boolean): string {
  if (!tool.live || tool.comingSoon) return `${tool.description} Not available in this build yet.`;
  if (off) return `${tool.description} Turned off on this server for now.`;
  const plan = plans.find((p) => p.id === lowestPlan(tool));
  if (!plan) return tool.description;
  if (plan.price === 0) return `${tool.description} Free to use${tool.requiresAuth ? ' with an account' : ', no account needed'}.`;
  return `${tool.description} Available on the ${plan.name} plan and above.`;
}

const titleCase = (slug: string) => slug.replace(/(^|-)([a-z])/g, (_m, sep: string, c: string) => (sep ? ' ' : '') + c.toUpperCase());

/** The head metadata of the page at `pathname` (a path the app has no page for gets the not-found page's). */
export function pageMeta(rawPathname: string, input: MetaInput): PageMeta {
  const { origin, siteName } = input;
  const plans = input.plans ?? PLAN_IDS.map((id: PlanId) => DEFAULT_PLANS[id]);
  const pathname = rawPathname.length > 1 ? rawPathname.replace(/\/+$/, '') : rawPathname;
  // generated 1200×630 cards (src/server/routes/og.ts): the site's, a tool's or collection's, a post's
  const ogImage = `${origin}/og/site.png`;
  const page = (title: string | null, description: string, canonicalPath: string, extra: Partial<PageMeta> = {}): PageMeta => ({
    title: formatTitle(title, siteName),
    description,
    canonical: origin + canonicalPath,
    ogType: 'website',
    ogImage,
    robots: INDEX,
    jsonLd: [],
    ...extra,
  });
  const notFound = () => page('Page Not Found', `There is no page at this address on ${siteName}.`, pathname, { robots: NOINDEX });
  const home: [string, string] = ['Home', '/'];
  if (input.notFound) return notFound();

  if (pathname === '/') {
    return page(null, `${siteName}: open-source AI content detection, humanizer, plagiarism checker and writing tools you can host yourself.`, '/', {
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: siteName,
          url: `${origin}/`,
          potentialAction: {
            '@type': 'SearchAction',
            target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
            'query-input': 'required name=search_term_string',
          },
        },
      ],
    });
  }
  if (pathname === '/tools') {
    const live = TOOLS.filter((t) => t.live && !t.comingSoon).length;
    return page('All Tools', `${live} AI tools on ${siteName}: AI detection, writing and editing, SEO and media tools, grouped by category.`, '/tools', {
      jsonLd: [crumbs(origin, [home, ['Tools', '/tools']])],
    });
  }
  const toolPath = /^\/tools\/([^/]+)$/.exec(pathname);
  if (toolPath) {
    const slug = safeDecode(toolPath[1]!);
    const collection = TOOL_COLLECTIONS.find((c) => c.slug === slug);
    if (collection) {
      return page(collection.title, collection.description, `/tools/${collection.slug}`, {
        ogImage: `${origin}/og/tools/${collection.slug}.png`,
        jsonLd: [crumbs(origin, [home, ['Tools', '/tools'], [collection.title, `/tools/${collection.slug}`]])],
      });
    }
    const tool = findToolBySlug(slug);
    if (tool) {
      const path = `/tools/${tool.slug}`;
      const offer = toolOffer(tool, plans);
      const parent = TOOL_COLLECTIONS.find((c) => c.toolIds.includes(tool.id));
      // a turned-off tool answers 503 to everyone, so a search engine should not send people to it (the sitemap omits it too)
      const off = input.disabledTools?.includes(tool.id) ?? false;
      return page(tool.name, toolDescription(tool, plans, off), path, {
        ...(off ? { robots: NOINDEX_FOLLOW } : {}),
        ogImage: `${origin}/og/tools/${tool.slug}.png`,
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'SoftwareApplication',
            name: tool.name,
            description: tool.description,
            url: origin + path,
            applicationCategory: 'UtilitiesApplication',
            applicationSubCategory: CATEGORY_LABELS[tool.category],
            operatingSystem: 'Any (web browser)',
            ...(offer && tool.live && !tool.comingSoon && !off ? { offers: offer } : {}),
          },
          crumbs(origin, [home, ['Tools', '/tools'], ...(parent ? [[parent.title, `/tools/${parent.slug}`] as [string, string]] : []), [tool.name, path]]),
        ],
      });
    }
    if (slug === 'email-generator' || (COMING_SOON_SLUGS as readonly string[]).includes(slug)) {
      const name = slug === 'email-generator' ? 'Email Generator' : titleCase(slug);
      return page(name, `${name} on ${siteName}: not available in this build yet.`, `/tools/${slug}`, {
        jsonLd: [crumbs(origin, [home, ['Tools', '/tools'], [name, `/tools/${slug}`]])],
      });
    }
    return notFound();
  }
  if (pathname === '/pricing') {
    const list = plans.map((p) => (p.price === 0 ? p.name : `${p.name} $${price(p.price)}`)).join(', ');
    return page('Pricing', `${siteName} plans: ${list} a month. Limits per plan, add-on packs, and which tools each plan unlocks.`, '/pricing', {
      jsonLd: [crumbs(origin, [home, ['Pricing', '/pricing']])],
    });
  }
  if (pathname === '/faq') {
    const meta = page(CONTENT['/faq']!.title, CONTENT['/faq']!.description(siteName), '/faq');
    meta.jsonLd = [
      {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: FAQ_DATA.flatMap((g) => g.items).map((e) => ({
          '@type': 'Question',
          name: e.q,
          acceptedAnswer: { '@type': 'Answer', text: faqPlainAnswer(e) },
        })),
      },
      crumbs(origin, [home, ['FAQ', '/faq']]),
    ];
    return meta;
  }
  if (pathname === '/blog') {
    return page('Blog', `News and guides from ${siteName}: how the detector and the other tools work, and how to use them well.`, '/blog', {
      jsonLd: [crumbs(origin, [home, ['Blog', '/blog']])],
    });
  }
  const postPath = /^\/blog\/([^/]+)$/.exec(pathname);
  if (postPath) {
    const post = input.post;
    if (!post) return notFound();
    const path = `/blog/${post.slug}`;
    // the author's featured image when the post has one, else the generated card with its title and date
    const image = post.featuredImage
      ? post.featuredImage.startsWith('/')
        ? origin + post.featuredImage
        : post.featuredImage
      : `${origin}/og/blog/${encodeURIComponent(post.slug)}.png`;
    return page(post.title, post.excerpt, path, {
      ogType: 'article',
      ogImage: image,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: post.title,
          description: post.excerpt,
          url: origin + path,
          mainEntityOfPage: origin + path,
          ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
          ...(post.updatedAt ? { dateModified: post.updatedAt } : {}),
          ...(post.authorName ? { author: { '@type': 'Person', name: post.authorName } } : { author: { '@type': 'Organization', name: siteName } }),
          publisher: { '@type': 'Organization', name: siteName, url: `${origin}/` },
          ...(post.featuredImage ? { image } : {}),
        },
        crumbs(origin, [home, ['Blog', '/blog'], [post.title, path]]),
      ],
    });
  }
  const content = CONTENT[pathname];
  if (content) {
    return page(content.title, content.description(siteName), content.canonical ?? pathname, {
      robots: pathname === '/search' ? NOINDEX_FOLLOW : INDEX,
    });
  }
  const single = /^\/([^/]+)$/.exec(pathname);
  const competitor = single && !isAppPathStatic(pathname) ? comparisonCompetitor(safeDecode(single[1]!)) : null;
  if (competitor) {
    const name = COMPETITOR_NAMES[competitor]!;
    return page(
      `${siteName} vs ${name}: an open-source ${name} alternative`,
      `How ${siteName}, open-source AI content detection and writing tools you can host yourself, compares with ${name}.`,
      `/${competitor}-alternative`,
      { jsonLd: [crumbs(origin, [home, [`${siteName} vs ${name}`, `/${competitor}-alternative`]])] },
    );
  }
  if (isPrivatePath(pathname) && isAppPath(pathname)) {
    return page(null, `${siteName}: open-source AI content detection and writing tools.`, pathname, { robots: NOINDEX });
  }
  return notFound();
}

/** A top-level page that is not a comparison (so /pricing is never read as a competitor). */
function isAppPathStatic(pathname: string): boolean {
  return pathname in CONTENT || pathname === '/pricing' || pathname === '/blog' || pathname === '/tools';
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Escape text for an HTML attribute or element. */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no "</script>" in a post's title can end the script. */
export function jsonLdScript(data: JsonLd): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}

/** One of the server's 1200×630 PNG cards (a post's own featured image has a size we do not know). */
const isGeneratedOgImage = (url: string) => /\/og\/(site|tools\/[^/]+|blog\/[^/]+)\.png$/.test(url);

/** The tags that go in <head>, beside the <title> (the robots, description, canonical, Open Graph, Twitter, JSON-LD). */
export function headTags(meta: PageMeta, siteName: string): string {
  const m = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    m('name', 'description', meta.description),
    m('name', 'robots', meta.robots),
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`,
    m('property', 'og:title', meta.title),
    m('property', 'og:description', meta.description),
    m('property', 'og:url', meta.canonical),
    m('property', 'og:type', meta.ogType),
    m('property', 'og:site_name', siteName),
    m('property', 'og:image', meta.ogImage),
    ...(isGeneratedOgImage(meta.ogImage)
      ? [m('property', 'og:image:width', '1200'), m('property', 'og:image:height', '630'), m('property', 'og:image:type', 'image/png')]
      : []),
    m('property', 'og:image:alt', meta.title),
    m('name', 'twitter:card', 'summary_large_image'),
    m('name', 'twitter:title', meta.title),
    m('name', 'twitter:description', meta.description),
    m('name', 'twitter:image', meta.ogImage),
    ...meta.jsonLd.map(jsonLdScript),
  ].join('\n    ');
}
