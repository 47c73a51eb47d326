import { expect, registerViaApi, test, uniqueUser } from './fixtures';
import { useStaffServer } from './staff-server';

/**
 * Custom staff roles end to end: an administrator creates a role with one permission in Role Management, gives it
 * to an account on the user's page, and that account, signing in at /admin-login, sees exactly that one menu item.
 */
const staff = useStaffServer({ name: 'roles', role: 'admin', portOffset: 72 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
});

test('an administrator creates a custom role with one permission and gives it to a user, who sees exactly that menu item', async ({ page, browser }) => {
  test.setTimeout(90_000);
  // The future staff member registers as an ordinary user, in a browser of their own.
  const userContext = await browser.newContext({ baseURL: staff.base });
  await userContext.addInitScript(() => localStorage.setItem('cookieConsent', 'minimal'));
  const userPage = await userContext.newPage();
  const user = await registerViaApi(userPage, uniqueUser('deskhand'));
  await userPage.request.post('/api/auth/logout');

  const login = await page.request.post('/api/auth/login', { data: { email: staff.email, password: staff.password } });
  expect(login.status(), await login.text()).toBe(200);

  // Role Management: add a role with only "Support Tickets".
  const roleName = `Ticket Desk ${Date.now().toString(36)}`;
  await page.goto('/admin/roles');
  await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible();
  await expect(page.getByTestId('roles-table')).toContainText('Super Admin');
  await page.getByRole('button', { name: 'Add New Role' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(roleName);
  await dialog.getByRole('checkbox', { name: /^Support Tickets/ }).check();
  await dialog.getByRole('button', { name: 'Create role' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('roles-table').locator('tr', { hasText: roleName });
  await expect(row).toContainText('2 permissions');

  // The user's page: give them the new role.
  await page.goto(`/admin/users?q=${encodeURIComponent(user.username)}`);
  await page.getByTestId('users-table').getByRole('link', { name: user.username }).click();
  await expect(page.getByRole('heading', { level: 1, name: user.username })).toBeVisible();
  await page.getByLabel('Role').selectOption({ label: roleName });
  await page.getByRole('button', { name: 'Change role' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText(roleName, { exact: true }).first()).toBeVisible();

  // The user signs in at the staff entry and sees exactly one menu item.
  await userPage.goto('/admin-login');
  await userPage.getByLabel('Email', { exact: true }).fill(user.email);
  await userPage.getByLabel('Password', { exact: true }).fill(user.password);
  await userPage.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(userPage).toHaveURL(/\/admin/);
  const nav = userPage.getByRole('navigation', { name: 'Administration' }).first();
  await expect(nav.getByRole('link')).toHaveCount(1);
  await expect(nav.getByRole('link', { name: 'Support Tickets', exact: true })).toBeVisible();
  // A page outside the role says so, and its API refuses.
  await userPage.goto('/admin/roles');
  await expect(userPage.getByText('Your role does not have access to this section.')).toBeVisible();
  expect((await userPage.request.get('/api/admin/roles')).status()).toBe(403);

  // Removing the permission applies at once: the menu is empty at the next load.
  const roles = (await (await page.request.get('/api/admin/roles')).json()) as { roles: { id: string; name: string }[] };
  const id = roles.roles.find((r) => r.name === roleName)!.id;
  const cleared = await page.request.patch(`/api/admin/roles/${encodeURIComponent(id)}`, { data: { permissions: [] } });
  expect(cleared.status(), await cleared.text()).toBe(200);
  await userPage.goto('/admin/profile');
  await expect(userPage.getByRole('heading', { level: 1, name: 'Admin Profile' })).toBeVisible();
  await expect(userPage.getByRole('navigation', { name: 'Administration' }).first().getByRole('link')).toHaveCount(0);
  await userContext.close();
});
