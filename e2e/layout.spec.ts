import { expect, registerViaApi, test } from './fixtures';

test.describe('cookie consent banner', () => {
  for (const [button, stored] of [
    ['Accept All', 'true'],
    ['Essential Only', 'minimal'],
  ] as const) {
    test(`${button} stores ${stored}`, async ({ page }) => {
      await page.goto('/about');
      const banner = page.getByTestId('cookie-banner');
      await expect(banner).toBeVisible();
      await banner.getByRole('button', { name: button }).click();
      await expect(banner).toBeHidden();
      expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBe(stored);
      await page.reload();
      await page.waitForTimeout(1500);
      await expect(banner).toBeHidden();
    });
  }

  test('close hides it without storing a choice', async ({ page }) => {
    await page.goto('/about');
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Close' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookieConsent'))).toBeNull();
    await page.reload();
    await expect(banner).toBeVisible();
  });
});

test('the bottom bar on a phone hides when scrolling down and returns on scroll up', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await registerViaApi(page);
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
  await page.goto('/tools');
  const bar = page.getByTestId('bottom-bar');
  await expect(bar).toBeInViewport();
  for (const label of ['Home', 'Tools', 'Usage', 'Pricing', 'Account']) await expect(bar.getByRole('link', { name: label })).toBeVisible();

  await page.mouse.wheel(0, 400);
  await expect(bar).not.toBeInViewport();
  await page.mouse.wheel(0, -200);
  await expect(bar).toBeInViewport();
});
