import { base32Decode, totp } from '../src/server/services/totp';
import { expect, test } from './fixtures';
import { useStaffServer } from './staff-server';

const staff = useStaffServer({ name: '2fa', role: 'admin', portOffset: 41 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('a staff member turns on two-factor; the admin login then asks for the code', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
  expect(login.status(), await login.text()).toBe(200);

  await page.goto('/account');
  const card = page.locator('#two-factor');
  await expect(card.getByText('Two-factor authentication is off.')).toBeVisible();
  await card.getByLabel('Current password').fill(staff.password);
  await card.getByRole('button', { name: 'Enable two-factor' }).click();
  const secret = (await card.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  await expect(card.getByTestId('totp-uri')).toContainText(`otpauth://totp/Veritext`);
  const key = base32Decode(secret);
  await card.getByLabel('Code from the app').fill(totp(key, Date.now()));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText(/Two-factor authentication is on\. 10 recovery codes left/)).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/admin-login');
  await page.getByLabel('Email', { exact: true }).fill(staff.email);
  await page.getByLabel('Password', { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('status').filter({ hasText: /not correct/ })).toBeVisible();
  // The code of the next 30-second step: the one used to turn it on cannot be used again.
  await code.fill(totp(key, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});
