import { can, type Permission } from '@/shared/permissions';
import { isCustomRole, roleLabel, type StaffRole } from '@/shared/roles';

/**
 * The administrator menu. Each item names the permission it needs (src/shared/permissions.ts) and
 * is shown iff the signed-in user holds it. What they hold comes from /api/auth/me (AdminGate passes it
 * to `learnPermissions`, which `can` reads), so the menu, the pages and the server agree, custom roles too.
 */
export interface AdminNavItem {
  label: string;
  /** Page heading (some items have a longer title than their menu label). */
  title: string;
  path: string;
  permission: Permission;
  description: string;
  /** The super administrator's name for the same page (Super Dashboard, User Management). */
  superAdmin?: { label: string; title: string; description: string };
}

function item(label: string, path: string, permission: Permission, description: string, title = label, superAdmin?: AdminNavItem['superAdmin']): AdminNavItem {
  return { label, title, path, permission, description, superAdmin };
}

/** The item as `role` sees it: the super administrator's pages carry their own names. */
function asSeenBy(i: AdminNavItem, role: StaffRole): AdminNavItem {
  return role === 'super_admin' && i.superAdmin ? { ...i, ...i.superAdmin } : i;
}

export const ADMIN_NAV: { group: string; items: AdminNavItem[] }[] = [
  {
    group: 'Overview',
    items: [
      item('Dashboard', '/admin', 'dashboard:read', 'Accounts, sign-ups, tool calls and revenue at a glance.', 'Admin Dashboard', {
        label: 'Super Dashboard',
        title: 'Super Admin Dashboard',
        description: 'Accounts, sign-ups, tool calls and revenue at a glance.',
      }),
      item('Real-time Monitor', '/admin/monitor', 'monitor:read', 'Live activity across the platform.'),
    ],
  },
  {
    group: 'Users & Access',
    items: [
      item('User Directory', '/admin/users', 'users:read', 'Find and review user accounts.', 'User Directory', {
        label: 'User Management',
        title: 'User Management',
        description: 'Find and manage user accounts.',
      }),
      item('Account Actions', '/admin/user-actions', 'users:suspend', 'Suspend, restore and change accounts.'),
      item('Role Management', '/admin/roles', 'roles:manage', 'Manage administrator and staff role assignments.'),
      item('Access Control', '/admin/access', 'roles:manage', 'Decide which staff roles can use which areas.'),
      item('Audit Logs', '/admin/audit', 'audit:read', 'Who did what, and when.'),
    ],
  },
  {
    group: 'Support',
    items: [
      item('Support Tickets', '/admin/support-tickets', 'support:read', 'Questions and problems raised by users.'),
      item('Report Management', '/admin/reports', 'reports:read', 'Reports submitted by users and staff.'),
    ],
  },
  {
    group: 'Billing',
    items: [
      item('Plan Management', '/admin/subscription-plans', 'plans:edit', 'Subscription plans and their limits.'),
      item('Payments', '/admin/payments', 'payments:read', 'Payments received.'),
      item('Invoices', '/admin/invoices', 'payments:read', 'Invoices issued to customers.'),
      item('Refund Management', '/admin/refunds', 'refunds:approve', 'Refund requests and decisions.'),
      item('Revenue', '/admin/revenue', 'revenue:read', 'Revenue over time.'),
    ],
  },
  {
    group: 'Usage & Analytics',
    items: [
      item('Usage Monitoring', '/admin/usage', 'usage:read', 'Usage of the tools by plan and account.'),
      item('Usage Statistics', '/admin/usage-statistics', 'usage:read', 'Aggregated usage statistics.'),
      item('Tool Performance', '/admin/tool-performance', 'usage:read', 'Response times and errors per tool.'),
      item('User Growth', '/admin/user-growth', 'usage:read', 'Sign-ups and active users over time.'),
      item('Detection Logs', '/admin/detection-logs', 'usage:read', 'Recent AI detection requests.', 'AI Detection Logs'),
      item('Batch Processing', '/admin/batch-processing', 'usage:read', 'Every user’s batch checks: progress, owners, cancel.'),
      item('Export', '/admin/export', 'reports:export', 'Download reports.', 'Export Reports'),
    ],
  },
  {
    group: 'Content',
    items: [
      item('Blog Posts', '/admin/blog', 'blog:write', 'Write, publish and remove the posts of the site’s blog.'),
      item('Ads', '/admin/ads', 'ads:manage', 'House ads and the ad network shown to visitors and free users.'),
    ],
  },
  {
    group: 'System',
    items: [
      item('API Keys', '/admin/api-keys', 'api-keys:manage', 'Keys for programmatic access.'),
      item('IP Whitelisting', '/admin/ip-whitelist', 'security:manage', 'Addresses allowed to reach the admin area.'),
      item('Feature Toggles', '/admin/features', 'settings:edit', 'Turn features on and off.'),
      item('Reference Library', '/admin/library', 'library:read', 'Documents the plagiarism checker compares texts with.'),
      item('Languages', '/admin/languages', 'languages:edit', 'Languages supported by the tools.', 'Language Support'),
      item('Configuration', '/admin/settings', 'settings:edit', 'General, notification, access and advanced settings.', 'Settings'),
      item('Security', '/admin/security', 'security:manage', 'Security policies and alerts.'),
      item('Backup', '/admin/backup', 'backup:manage', 'Backups and recovery.', 'Backup & Recovery'),
    ],
  },
];

/** Pages reachable from the profile menu rather than the sidebar. */
export const ADMIN_EXTRA_PAGES: AdminNavItem[] = [item('Admin Profile', '/admin/profile', 'admin:access', 'Your staff profile.')];

/** Whether `role` sees the item: it holds the item's permission (from `permissions` when given, the session's list). */
export function canSeeAdminItem(item: AdminNavItem, role: StaffRole, permissions?: readonly Permission[]): boolean {
  return permissions ? permissions.includes(item.permission) : can(role, item.permission);
}

export function adminNavFor(role: StaffRole, permissions?: readonly Permission[]): { group: string; items: AdminNavItem[] }[] {
  return ADMIN_NAV.map((g) => ({
    group: g.group,
    items: g.items.filter((i) => canSeeAdminItem(i, role, permissions)).map((i) => asSeenBy(i, role)),
  })).filter((g) => g.items.length > 0);
}

/** The menu items that need `permission` (Access Control names each permission by them). */
export function adminItemsFor(permission: Permission): AdminNavItem[] {
  return [...ADMIN_NAV.flatMap((g) => g.items), ...ADMIN_EXTRA_PAGES].filter((i) => i.permission === permission);
}

/** Items (any group) for a path, for page titles and access checks. */
export function adminItemsForPath(path: string): AdminNavItem[] {
  return [...ADMIN_NAV.flatMap((g) => g.items), ...ADMIN_EXTRA_PAGES].filter((i) => i.path === path);
}

/** The item at `path` that `role` may open, named as that role sees it, else null. */
export function visibleAdminItem(path: string, role: StaffRole, permissions?: readonly Permission[]): AdminNavItem | null {
  const found = adminItemsForPath(path).find((i) => canSeeAdminItem(i, role, permissions));
  return found ? asSeenBy(found, role) : null;
}

export const ROLE_BANNERS: Partial<Record<StaffRole, { title: string; text: string }>> = {
  manager: {
    title: 'Manager Mode',
    text: 'You can manage users, payments, usage and analytics. Plans, refunds, security and system configuration are reserved for administrators.',
  },
  support: {
    title: 'Support Mode',
    text: 'You can look up users, handle support tickets and review reports. Billing, analytics and system settings are not available in this mode.',
  },
  super_admin: {
    title: 'Super Admin Mode',
    text: 'You hold every permission of the administrator area, including roles, plans, refunds, security and system configuration.',
  },
};

/** The banner over every page: a built-in role's own, or one naming the custom role. */
export function roleBanner(role: StaffRole): { title: string; text: string } | undefined {
  if (isCustomRole(role))
    return {
      title: `${roleLabel(role)} Mode`,
      text: 'You hold a custom staff role: the menu shows the sections its permissions open. An administrator can change them in Role Management.',
    };
  return ROLE_BANNERS[role];
}

/** Title for a /admin path (route handle). */
export function adminTitle(pathname: string): string {
  return adminItemsForPath(pathname.replace(/\/+$/, ''))[0]?.title ?? 'Admin';
}
