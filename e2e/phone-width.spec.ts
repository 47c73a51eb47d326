import type { Page } from '@playwright/test';
import { TOOLS } from '../src/shared/catalogue';
import { expect, registerViaApi, test } from './fixtures';
import { overflowOf } from './overflow';

/**
 * No page is wider than a phone: at 320 px (the narrowest phone in use) a page that scrolls sideways hides part of
 * every line. What this found when it was written: a long MIME type in the API reference, a résumé form sized by its
 * widest field, the home page's figures, date inputs in the audit filters, and the screen-reader labels of table
 * cells, which escaped their scroll container and widened the admin pages by up to 700 px. The admin pages are read at
 * 320 px by admin-menu.spec.ts, which visits each of them anyway.
 */
const PUBLIC = [
  ...['/', '/tools', '/pricing', '/blog', '/about', '/contact', '/faq', '/privacy', '/terms', '/disclaimer', '/refund-policy', '/cookies-policy', '/advertise'],
  ...TOOLS.filter((t) => t.live).map((t) => `/tools/${t.slug}`),
  ...['/tools/ai-detection', '/tools/writing-editing', '/gptzero-alternative', '/blog/how-ai-text-detection-works-and-where-it-fails'],
  ...['/login', '/register', '/forgot-password', '/developers', '/search?q=detector', '/tools/coming-soon', '/no-such-page'],
];
const USER = ['/dashboard', '/account', '/history', '/usage', '/invoices', '/api-keys', '/batch', '/reports', '/settings', '/refund', '/support'];

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
