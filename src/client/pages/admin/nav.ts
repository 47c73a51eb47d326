import type { StaffRole } from '@/shared/roles';

/** Administrator menu (SPEC §6 table). `roles` lists who sees the item; admin sees everything. */
export interface AdminNavItem {
  label: string;
  /** Page heading (some items have a longer title than their menu label). */
  title: string;
  path: string;
  roles: StaffRole[];
  description: string;
}

const AMS: StaffRole[] = ['admin', 'manager', 'support'];
const AM: StaffRole[] = ['admin', 'manager'];
const A: StaffRole[] = ['admin'];
const SA: StaffRole[] = ['super_admin'];

function item(label: string, path: string, roles: StaffRole[], description: string, title = label): AdminNavItem {
  return { label, title, path, roles, description };
}

export const ADMIN_NAV: { group: string; items: AdminNavItem[] }[] = [
  {
    group: 'Overview',
    items: [
      item('Dashboard', '/admin', AMS, 'Accounts and sessions at a glance.', 'Admin Dashboard'),
      item('Super Dashboard', '/admin', SA, 'Accounts and sessions at a glance.', 'Super Admin Dashboard'),
      item('Real-time Monitor', '/admin/monitor', AM, 'Live activity across the platform.'),
    ],
  },
  {
    group: 'Users & Access',
    items: [
      item('User Directory', '/admin/users', AMS, 'Find and review user accounts.'),
      item('User Management', '/admin/users', SA, 'Find and manage user accounts.'),
      item('Account Actions', '/admin/user-actions', AM, 'Suspend, restore and change accounts.'),
      item('Role Management', '/admin/roles', A, 'Manage administrator and staff role assignments.'),
      item('Access Control', '/admin/access', A, 'Decide which staff roles can use which areas.'),
      item('Audit Logs', '/admin/audit', A, 'Who did what, and when.'),
    ],
  },
  {
    group: 'Support',
    items: [
      item('Support Tickets', '/admin/support-tickets', AMS, 'Questions and problems raised by users.'),
      item('Report Management', '/admin/reports', AMS, 'Reports submitted by users and staff.'),
    ],
  },
  {
    group: 'Billing',
    items: [
      item('Plan Management', '/admin/subscription-plans', A, 'Subscription plans and their limits.'),
      item('Payments', '/admin/payments', AM, 'Payments received.'),
      item('Invoices', '/admin/invoices', AM, 'Invoices issued to customers.'),
      item('Refund Management', '/admin/refunds', A, 'Refund requests and decisions.'),
      item('Revenue', '/admin/revenue', AM, 'Revenue over time.'),
    ],
  },
  {
    group: 'Usage & Analytics',
    items: [
      item('Usage Monitoring', '/admin/usage', AM, 'Usage of the tools by plan and account.'),
      item('Usage Statistics', '/admin/usage-statistics', AM, 'Aggregated usage statistics.'),
      item('Tool Performance', '/admin/tool-performance', AM, 'Response times and errors per tool.'),
      item('User Growth', '/admin/user-growth', AM, 'Sign-ups and active users over time.'),
      item('Detection Logs', '/admin/detection-logs', AM, 'Recent AI detection requests.', 'AI Detection Logs'),
      item('Batch Processing', '/admin/batch-processing', AM, 'Large jobs queued for processing.'),
      item('Export', '/admin/export', AM, 'Download reports.', 'Export Reports'),
    ],
  },
  {
    group: 'Content',
    items: [item('Blog Posts', '/admin/blog', AM, 'Write, publish and remove the posts of the site’s blog.')],
  },
  {
    group: 'System',
    items: [
      item('API Keys', '/admin/api-keys', A, 'Keys for programmatic access.'),
      item('IP Whitelisting', '/admin/ip-whitelist', A, 'Addresses allowed to reach the admin area.'),
      item('Feature Toggles', '/admin/features', A, 'Turn features on and off.'),
      item('Reference Library', '/admin/library', AM, 'Documents the plagiarism checker compares texts with.'),
      item('Languages', '/admin/languages', AM, 'Languages supported by the tools.', 'Language Support'),
      item('Configuration', '/admin/settings', A, 'General, notification, access and advanced settings.', 'Settings'),
      item('Security', '/admin/security', A, 'Security policies and alerts.'),
      item('Backup', '/admin/backup', A, 'Backups and recovery.', 'Backup & Recovery'),
    ],
  },
];

/** Pages reachable from the profile menu rather than the sidebar. */
export const ADMIN_EXTRA_PAGES: AdminNavItem[] = [item('Admin Profile', '/admin/profile', [...AMS, 'super_admin'], 'Your staff profile.')];

/** Admin sees everything; manager and support see items listing their role; super_admin sees its own items (SPEC §6). */
export function canSeeAdminItem(item: AdminNavItem, role: StaffRole): boolean {
  return role === 'admin' || item.roles.includes(role);
}

export function adminNavFor(role: StaffRole): { group: string; items: AdminNavItem[] }[] {
  return ADMIN_NAV.map((g) => ({ group: g.group, items: g.items.filter((i) => canSeeAdminItem(i, role)) })).filter((g) => g.items.length > 0);
}

/** Items (any group) for a path, for page titles and access checks. */
export function adminItemsForPath(path: string): AdminNavItem[] {
  return [...ADMIN_NAV.flatMap((g) => g.items), ...ADMIN_EXTRA_PAGES].filter((i) => i.path === path);
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
    text: 'You are using the super administrator tools: the super dashboard and platform-wide user management.',
  },
};

/** Title for a /admin path (route handle). */
export function adminTitle(pathname: string): string {
  return adminItemsForPath(pathname.replace(/\/+$/, ''))[0]?.title ?? 'Admin';
}
