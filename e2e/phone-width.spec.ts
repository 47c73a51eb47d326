import type { Page } from '@playwright/test';
import { ADMIN_EXTRA_PAGES, ADMIN_NAV } from '../src/client/pages/admin/nav';
import { TOOLS } from '../src/shared/catalogue';
import { expect, registerViaApi, test } from './fixtures';
import { useStaffServer } from './staff-server';

/**
 * No page is wider than a phone: at 320 px (the narrowest phone in use) a page that scrolls sideways hides part of
 * every line. What this found when it was written: a long MIME type in the API reference, a résumé form sized by its
 * widest field, the home page's figures, date inputs in the audit filters, and the screen-reader labels of table
 * cells, which escaped their scroll container and widened the admin pages by up to 700 px.
 */
const PUBLIC = [
  ...['/', '/tools', '/pricing', '/blog', '/about', '/contact', '/faq', '/privacy', '/terms', '/disclaimer', '/refund-policy', '/cookies-policy', '/advertise'],
  ...TOOLS.filter((t) => t.live).map((t) => `/tools/${t.slug}`),
  ...['/tools/ai-detection', '/tools/writing-editing', '/gptzero-alternative', '/blog/how-ai-text-detection-works-and-where-it-fails'],
  ...['/login', '/register', '/forgot-password', '/developers', '/search?q=detector', '/tools/coming-soon', '/no-such-page'],
];
const USER = ['/dashboard', '/account', '/history', '/usage', '/invoices', '/api-keys', '/batch', '/reports', '/settings', '/refund', '/support'];

/** How far the page scrolls sideways, and what sticks out (elements and text outside any clipping box). */
async function overflowOf(page: Page): Promise<{ over: number; what: string[] }> {
  return page.evaluate(() => {
    const w = window.innerWidth;
    const over = document.documentElement.scrollWidth - w;
    const what: string[] = [];
    if (over <= 1) return { over, what };
    const clipped = (n: Node) => {
      for (let a = n.parentElement; a && a !== document.body; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    const describe = (e: Element) => `<${e.tagName.toLowerCase()} class="${(e.getAttribute('class') ?? '').slice(0, 60)}">`;
    for (const e of Array.from(document.querySelectorAll('body *'))) {
      if (e.getBoundingClientRect().right > w + 1 && (!clipped(e) || getComputedStyle(e).position === 'absolute')) what.push(describe(e));
      if (what.length >= 5) break;
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n && what.length < 8; n = walker.nextNode()) {
      const r = document.createRange();
      r.selectNodeContents(n);
      if (r.getBoundingClientRect().right > w + 1 && !clipped(n)) what.push(`text "${(n.textContent ?? '').slice(0, 40)}" in ${describe(n.parentElement!)}`);
    }
    return { over, what };
  });
}

async function expectNoSideways(page: Page, paths: string[], settleMs: number) {
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
    // pages of signed-in users draw their data after the first paint; a page that polls never goes quiet, so the
    // wait is bounded
    if (settleMs) await page.waitForLoadState('networkidle', { timeout: settleMs }).catch(() => {});
    const { over, what } = await overflowOf(page);
    if (over > 1) wide.push(`${path}: ${over} px wider than the screen\n    ${what.join('\n    ')}`);
  }
  expect(wide.join('\n')).toBe('');
}

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 720 } });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
  });

  test('no public page scrolls sideways', async ({ page }) => {
    test.setTimeout(120_000);
    await expectNoSideways(page, PUBLIC, 0);
  });

  test("no signed-in user's page scrolls sideways", async ({ page }) => {
    test.setTimeout(60_000);
    await registerViaApi(page);
    await expectNoSideways(page, USER, 2000);
  });
});

test.describe('administration at 320 px', () => {
  const root = useStaffServer({ name: 'phone', role: 'super_admin', portOffset: 90 });
  test.use({ viewport: { width: 320, height: 720 } });

  test('no admin page scrolls sideways', async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
    const res = await page.request.post('/api/auth/login', { data: { email: root.email, password: root.password } });
    expect(res.status(), await res.text()).toBe(200);
    await expectNoSideways(
      page,
      [...ADMIN_NAV.flatMap((g) => g.items), ...ADMIN_EXTRA_PAGES].map((i) => i.path),
      2000,
    );
  });
});
