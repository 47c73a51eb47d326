import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, registerViaApi, test } from './fixtures';

/**
 * The web side of the device adapter (src/client/lib/native): what every browser user gets, and what the app falls
 * back to. The native side needs a phone (tests/unit/native-adapter.test.ts mocks the plugins). The adapter is on
 * window.__veritextNative in automated browsers (navigator.webdriver); the UI tests click the real buttons.
 */
const AI_TEXT = readFileSync(fileURLToPath(new URL('./samples/heldout-default.txt', import.meta.url)), 'utf8').trim();
const PHONE = { width: 390, height: 844 };
const SHOTS = fileURLToPath(new URL('../.tmp/screens/', import.meta.url));
mkdirSync(SHOTS, { recursive: true });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

async function openAdapter(page: Page) {
  await page.goto('/about');
  await page.waitForFunction(() => window.__veritextNative !== undefined);
  expect(await page.evaluate(() => window.__veritextNative!.isNative())).toBe(false);
}

/** No share sheet (desktop Chromium on Linux has none; made certain here). */
const noShareSheet = (page: Page) =>
  page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });

/** A share sheet that records what it was given. */
const recordingShareSheet = (page: Page) =>
  page.addInitScript(() => {
    const shared: ShareData[] = [];
    (window as unknown as { __shared: ShareData[] }).__shared = shared;
    Object.defineProperty(Navigator.prototype, 'share', {
      value: async (data: ShareData) => {
        shared.push(data);
      },
      configurable: true,
    });
    Object.defineProperty(Navigator.prototype, 'canShare', { value: () => true, configurable: true });
  });

test.describe('share', () => {
  test('navigator.share when the browser has it; a cancelled sheet is "cancelled"', async ({ page }) => {
    await recordingShareSheet(page);
    await openAdapter(page);
    expect(await page.evaluate(() => window.__veritextNative!.share({ title: 'Report', url: 'https://v.example/r/1' }))).toBe('shared');
    expect(await page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared)).toEqual([{ title: 'Report', url: 'https://v.example/r/1' }]);
    await page.evaluate(() => {
      Object.defineProperty(Navigator.prototype, 'share', {
        value: () => Promise.reject(new DOMException('Share canceled', 'AbortError')),
        configurable: true,
      });
    });
    expect(await page.evaluate(() => window.__veritextNative!.share({ url: 'https://v.example/r/1' }))).toBe('cancelled');
  });

  test('without a share sheet the text and link go to the clipboard', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await noShareSheet(page);
    await openAdapter(page);
    expect(await page.evaluate(() => window.__veritextNative!.share({ title: 'T', text: 'Verdict: Human', url: 'https://v.example/x' }))).toBe('copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Verdict: Human\nhttps://v.example/x');
  });
});

test.describe('notifications', () => {
  const recordNotifications = (page: Page) =>
    page.addInitScript(() => {
      const shown: { title: string; body?: string; at: number }[] = [];
      (window as unknown as { __shown: typeof shown }).__shown = shown;
      const Real = window.Notification;
      class Recording extends Real {
        constructor(title: string, options?: NotificationOptions) {
          super(title, options);
          shown.push({ title, body: options?.body, at: Date.now() });
        }
      }
      window.Notification = Recording as typeof Notification;
      // once the service worker controls the page (it may take control during the test), notifications go through it
      const show = ServiceWorkerRegistration.prototype.showNotification;
      ServiceWorkerRegistration.prototype.showNotification = function (title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body, at: Date.now() });
        return show.call(this, title, options);
      };
    });
  const shown = (page: Page) => page.evaluate(() => (window as unknown as { __shown: { title: string; body?: string; at: number }[] }).__shown);

  test('shown now, and later at a scheduled time, once allowed', async ({ page, context }) => {
    await context.grantPermissions(['notifications']);
    await recordNotifications(page);
    await openAdapter(page);
    expect(await page.evaluate(() => window.__veritextNative!.requestNotificationPermission())).toBe(true);
    expect(await page.evaluate(() => window.__veritextNative!.notify({ title: 'Batch done', body: '3 files checked', id: 1 }))).toBe(true);
    // the defaults: the product name and 'New notification'
    expect(await page.evaluate(() => window.__veritextNative!.notify({ id: 2 }))).toBe(true);
    expect((await shown(page)).map(({ title, body }) => ({ title, body }))).toEqual([
      { title: 'Batch done', body: '3 files checked' },
      { title: 'Veritext', body: 'New notification' },
    ]);
    const scheduledAt = await page.evaluate(async () => {
      const at = new Date(Date.now() + 800);
      await window.__veritextNative!.notify({ title: 'Reminder', id: 3, at });
      return at.getTime();
    });
    expect((await shown(page)).length).toBe(2);
    await expect.poll(async () => (await shown(page)).length).toBe(3);
    expect((await shown(page))[2].title).toBe('Reminder');
    expect((await shown(page))[2].at).toBeGreaterThanOrEqual(scheduledAt - 50);
  });

  test('not allowed: false, nothing shown', async ({ page }) => {
    await recordNotifications(page);
    await openAdapter(page);
    expect(await page.evaluate(() => window.__veritextNative!.notify({ title: 'x' }))).toBe(false);
    expect(await shown(page)).toEqual([]);
  });
});

test.describe('web push', () => {
  // a VAPID public key: 65 bytes, base64url without padding
  const KEY_BYTES = Array.from({ length: 65 }, (_, i) => (i * 7 + 4) % 256);
  const PUBLIC_KEY = Buffer.from(KEY_BYTES).toString('base64url');

  /** PushManager.subscribe stubbed (no push service here); a service worker stand-in only if none is registered. */
  const stubPush = (page: Page) =>
    page.addInitScript(() => {
      const w = window as unknown as { __subscribed?: { userVisibleOnly?: boolean; key: number[] } };
      const subscription = {
        endpoint: 'https://push.example.test/send/abc',
        toJSON: () => ({ endpoint: 'https://push.example.test/send/abc', keys: { p256dh: 'BPp256dh-key', auth: 'auth-secret' } }),
      };
      PushManager.prototype.getSubscription = async () => null;
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        w.__subscribed = { userVisibleOnly: options?.userVisibleOnly, key: Array.from(new Uint8Array(options!.applicationServerKey as ArrayBuffer)) };
        return subscription as unknown as PushSubscription;
      };
      const real = Object.getOwnPropertyDescriptor(ServiceWorkerContainer.prototype, 'ready')!;
      const standIn = { pushManager: Object.create(PushManager.prototype) as PushManager };
      Object.defineProperty(ServiceWorkerContainer.prototype, 'ready', {
        configurable: true,
        get(this: ServiceWorkerContainer) {
          return this.getRegistration().then((r) => (r ? (real.get!.call(this) as Promise<ServiceWorkerRegistration>) : standIn));
        },
      });
    });

  test('subscribes with the server key and sends the subscription', async ({ page, context }) => {
    await context.grantPermissions(['notifications']);
    await stubPush(page);
    const posted: unknown[] = [];
    await page.route('**/api/push/public-key', (route) => route.fulfill({ json: { publicKey: PUBLIC_KEY } }));
    await page.route('**/api/push/subscriptions', (route) => {
      posted.push(route.request().postDataJSON());
      return route.fulfill({ status: 201, json: { ok: true } });
    });
    await openAdapter(page);
    expect(await page.evaluate(() => window.__veritextNative!.registerPush())).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __subscribed: unknown }).__subscribed)).toEqual({ userVisibleOnly: true, key: KEY_BYTES });
    expect(posted).toEqual([{ endpoint: 'https://push.example.test/send/abc', keys: { p256dh: 'BPp256dh-key', auth: 'auth-secret' } }]);
  });

  test('permission refused, or the server refusing: false', async ({ page, context }) => {
    await stubPush(page);
    let posts = 0;
    await page.route('**/api/push/public-key', (route) => route.fulfill({ json: { publicKey: PUBLIC_KEY } }));
    await page.route('**/api/push/subscriptions', (route) => {
      posts++;
      // a 4xx: the test fixture fails on the console line Chromium writes for a 5xx
      return route.fulfill({ status: 400, json: { error: { code: 'validation_error', message: 'Invalid subscription' } } });
    });
    await openAdapter(page);
    expect(await page.evaluate(() => window.__veritextNative!.registerPush())).toBe(false);
    expect(posts).toBe(0);
    await context.grantPermissions(['notifications']);
    expect(await page.evaluate(() => window.__veritextNative!.registerPush())).toBe(false);
    expect(posts).toBe(1);
  });
});

test.describe('files, camera and gallery', () => {
  test('save is a download; read is the file the user picks', async ({ page }) => {
    await openAdapter(page);
    const download = page.waitForEvent('download');
    expect(await page.evaluate(() => window.__veritextNative!.saveFile('notes.txt', 'héllo\nworld'))).toBe(true);
    const file = await download;
    expect(file.suggestedFilename()).toBe('notes.txt');
    expect(readFileSync(await file.path()).toString('utf8')).toBe('héllo\nworld');

    const chooser = page.waitForEvent('filechooser');
    const text = page.evaluate(() => window.__veritextNative!.readFile({ accept: '.txt' }));
    const picked = await chooser;
    expect(await picked.element().getAttribute('accept')).toBe('.txt');
    await picked.setFiles({ name: 'draft.txt', mimeType: 'text/plain', buffer: Buffer.from('a draft, read back') });
    expect(await text).toBe('a draft, read back');
  });

  test('camera asks for the rear camera, gallery does not; both give the File', async ({ page }) => {
    await openAdapter(page);
    for (const [fn, capture] of [
      ['takePhoto', 'environment'],
      ['pickImage', null],
    ] as const) {
      const chooser = page.waitForEvent('filechooser');
      const result = page.evaluate(async (name) => {
        const f = await window.__veritextNative![name]();
        return f && { name: f.name, type: f.type, size: f.size };
      }, fn);
      const picked = await chooser;
      expect(await picked.element().getAttribute('capture')).toBe(capture);
      expect(await picked.element().getAttribute('accept')).toBe('image/*');
      await picked.setFiles({ name: `${fn}.png`, mimeType: 'image/png', buffer: Buffer.alloc(120, 1) });
      expect(await result).toEqual({ name: `${fn}.png`, type: 'image/png', size: 120 });
    }
  });
});

test.describe('in the UI, on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('detector result: Share copies when there is no share sheet; report: PDF saved as a download, link shared', async ({ page, context }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await noShareSheet(page);
    await registerViaApi(page);
    await page.goto('/tools/ai-content-detector');
    await page.getByLabel('Text to analyze').fill(AI_TEXT);
    await page.getByRole('button', { name: 'Detect AI' }).click();
    const result = page.getByTestId('detector-result');
    await expect(result).toBeVisible({ timeout: 30_000 });
    await result.getByTestId('share-result').click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied to clipboard' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^Verdict: /);
    expect(copied).toContain('/tools/ai-content-detector');
    await result.getByTestId('share-result').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}detector-share-phone.png` });

    await result.getByTestId('save-report').click();
    await result.getByTestId('report-saved').click();
    await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
    const download = page.waitForEvent('download');
    await page.getByTestId('download-pdf').click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    await page.screenshot({ path: `${SHOTS}report-phone.png` });

    // the link, through a share sheet this time
    await page.evaluate(() => {
      const shared: ShareData[] = [];
      (window as unknown as { __shared: ShareData[] }).__shared = shared;
      Object.defineProperty(Navigator.prototype, 'share', { value: async (d: ShareData) => void shared.push(d), configurable: true });
    });
    await page.getByTestId('share-report').click();
    await page.getByTestId('create-share-link').click();
    const url = await page.getByTestId('share-link').getByRole('textbox').inputValue();
    await page.screenshot({ path: `${SHOTS}report-share-dialog-phone.png` });
    await page.getByTestId('share-link-native').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared)).toEqual([{ title: expect.any(String), url }]);
  });

  test('deepfake check: Take a photo opens the camera chooser and checks what it returns', async ({ page }) => {
    await page.goto('/tools/deepfake-detector');
    const camera = page.getByTestId('deepfake-camera');
    await expect(camera).toBeVisible();
    await page.screenshot({ path: `${SHOTS}deepfake-phone.png` });
    const chooser = page.waitForEvent('filechooser');
    await camera.click();
    const picked = await chooser;
    expect(await picked.element().getAttribute('capture')).toBe('environment');
    await picked.setFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('This is a text file, not a photo.\n'.repeat(10)) });
    // it reached the check: the server names the formats it takes
    await expect(page.getByTestId('deepfake-error')).toContainText(/JPEG, PNG, WebP, HEIC or AVIF/);
  });
});
