import { z } from 'zod';
import type { Role } from '../roles';
import { RoleName } from './role-name';
import { PLAN_IDS, type PlanId } from '../plans';
import type { PaymentRow, SubscriptionInfo, UsageByTool } from './billing';

/** The staff User Directory and a user's page: `/api/admin/users*`. */

export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ADMIN_USERS_PAGE_MAX = 100;
/** A search term this long or longer matches anywhere in an e-mail or username; a shorter one matches their start. */
export const SEARCH_SUBSTRING_MIN = 3;

// A filter left empty in a form arrives as '' and means "any".
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** GET /api/admin/users?q=&role=&status=&offset=&limit= */
export const AdminUsersQuery = z.object({
  /** Part of an e-mail address or username, any case. */
  q: z.string().trim().max(200).default(''),
  role: z.preprocess(blankToUndefined, RoleName.optional()),
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

export interface AdminSessionRow {
  createdAt: string;
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
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
  /** The latest 20 of them, newest first. */
  sessions: AdminSessionRow[];
  /** The latest 20 payments; null when the caller's role may not see payments. */
  payments: PaymentRow[] | null;
  /** The latest 20 audit entries by or about this user; null when the caller's role may not read the audit log. */
  audit: AdminAuditEntry[] | null;
}

/** POST /api/admin/users/:id/role */
export const AdminRoleBody = z.object({ role: RoleName });
export type AdminRoleBody = z.infer<typeof AdminRoleBody>;

/** Answer of the role, suspend and restore actions: the user as it now is. */
export interface AdminUserActionResponse {
  user: AdminUserSummary;
}

/** POST /api/admin/users/:id/plan: put a plan account on `plan` now, free of charge (no payment, no provider). */
export const AdminPlanBody = z.object({ plan: z.enum(PLAN_IDS, { message: 'Unknown plan.' }) });
export type AdminPlanBody = z.infer<typeof AdminPlanBody>;

/** DELETE /api/admin/users/:id: the account's e-mail address, typed again to confirm. */
export const AdminDeleteUserBody = z.object({
  confirm: z.string({ message: 'Type the account’s e-mail address to confirm.' }).trim().min(1, 'Type the account’s e-mail address to confirm.').max(254),
});
export type AdminDeleteUserBody = z.infer<typeof AdminDeleteUserBody>;
export interface AdminDeleteUserResponse {
  deleted: true;
}

export const BULK_ACTIONS = ['suspend', 'restore'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const BULK_MAX = 100;

/** POST /api/admin/users/bulk: suspend or restore up to 100 accounts; each is judged on its own. */
export const AdminBulkBody = z.object({
  action: z.enum(BULK_ACTIONS, { message: 'The action is suspend or restore.' }),
  ids: z
    .array(z.uuid({ message: 'No such user.' }), { message: 'Choose the accounts.' })
    .min(1, 'Choose at least one account.')
    .max(BULK_MAX, `At most ${BULK_MAX} accounts at a time.`)
    .transform((ids) => [...new Set(ids)]),
});
export type AdminBulkBody = z.infer<typeof AdminBulkBody>;

export interface AdminBulkResult {
  id: string;
  /** Null when no account has this id. */
  email: string | null;
  /** done: changed now; skipped: refused by a rule (own account, staff, already in that state) or unknown. */
  outcome: 'done' | 'skipped';
  message: string;
}
export interface AdminBulkResponse {
  action: BulkAction;
  results: AdminBulkResult[];
  done: number;
  skipped: number;
}

export type { PlanId };
