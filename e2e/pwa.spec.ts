import { test as base, type Page } from '@playwright/test';
import { newSubscriber, startPushEndpoint, verifyVapid, type PushEndpoint } from '../tests/helpers/push-endpoint';
import { expect, registerViaApi, test, uniqueUser } from './fixtures';
import { useStaffServer } from './staff-server';

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(buf: Buffer): string {
  return `${buf.readUInt32BE(16)}x${buf.readUInt32BE(20)}`;
}

/** Wait until the service worker is active and controls this page (it claims open pages when it activates). */
async function serviceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
}

test('the web app manifest is installable: fields, icons of their declared sizes, screenshots', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const m = await res.json();
  expect(m).toMatchObject({
    name: expect.stringContaining('Veritext'),
    short_name: 'Veritext',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#4f46e5',
    background_color: '#ffffff',
    share_target: { action: '/share-target', method: 'POST', enctype: 'multipart/form-data' },
  });
  expect(m.share_target.params).toMatchObject({ title: 'title', text: 'text', url: 'url' });
  // Chrome installs with a 192 and a 512 icon; a maskable one keeps Android launchers from shrinking it
  expect(m.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of m.icons as { src: string; sizes: string; type: string }[]) {
    const r = await request.get(icon.src);
    expect(r.status(), icon.src).toBe(200);
    expect(r.headers()['content-type']).toBe(icon.type);
    expect(pngSize(await r.body())).toBe(icon.sizes);
  }
  expect(m.screenshots.map((s: { form_factor: string; sizes: string }) => `${s.form_factor} ${s.sizes}`)).toEqual(['narrow 390x844', 'wide 1366x768']);
  for (const shot of m.screenshots as { src: string }[]) {
    const r = await request.get(shot.src);
    expect(r.status(), shot.src).toBe(200);
    expect((await r.body()).length).toBeLessThan(150 * 1024);
  }
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');
});

// Offline, the browser logs each failed request (the app's API calls) as a console error: those are expected here,
// anything else still fails the test.
base('offline: a visited public page still reads, a tool page says it needs the server', async ({ page, context }) => {
  base.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch|NetworkError/.test(msg.text())) errors.push(msg.text());
  });
  await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'essential'));
  await page.goto('/');
  await serviceWorkerControls(page);
  // visited while the worker controls the page: its HTML is kept
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText('Detect AI-written');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Detect AI-written');
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/tools/ai-content-detector');
  await expect(page.getByRole('heading', { name: 'This tool needs a connection' })).toBeVisible();
  await expect(page.getByText('Veritext tools run on this server, so they need a connection to it.')).toBeVisible();
  await page.screenshot({ path: '.tmp/shots/offline-desktop.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '.tmp/shots/offline-phone.png' });

  // a page never visited (and private pages, never kept) gets the general notice
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/(login|account)/);
  expect(errors).toEqual([]);
});

test('the share target opens the detector with the shared text, then forgets it', async ({ page }) => {
  await page.goto('/');
  const text = 'Shared from another app: this paragraph should land in the detector, with its ünïcödé & symbols + all.';
  // the OS share sheet posts a multipart form to the manifest's action, as this form does
  await page.evaluate((t) => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = '/share-target';
    form.enctype = 'multipart/form-data';
    for (const [name, value] of [
      ['title', ''],
      ['text', t],
    ]) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name!;
      input.value = value!;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
  }, text);
  await expect(page).toHaveURL(/\/tools\/ai-content-detector$/);
  await expect(page.getByLabel('Text to analyze')).toHaveValue(text);
  expect(new URL(page.url()).hash).toBe('');

  // a shared file goes through the upload extractor
  await page.goto('/');
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = '/share-target';
    form.enctype = 'multipart/form-data';
    form.innerHTML = '<input type="file" name="file" id="shared-file">';
    document.body.append(form);
  });
  await page.setInputFiles('#shared-file', { name: 'essay.txt', mimeType: 'text/plain', buffer: Buffer.from('A text file shared with the app.') });
  await page.evaluate(() => (document.querySelector('#shared-file')!.closest('form') as HTMLFormElement).submit());
  await expect(page.getByLabel('Text to analyze')).toHaveValue('A text file shared with the app.');

  // something it cannot read: a friendly message on the detector page
  await page.goto('/');
  await page.goto('/tools/ai-content-detector#share-error=Nothing%20was%20shared');
  await expect(page.getByRole('status').filter({ hasText: 'The shared item could not be used: Nothing was shared' })).toBeVisible();
});

test.describe('push notifications', () => {
  const serverPort = Number(process.env.E2E_PORT ?? 3456) - 1000;
  const pushPort = serverPort + 10;
  const pushOrigin = `http://127.0.0.1:${pushPort}`;
  // its own server, allowed to send to the local push service (PUSH_EXTRA_ORIGINS)
  useStaffServer({ name: 'pwa-push', role: 'support', portOffset: -1000, env: { PUSH_EXTRA_ORIGINS: pushOrigin } });
  let push: PushEndpoint;
  test.beforeAll(async () => {
    push = await startPushEndpoint(pushPort);
  });
  test.afterAll(async () => {
    await push?.close();
  });

  test('the account switch subscribes this browser; a password change arrives as an encrypted push', async ({ page, context }) => {
    test.setTimeout(60_000);
    const user = uniqueUser('push');
    const subscriber = newSubscriber(`${pushOrigin}/send/${user.username}`);
    await context.grantPermissions(['notifications']);
    // Chromium here has no push service to reach: subscribe() answers a subscription at the local push service,
    // with keys whose private half this test holds
    await page.addInitScript((sub) => {
      let current: unknown = null;
      const make = () => ({
        endpoint: sub.endpoint,
        expirationTime: null,
        options: { applicationServerKey: null, userVisibleOnly: true },
        toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      });
      PushManager.prototype.subscribe = async function () {
        current = make();
        return current as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return current as PushSubscription | null;
      };
      window.localStorage.setItem('cookieConsent', 'essential');
    }, subscriber.subscription);

    await registerViaApi(page, user);
    await page.goto('/');
    await serviceWorkerControls(page);
    await page.goto('/account');
    const toggle = page.getByRole('switch', { name: 'Notify me on this device' });
    await expect(toggle).toBeEnabled();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('Notifications are on').first()).toBeVisible();
    await page.locator('#notifications').scrollIntoViewIfNeeded();
    await page.locator('#notifications').screenshot({ path: '.tmp/shots/push-toggle-desktop.png' });

    // a real server event: the password changes
    const res = await page.request.post('/api/user/password', { data: { currentPassword: user.password, newPassword: 'another-horse-2' } });
    expect(res.status(), await res.text()).toBe(200);
    await expect.poll(() => push.requests.length, { timeout: 10_000 }).toBe(1);
    const msg = push.requests[0]!;
    expect(msg.path).toBe(`/send/${user.username}`);
    expect(msg.headers['content-encoding']).toBe('aes128gcm');
    verifyVapid(String(msg.headers.authorization), pushOrigin);
    expect(JSON.parse(subscriber.decrypt(msg.body))).toMatchObject({ title: 'Your password was changed', route: '/forgot-password' });

    // off again: the server forgets this browser, and nothing more is sent to it
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText('Notifications are off').first()).toBeVisible();
    const again = await page.request.post('/api/user/password', { data: { currentPassword: 'another-horse-2', newPassword: 'third-horse-3' } });
    expect(again.status()).toBe(200);
    expect(push.requests).toHaveLength(1);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#notifications').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '.tmp/shots/push-toggle-phone.png' });
  });

  test('a browser that blocked notifications is told how to allow them', async ({ page, context }) => {
    await context.clearPermissions();
    await page.addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
      window.localStorage.setItem('cookieConsent', 'essential');
    });
    await registerViaApi(page);
    await page.goto('/');
    await serviceWorkerControls(page);
    await page.goto('/account');
    await expect(page.getByText('Notifications are blocked for this site.')).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Notify me on this device' })).toBeDisabled();
  });
});
