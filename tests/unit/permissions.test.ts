import { describe, expect, it } from 'vitest';
import { ADMIN_EXTRA_PAGES, ADMIN_NAV, adminNavFor, visibleAdminItem } from '../../src/client/pages/admin/nav';
import { PERMISSIONS, PERMISSION_NAMES, can, canAccessAdmin, isPermission } from '../../src/shared/permissions';
import { PLAN_ROLES, ROLES, STAFF_ROLES, type StaffRole } from '../../src/shared/roles';

const A: StaffRole[] = ['admin'];
const AM: StaffRole[] = ['admin', 'manager'];
const AMS: StaffRole[] = ['admin', 'manager', 'support'];

/** The product's admin menu visibility table, row by row, with its exact labels. */
const MENU_TABLE: [labels: string[], roles: StaffRole[]][] = [
  [['Dashboard'], AMS],
  [['Real-time Monitor'], AM],
  [['Role Management', 'Access Control', 'Audit Logs'], A],
  [['User Directory', 'Support Tickets', 'Report Management'], AMS],
  [
    [
      'Account Actions',
      'Payments',
      'Invoices',
      'Usage Monitoring',
      'Detection Logs',
      'Batch Processing',
      'Languages',
      'Tool Performance',
      'Usage Statistics',
      'Revenue',
      'User Growth',
      'Export',
    ],
    AM,
  ],
  [['Plan Management', 'Refund Management', 'API Keys', 'IP Whitelisting', 'Feature Toggles', 'Configuration', 'Security', 'Backup'], A],
];

/** The super administrator's own names for two of those pages (same pages, same paths). */
const SUPER_LABELS: Record<string, string> = { Dashboard: 'Super Dashboard', 'User Directory': 'User Management' };

/**
 * Items this product adds to that table (pages it built): content and library management, for admin and manager;
 * ads (what visitors and free users are shown, and a third-party network's settings), for administrators.
 */
const ADDED_ITEMS: [labels: string[], roles: StaffRole[]][] = [
  [['Blog Posts', 'Reference Library'], AM],
  [['Ads'], A],
];

/** Items of the table this server does not offer yet (none: Batch Processing came with the batch checks). */
const WITHHELD = new Set<string>([]);

/** admin and super_admin see every item (super_admin under its own names); the other roles see the rows that list them. */
function expectedLabels(role: StaffRole): string[] {
  return [...MENU_TABLE, ...ADDED_ITEMS]
    .filter(([, roles]) => role === 'admin' || role === 'super_admin' || roles.includes(role))
    .flatMap(([labels]) => labels)
    .filter((l) => !WITHHELD.has(l))
    .map((l) => (role === 'super_admin' ? (SUPER_LABELS[l] ?? l) : l))
    .sort();
}

const navItems = ADMIN_NAV.flatMap((g) => g.items);

describe('permission table', () => {
  it('grants permissions to staff roles only, and every permission to admin and super_admin', () => {
    expect(PERMISSION_NAMES.length).toBeGreaterThan(10);
    for (const p of PERMISSION_NAMES) {
      for (const role of PERMISSIONS[p]) expect(STAFF_ROLES, p).toContain(role);
      expect(can('admin', p), p).toBe(true);
      expect(can('super_admin', p), p).toBe(true);
      for (const role of PLAN_ROLES) expect(can(role, p), `${role} ${p}`).toBe(false);
    }
    expect(can(null, 'admin:access')).toBe(false);
    expect(can(undefined, 'admin:access')).toBe(false);
  });

  it('lets every staff role, and no plan role, into the admin area', () => {
    for (const role of ROLES) expect(canAccessAdmin(role), role).toBe((STAFF_ROLES as readonly string[]).includes(role));
  });

  it('keeps the library and plan decisions: no library for support, plans, roles, settings and refunds for administrators only', () => {
    expect(STAFF_ROLES.filter((r) => can(r, 'library:read'))).toEqual(['admin', 'manager', 'super_admin']);
    expect(STAFF_ROLES.filter((r) => can(r, 'library:write'))).toEqual(['admin', 'manager', 'super_admin']);
    for (const p of ['plans:edit', 'roles:manage', 'settings:edit', 'refunds:approve'] as const)
      expect(
        STAFF_ROLES.filter((r) => can(r, p)),
        p,
      ).toEqual(['admin', 'super_admin']);
    // manager: users (read and suspend), content, support, usage and analytics; support: users (read), tickets and reports
    for (const p of ['users:read', 'users:suspend', 'blog:write', 'support:read', 'usage:read', 'revenue:read'] as const)
      expect(can('manager', p), p).toBe(true);
    expect(PERMISSION_NAMES.filter((p) => can('support', p)).sort()).toEqual(['admin:access', 'dashboard:read', 'reports:read', 'support:read', 'users:read']);
  });
});

describe('admin menu', () => {
  it('names an existing permission on every item', () => {
    for (const item of [...navItems, ...ADMIN_EXTRA_PAGES]) expect(isPermission(item.permission), `${item.label}: ${item.permission}`).toBe(true);
  });

  it('has exactly the items of the table plus the added ones, each once, and one item per page', () => {
    const labels = navItems.map((i) => i.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect([...labels].sort()).toEqual(
      [...MENU_TABLE, ...ADDED_ITEMS]
        .flatMap(([l]) => l)
        .filter((l) => !WITHHELD.has(l))
        .sort(),
    );
    const paths = navItems.map((i) => i.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  for (const role of STAFF_ROLES) {
    it(`shows ${role} exactly the items of the table`, () => {
      const shown = adminNavFor(role)
        .flatMap((g) => g.items.map((i) => i.label))
        .sort();
      expect(shown).toEqual(expectedLabels(role));
      // No empty groups.
      for (const g of adminNavFor(role)) expect(g.items.length, g.group).toBeGreaterThan(0);
    });
  }

  it('spells out the menu of each role', () => {
    const shown = (role: StaffRole) => new Set(adminNavFor(role).flatMap((g) => g.items.map((i) => i.label)));
    expect(shown('super_admin').has('Super Dashboard')).toBe(true);
    expect(shown('super_admin').has('User Management')).toBe(true);
    expect(shown('super_admin').has('Dashboard')).toBe(false);
    expect(shown('super_admin').has('Plan Management')).toBe(true);
    expect(shown('admin').has('Super Dashboard')).toBe(false);
    expect(shown('admin').has('User Management')).toBe(false);
    expect([...shown('support')].sort()).toEqual(['Dashboard', 'Report Management', 'Support Tickets', 'User Directory']);
    expect(shown('manager').has('Reference Library')).toBe(true);
    expect(shown('manager').has('Plan Management')).toBe(false);
    expect(shown('admin').size).toBe(navItems.length);
    expect(shown('super_admin').size).toBe(navItems.length);
  });

  it('opens the dashboard each role sees at /admin, and every staff profile', () => {
    expect(visibleAdminItem('/admin', 'admin')?.label).toBe('Dashboard');
    expect(visibleAdminItem('/admin', 'support')?.label).toBe('Dashboard');
    expect(visibleAdminItem('/admin', 'super_admin')?.title).toBe('Super Admin Dashboard');
    expect(visibleAdminItem('/admin/users', 'super_admin')?.label).toBe('User Management');
    expect(visibleAdminItem('/admin/library', 'support')).toBeNull();
    for (const role of STAFF_ROLES) expect(visibleAdminItem('/admin/profile', role)?.label, role).toBe('Admin Profile');
  });
});
