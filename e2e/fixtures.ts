import { test as base, expect, type Page } from '@playwright/test';

let counter = 0;
export function uniqueUser(prefix = 'user') {
  const id = `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;
  return { username: id, email: `${id}@example.test`, password: 'correct-horse-1' };
}

/** Registers through the API (fast) and leaves the browser context logged in. */
export async function registerViaApi(page: Page, user = uniqueUser()) {
  const res = await page.request.post('/api/auth/register', { data: user });
  expect(res.status(), await res.text()).toBe(201);
  return user;
}

export async function loginViaUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  // also for pages of a second browser context, whose goto the fixture below does not wrap: /login is prerendered,
  // and a click before it hydrates is lost (seen on a slow CI host)
  await waitForHydration(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Waits until the page's markup is React's (at once for a page rendered in the browser). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true' || !document.getElementById('vt-ssr-data'), undefined, {
    timeout: 15_000,
  });
}

/** Any console error or uncaught page error fails the test: silent breakage is still breakage. */
export const test = base.extend<{ failOnConsoleError: void }>({
  // A visitor's public page arrives server-rendered and hydrates as its chunks arrive: page.goto returns once the page
  // is React's (<html data-hydrated>, src/client/lib/hydration.ts), as a click on not-yet-hydrated markup is lost.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const res = await goto(url, options);
      await waitForHydration(page);
      return res;
    };
    await use(page);
  },
  failOnConsoleError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      page.on('console', (msg) => {
        // The browser logs expected 4xx responses (e.g. the 401 of /api/auth/me when logged out).
        if (msg.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text())) errors.push(msg.text());
      });
      await use();
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
