import { SIGNED_IN_HINT_COOKIE } from '../src/shared/session-hint';
import { expect, registerViaApi, test } from './fixtures';

/**
 * About 14,000 characters in at most 2,000 words (the Free plan's per-request limit): the fourth
 * such request needs more than what is left of the Free plan's 50,000 monthly characters.
 */
function longText(): string {
  const words = [
    'river',
    'garden',
    'window',
    'morning',
    'letter',
    'market',
    'candle',
    'harbor',
    'meadow',
    'pencil',
    'winter',
    'journey',
    'kitchen',
    'silver',
    'forest',
    'ladder',
  ];
  const out: string[] = [];
  for (let i = 0; i < 1_980; i++) {
    const w = words[(i * 7 + Math.floor(i / 16)) % words.length];
    out.push(i % 12 === 0 ? w[0].toUpperCase() + w.slice(1) : i % 12 === 11 ? `${w}.` : w);
  }
  return out.join(' ');
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('pricing: a visitor sees the plans, the add-on packs and the test-mode note, and is sent to sign up', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();
  await expect(page.getByTestId('test-mode-note')).toContainText('Test mode: no real payments');
  const pro = page.getByTestId('plan-pro');
  await expect(pro).toContainText('$9.99');
  await expect(pro).toContainText('1,000,000 characters a month');
  await expect(pro).toContainText('Unlimited detections');
  await expect(page.getByTestId('plan-free')).toContainText('5 detections a day');
  await expect(page.getByTestId('packs').getByRole('listitem')).toHaveCount(7);
  await expect(page.getByTestId('pack-text_boost_small')).toContainText('$3.49');
  // The image tools are live, so image credits are sold, and only for what they buy.
  await expect(page.getByTestId('pack-image_pack_standard')).toContainText('$4.99');
  await expect(page.getByTestId('pack-image_pack_premium')).toContainText('100 images');
  await expect(page.getByTestId('pack-image_pack_premium')).not.toContainText('higher quality');
  await expect(page.getByTestId('packs')).not.toContainText('On sale once');
  await pro.getByRole('link', { name: 'Get Pro' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.goto('/pricing?checkout=cancelled');
  await expect(page.getByText('Checkout cancelled')).toBeVisible();
});

test('pricing on a server without checkout (provider none) says purchases are not available and offers no button that would fail', async ({
  page,
  baseURL,
}) => {
  // What GET /api/plans answers in production without Stripe and without BILLING_TEST_MODE (tests/api/billing.test.ts),
  // given to the browser's own request: the "signed in" hint makes the server send the empty shell, so the page is
  // rendered from that request rather than from the plans the server rendered it with (this server is in test mode).
  await page.context().addCookies([{ name: SIGNED_IN_HINT_COOKIE, value: '1', url: baseURL! }]);
  await page.route('**/api/plans', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), provider: 'none' } });
  });
  await page.goto('/pricing');
  await expect(page.getByTestId('no-checkout-note')).toContainText('Purchases are not available on this server.');
  await expect(page.getByTestId('test-mode-note')).toHaveCount(0);
  await expect(page.getByTestId('plan-pro')).toContainText('Not available on this server');
  await expect(page.getByTestId('plan-pro').getByRole('link')).toHaveCount(0);
  await expect(page.getByTestId('plan-free').getByRole('link', { name: 'Sign up free' })).toBeVisible();
  await expect(page.getByTestId('packs').getByRole('button')).toHaveCount(0);
  await expect(page.getByText('to upgrade it.')).toHaveCount(0);

  await registerViaApi(page);
  await page.goto('/pricing');
  await expect(page.getByTestId('plan-free')).toContainText('Current plan');
  await expect(page.getByTestId('plan-basic')).toContainText('Not available on this server');
  await expect(page.getByRole('button', { name: /^Upgrade to/ })).toHaveCount(0);
  await expect(page.getByTestId('packs').getByRole('button')).toHaveCount(0);
});

test('an account without a character limit (limit null) is shown as such in the sidebar and on /usage, never as 0', async ({ page }) => {
  await registerViaApi(page);
  // Staff get limit null from both usage calls (tests/api/billing.test.ts); shown here on a plan account.
  await page.route('**/api/user/simplified-usage', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    await route.fulfill({ response: res, json: { data: { ...body.data, characters: { used: 1234, limit: null } } } });
  });
  await page.route('**/api/user/usage?*', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), characters: { used: 1234, limit: null, remaining: null } } });
  });
  await page.goto('/usage');
  await expect(page.getByTestId('sidebar-meter')).toContainText('1,234 characters used this month · no limit');
  await expect(page.getByTestId('usage-characters')).toContainText('No character limit');
  await expect(page.getByTestId('usage-characters')).not.toContainText('/ 0');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('a free user who spends the allowance upgrades to Pro in test mode, and the same request then succeeds', async ({ page }) => {
  test.setTimeout(180_000);
  await registerViaApi(page);
  const text = longText();
  expect(text.length).toBeGreaterThan(10_000);

  // Spend the monthly characters through the API (the summarizer's offline engine is quick);
  // the refused request is then made in the page.
  let status = 0;
  for (let i = 0; i < 8 && status !== 402; i++) {
    const res = await page.request.post('/api/tools/ai-summarizer', { data: { text }, timeout: 60_000 });
    status = res.status();
    expect([200, 402], await res.text()).toContain(status);
  }
  expect(status).toBe(402);

  await page.goto('/tools/ai-summarizer');
  await page.getByLabel('Your text').fill(text);
  await page.getByRole('button', { name: 'Summarize', exact: true }).click();
  const banner = page.getByTestId('quota-banner');
  await expect(banner).toContainText('monthly characters on the Free plan');
  await expect(banner.getByRole('link', { name: 'Buy characters' })).toBeVisible();
  // One message: the banner with its offer, not also the page's 'Summarizer Failed' toast with the same text.
  await page.waitForTimeout(500);
  await expect(page.getByText('monthly characters on the Free plan')).toHaveCount(1);
  await expect(page.getByText(/ Failed$/)).toHaveCount(0);
  await banner.getByRole('link', { name: 'Upgrade', exact: true }).click();

  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByTestId('plan-free')).toContainText('Current plan');
  await page.getByTestId('plan-pro').getByRole('button', { name: 'Upgrade to Pro' }).click();

  // The offline provider's checkout page, served by the server.
  await expect(page.getByText('TEST MODE').first()).toBeVisible();
  await page.getByRole('button', { name: /^Pay/ }).click();

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('subscription-notice')).toHaveText('You have been successfully upgraded to the Pro plan.');
  await expect(page.getByTestId('account-plan')).toHaveText('Pro');
  await expect(page.getByTestId('renewal')).toContainText('Renews on');
  await expect(page.getByTestId('payments')).toContainText('$9.99');

  // The meter now reads the Pro allowance, and the refused request goes through.
  await expect(page.getByTestId('sidebar-meter')).toContainText('/ 1M');
  await page.getByTestId('sidebar').getByRole('link', { name: 'AI Summarizer' }).click();
  await page.getByLabel('Your text').fill(text);
  await page.getByRole('button', { name: 'Summarize', exact: true }).click();
  await expect(page.getByTestId('writing-result')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('quota-banner')).toHaveCount(0);
  await expect(page.getByTestId('word-counter')).toContainText('/ 10,000 words');
});

test('a Pro subscriber cancels and resumes, schedules a downgrade and keeps the plan, and buys a pack', async ({ page }) => {
  test.setTimeout(90_000);
  await registerViaApi(page);
  // Become Pro through the same test checkout (the page flow is covered above).
  const checkout = await page.request.post('/api/billing/checkout', { data: { kind: 'plan', plan: 'pro' } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  expect((await page.request.post(`${url}/pay`)).ok()).toBe(true);

  await page.goto('/account');
  await expect(page.getByTestId('account-plan')).toHaveText('Pro');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your Pro plan?' });
  await dialog.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('renewal')).toContainText('Cancelled: the Pro plan stays active until');
  await page.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(page.getByTestId('renewal')).toContainText('Renews on');

  await page.goto('/pricing');
  await expect(page.getByTestId('plan-pro')).toContainText('Current plan');
  await page.getByTestId('plan-basic').getByRole('button', { name: 'Downgrade to Basic' }).click();
  const confirm = page.getByRole('dialog', { name: 'Switch to the Basic plan?' });
  await expect(confirm).toContainText('3,000 words per request');
  await confirm.getByRole('button', { name: 'Switch to Basic' }).click();
  await expect(page.getByTestId('plan-basic')).toContainText('Starts on');
  await page.getByTestId('plan-pro').getByRole('button', { name: 'Keep Pro' }).click();
  await expect(page.getByTestId('plan-pro').getByRole('button', { name: 'Current plan' })).toBeDisabled();

  await page.getByTestId('pack-text_boost_small').getByRole('button', { name: 'Buy Text Boost Small' }).click();
  await expect(page.getByText('TEST MODE').first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay $3.49' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('subscription-notice')).toHaveText('Text Boost Small added to your account: 300,000 extra characters.');
  await expect(page.getByTestId('sidebar-meter')).toContainText('+ 300K pack characters');
  await expect(page.getByTestId('payments').getByRole('row')).toHaveCount(3);
});

test("a free user's sixth detection of the day shows the daily limit with an upgrade offer", async ({ page }) => {
  await registerViaApi(page);
  const text = 'The committee met on Tuesday to review the budget and agreed to postpone the vote until the next session. '.repeat(3).trim();
  for (let i = 0; i < 5; i++) {
    const res = await page.request.post('/api/tools/content-detector', { data: { text } });
    expect(res.status(), await res.text()).toBe(200);
  }
  await page.goto('/tools/ai-content-detector');
  await page.getByLabel('Text to analyze').fill(text);
  await page.getByRole('button', { name: 'Detect AI' }).click();
  const banner = page.getByTestId('quota-banner');
  await expect(banner).toContainText('You have used all 5 detections for today on the Free plan.');
  // One message, not also the 'Detection Limit Reached' toast with the same text.
  await page.waitForTimeout(500);
  await expect(page.getByText('You have used all 5 detections for today')).toHaveCount(1);
  await expect(banner.getByRole('link', { name: 'Upgrade', exact: true })).toHaveAttribute('href', '/pricing');
  // characters are not what ran out, so no pack is offered
  await expect(banner.getByRole('link', { name: 'Buy characters' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Detect AI' })).toBeDisabled();
});

test('a plan change made away from checkout (webhook, renewal, a downgrade taking effect) shows the subscription-update notice once', async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/dashboard');
  await expect(page.getByTestId('sidebar-meter')).toContainText('/ 50K');
  // The purchase is applied by the server while the user is elsewhere (as Stripe's webhook does).
  const checkout = await page.request.post('/api/billing/checkout', { data: { kind: 'plan', plan: 'pro' } });
  const { url } = (await checkout.json()) as { url: string };
  expect((await page.request.post(`${url}/pay`)).ok()).toBe(true);
  await page.goto('/usage');
  await expect(page.getByText('You have been successfully upgraded to the Pro plan.')).toBeVisible();
  // Once: the next page does not repeat it.
  await page.goto('/dashboard');
  await expect(page.getByTestId('sidebar-meter')).toContainText('/ 1M');
  await expect(page.getByText('You have been successfully upgraded to the Pro plan.')).toHaveCount(0);
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Upgrade to Agency' })).toBeVisible();

  // A scheduled downgrade takes effect at the end of the period (tests/api/billing.test.ts moves the
  // period end); here the usage call reports the plan it leads to.
  await page.route('**/api/user/simplified-usage', async (route) => {
    const res = await route.fetch();
    const body = await res.json();
    await route.fulfill({ response: res, json: { data: { ...body.data, plan: 'basic' } } });
  });
  await page.goto('/usage');
  await expect(page.getByText('Your plan has been changed to Basic.')).toBeVisible();
  // The upgrade box follows the plan the usage call reports, with its label.
  const box = page.getByTestId('sidebar').getByRole('region', { name: 'Your plan' });
  await expect(box).toContainText('Basic Plan');
  await expect(box.getByTestId('upgrade-text')).toContainText('Go Pro for unlimited detections');
  await expect(box.getByRole('link', { name: 'Upgrade to Pro' })).toBeVisible();
  // the notice refreshes the account queries; requests still in flight are not this test's concern
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('back from checkout before the provider confirmed, /account says the payment is being applied, then names the plan', async ({ page }) => {
  await registerViaApi(page);
  const checkout = await page.request.post('/api/billing/checkout', { data: { kind: 'plan', plan: 'pro' } });
  const { url } = (await checkout.json()) as { url: string };
  // As with Stripe when the browser returns before the webhook: the subscription still shows Free.
  await page.route('**/api/billing/subscription', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, json: { ...(await res.json()), plan: 'free', planName: 'Free' } });
  });
  expect((await page.request.post(`${url}/pay`)).ok()).toBe(true);
  await page.goto('/account?checkout=success&plan=pro');
  await expect(page.getByTestId('subscription-notice')).toHaveText('Payment received: your plan is being updated, which can take a few seconds.');
  // The webhook arrives; the page checks again by itself.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await expect(page.getByTestId('subscription-notice')).toHaveText('You have been successfully upgraded to the Pro plan.', { timeout: 10_000 });
});
