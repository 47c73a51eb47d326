import { expect, test } from '@playwright/test';

test('an unknown path answers a real 404 with the app’s not-found page; known pages answer 200', async ({ page, request }) => {
  for (const path of ['/no-such-page', '/tools/no-such-tool', '/blog/no-such-post', '/vs-nobody-com']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
  for (const path of ['/', '/pricing', '/tools/ai-humanizer', '/tools/ai-detection', '/gptzero-alternative', '/blog', '/dashboard']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByText('404 Page Not Found')).toBeVisible({ timeout: 15_000 });
});
