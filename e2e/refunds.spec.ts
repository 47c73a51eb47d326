import { expect, registerViaApi, test, uniqueUser } from './fixtures';
import { useStaffServer } from './staff-server';

// The administrator needs a server of their own (see staff-server.ts); the buyer registers on it too.
const staff = useStaffServer({ name: 'refunds', role: 'admin', portOffset: 60 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('a user asks for a refund from /account, an administrator approves it, and the payment and its invoice show it refunded', async ({ page, browser }) => {
  test.setTimeout(90_000);
  // The buyer, in a browser of their own, becomes Pro through the test provider's checkout.
  const userContext = await browser.newContext({ baseURL: staff.base });
  await userContext.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
  const userPage = await userContext.newPage();
  const user = await registerViaApi(userPage, uniqueUser('refundme'));
  const checkout = await userPage.request.post('/api/billing/checkout', { data: { kind: 'plan', plan: 'pro' } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  expect((await userPage.request.post(`${url}/pay`)).ok()).toBe(true);

  await userPage.goto('/account');
  const row = userPage.getByTestId('payments').locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('payment-status')).toHaveText('Paid');
  await row.getByRole('button', { name: /Request refund/ }).click();
  const ask = userPage.getByRole('dialog', { name: 'Request a refund' });
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(ask.getByRole('alert')).toContainText('Please say why');
  await ask.getByLabel('Why would you like a refund?').fill('I bought the wrong plan by mistake.');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(ask).toBeHidden();
  await expect(row.getByTestId('refund-pending')).toContainText('Refund requested');
  await expect(row.getByRole('button', { name: /Request refund/ })).toHaveCount(0);

  // The administrator finds it in the queue and approves it.
  const login = await page.request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto('/admin/refunds');
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Management' })).toBeVisible();
  const card = page.getByTestId('refund-request').filter({ hasText: user.email });
  await expect(card).toContainText('I bought the wrong plan by mistake.');
  await expect(card).toContainText('Pro plan (monthly)');
  await card.getByRole('button', { name: /^Approve/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve this refund?' });
  await expect(confirm).toContainText('$9.99');
  await confirm.getByLabel('Note to the user (optional)').fill('Refunded, sorry for the confusion.');
  await confirm.getByRole('button', { name: 'Approve refund' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('refund-request').filter({ hasText: user.email })).toHaveCount(0);
  await page.getByRole('button', { name: 'Decided' }).click();
  const decided = page.getByTestId('refund-request').filter({ hasText: user.email });
  await expect(decided.getByTestId('refund-decision')).toContainText(`Approved by ${staff.email}`);
  await expect(decided.getByTestId('refund-decision')).toContainText('$9.99 refunded');

  // The payments page lists it as refunded, with the refund under the amount.
  await page.goto(`/admin/payments?q=${encodeURIComponent(user.email)}`);
  const payment = page.getByTestId('payments-table').locator('tbody tr');
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText('Refunded');
  await expect(payment).toContainText('−$9.99');
  await expect(page.getByTestId('total-net')).toHaveText('$0.00');

  // The user's account shows the payment refunded; the invoice shows the refund and downloads as a PDF.
  await userPage.reload();
  await expect(row.getByTestId('payment-status')).toHaveText('Refunded');
  await expect(row).toContainText('−$9.99 refunded');
  await row.getByRole('link', { name: /Invoice/ }).click();
  await expect(userPage).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
  const invoice = userPage.getByTestId('invoice');
  await expect(invoice.getByRole('heading', { name: 'Invoice' })).toBeVisible();
  await expect(userPage.getByTestId('invoice-number')).toHaveText(/^INV-\d{8}-[0-9A-F]{8}$/);
  await expect(userPage.getByTestId('invoice-status')).toHaveText('Refunded');
  await expect(invoice).toContainText(user.email);
  await expect(invoice).toContainText('Pro plan (monthly)');
  await expect(userPage.getByTestId('invoice-refund')).toContainText('−$9.99');
  await expect(userPage.getByTestId('invoice-net')).toHaveText('$0.00');
  const pdfHref = await userPage.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  const pdf = await userPage.request.get(pdfHref!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Staff open the same invoice from the Invoices page.
  await page.goto(`/admin/invoices?q=${encodeURIComponent(user.email)}`);
  await page.getByTestId('invoices-table').getByRole('link', { name: /^INV-/ }).click();
  await expect(page.getByTestId('invoice-status')).toHaveText('Refunded');
  await userContext.close();
});
