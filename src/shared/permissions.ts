import type { Role, StaffRole } from './roles';

/**
 * The one permission table. Every staff capability is a permission, granted to staff roles; the
 * server checks it (route `config.access`, or `requirePermission()` in a handler) and the admin
 * menu and pages read the same table, so what a role sees and what it may do cannot disagree.
 * Plan roles (free, basic, pro, agency) hold no staff permission: their limits come from plans.
 *
 * The admin menu shows an item iff the role holds the item's permission. admin and super_admin hold
 * every permission; manager and support hold the items the product's menu table lists for them
 * (docs/decisions/0003-staff-permissions.md records the choices where that table is silent).
 */
export const PERMISSIONS = {
  /** Open the administrator area (the gate, the overview call behind either dashboard, one's profile). */
  'admin:access': ['admin', 'manager', 'support', 'super_admin'],
  /** Dashboard. */
  'dashboard:read': ['admin', 'manager', 'support', 'super_admin'],
  /** Real-time Monitor. */
  'monitor:read': ['admin', 'manager', 'super_admin'],
  /** User Directory: look up accounts. */
  'users:read': ['admin', 'manager', 'support', 'super_admin'],
  /** Account Actions: suspend, restore and change accounts. */
  'users:suspend': ['admin', 'manager', 'super_admin'],
  /** Role Management and Access Control: who holds which staff role and what each role may do. */
  'roles:manage': ['admin', 'super_admin'],
  /** Audit Logs. */
  'audit:read': ['admin', 'super_admin'],
  /** Support Tickets. */
  'support:read': ['admin', 'manager', 'support', 'super_admin'],
  /** Report Management: reports submitted by users and staff. */
  'reports:read': ['admin', 'manager', 'support', 'super_admin'],
  /** Plan Management: read and edit subscription plans (prices and limits). */
  'plans:edit': ['admin', 'super_admin'],
  /** Payments and Invoices. */
  'payments:read': ['admin', 'manager', 'super_admin'],
  /** Refund Management. */
  'refunds:approve': ['admin', 'super_admin'],
  /** Revenue. */
  'revenue:read': ['admin', 'manager', 'super_admin'],
  /** Usage Monitoring, Usage Statistics, Tool Performance, User Growth, Detection Logs, Batch Processing. */
  'usage:read': ['admin', 'manager', 'super_admin'],
  /** Export: download reports. */
  'reports:export': ['admin', 'manager', 'super_admin'],
  /** Languages supported by the tools. */
  'languages:edit': ['admin', 'manager', 'super_admin'],
  /**
   * Reference Library: read the plagiarism checker's sources. A system item like the other
   * admin-and-manager items; support handles users and tickets and does not see it.
   */
  'library:read': ['admin', 'manager', 'super_admin'],
  /** Add to and remove from the reference library. */
  'library:write': ['admin', 'manager', 'super_admin'],
  /** Blog Posts: write, publish and delete posts. */
  'blog:write': ['admin', 'manager', 'super_admin'],
  /** Read and export the newsletter's subscribers (personal data). */
  'newsletter:read': ['admin', 'manager', 'super_admin'],
  /** API Keys. */
  'api-keys:manage': ['admin', 'super_admin'],
  /** IP Whitelisting and Security. */
  'security:manage': ['admin', 'super_admin'],
  /** Feature Toggles and Configuration. */
  'settings:edit': ['admin', 'super_admin'],
  /** Backup. */
  'backup:manage': ['admin', 'super_admin'],
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
