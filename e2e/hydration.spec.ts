import { expect, test } from './fixtures';

// How a server-rendered page becomes the app's (src/client/main.tsx, app.tsx, lib/hydration.ts): its scripts are asked
// for after the page has painted, its lazy() chunks are listed by the server and loaded before React hydrates, and the
// home page's lower sections stay the server's markup until they come near the screen or are used.

/** Whether React has taken over this element (hydrated it): React keeps its fiber on the DOM node. */
const isHydrated = (selector: string) => {
  const el = document.querySelector(selector);
  return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
};

test('a rendered page lists its own chunks for the entry script and fetches them after it has painted', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  const data = JSON.parse(/<script id="vt-ssr-data" type="application\/json">([^<]*)<\/script>/.exec(html)![1]!) as {
    chunks: string[];
    preload: string[];
  };
  expect(data.chunks).toContain('pages/home/HomePage.tsx');
  const homeChunk = data.preload.find((u) => /\/assets\/HomePage-[\w-]+\.js$/.test(u));
  expect(homeChunk, 'the home page chunk is listed').toBeTruthy();
  // nothing but the small entry is linked in the head: the page's HTML and CSS come first
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).not.toContain(homeChunk!);
  expect(head).toMatch(/<script type="module" fetchpriority="low"/);

  const requested: { url: string; at: number }[] = [];
  page.on('request', (r) => requested.push({ url: new URL(r.url()).pathname, at: Date.now() }));
  await page.goto('/');
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  expect(fcp, 'the page painted').not.toBeNull();
  expect(requested.map((r) => r.url)).toContain(homeChunk);
  // the app chunk was asked for by the entry, after the first paint
  const appStart = await page.evaluate(() => performance.getEntriesByType('resource').find((e) => /\/assets\/app-[\w-]+\.js$/.test(e.name))?.startTime ?? null);
  expect(appStart).not.toBeNull();
  expect(appStart!).toBeGreaterThanOrEqual(fcp!);
});

test('the home page hydrates its lower sections when they are reached or used, and they work at once', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  // the hero is React's; a section far below is still the server's markup (its link works as a plain link)
  await expect.poll(() => page.evaluate(isHydrated, 'h1')).toBe(true);
  expect(await page.evaluate(isHydrated, '#faq-heading')).toBe(false);

  // scrolled near: hydrated
  await page.locator('#faq-heading').scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(isHydrated, '#faq-heading')).toBe(true);

  // used before it was reached: the first click works (the dialog opens)
  await page.goto('/');
  const button = page.getByRole('button', { name: /how it works/i });
  await button.click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a button pressed before the page is React’s is held and acted on once it is', async ({ browser }) => {
  // a page of its own: the fixture's page.goto would wait for hydration
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
  // the app's script arrives late, as on a slow phone
  let release!: () => void;
  const appArrives = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
    await appArrives;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const button = page.getByRole('button', { name: 'How it works' });
  await button.click();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? null)).toBeNull();
  // nothing happens yet (the server's markup has no handlers)…
  await expect(page.getByRole('dialog')).toHaveCount(0);
  release();
  // …and the press is not lost: once hydrated, the dialog opens
  await expect(page.getByRole('dialog', { name: 'How the detector decides' })).toBeVisible({ timeout: 15_000 });
  await context.close();
});
