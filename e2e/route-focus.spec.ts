import { expect, registerViaApi, test } from './fixtures';

/**
 * A link followed inside the app puts keyboard focus on the new page's heading, where a page load would start a
 * screen reader (src/client/lib/useRouteFocus.ts); a page load itself leaves focus alone.
 */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('following a link by keyboard lands on the new page heading, and Tab goes on from there', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // a page load: nothing is focused yet
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

  const about = page.getByRole('contentinfo').getByRole('link', { name: 'About', exact: true });
  await about.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/about$/);
  const heading = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();

  // the next Tab stop is after the heading, inside the new page or after it, never back at the top of the site
  await page.keyboard.press('Tab');
  const after = await page.evaluate(() => {
    const h1 = document.querySelector('main h1')!;
    const el = document.activeElement!;
    return { following: (h1.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0, inHeader: el.closest('header') !== null };
  });
  expect(after).toEqual({ following: true, inHeader: false });
});

test('a click on a menu link moves focus to the heading too, so a screen reader reads the new page', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ', exact: true }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();
});

test('focus the user has put in a field stays there', async ({ page }) => {
  // the search page writes what is typed into its address; that must never pull focus out of the box
  await page.goto('/search');
  const box = page.getByRole('main').getByRole('searchbox');
  await box.fill('detector');
  await page.keyboard.type(' essay');
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('detector essay');
});

test('a link to an #anchor on another page lands on that section, below the header, with focus', async ({ page }) => {
  await registerViaApi(page);
  // history is off for a new account: the empty state links to the setting on the account page
  await page.goto('/history');
  await page.getByTestId('history-empty').getByRole('link', { name: 'Account settings' }).click();
  await expect(page).toHaveURL(/\/account#history$/);
  const section = page.locator('#history');
  await expect(section).toBeFocused();
  await expect(section).toContainText('History of your checks');
  const top = await section.evaluate((e) => Math.round(e.getBoundingClientRect().top));
  expect(top).toBeGreaterThanOrEqual(64);
  expect(top).toBeLessThan(120);

  // typed into the address bar: the page draws the section after loading, and it is still reached
  await page.goto('/about');
  await page.goto('/account#history');
  await expect(page.locator('#history')).toBeFocused();
});
