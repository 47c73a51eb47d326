import { z } from 'zod';
import type { Role } from '../roles';
import { RoleName } from './role-name';

/** The audit table's categories, in the order the Audit Logs page lists them. */
export const AUDIT_CATEGORIES = ['auth', 'user', 'payment', 'security', 'system'] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

export const AUDIT_CATEGORY_LABELS: Record<AuditCategory, string> = {
  auth: 'Authentication',
  user: 'User Management',
  payment: 'Payment',
  security: 'Security',
  system: 'System',
};

export const AUDIT_PAGE_MAX = 200;

/** A day (YYYY-MM-DD, read as UTC) or an exact instant. */
const When = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

/** An empty query parameter (`?category=`) means "All", as the form's empty choice does. */
const blankAsUnset = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/**
 * GET /api/admin/audit and /api/admin/audit.csv ('audit:read'). `from` and `to` are inclusive: a bare day
 * as `to` covers that whole day. `actorRole` is the current role of the account that acted; `q` matches
 * its e-mail or username (or the e-mail recorded on the entry, e.g. the address of a failed login).
 */
export const AuditQuery = z.object({
  from: blankAsUnset(When),
  to: blankAsUnset(When),
  category: blankAsUnset(z.enum(AUDIT_CATEGORIES)),
  actorRole: blankAsUnset(RoleName),
  q: z.string().trim().max(200).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuery>;
/** The filters without paging: what the CSV export takes. */
export type AuditFilters = Omit<AuditQuery, 'offset' | 'limit'>;

export interface AuditEntry {
  id: string;
  /** Who acted: null when nobody is known (a system event, or a deleted account with no recorded e-mail). */
  user: { id: string | null; email: string | null; username: string | null; role: Role | null } | null;
  action: string;
  category: AuditCategory;
  /** ISO date-time. */
  timestamp: string;
  ip: string | null;
}

export interface AuditListResponse {
  items: AuditEntry[];
  /** Entries matching the filters, across all pages. */
  total: number;
  offset: number;
  limit: number;
}
