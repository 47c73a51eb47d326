import { BLOG_SAMPLES } from '../src/shared/blog-samples';
import { expect, test } from './fixtures';
import { useStaffServer } from './staff-server';

// The shared e2e server starts on a fresh DATA_DIR, so its blog holds exactly the three built-in
// posts seeded at first start.
const samplesNewestFirst = [...BLOG_SAMPLES].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('the home page shows the 3 latest posts with excerpts cut at 120 characters', async ({ page }) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Latest from the blog' });
  await section.scrollIntoViewIfNeeded();
  const cards = section.getByTestId('latest-posts').getByRole('listitem');
  await expect(cards).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await expect(cards.nth(i).getByRole('heading', { level: 3 })).toHaveText(samplesNewestFirst[i].title);
    const excerpt = (await cards.nth(i).locator('p').last().textContent()) ?? '';
    expect(excerpt.length).toBeGreaterThan(20);
    expect(excerpt.length).toBeLessThanOrEqual(121);
  }
  await cards.nth(0).getByRole('link', { name: samplesNewestFirst[0].title }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${samplesNewestFirst[0].slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: samplesNewestFirst[0].title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Step 1: normalise the text' })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${samplesNewestFirst[0].title} \\|`));
});

test('when the blog answers without posts, /blog shows the built-in posts and says so', async ({ page }) => {
  // a blog response must contain a posts array; anything else counts as a failure.
  await page.route('**/api/external-blog/posts*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
  // reached from another page: a visitor's /blog arrives with its posts in the HTML (prerendering), asking nothing
  await page.goto('/about');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Blog', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'could not be loaded' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Posts' }).getByRole('listitem')).toHaveCount(3);
});

test('an unknown post shows a not-found state with a way back', async ({ page }) => {
  await page.goto('/blog/no-such-post');
  await expect(page.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the blog' }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

// Staff accounts need a server of their own (see staff-server.ts).
test.describe('staff', () => {
  const staff = useStaffServer({ name: 'blog', role: 'manager', portOffset: 40 });

  test('a manager publishes a post; it appears on /blog and the home page, and its page renders', async ({ page }) => {
    const login = await page.request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
    expect(login.status(), await login.text()).toBe(200);

    await page.goto('/content-management');
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Blog Posts' })).toBeVisible();
    await expect(page.getByTestId('blog-posts').getByRole('listitem')).toHaveCount(3);

    await page.getByRole('button', { name: 'New post' }).click();
    const title = `Field notes from the grading season ${Date.now().toString(36)}`;
    await expect(page.getByLabel('Title')).toBeFocused();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Excerpt (optional)').fill('What a term of marking taught us about detectors and drafts.');
    await page
      .getByLabel('Content (Markdown)')
      .fill('## What we learned\n\nDrafts beat detectors. Keep **every** version.\n\n- ask for outlines\n- read the reasons\n\n<script>alert(1)</script>');
    await page.getByRole('tab', { name: 'Preview' }).click();
    await expect(page.getByTestId('blog-preview').getByRole('heading', { name: 'What we learned' })).toBeVisible();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText('Post published', { exact: true })).toBeVisible();

    // Typing while a save is in flight survives the save's answer (and counts as unsaved).
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/blog/posts/*', async (route) => {
      if (route.request().method() === 'PATCH') await gate;
      await route.continue();
    });
    await page.getByLabel('Excerpt (optional)').fill('What a term of marking taught us about detectors, drafts and outlines.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await page.getByLabel('Title').fill(`${title} (typed while saving)`);
    release();
    await expect(page.getByText('Changes published', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue(`${title} (typed while saving)`);
    await expect(page.getByLabel('Excerpt (optional)')).toHaveValue('What a term of marking taught us about detectors, drafts and outlines.');
    await page.unroute('**/api/admin/blog/posts/*');

    // Leaving the editor with unsaved changes asks first.
    await page.getByLabel('Title').fill(`${title} (unsaved)`);
    await page.getByRole('button', { name: 'All posts' }).click();
    await expect(page.getByText('This post has unsaved changes.')).toBeVisible();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    const rows = page.getByTestId('blog-posts').getByRole('listitem');
    await expect(rows).toHaveCount(4);
    await expect(rows.first()).toContainText(title);
    await expect(rows.first()).toContainText('Published');

    // Deleting asks for confirmation; the built-in post then leaves the list.
    const sample = samplesNewestFirst[2].title;
    await page.getByRole('button', { name: `Delete ${sample}` }).click();
    await page
      .getByRole('group', { name: `Confirm deleting ${sample}` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText('Post deleted', { exact: true })).toBeVisible();
    await expect(rows).toHaveCount(3);
    await expect(page.getByTestId('blog-posts')).not.toContainText(sample);

    await page.goto('/blog');
    const link = page.getByRole('link', { name: title });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const body = page.locator('article');
    await expect(body.getByRole('heading', { level: 2, name: 'What we learned' })).toBeVisible();
    await expect(body.locator('strong', { hasText: 'every' })).toBeVisible();
    await expect(body.getByRole('listitem')).toHaveCount(2);
    // Markup typed into a post is shown as text, never run.
    await expect(body.getByText('<script>alert(1)</script>')).toBeVisible();
    expect(await body.locator('script').count()).toBe(0);

    await page.goto('/');
    const first = page.getByRole('region', { name: 'Latest from the blog' }).getByTestId('latest-posts').getByRole('listitem').first();
    await expect(first.getByRole('heading', { level: 3 })).toHaveText(title);
  });
  test('the admin area has a light/dark theme toggle that is remembered and stays in the admin area', async ({ page }) => {
    const login = await page.request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
    expect(login.status(), await login.text()).toBe(200);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/admin/blog');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    // the surface really changes colour, not only the class
    const bg = () => page.locator('main').evaluate((el) => getComputedStyle(el.parentElement!.parentElement!).backgroundColor);
    expect(await bg()).toBe('rgb(15, 23, 42)');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    await expect(html).toHaveClass(/\bdark\b/);
    // the public site stays light
    await page.getByRole('link', { name: 'View site' }).click();
    await expect(page).toHaveURL(`${staff.base}/`);
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await bg()).toBe('rgb(248, 250, 252)');
  });
});
