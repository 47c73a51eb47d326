import { BLOG_SAMPLES } from '../src/shared/blog-samples';
import { COMING_SOON_SLUGS, TOOL_COLLECTIONS, TOOLS } from '../src/shared/catalogue';
import { COMPETITOR_NAMES } from '../src/shared/competitors';
import { expect, test } from './fixtures';

// Prerendering (issue 20): a visitor's public page arrives with its own main heading and body in the HTML, before any
// JavaScript runs; the app then hydrates that markup (no mismatch, no client re-render) and works as before. A browser
// that may be signed in, and an address with no page, get the empty shell.

const unescape = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const text = (html: string) => unescape(html.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, ''));
const titleCase = (slug: string) => slug.replace(/(^|-)([a-z])/g, (_m, sep: string, c: string) => (sep ? ' ' : '') + c.toUpperCase());

const post = BLOG_SAMPLES[0]!;

/** Every public route, with its main heading and the canonical path its head names. */
const ROUTES: { path: string; h1: string; canonical?: string; contains?: string }[] = [
  { path: '/', h1: 'Detect AI-written text, with explanations you can check' },
  { path: '/tools', h1: 'All tools', contains: TOOLS.find((t) => t.live)!.name },
  ...TOOLS.map((t) => ({ path: `/tools/${t.slug}`, h1: t.name })),
  ...COMING_SOON_SLUGS.filter((s) => !TOOLS.some((t) => t.slug === s)).map((s) => ({ path: `/tools/${s}`, h1: titleCase(s) })),
  ...TOOL_COLLECTIONS.map((c) => ({ path: `/tools/${c.slug}`, h1: c.title })),
  ...Object.entries(COMPETITOR_NAMES).map(([slug, name]) => ({ path: `/${slug}-alternative`, h1: `Veritext vs ${name}` })),
  { path: '/gptzero', h1: 'Veritext vs GPTZero', canonical: '/gptzero-alternative' },
  { path: '/blog', h1: 'Blog', contains: post.title },
  {
    path: `/blog/${post.slug}`,
    h1: post.title,
    contains: post.content
      .split('\n')
      .find((l) => /^[A-Z]/.test(l))!
      .slice(0, 40),
  },
  { path: '/pricing', h1: 'Pricing' },
  { path: '/about', h1: 'About Veritext' },
  { path: '/contact', h1: 'Contact us' },
  { path: '/faq', h1: 'Frequently asked questions' },
  { path: '/privacy', h1: 'Privacy Policy' },
  { path: '/terms', h1: 'Terms of Service' },
  { path: '/disclaimer', h1: 'Disclaimer' },
  { path: '/refund', h1: 'Refund Policy', canonical: '/refund-policy' },
  { path: '/refund-policy', h1: 'Refund Policy' },
  { path: '/cookies', h1: 'Cookie Policy', canonical: '/cookies-policy' },
  { path: '/cookies-policy', h1: 'Cookie Policy' },
  { path: '/advertise', h1: 'Advertise on Veritext' },
  { path: '/developers', h1: 'Veritext API' },
  { path: '/search', h1: 'Search the site' },
];

/** What is inside <div id="root"> (the page's body markup), or '' for the empty shell. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script id="vt-ssr-data"');
  if (start < 0) return '';
  return end < 0 ? html.slice(start + 15, html.indexOf('</div>', start)) : html.slice(start + 15, end);
}

test('every public page carries its own title, description, canonical, main heading and body in the HTML before JavaScript', async ({ request, baseURL }) => {
  test.setTimeout(180_000);
  for (const route of ROUTES) {
    const res = await request.get(route.path);
    expect(res.status(), route.path).toBe(200);
    const html = await res.text();
    const title = unescape(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
    expect(title, route.path).not.toBe('');
    if (route.path.startsWith('/tools/')) expect(title, route.path).toMatch(new RegExp(`^${route.h1.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| `));
    expect(/<meta name="description" content="([^"]+)"/.exec(html)?.[1], route.path).toBeTruthy();
    expect(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1], route.path).toBe(`${baseURL}${route.canonical ?? route.path}`);

    const body = rootOf(html);
    const headings = [...body.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => text(m[1]!).trim());
    expect(headings, route.path).toEqual([route.h1]);
    // the page's content, the site's header and footer, not only a heading
    expect(body, route.path).toContain('<main id="main"');
    expect(body, route.path).toContain('<footer');
    if (route.contains) expect(text(body), route.path).toContain(route.contains);
    const main = text(/<main id="main"[\s\S]*<\/main>/.exec(body)?.[0] ?? '');
    expect(main.length, route.path).toBeGreaterThan(route.h1.length + 100);
    // the API answers it was rendered with, for the browser's first render
    const data = /<script id="vt-ssr-data" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
    expect(() => JSON.parse(data!) as unknown, route.path).not.toThrow();
    // no inline script the content security policy would block
    expect(body, route.path).not.toContain('<script');
    expect(html, route.path).not.toContain('<noscript>');
  }
});

test('a browser that may be signed in, and an address with no page, get the empty shell', async ({ request, playwright, baseURL }) => {
  for (const cookie of ['vt_signed_in=1', 'vt_session=whatever']) {
    const signedIn = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { cookie } });
    const res = await signedIn.get('/tools/ai-content-detector');
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>AI Content Detector | ');
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('vt-ssr-data');
    await signedIn.dispose();
  }
  for (const path of ['/no-such-page', '/tools/no-such-tool', '/blog/no-such-post']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.text(), path).toContain('<div id="root"></div>');
  }
  // pages behind login and forms are never rendered on the server
  const login = await request.get('/login');
  expect(await login.text()).toContain('<div id="root"></div>');
});

const HYDRATED = ['/', '/tools/ai-content-detector', '/pricing', `/blog/${post.slug}`, '/turnitin-alternative', '/tools', '/tools/writing-editing', '/faq'];

test('public pages hydrate the server markup without a mismatch, and work afterwards', async ({ page }) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && /hydrat|did not match|didn't match|react\.dev\/errors\/4(18|19|20|21|23|25)/i.test(m.text())) {
      problems.push(`${page.url()}: ${m.text().slice(0, 300)}`);
    }
  });
  page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message.slice(0, 300)}`));
  // Count headings the browser removes: a failed hydration throws the server's markup away and renders anew.
  await page.addInitScript(() => {
    localStorage.setItem('cookieConsent', 'minimal');
    const w = window as unknown as { __removedH1: number };
    w.__removedH1 = 0;
    new MutationObserver((records) => {
      for (const r of records) {
        r.removedNodes.forEach((n) => {
          if (n instanceof Element && (n.matches('h1') || n.querySelector('h1'))) w.__removedH1 += 1;
        });
      }
    }).observe(document, { childList: true, subtree: true });
  });

  for (const path of HYDRATED) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __removedH1: number }).__removedH1), path).toBe(0);
  }
  expect(problems).toEqual([]);

  // interactive once hydrated: the home page's detector counts words, the phone menu opens
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const tool = page.getByTestId('home-tool');
  // typed at once, maybe before the app took the page over: the text is kept and counted
  await tool.getByRole('textbox').fill('one two three four');
  await expect(tool.getByTestId('word-counter')).toHaveText('4 / 500 words');
  await expect(async () => {
    await page.getByRole('button', { name: /Open menu|Close menu/ }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.locator('h1')).toHaveText('Pricing');
  expect(problems).toEqual([]);
});
