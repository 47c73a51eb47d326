/** Roles and what the UI shows for each. What staff roles may do is in permissions.ts. */
export const PLAN_ROLES = ['free', 'basic', 'pro', 'agency'] as const;
/** The built-in staff roles. Administrators may add custom staff roles (`custom:<slug>`, stored in `custom_roles`). */
export const STAFF_ROLES = ['admin', 'manager', 'support', 'super_admin'] as const;
/** The built-in roles (plans and staff); custom staff roles come from the database. */
export const ROLES = [...PLAN_ROLES, ...STAFF_ROLES] as const;

/**
 * A custom staff role's id: a prefix no built-in role has, so an id can never collide with one, and the
 * role column tells at a glance that the permissions live in `custom_roles`.
 */
export const CUSTOM_ROLE_PREFIX = 'custom:';
export type CustomRole = `custom:${string}`;
/** The slug after the prefix: lower-case letters, digits and single dashes, 1–40 characters. */
export const CUSTOM_ROLE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CUSTOM_ROLE_SLUG_MAX = 40;

export type PlanRole = (typeof PLAN_ROLES)[number];
export type BuiltinStaffRole = (typeof STAFF_ROLES)[number];
/** Every staff role: a built-in one or a custom one. Staff have no plan. */
export type StaffRole = BuiltinStaffRole | CustomRole;
export type BuiltinRole = (typeof ROLES)[number];
export type Role = BuiltinRole | CustomRole;

export function isCustomRole(role: string | null | undefined): role is CustomRole {
  if (!role?.startsWith(CUSTOM_ROLE_PREFIX)) return false;
  const slug = role.slice(CUSTOM_ROLE_PREFIX.length);
  return slug.length <= CUSTOM_ROLE_SLUG_MAX && CUSTOM_ROLE_SLUG.test(slug);
}

export function isBuiltinRole(role: string | null | undefined): role is BuiltinRole {
  return (ROLES as readonly string[]).includes(role ?? '');
}

export function isRole(role: string | null | undefined): role is Role {
  return isBuiltinRole(role) || isCustomRole(role);
}

/** Staff: a built-in staff role or any custom role (custom roles are staff roles by definition). */
export function isStaff(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role ?? '') || isCustomRole(role);
}

/** The custom role's id for a display name: "Billing Desk" → custom:billing-desk (empty slug → null). */
export function customRoleId(name: string): CustomRole | null {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CUSTOM_ROLE_SLUG_MAX)
    .replace(/-+$/g, '');
  return slug ? `${CUSTOM_ROLE_PREFIX}${slug}` : null;
}

export const BUILTIN_ROLE_LABELS: Record<BuiltinRole, string> = {
  free: 'Free',
  basic: 'Basic',
  pro: 'Pro',
  agency: 'Agency',
  support: 'Support',
  manager: 'Manager',
  admin: 'Admin',
  super_admin: 'Super Admin',
};

/**
 * A role's name for people: the built-in label, a custom role's stored name when the caller knows it, else its
 * slug in title case (custom:billing-desk → Billing Desk).
 */
export function roleLabel(role: string, customNames?: ReadonlyMap<string, string>): string {
  if (isBuiltinRole(role)) return BUILTIN_ROLE_LABELS[role];
  const known = customNames?.get(role);
  if (known) return known;
  if (!isCustomRole(role)) return role;
  return role
    .slice(CUSTOM_ROLE_PREFIX.length)
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

export function planBadge(role: Role): string {
  switch (role) {
    case 'free':
      return 'Free Plan';
    case 'basic':
      return 'Basic Plan';
    case 'pro':
      return 'Pro Plan';
    case 'agency':
      return 'Agency Plan';
    default:
      return 'Staff';
  }
}

/** The header's upgrade link label; null where none is shown (agency and staff). */
export function upgradeLabel(role: Role): string | null {
  switch (role) {
    case 'free':
      return 'Upgrade Plan';
    case 'basic':
      return 'Upgrade to Pro';
    case 'pro':
      return 'Upgrade to Agency';
    default:
      return null;
  }
}

/** Word limit per request before plans exist: 500 anonymous, 2,000 logged in. */
export function wordLimit(role: Role | null): number {
  return role === null ? 500 : 2000;
}
