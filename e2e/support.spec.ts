import { expect, registerViaApi, test, uniqueUser, waitForHydration } from './fixtures';
import { useStaffServer } from './staff-server';

// Support staff need a server of their own (see staff-server.ts).
const staff = useStaffServer({ name: 'support', role: 'support', portOffset: 69 });

const TEXT =
  'I walked to the market this morning because we had run out of bread, and the baker told me about his daughter who just moved to Lisbon. ' +
  'She hates the hills but loves the light, he said, and he laughed about the tram. On the way home it rained, so I waited under a bus shelter.';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

async function staffLogin(page: import('@playwright/test').Page) {
  const login = await page.request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
  expect(login.status(), await login.text()).toBe(200);
}

test('a visitor sends the contact form and support staff answer it on /admin/support-tickets', async ({ page, browser }) => {
  const subject = `Question ${Date.now().toString(36)}`;
  const visitorContext = await browser.newContext({ baseURL: staff.base });
  await visitorContext.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
  const visitor = await visitorContext.newPage();
  await visitor.goto('/contact');
  // a page of its own context: the fixture's goto, which waits for the rendered page to hydrate, is not in play here
  await waitForHydration(visitor);
  const form = visitor.getByTestId('contact-form');
  // Validation first: nothing is sent without the required fields.
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Please enter your name.')).toBeVisible();
  await form.getByLabel('Name', { exact: true }).fill('Vera Visitor');
  await form.getByLabel('E-mail', { exact: true }).fill('vera.visitor@example.test');
  await form.getByLabel('Subject', { exact: true }).fill(subject);
  await form.getByLabel('Message', { exact: true }).fill('Hello, my own essay was flagged as AI. What can I do about it?');
  await form.getByRole('button', { name: 'Send message' }).click();
  const done = visitor.getByTestId('contact-confirmation');
  await expect(done).toContainText('Message sent');
  await expect(done).toContainText('vera.visitor@example.test');
  const reference = (await done.locator('.font-mono').textContent())!.trim();
  expect(reference).toMatch(/^#[0-9a-f]{8}$/);
  await visitorContext.close();

  await staffLogin(page);
  await page.goto('/admin/support-tickets');
  await expect(page.getByRole('heading', { level: 1, name: 'Support Tickets' })).toBeVisible();
  await page.getByLabel('Search tickets').fill(subject);
  const list = page.getByTestId('tickets-list');
  await expect(list.getByRole('button')).toHaveCount(1);
  await expect(list).toContainText('vera.visitor@example.test');
  await list.getByRole('button', { name: new RegExp(subject) }).click();
  const thread = page.getByTestId('ticket-thread');
  await expect(thread).toContainText(reference);
  await expect(thread).toContainText('my own essay was flagged');
  await thread.getByLabel('Reply', { exact: true }).fill('Thanks for writing. Please send us the essay and we will have a look.');
  await thread.getByRole('button', { name: 'Send reply' }).click();
  // The reply box still holds the text until the request returns, so look in the conversation itself.
  await expect(thread.getByRole('list', { name: 'Conversation' }).getByText('Thanks for writing. Please send us the essay')).toBeVisible();
  await expect(thread.getByLabel('Reply', { exact: true })).toHaveValue('');
  await expect(thread.getByText('Answered', { exact: true })).toBeVisible();
  await expect(list).toContainText('Answered');
  await thread.getByRole('button', { name: 'Close' }).click();
  await expect(thread.getByText('Closed', { exact: true })).toBeVisible();
});

test('a user reports a detection result, and it appears on /admin/reports', async ({ page, browser }) => {
  const userContext = await browser.newContext({ baseURL: staff.base });
  await userContext.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
  const userPage = await userContext.newPage();
  const user = await registerViaApi(userPage, uniqueUser('reporter'));
  await userPage.goto('/tools/ai-content-detector');
  await userPage.getByLabel('Text to analyze').fill(TEXT);
  await userPage.getByRole('button', { name: 'Detect AI' }).click();
  const result = userPage.getByTestId('detector-result');
  await expect(result).toBeVisible();
  await result.getByTestId('report-result').click();
  const dialog = userPage.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Report this result' })).toBeVisible();
  // Whatever the verdict, the first choice disagrees with it.
  await dialog.getByRole('radio').first().check();
  const comment = `Written by me ${Date.now().toString(36)}`;
  await dialog.getByLabel('Comment (optional)').fill(comment);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(result.getByTestId('report-result')).toHaveText(/Reported/);
  await expect(result.getByTestId('report-result')).toBeDisabled();
  await userContext.close();

  await staffLogin(page);
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Report Management' })).toBeVisible();
  const card = page.getByTestId('report-card').filter({ hasText: comment });
  await expect(card).toBeVisible();
  await expect(card).toContainText(user.email);
  await card.getByText(/Attached text/).click();
  await expect(card).toContainText('I walked to the market');
  await card.getByLabel('Review note').fill('Looked at it: the detector was wrong.');
  await card.getByRole('button', { name: 'Uphold' }).click();
  await expect(card).toBeHidden();
  await page.getByRole('button', { name: /^Upheld/ }).click();
  const upheld = page.getByTestId('report-card').filter({ hasText: comment });
  await expect(upheld).toContainText('Looked at it: the detector was wrong.');
  await expect(page.getByTestId('report-counts')).toBeVisible();
});
