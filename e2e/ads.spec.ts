import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, registerViaApi, test, uniqueUser } from './fixtures';
import { useStaffServer } from './staff-server';

/**
 * Ads: the slots at the bottom of the home page (visitors and free users only), house ads made on /admin/ads, the
 * ad network's script only after "Accept All", and the sidebar's Characters Used meter in view at 1366×900.
 *
 * The network's loader is pointed at a local address that Playwright answers itself (page.route): nothing is
 * fetched from the internet, and every request for it is still seen.
 */

// E2E_EXTRA_PORT: a port given to this spec's staff server on a shared machine; otherwise an offset of its own.
const portOffset = process.env.E2E_EXTRA_PORT ? Number(process.env.E2E_EXTRA_PORT) - Number(process.env.E2E_PORT ?? 3456) : 108;
const LOADER = 'http://127.0.0.1:4999/adsbygoogle.js';
const LOADER_JS = 'window.__adLoaderRan = true;';

test.describe('ads', () => {
  const staff = useStaffServer({ name: 'ads', role: 'admin', portOffset });
  let adminApi: APIRequestContext;
  const houseTitle = `Acme Notebooks ${Date.now().toString(36)}`;

  test.beforeAll(async ({ playwright }) => {
    adminApi = await playwright.request.newContext({ baseURL: staff.base });
    const login = await adminApi.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
    expect(login.status(), await login.text()).toBe(200);
  });
  test.afterAll(async () => {
    await adminApi?.dispose();
  });
  // several browser contexts per test on a shared machine
  test.beforeEach(() => test.setTimeout(90_000));

  /** A context of its own (a visitor, or a user once registered), with the cookie choice already made or not. */
  async function visitor(browser: Browser, consent: 'true' | 'minimal' | null) {
    const context = await browser.newContext({ baseURL: staff.base, viewport: { width: 1366, height: 900 } });
    if (consent) await context.addInitScript((c) => localStorage.setItem('cookieConsent', c), consent);
    const loaderRequests: string[] = [];
    await context.route('http://127.0.0.1:4999/**', (route) => {
      loaderRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: LOADER_JS });
    });
    return { context, page: await context.newPage(), loaderRequests };
  }

  /** Open the home page and wait for the server's answer about ads. */
  async function home(page: Page) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/site/ads') && r.status() === 200);
    await page.goto('/');
    return (await answer).json();
  }

  test('a house ad made in the admin area shows to a visitor, labelled, and counts the click through the server', async ({ page, browser }) => {
    const login = await page.request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
    expect(login.status()).toBe(200);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/admin/ads');
    await expect(page.getByRole('heading', { level: 1, name: 'Ads' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ads', exact: true }).first()).toBeVisible();

    // A banner image drawn in the page (no file on disk needed).
    const png = Buffer.from(
      await page.evaluate(() => {
        const c = document.createElement('canvas');
        c.width = 640;
        c.height = 360;
        const g = c.getContext('2d')!;
        const grad = g.createLinearGradient(0, 0, 640, 360);
        grad.addColorStop(0, '#fde68a');
        grad.addColorStop(1, '#f59e0b');
        g.fillStyle = grad;
        g.fillRect(0, 0, 640, 360);
        g.fillStyle = '#78350f';
        g.font = 'bold 64px sans-serif';
        g.fillText('Acme', 60, 200);
        return c.toDataURL('image/png').split(',')[1];
      }),
      'base64',
    );

    await page.getByRole('button', { name: 'New house ad' }).click();
    const form = page.getByRole('form', { name: 'New house ad' });
    await form.getByLabel('Title').fill(houseTitle);
    await form.getByLabel('Text').fill('Paper notebooks made for writers, with a page for every draft.');
    await form.getByLabel('Link').fill('ftp://acme.example/');
    await form.getByLabel('Image (optional)').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
    await expect(form.getByRole('img', { name: 'Preview of the ad image' })).toBeVisible();
    await form.getByRole('button', { name: 'Create ad' }).click();
    await expect(form.getByText('Enter an http:// or https:// address')).toBeVisible();
    await form.getByLabel('Link').fill('https://acme.example/notebooks');
    await form.getByRole('button', { name: 'Create ad' }).click();
    const row = page.getByTestId('house-ads').getByRole('listitem').filter({ hasText: houseTitle });
    await expect(row).toContainText('acme.example');
    await expect(row).toContainText('0 clicks');
    await page.screenshot({ path: 'test-results/ads-admin-desktop.png', fullPage: true });

    const v = await visitor(browser, 'minimal');
    const ads = await home(v.page);
    expect(ads.show).toBe(true);
    const slot = v.page.getByTestId('ad-slot-sponsored');
    await expect(slot).toBeVisible();
    await expect(slot.getByText('Sponsored Content')).toBeVisible();
    await expect(slot.getByText(houseTitle)).toBeVisible();
    const link = slot.getByRole('link');
    await expect(link).toHaveAttribute('href', /^\/api\/site\/ads\/[0-9a-f-]{36}\/click$/);
    await expect(link).toHaveAttribute('rel', /sponsored/);
    // following the link goes through the server (which counts it) to the advertiser; the test stops at the redirect
    const click = await v.page.request.get((await link.getAttribute('href'))!, { maxRedirects: 0 });
    expect(click.status()).toBe(302);
    expect(click.headers().location).toBe('https://acme.example/notebooks');
    await page.reload();
    await expect(row).toContainText('1 click');
    // tool pages carry the slots too, below the tool
    await v.page.goto('/tools/ai-content-detector');
    await expect(v.page.getByTestId('ad-slot-sponsored').getByText(houseTitle)).toBeVisible();

    // Screenshots with both slots filled: a second, text-only ad for a moment.
    const second = await adminApi.post('/api/admin/ads', {
      data: {
        title: 'Write your thesis with Scribe Studio',
        text: 'Outlines, citations and drafts in one calm workspace. Free for students.',
        linkUrl: 'https://scribe.example/',
        active: true,
        weight: 1,
      },
    });
    expect(second.status()).toBe(201);
    try {
      await home(v.page);
      const slots = v.page.getByTestId('ad-slots');
      await expect(slots.getByRole('complementary')).toHaveCount(2);
      await expect(v.page.getByTestId('ad-slot-advertisement').getByText('Advertisement')).toBeVisible();
      await slots.scrollIntoViewIfNeeded();
      await expect(slots.locator('img')).toHaveJSProperty('complete', true);
      const box = (await slots.boundingBox())!;
      await v.page.screenshot({ path: 'test-results/ads-home-desktop.png', clip: { x: 0, y: box.y - 80, width: 1366, height: box.height + 160 } });

      const phone = await browser.newContext({ baseURL: staff.base, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await phone.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
      const p = await phone.newPage();
      await home(p);
      await p.getByTestId('ad-slots').scrollIntoViewIfNeeded();
      await expect(p.getByTestId('ad-slots').locator('img')).toHaveJSProperty('complete', true);
      await p.getByTestId('ad-slots').screenshot({ path: 'test-results/ads-home-phone.png' });
      await phone.close();
    } finally {
      const { ad } = await second.json();
      expect((await adminApi.delete(`/api/admin/ads/${ad.id}`)).status()).toBe(200);
    }
    await v.context.close();
  });

  test('a free user sees the slots; a basic user and staff see none', async ({ browser }) => {
    const own = await adminApi.post('/api/admin/ads', {
      data: { title: 'Plan test ad', text: 'Shown to visitors and free users only.', linkUrl: 'https://plan-test.example/', active: true, weight: 1 },
    });
    expect(own.status()).toBe(201);
    const free = await visitor(browser, 'minimal');
    await registerViaApi(free.page, uniqueUser('adsfree'));
    expect((await home(free.page)).show).toBe(true);
    await expect(free.page.getByTestId('ad-slots')).toBeVisible();
    // below a tool, beside the sidebar
    await free.page.goto('/tools/ai-rewriter');
    await expect(free.page.getByTestId('ad-slot-sponsored')).toBeVisible();
    await free.page.getByTestId('ad-slots').scrollIntoViewIfNeeded();
    await free.page.screenshot({ path: 'test-results/ads-tool-desktop.png' });
    await free.context.close();

    const basic = await visitor(browser, 'minimal');
    const res = await basic.page.request.post('/api/auth/register', { data: uniqueUser('adsbasic') });
    expect(res.status()).toBe(201);
    const { user } = await res.json();
    const plan = await adminApi.post(`/api/admin/users/${user.id}/plan`, { data: { plan: 'basic' } });
    expect(plan.status(), await plan.text()).toBe(200);
    expect(await home(basic.page)).toEqual({ show: false });
    // the page has rendered past the answer: the footer is there, the slots are not
    await expect(basic.page.getByRole('contentinfo')).toBeVisible();
    await expect(basic.page.getByTestId('ad-slots')).toHaveCount(0);
    await expect(basic.page.getByText('Sponsored Content')).toHaveCount(0);
    await basic.context.close();

    const admin = await visitor(browser, 'minimal');
    await admin.page.request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
    expect(await home(admin.page)).toEqual({ show: false });
    await expect(admin.page.getByTestId('ad-slots')).toHaveCount(0);
    await admin.context.close();
    expect((await adminApi.delete(`/api/admin/ads/${(await own.json()).ad.id}`)).status()).toBe(200);
  });

  test("the network's script loads only after Accept All; Essential Only keeps house ads and no script", async ({ browser }) => {
    const save = await adminApi.put('/api/admin/ads/network', {
      data: { enabled: true, clientId: 'ca-pub-1234567890123456', slots: { sponsored: '1111111111', advertisement: '' }, scriptUrl: LOADER },
    });
    expect(save.status(), await save.text()).toBe(200);
    // an ad of its own, so the test does not depend on the first one's
    const own = await adminApi.post('/api/admin/ads', {
      data: { title: 'Network test ad', text: '', linkUrl: 'https://network-test.example/', active: true, weight: 1 },
    });
    expect(own.status()).toBe(201);
    const houseAd = /\/api\/site\/ads\/[0-9a-f-]{36}\/click$/;
    try {
      // Essential Only: house ad, no script
      const minimal = await visitor(browser, 'minimal');
      const ads = await home(minimal.page);
      expect(ads.network.scriptUrl).toBe(`${LOADER}?client=ca-pub-1234567890123456`);
      await expect(minimal.page.getByTestId('ad-slot-sponsored').getByRole('link')).toHaveAttribute('href', houseAd);
      await minimal.page.waitForTimeout(1_000);
      expect(minimal.loaderRequests).toEqual([]);
      expect(await minimal.page.locator('script[data-ad-network]').count()).toBe(0);
      await minimal.context.close();

      // no choice yet: the same, until the visitor accepts
      const v = await visitor(browser, null);
      await home(v.page);
      await expect(v.page.getByTestId('ad-slot-sponsored').getByRole('link')).toHaveAttribute('href', houseAd);
      await v.page.waitForTimeout(1_000);
      expect(v.loaderRequests).toEqual([]);
      await v.page.getByTestId('cookie-banner').getByRole('button', { name: 'Accept All' }).click();
      // the Sponsored Content slot becomes a network unit; the loader is requested once
      await expect(v.page.getByTestId('ad-slot-sponsored').locator('ins.adsbygoogle')).toHaveAttribute('data-ad-slot', '1111111111');
      await expect.poll(() => v.loaderRequests).toEqual([`${LOADER}?client=ca-pub-1234567890123456`]);
      await expect.poll(() => v.page.evaluate(() => (window as unknown as { __adLoaderRan?: boolean }).__adLoaderRan)).toBe(true);
      // the slot was filled (500 ms after mount, once it has a size): the unit's request is queued for the loader
      await expect.poll(() => v.page.evaluate(() => (window as unknown as { adsbygoogle?: unknown[] }).adsbygoogle?.length ?? 0)).toBe(1);
      // the Advertisement slot has no network id: it shows the house ad instead
      await expect(v.page.getByTestId('ad-slot-advertisement').getByRole('link')).toHaveAttribute('href', houseAd);
      const csp = (await v.page.request.get('/')).headers()['content-security-policy'];
      expect(csp).toMatch(/script-src [^;]*http:\/\/127\.0\.0\.1:4999/);
      await v.context.close();
    } finally {
      expect((await adminApi.delete(`/api/admin/ads/${(await own.json()).ad.id}`)).status()).toBe(200);
      const off = await adminApi.put('/api/admin/ads/network', {
        data: { enabled: false, clientId: '', slots: { sponsored: '', advertisement: '' }, scriptUrl: '' },
      });
      expect(off.status()).toBe(200);
    }
  });
});

test.describe('sidebar', () => {
  test('at 1366×900 the Characters Used meter is in view, and More tools (coming) opens from the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
    await registerViaApi(page);
    await page.goto('/tools/ai-content-detector');
    const sidebar = page.getByTestId('sidebar');
    const meter = sidebar.getByTestId('sidebar-meter');
    await expect(meter).toBeVisible();
    const box = (await meter.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    await expect(meter).toBeInViewport();

    const more = sidebar.getByRole('button', { name: 'More tools (coming)' });
    const coming = sidebar.getByTestId('sidebar-coming-tools');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(coming).toBeHidden();
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expect(coming.getByRole('link', { name: /Ad Copy Generator/ })).toBeVisible();
    // the meter stays put while the list grows (the tools list scrolls, not the page)
    await expect(meter).toBeInViewport();
    await page.screenshot({ path: 'test-results/sidebar-desktop.png' });
    await page.keyboard.press('Space');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
  });
});
