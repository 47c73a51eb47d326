import type { Role, StaffRole } from './roles';

/**
 * The one permission table. Every staff capability is a permission, granted to staff roles; the
 * server checks it (route `config.access`, or `requirePermission()` in a handler) and the admin
 * menu and pages read the same table, so what a role sees and what it may do cannot disagree.
 * Plan roles (free, basic, pro, agency) hold no staff permission: their limits come from plans.
 *
 * The admin menu shows an item iff the role holds the item's permission. The menu's rule is:
 * admin sees every item; manager and support see the items that list them; super_admin sees only
 * its own two items (Super Dashboard, User Management). Hence admin is granted every permission,
 * and super_admin only 'admin:access' and the two permissions of its items.
 */
export const PERMISSIONS = {
  /** Open the administrator area (the gate, the overview call behind either dashboard, one's profile). */
  'admin:access': ['admin', 'manager', 'support', 'super_admin'],
  /** Dashboard. */
  'dashboard:read': ['admin', 'manager', 'support'],
  /** Super Dashboard: the super administrator's platform-wide view. */
  'platform:read': ['admin', 'super_admin'],
  /** Real-time Monitor. */
  'monitor:read': ['admin', 'manager'],
  /** User Directory: look up accounts. */
  'users:read': ['admin', 'manager', 'support'],
  /** User Management: the super administrator's platform-wide account management. */
  'users:manage': ['admin', 'super_admin'],
  /** Account Actions: suspend, restore and change accounts. */
  'users:suspend': ['admin', 'manager'],
  /** Role Management and Access Control: who holds which staff role and what each role may do. */
  'roles:manage': ['admin'],
  /** Audit Logs. */
  'audit:read': ['admin'],
  /** Support Tickets. */
  'support:read': ['admin', 'manager', 'support'],
  /** Report Management: reports submitted by users and staff. */
  'reports:read': ['admin', 'manager', 'support'],
  /** Plan Management: read and edit subscription plans (prices and limits). */
  'plans:edit': ['admin'],
  /** Payments and Invoices. */
  'payments:read': ['admin', 'manager'],
  /** Refund Management. */
  'refunds:approve': ['admin'],
  /** Revenue. */
  'revenue:read': ['admin', 'manager'],
  /** Usage Monitoring, Usage Statistics, Tool Performance, User Growth, Detection Logs, Batch Processing. */
  'usage:read': ['admin', 'manager'],
  /** Export: download reports. */
  'reports:export': ['admin', 'manager'],
  /** Languages supported by the tools. */
  'languages:edit': ['admin', 'manager'],
  /**
   * Reference Library: read the plagiarism checker's sources. A system item like the other
   * admin-and-manager items; support handles users and tickets and does not see it.
   */
  'library:read': ['admin', 'manager'],
  /** Add to and remove from the reference library. */
  'library:write': ['admin', 'manager'],
  /** Blog Posts: write, publish and delete posts. */
  'blog:write': ['admin', 'manager'],
  /** Read and export the newsletter's subscribers (personal data). */
  'newsletter:read': ['admin', 'manager'],
  /** API Keys. */
  'api-keys:manage': ['admin'],
  /** IP Whitelisting and Security. */
  'security:manage': ['admin'],
  /** Feature Toggles and Configuration. */
  'settings:edit': ['admin'],
  /** Backup. */
  'backup:manage': ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(name: string): name is Permission {
  return Object.hasOwn(PERMISSIONS, name);
}

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role != null && (PERMISSIONS[permission] as readonly string[]).includes(role);
}

/** May open the administrator area. Only staff roles hold permissions, so this also narrows the role. */
export function canAccessAdmin(role: Role | null | undefined): role is StaffRole {
  return can(role, 'admin:access');
}

/**
 * Who may call an API route: anyone ('public'; tools meter visitors themselves), any logged-in
 * user ('user'), a logged-in plan account but not staff ('account': buying a plan, deleting one's
 * own account; staff have no plan and are removed by an administrator), or holders of a permission.
 */
export type RouteAccess = 'public' | 'user' | 'account' | Permission;
