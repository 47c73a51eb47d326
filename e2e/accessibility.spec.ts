import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, registerViaApi, test } from './fixtures';

/**
 * axe-core (the engine behind Lighthouse's accessibility audit) finds no violation on the pages where a sweep of every
 * page once found one: text too faint on a tinted card or a disabled drop zone, code samples that scroll but cannot
 * be reached by keyboard, account-menu buttons whose visible words were not in their accessible name (for speech
 * input). The administrator's role banner, once outside any landmark, is checked by admin-menu.spec.ts. Lighthouse
 * covers home, detector and pricing.
 */
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

// the page's Content-Security-Policy would refuse the injected script
test.use({ bypassCSP: true });

/** axe's findings on the page as it is now, one line each. */
async function axeFindings(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: { id: string; help: string; nodes: { html: string }[] }[] }> } })
      .axe;
    const r = await axe.run(document);
    return r.violations.map((x) => `${x.id}: ${x.help} (${x.nodes.length}), e.g. ${x.nodes[0]?.html.slice(0, 140)}`);
  });
}

async function violations(page: Page, paths: string[]): Promise<string> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    // every page has its h1 once drawn (a first admin page loads its chunk and the caller's role first); then its data
    await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
    await page.waitForLoadState('networkidle', { timeout: 2000 }).catch(() => {});
    const v = await axeFindings(page);
    if (v.length) found.push(`${path}\n    ${v.join('\n    ')}`);
  }
  return found.join('\n');
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('public pages have no axe violations', async ({ page }) => {
  test.setTimeout(60_000);
  expect(await violations(page, ['/contact', '/advertise', '/tools/speech-to-text', '/tools/resume-writer', '/developers'])).toBe('');
});

test("a signed-in user's pages have no axe violations", async ({ page }) => {
  test.setTimeout(60_000);
  await registerViaApi(page);
  expect(await violations(page, ['/dashboard', '/batch'])).toBe('');
});

test('tool results have no axe violations (the score colours of sentences and detector readings once were too faint)', async ({ page }) => {
  test.setTimeout(60_000);
  await registerViaApi(page);
  const text =
    "In today's fast-paced world, it is important to note that remote work plays a pivotal role in how teams collaborate. " +
    'Moreover, organizations must leverage robust tools in order to foster seamless communication across teams. ' +
    'We drove up to the lake on Friday, later than planned, because Sam forgot the tent poles and we had to turn back. ' +
    'In conclusion, companies that utilize these strategies will navigate the complexities of hybrid work more effectively.';
  const found: string[] = [];
  for (const [path, field, button, result] of [
    ['/tools/ai-content-detector', 'Text to analyze', 'Detect AI', 'detector-result'],
    ['/tools/ai-humanizer', 'Your text', 'Humanize', 'writing-result'],
  ] as const) {
    await page.goto(path);
    await page.getByLabel(field).fill(text);
    await page.getByRole('button', { name: button, exact: true }).click();
    await expect(page.getByTestId(result)).toBeVisible({ timeout: 30_000 });
    const v = await axeFindings(page);
    if (v.length) found.push(`${path} (result)\n    ${v.join('\n    ')}`);
  }
  expect(found.join('\n')).toBe('');
});
