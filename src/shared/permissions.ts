import { isCustomRole, type BuiltinStaffRole, type Role, type StaffRole } from './roles';

/**
 * The one permission table. Every staff capability is a permission, granted to staff roles; the
 * server checks it (route `config.access`, or `requirePermission()` in a handler) and the admin
 * menu and pages read the same table, so what a role sees and what it may do cannot disagree.
 * Plan roles (free, basic, pro, agency) hold no staff permission: their limits come from plans.
 *
 * The admin menu shows an item iff the role holds the item's permission. admin and super_admin hold
 * every permission; manager and support hold the items the product's menu table lists for them
 * (docs/decisions/0003-staff-permissions.md records the choices where that table is silent).
 *
 * Custom staff roles (`custom:<slug>`, rows of `custom_roles`) hold the permissions stored with them,
 * plus 'admin:access'. The server resolves them per request (`permissionsOf` in server/http.ts); the
 * client learns the signed-in user's list from /api/auth/me (`learnPermissions`), so `can()` answers the
 * same on both sides.
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
  /** Ads: house ads shown to visitors and free users, and the ad network's settings. */
  'ads:manage': ['admin', 'super_admin'],
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
} as const satisfies Record<string, readonly BuiltinStaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(name: string): name is Permission {
  return Object.hasOwn(PERMISSIONS, name);
}

/** What each permission lets its holder do, in a sentence (Role Management and Access Control show it). */
export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  'admin:access': 'Open the administrator area and one’s own admin profile.',
  'dashboard:read': 'See the dashboard.',
  'monitor:read': 'Watch live requests and errors.',
  'users:read': 'Look up accounts and open a user’s page.',
  'users:suspend': 'Suspend, restore and delete accounts; send password resets.',
  'roles:manage': 'Change users’ roles; create and edit custom roles.',
  'audit:read': 'Read and export the audit log.',
  'support:read': 'Handle support tickets.',
  'reports:read': 'Review reports about results.',
  'plans:edit': 'Edit plans; give an account a plan free of charge.',
  'payments:read': 'See payments and invoices.',
  'refunds:approve': 'Approve or refuse refunds.',
  'revenue:read': 'See revenue.',
  'usage:read': 'See usage, tool performance, growth, detection logs and batches.',
  'reports:export': 'Download CSV reports.',
  'languages:edit': 'Manage the languages of the tools.',
  'library:read': 'Read the reference library.',
  'library:write': 'Add to and remove from the reference library.',
  'blog:write': 'Write, publish and delete blog posts.',
  'ads:manage': 'Manage house ads and the ad network.',
  'newsletter:read': 'Read and export newsletter subscribers.',
  'api-keys:manage': 'Manage public API keys.',
  'security:manage': 'IP allow-list, staff sessions and two-factor policy.',
  'settings:edit': 'Feature toggles and configuration.',
  'backup:manage': 'Download database backups.',
};

/** Every custom role holds this: a staff account that cannot even open the administrator area would be a dead account. */
export const CUSTOM_ROLE_BASE: readonly Permission[] = ['admin:access'];

/**
 * Permissions only a super administrator may put into a custom role: whoever holds them can give
 * themselves (or others) more power, reach every security setting, or take the whole database away.
 */
export const SUPER_ADMIN_GRANTS: readonly Permission[] = ['roles:manage', 'security:manage', 'backup:manage'];

/** A built-in role's permissions, from the table above (a plan role holds none). */
export function builtinPermissions(role: Role | null | undefined): Permission[] {
  if (role == null) return [];
  return PERMISSION_NAMES.filter((p) => (PERMISSIONS[p] as readonly string[]).includes(role));
}

/** A custom role's stored list made effective: known names only, in table order, with the base permission. */
export function customRolePermissions(stored: readonly string[]): Permission[] {
  const set = new Set<string>([...CUSTOM_ROLE_BASE, ...stored]);
  return PERMISSION_NAMES.filter((p) => set.has(p));
}

/**
 * Client only: the signed-in user's effective permissions, as /api/auth/me returned them. The server never
 * fills this (it resolves a custom role from the database on every request and does not call `can` for one).
 */
const learned = new Map<string, readonly Permission[]>();
export function learnPermissions(role: Role, permissions: readonly Permission[]): void {
  learned.set(role, permissions);
}

/**
 * Whether `role` holds `permission`. A built-in role reads the table (or, on the client, the list the
 * session endpoint returned); a custom role holds 'admin:access' and, on the client, what the session
 * endpoint returned. Server code that may meet a custom role checks with `permissionsOf()` (server/http.ts).
 */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  if (role == null) return false;
  const known = learned.get(role);
  if (known) return known.includes(permission);
  if (isCustomRole(role)) return CUSTOM_ROLE_BASE.includes(permission);
  return (PERMISSIONS[permission] as readonly string[]).includes(role);
}

/** May open the administrator area. Only staff roles hold permissions, so this also narrows the role. */
export function canAccessAdmin(role: Role | null | undefined): role is StaffRole {
  return can(role, 'admin:access');
}

/**
 * Who may call an API route: anyone ('public'; tools meter visitors themselves), any logged-in
 * user ('user'), a logged-in plan account but not staff ('account': buying a plan, deleting one's
 * own account; staff have no plan and are removed by an administrator), holders of a permission,
 * or the holder of an API key ('apikey': the public API under /api/v1, where no cookie is read).
 */
export type RouteAccess = 'public' | 'user' | 'account' | 'apikey' | Permission;
