import { describe, expect, it } from 'vitest';
import { ADMIN_EXTRA_PAGES, ADMIN_NAV, adminNavFor, visibleAdminItem } from '../../src/client/pages/admin/nav';
import { PERMISSIONS, PERMISSION_NAMES, can, canAccessAdmin, isPermission } from '../../src/shared/permissions';
import { PLAN_ROLES, ROLES, STAFF_ROLES, type StaffRole } from '../../src/shared/roles';

const A: StaffRole[] = ['admin'];
const AM: StaffRole[] = ['admin', 'manager'];
const AMS: StaffRole[] = ['admin', 'manager', 'support'];
const SA: StaffRole[] = ['super_admin'];

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
  [['Super Dashboard', 'User Management'], SA],
];

/** Items this product adds to that table (pages it built): content and library management, for admin and manager. */
const ADDED_ITEMS: [labels: string[], roles: StaffRole[]][] = [[['Blog Posts', 'Reference Library'], AM]];

/** Admin sees every item; the other roles see the items whose row lists them. */
function expectedLabels(role: StaffRole): string[] {
  return [...MENU_TABLE, ...ADDED_ITEMS]
    .filter(([, roles]) => role === 'admin' || roles.includes(role))
    .flatMap(([labels]) => labels)
    .sort();
}

const navItems = ADMIN_NAV.flatMap((g) => g.items);

describe('permission table', () => {
  it('grants permissions to staff roles only, and every permission to admin', () => {
    expect(PERMISSION_NAMES.length).toBeGreaterThan(10);
    for (const p of PERMISSION_NAMES) {
      for (const role of PERMISSIONS[p]) expect(STAFF_ROLES, p).toContain(role);
      expect(can('admin', p), p).toBe(true);
      for (const role of PLAN_ROLES) expect(can(role, p), `${role} ${p}`).toBe(false);
    }
    expect(can(null, 'admin:access')).toBe(false);
    expect(can(undefined, 'admin:access')).toBe(false);
  });

  it('lets every staff role, and no plan role, into the admin area', () => {
    for (const role of ROLES) expect(canAccessAdmin(role), role).toBe((STAFF_ROLES as readonly string[]).includes(role));
  });

  it('keeps the library and plan decisions: library for admin and manager only, plans for admin only', () => {
    expect(STAFF_ROLES.filter((r) => can(r, 'library:read'))).toEqual(['admin', 'manager']);
    expect(STAFF_ROLES.filter((r) => can(r, 'library:write'))).toEqual(['admin', 'manager']);
    expect(STAFF_ROLES.filter((r) => can(r, 'plans:edit'))).toEqual(['admin']);
  });
});

describe('admin menu', () => {
  it('names an existing permission on every item', () => {
    for (const item of [...navItems, ...ADMIN_EXTRA_PAGES]) expect(isPermission(item.permission), `${item.label}: ${item.permission}`).toBe(true);
  });

  it('has exactly the items of the table plus the added ones, each once', () => {
    const labels = navItems.map((i) => i.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect([...labels].sort()).toEqual([...MENU_TABLE, ...ADDED_ITEMS].flatMap(([l]) => l).sort());
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
    expect([...shown('super_admin')].sort()).toEqual(['Super Dashboard', 'User Management']);
    expect([...shown('support')].sort()).toEqual(['Dashboard', 'Report Management', 'Support Tickets', 'User Directory']);
    expect(shown('manager').has('Reference Library')).toBe(true);
    expect(shown('manager').has('Plan Management')).toBe(false);
    expect(shown('admin').size).toBe(navItems.length);
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
