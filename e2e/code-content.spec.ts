import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { useStaffServer } from './staff-server';

const fixture = (name: string) => readFileSync(new URL(`../tests/fixtures/code/${name}.txt`, import.meta.url), 'utf8');
const PY = fixture('word_stats.py');

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test.describe('on the default server (no language model)', () => {
  test('code explainer: pasted code is detected, outlined with complexity badges and walked through; copy and download', async ({ page }) => {
    await page.goto('/tools/code-generator');
    await expect(page.getByRole('heading', { level: 1, name: 'Code Generator' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Explain', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('code-empty')).toBeVisible();
    await page.getByLabel('Your code').fill(PY);
    await expect(page.getByLabel('Language', { exact: true })).toHaveValue('auto');
    // Ctrl+Enter runs from the code box
    await page.getByLabel('Your code').press('Control+Enter');
    const result = page.getByTestId('code-result');
    await expect(result.getByTestId('code-language')).toHaveText('Python');
    await expect(result).toContainText('detected from the content');
    await expect(result.getByTestId('walkthrough')).toContainText('This is a Python file of 62 lines');
    await expect(result.getByTestId('walkthrough')).toContainText('runs only when the file is executed directly');
    const stats = result.locator('[data-testid="outline-item"][data-name="Stats"]');
    await expect(stats).toContainText('class');
    await expect(stats.locator('[data-testid="outline-item"][data-name="merge"]')).toContainText('(other)');
    await expect(result.locator('[data-testid="outline-item"][data-name="analyse"] [data-testid="complexity-badge"]').first()).toHaveText(/5/);
    await expect(result.getByTestId('imports')).toContainText('collections');

    const download = page.waitForEvent('download');
    await result.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('code-explanation.md');
    const md = readFileSync((await file.path())!, 'utf8');
    expect(md).toMatch(/^# Code explanation \(Python\)/);
    expect(md).toContain('- function analyse(path, stop_words) (lines 31–42, complexity 5)');
  });

  test('code explainer: an uploaded source file is read as text and its extension names the language', async ({ page }) => {
    await page.goto('/tools/code-generator');
    await page.getByLabel('Upload a source file').setInputFiles({ name: 'ratelimit.go', mimeType: 'text/plain', buffer: Buffer.from(fixture('ratelimit.go')) });
    await expect(page.getByTestId('code-filename')).toHaveText('From ratelimit.go');
    await expect(page.getByLabel('Language', { exact: true })).toHaveValue('go');
    await page.getByRole('button', { name: 'Explain code' }).click();
    const result = page.getByTestId('code-result');
    await expect(result.getByTestId('code-language')).toHaveText('Go');
    await expect(result.locator('[data-testid="outline-item"][data-name="Limiter"] [data-name="Allow"]')).toContainText('(key, now)');
  });

  test('code explainer: text that is not code gets a clear error, and the model modes say they need a language model', async ({ page }) => {
    await page.goto('/tools/code-generator');
    await page.getByLabel('Your code').fill('Dear team, the meeting moves to Thursday.');
    await page.getByRole('button', { name: 'Explain code' }).click();
    await expect(page.getByTestId('code-error')).toContainText('Choose the language from the list');

    // arrow keys move between the mode tabs
    await page.getByRole('tab', { name: 'Explain', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: /Explain in prose/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('model-notice')).toContainText('needs a language model');
    await expect(page.getByRole('button', { name: 'Explain in prose' })).toBeDisabled();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: /Generate/ })).toHaveAttribute('aria-selected', 'true');
    await page.getByLabel('Describe the code you need').fill('A function that reverses a string');
    await expect(page.getByTestId('model-notice')).toContainText('Generating code needs a language model');
    await expect(page.getByRole('button', { name: 'Generate code' })).toBeDisabled();
  });

  test('content generator says it needs a language model and cannot run', async ({ page }) => {
    await page.goto('/tools/content-generator');
    await expect(page.getByRole('heading', { level: 1, name: 'Content Generator' })).toBeVisible();
    await expect(page.getByTestId('model-notice')).toContainText('needs a language model');
    await page.getByLabel('Your brief').fill('A launch post for a hiking boot.');
    await expect(page.getByRole('button', { name: 'Generate', exact: true })).toBeDisabled();
  });

  test('email generator is the notice page with the five writing guidelines and a link to all tools', async ({ page }) => {
    await page.goto('/tools/email-generator');
    await expect(page.getByRole('heading', { level: 1, name: 'Email Generator' })).toBeVisible();
    await expect(page.getByText('This tool is being updated')).toBeVisible();
    const items = page.getByTestId('email-guidelines').getByRole('listitem');
    await expect(items).toHaveCount(5);
    for (const [i, title] of ['Subject line', 'Greeting', 'Opening paragraph', 'Body paragraphs', 'Closing'].entries())
      await expect(items.nth(i).getByRole('heading', { level: 3 })).toContainText(title);
    // it offers no generator: no input, no button that writes an e-mail
    await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
    await page.getByRole('link', { name: 'Browse all tools' }).click();
    await expect(page).toHaveURL(/\/tools$/);
  });
});

test.describe('on a server with a language model (staff account)', () => {
  const staff = useStaffServer({ name: 'gen', role: 'admin', portOffset: 84, llm: true });

  async function staffLogin(page: Page) {
    const login = await page.request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
    expect(login.status(), await login.text()).toBe(200);
  }

  test('content generator streams an article from the brief, with type, tone and length in the prompt', async ({ page }) => {
    await staffLogin(page);
    await page.goto('/tools/content-generator');
    await expect(page.getByTestId('model-notice')).toHaveCount(0);
    await page.getByLabel('Your brief').fill('Launch post for Trailhead, a waterproof hiking boot for beginners.');
    await page.getByLabel('Type').selectOption('blog_post');
    await page.getByLabel('Tone').selectOption('conversational');
    await page.getByLabel('Length').selectOption('short');
    staff.llm!.reply = { status: 200, content: '# Meet Trailhead\n\nYour first **waterproof** boots for the trail.', delayMs: 200 };
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const result = page.getByTestId('content-result');
    await expect(result.getByRole('heading', { name: 'Meet Trailhead' })).toBeVisible();
    await expect(result.getByTestId('content-output').locator('strong')).toHaveText('waterproof');
    await expect(result.getByTestId('engine-label')).toHaveText(/test-model/);
    const req = staff.llm!.requests.at(-1)!;
    expect(req.stream).toBe(true);
    expect(req.messages[1].content).toContain('Launch post for Trailhead');
    expect(req.messages[0].content).toMatch(/a blog post.*Tone: conversational/s);
    const download = page.waitForEvent('download');
    await result.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('blog-post.md');
  });

  test('code generator writes code from a description, and explains code in prose', async ({ page }) => {
    await staffLogin(page);
    await page.goto('/tools/code-generator');
    await page.getByRole('tab', { name: /Generate/ }).click();
    await expect(page.getByTestId('model-notice')).toHaveCount(0);
    await page.getByLabel('Describe the code you need').fill('A function that reverses a string');
    await page.getByLabel('Language', { exact: true }).selectOption('Rust');
    staff.llm!.reply = { status: 200, content: '```rust\nfn reverse(s: &str) -> String {\n    s.chars().rev().collect()\n}\n```', delayMs: 200 };
    await page.getByRole('button', { name: 'Generate code' }).click();
    const out = page.getByTestId('code-model-output');
    await expect(out).toHaveText('fn reverse(s: &str) -> String {\n    s.chars().rev().collect()\n}');
    expect(staff.llm!.requests.at(-1)!.messages[0].content).toContain('Write Rust code');
    const download = page.waitForEvent('download');
    await page.getByTestId('code-model-result').getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('generated.rs');

    await page.getByRole('tab', { name: /Explain in prose/ }).click();
    await page.getByLabel('Your code').fill(PY);
    staff.llm!.reply = { status: 200, content: 'This script counts words in text files and prints the most common ones.' };
    await page.getByRole('button', { name: 'Explain in prose' }).click();
    await expect(page.getByTestId('code-model-output')).toHaveText('This script counts words in text files and prints the most common ones.');
    const user = staff.llm!.requests.at(-1)!.messages[1].content;
    expect(user).toContain('- function analyse(path, stop_words), lines 31-42');
  });
});
