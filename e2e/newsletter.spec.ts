import { test, expect } from './fixtures';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail to `to` in the development mailbox (the outbox, since e2e runs without SMTP). */
async function latestMail(page: import('@playwright/test').Page, to: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/dev/mailbox');
      const { messages } = (await res.json()) as { messages: Mail[] };
      found = messages.find((m) => m.to === to);
      return found?.subject ?? '';
    })
    .toMatch(/confirm/i);
  return found!;
}

function linkPath(text: string, path: string): string {
  const m = new RegExp(`https?://[^\\s]+${path}\\?token=[A-Za-z0-9_%-]+`).exec(text);
  expect(m, `a ${path} link in the mail`).toBeTruthy();
  const url = new URL(m![0]);
  return `${url.pathname}${url.search}`;
}

test.beforeEach(async ({ page }) => {
  // Keep the consent banner from covering the footer.
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('subscribe in the footer, confirm through the e-mailed link, then unsubscribe', async ({ page }) => {
  const email = `reader${Date.now().toString(36)}@example.test`;
  await page.goto('/about');
  const form = page.getByRole('form', { name: 'Newsletter' });
  const field = form.getByLabel('Newsletter address');

  // Client-side hint first: nothing is sent for a malformed address.
  await field.fill('not-an-address');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter a valid email address');
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(email);
  await field.press('Enter');
  await expect(form.getByRole('status')).toContainText('Check your inbox to confirm your subscription.');
  // The field is gone, so keyboard focus moves to the message rather than being lost.
  await expect(form.getByRole('status')).toBeFocused();

  const mail = await latestMail(page, email);
  const confirmPath = linkPath(mail.text, '/newsletter/confirm');
  const unsubscribePath = linkPath(mail.text, '/newsletter/unsubscribe');

  await page.goto(confirmPath);
  await expect(page.getByRole('heading', { name: 'Newsletter subscription' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your subscription is confirmed' })).toBeVisible();

  // The link works once.
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'invalid, has already been used or has expired' })).toBeVisible();

  await page.goto(unsubscribePath);
  await expect(page.getByRole('status').filter({ hasText: 'You have been unsubscribed' })).toBeVisible();
});

test('a confirmation page without a valid token says so', async ({ page }) => {
  await page.goto('/newsletter/confirm');
  await expect(page.getByRole('alert')).toContainText('This confirmation link is invalid');
  await page.goto(`/newsletter/confirm?token=${'x'.repeat(43)}`);
  await expect(page.getByRole('alert')).toContainText('This confirmation link is invalid');
});
