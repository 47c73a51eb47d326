import { expect, registerViaApi, test } from './fixtures';

/**
 * SPEC: GET /api/auth/me is skipped on public routes for visitors. A visitor's public pages make no such call; a
 * signed-in browser (told so by the readable hint cookie the server sets beside the httpOnly session) still sees its
 * account menu there, and a stale hint is dropped after one 401.
 */
test('a visitor browses public pages without calling /api/auth/me; a signed-in user still sees the account menu', async ({ page, context }) => {
  // the first visit of each public page renders it on the server (prerendering): slower on a cold, busy machine
  test.setTimeout(60_000);
  const meCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/auth/me') meCalls.push(page.url());
  });
  for (const path of ['/', '/pricing', '/tools/ai-humanizer', '/blog']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  }
  expect(meCalls).toEqual([]);

  // a page behind login asks, and sends the visitor to /login
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(meCalls.length).toBe(1);

  const user = await registerViaApi(page);
  expect((await context.cookies()).some((c) => c.name === 'vt_signed_in' && c.value === '1' && !c.httpOnly)).toBe(true);
  await page.goto('/');
  await expect(page.getByTestId('user-menu-trigger')).toHaveAttribute('aria-label', `Account menu for ${user.username}`);

  // the session ends elsewhere (cookie gone) while the hint stays: one 401, the hint is dropped, then no more calls
  await context.clearCookies({ name: 'vt_session' });
  await page.goto('/pricing');
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'vt_signed_in')).toBe(false);
  const before = meCalls.length;
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  expect(meCalls.length).toBe(before);
});
