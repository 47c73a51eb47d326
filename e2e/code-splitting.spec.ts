import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

/**
 * A visitor's home page downloads none of the admin area, and its JavaScript stays within a budget. Which file holds
 * which source comes from the build's own manifest (vite.config.ts `build.manifest`), so renamed chunks keep the test
 * honest. Run after `npx vite build`.
 */
interface ManifestEntry {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
}
const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, ManifestEntry>;

/** Chunks reachable from `keys` through static imports (what loading them pulls in). */
function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const i of manifest[k].imports ?? []) walk(i);
  };
  keys.forEach(walk);
  return seen;
}

const isAdminSource = (key: string) => /^(pages|features)\/admin\//.test(key);
const adminKeys = Object.keys(manifest).filter(isAdminSource);
// every chunk the public pages may load (the entry and every lazy page outside the admin area)
const publicClosure = closure(Object.keys(manifest).filter((k) => !isAdminSource(k) && (k === 'index.html' || manifest[k]!.src)));
/** Files only the admin area loads: its pages, and what nothing public shares with them (charts, admin hooks). */
const adminOnlyFiles = new Set([...closure(adminKeys)].filter((k) => !publicClosure.has(k)).map((k) => manifest[k]!.file));

/** The home page's JavaScript (decoded bytes), measured at 746 KB (25 scripts, the idle-loaded toast layer included) when this test was written; the margin leaves room for small changes. */
const HOME_JS_BUDGET = 820 * 1024;
/** Strings from the admin menu (src/client/pages/admin/nav.ts): no visitor's script should carry them. */
const ADMIN_MARKERS = ['Live activity across the platform.', 'adminNavFor'];

test('a visitor on the home page downloads no admin chunk and stays within the JavaScript budget', async ({ page }) => {
  expect(adminKeys.length, 'the manifest lists the admin pages').toBeGreaterThan(20);
  expect(adminOnlyFiles.size).toBeGreaterThan(20);

  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.endsWith('.js')) scripts.set(url.pathname, res.body());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // what loads when the page is idle (the toast layer) counts too
  await page.waitForTimeout(2500);
  await page.waitForLoadState('networkidle');

  const files = [...scripts.keys()].map((p) => p.replace(/^\//, ''));
  expect(files.length).toBeGreaterThan(0);
  const admin = files.filter((f) => adminOnlyFiles.has(f));
  expect(admin, 'admin chunks downloaded on the home page').toEqual([]);

  let total = 0;
  for (const [path, body] of scripts) {
    const text = (await body).toString('utf8');
    total += Buffer.byteLength(text);
    for (const marker of ADMIN_MARKERS) expect(text.includes(marker), `${path} carries admin code ("${marker}")`).toBe(false);
  }
  console.log(`home page: ${files.length} scripts, ${(total / 1024).toFixed(0)} KB of JavaScript (budget ${HOME_JS_BUDGET / 1024} KB)`);
  expect(total).toBeLessThan(HOME_JS_BUDGET);
});
