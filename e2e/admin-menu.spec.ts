import type { Page } from '@playwright/test';
import { ADMIN_EXTRA_PAGES, ADMIN_NAV, adminNavFor } from '../src/client/pages/admin/nav';
import type { StaffRole } from '../src/shared/roles';
import { expect, registerViaApi, test, uniqueUser } from './fixtures';
import { overflowOf } from './overflow';
import { useStaffServer } from './staff-server';

/**
 * Every staff role opens every page of its menu and finds a working page (its heading, no placeholder, no error),
 * and every page outside its menu refuses it. The super administrator is made on the command line; it promotes
 * three fresh accounts to the other staff roles through the same API the Role Management screen uses. The super
 * administrator, who sees every page, reads them on a 320 px phone: none may scroll sideways (see phone-width.spec.ts).
 */
const root = useStaffServer({ name: 'menu', role: 'super_admin', portOffset: 48 });

const ROLES: StaffRole[] = ['super_admin', 'admin', 'manager', 'support'];
const ALL_PAGES = [...ADMIN_NAV.flatMap((g) => g.items), ...ADMIN_EXTRA_PAGES];
const accounts = new Map<StaffRole, { email: string; password: string }>();

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test.beforeAll(async ({ browser }) => {
  accounts.set('super_admin', root);
  const ctx = await browser.newContext({ baseURL: root.base });
  const page = await ctx.newPage();
  const login = await page.request.post('/api/auth/login', { data: { email: root.email, password: root.password } });
  expect(login.status(), await login.text()).toBe(200);
  for (const role of ['admin', 'manager', 'support'] as const) {
    const other = await (await browser.newContext({ baseURL: root.base })).newPage();
    const u = await registerViaApi(other, uniqueUser(`menu${role}`));
    await other.context().close();
    const found = await page.request.get(`/api/admin/users?q=${encodeURIComponent(u.email)}`);
    expect(found.status()).toBe(200);
    const id = ((await found.json()) as { items: { id: string }[] }).items[0].id;
    const set = await page.request.post(`/api/admin/users/${id}/role`, { data: { role } });
    expect(set.status(), await set.text()).toBe(200);
    accounts.set(role, { email: u.email, password: u.password });
  }
  await ctx.close();
});

/**
 * Opens `path` the way a menu link does: inside the running app (the router follows history), not by loading the
 * document again. Each staff role visits some 35 pages; a full load of each cost about a second of CI apiece.
 */
async function visit(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL(path);
}

async function signIn(page: Page, role: StaffRole) {
  const a = accounts.get(role)!;
  const res = await page.request.post('/api/auth/login', { data: { email: a.email, password: a.password } });
  expect(res.status(), await res.text()).toBe(200);
}

for (const role of ROLES) {
  test(`${role}: every page of its menu works, and the pages outside it refuse`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, role);
    const mine = [...adminNavFor(role).flatMap((g) => g.items), ...ADMIN_EXTRA_PAGES];
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: /admin/i });
    for (const item of mine.filter((i) => !ADMIN_EXTRA_PAGES.includes(i))) await expect(nav.getByRole('link', { name: item.label, exact: true })).toBeVisible();
    const phone = role === 'super_admin';
    if (phone) {
      // the role banner is a landmark of its own, so a screen reader's landmark list reaches it
      await expect(page.getByRole('complementary', { name: 'Super Admin Mode' })).toBeVisible();
      await page.setViewportSize({ width: 320, height: 720 });
    }
    const wide: string[] = [];

    for (const item of mine) {
      await visit(page, item.path);
      await expect(page.getByRole('heading', { level: 1, name: item.title, exact: true }), item.path).toBeVisible({ timeout: 15_000 });
      const main = page.locator('main');
      await expect(main.getByText(/not available yet/i), item.path).toHaveCount(0);
      await expect(main.getByText(/does not have access/i), item.path).toHaveCount(0);
      // A page that failed to load its data says so in an alert; a working page has none.
      await expect(main.getByRole('alert').filter({ hasText: /could not|failed|error/i }), item.path).toHaveCount(0);
      if (phone) {
        // tables arrive with their data; a page that polls never goes quiet, so the wait is bounded
        await page.waitForLoadState('networkidle', { timeout: 2000 }).catch(() => {});
        const { over, what } = await overflowOf(page);
        if (over > 1) wide.push(`${item.path}: ${over} px wider than the screen\n    ${what.join('\n    ')}`);
      }
    }
    expect(wide.join('\n')).toBe('');

    const paths = new Set(mine.map((i) => i.path));
    for (const item of ALL_PAGES.filter((i) => !paths.has(i.path))) {
      await visit(page, item.path);
      await expect(page.locator('main').getByText('Your role does not have access to this section.'), item.path).toBeVisible();
    }
  });
}
