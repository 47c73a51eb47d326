/** Roles and what the UI shows for each. What staff roles may do is in permissions.ts. */
export const PLAN_ROLES = ['free', 'basic', 'pro', 'agency'] as const;
export const STAFF_ROLES = ['admin', 'manager', 'support', 'super_admin'] as const;
export const ROLES = [...PLAN_ROLES, ...STAFF_ROLES] as const;

export type PlanRole = (typeof PLAN_ROLES)[number];
export type StaffRole = (typeof STAFF_ROLES)[number];
export type Role = (typeof ROLES)[number];

export function isStaff(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role ?? '');
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
