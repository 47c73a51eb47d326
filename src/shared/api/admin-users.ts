import { z } from 'zod';
import { ROLES, type Role } from '../roles';
import type { PaymentRow, SubscriptionInfo, UsageByTool } from './billing';

/** The staff User Directory and a user's page: `/api/admin/users*`. */

export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ADMIN_USERS_PAGE_MAX = 100;

// A filter left empty in a form arrives as '' and means "any".
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** GET /api/admin/users?q=&role=&status=&offset=&limit= */
export const AdminUsersQuery = z.object({
  /** Part of an e-mail address or username, any case. */
  q: z.string().trim().max(200).default(''),
  role: z.preprocess(blankToUndefined, z.enum(ROLES, { message: 'Unknown role.' }).optional()),
  status: z.preprocess(blankToUndefined, z.enum(USER_STATUSES, { message: 'Status is active or suspended.' }).optional()),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(ADMIN_USERS_PAGE_MAX).default(25),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

export interface AdminUserSummary {
  id: string;
  username: string;
  email: string;
  role: Role;
  status: UserStatus;
  emailVerified: boolean;
  createdAt: string;
  suspendedAt: string | null;
}

export interface AdminUsersResponse {
  items: AdminUserSummary[];
  /** Every account matching the filters, across all pages. */
  total: number;
  offset: number;
  limit: number;
}

export interface AdminAuditEntry {
  id: string;
  createdAt: string;
  /** The e-mail of whoever acted (the user, or the staff member acting on them). */
  email: string | null;
  action: string;
  category: string;
  ip: string | null;
}

/** GET /api/admin/users/:id */
export interface AdminUserDetail {
  user: AdminUserSummary & { signsInWithGoogle: boolean; hasPassword: boolean };
  /** The plan account's subscription; null for staff, who have no plan. */
  subscription: SubscriptionInfo | null;
  usage: {
    /** The plan period the characters count in; null for staff (their figures are this calendar month). */
    period: { start: string; end: string } | null;
    characters: { used: number; limit: number | null };
    detections: { today: number; dailyLimit: number | null };
    /** Requests that ran this calendar month (UTC), by tool. */
    byTool: UsageByTool[];
  };
  /** Sessions that have not expired. */
  activeSessions: number;
  /** The latest 20 payments; null when the caller's role may not see payments. */
  payments: PaymentRow[] | null;
  /** The latest 20 audit entries by or about this user; null when the caller's role may not read the audit log. */
  audit: AdminAuditEntry[] | null;
}

/** POST /api/admin/users/:id/role */
export const AdminRoleBody = z.object({ role: z.enum(ROLES, { message: 'Unknown role.' }) });
export type AdminRoleBody = z.infer<typeof AdminRoleBody>;

/** Answer of the role, suspend and restore actions: the user as it now is. */
export interface AdminUserActionResponse {
  user: AdminUserSummary;
}
