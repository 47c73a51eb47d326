import { BLOG_SAMPLES } from '../src/shared/blog-samples';
import { expect, test } from './fixtures';

// Each public page's head metadata is in the HTML the server sends (before any JavaScript runs), and the title the
// app then sets in the browser is the same one.

const unescape = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

const sample = BLOG_SAMPLES[0]!;
const PAGES: { path: string; title: RegExp; canonical: string; ld?: string }[] = [
  { path: '/', title: /^Veritext - Advanced AI Detection & Content Tools$/, canonical: '/', ld: 'WebSite' },
  { path: '/tools/ai-content-detector', title: /^AI Content Detector \| Veritext/, canonical: '/tools/ai-content-detector', ld: 'SoftwareApplication' },
  { path: '/tools/writing-editing', title: /^Writing & Editing Tools \| /, canonical: '/tools/writing-editing', ld: 'BreadcrumbList' },
  { path: '/pricing', title: /^Pricing \| /, canonical: '/pricing' },
  { path: '/faq', title: /^Frequently Asked Questions \| /, canonical: '/faq', ld: 'FAQPage' },
  {
    path: `/blog/${sample.slug}`,
    title: new RegExp(`^${sample.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| `),
    canonical: `/blog/${sample.slug}`,
    ld: 'BlogPosting',
  },
  { path: '/gptzero-alternative', title: /^Veritext vs GPTZero/, canonical: '/gptzero-alternative' },
];

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('public pages carry their own title, description, canonical and JSON-LD in the raw HTML, and keep that title once the app runs', async ({
  page,
  request,
  baseURL,
}) => {
  const descriptions = new Set<string>();
  for (const p of PAGES) {
    const res = await request.get(p.path);
    expect(res.status(), p.path).toBe(200);
    const html = await res.text();
    const title = unescape(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
    expect(title, p.path).toMatch(p.title);
    const description = unescape(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '');
    expect(description.length, p.path).toBeGreaterThan(30);
    descriptions.add(description);
    expect(/<link rel="canonical" href="([^"]*)"/.exec(html)?.[1], p.path).toBe(`${baseURL}${p.canonical}`);
    expect(/<meta property="og:title" content="([^"]*)"/.exec(html)?.[1], p.path).toBeTruthy();
    const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as { '@type': string });
    if (p.ld)
      expect(
        ld.map((x) => x['@type']),
        p.path,
      ).toContain(p.ld);
    // the browser's title, set by the app, agrees with the server's
    await page.goto(p.path);
    await expect(page, p.path).toHaveTitle(title);
  }
  // every page describes itself
  expect(descriptions.size).toBe(PAGES.length);
});

test('private pages are noindex and an unknown path is a 404 with the not-found title', async ({ request }) => {
  const dashboard = await (await request.get('/dashboard')).text();
  expect(dashboard).toContain('<meta name="robots" content="noindex, nofollow" />');
  const missing = await request.get('/no-such-page-here');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toMatch(/<title>Page Not Found \| /);
});

test('/search finds a tool and a post, is keyboard usable, and opens the result', async ({ page }) => {
  await page.goto('/search');
  await expect(page.getByRole('heading', { level: 1, name: 'Search the site' })).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Search tools and blog posts' });
  await expect(box).toBeFocused();
  await box.fill('plagiarism');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=plagiarism$/);
  const tools = page.getByRole('region', { name: /Tools/ });
  await expect(tools.getByRole('link', { name: /Plagiarism Checker/ })).toBeVisible();
  // the built-in post about the plagiarism checker is found too
  await expect(page.getByRole('region', { name: /Blog posts/ }).getByRole('link', { name: /plagiarism checker finds copied passages/i })).toBeVisible();
  await tools.getByRole('link', { name: /Plagiarism Checker/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tools\/plagiarism-checker$/);

  await page.goto('/search?q=qqqzzz');
  await expect(page.getByRole('heading', { name: /Nothing matched/ })).toBeVisible();
});
