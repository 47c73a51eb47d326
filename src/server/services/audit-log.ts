import { and, count, desc, eq, gte, ilike, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import {
  AUDIT_CATEGORY_LABELS,
  type AuditCategory,
  type AuditEntry,
  type AuditFilters,
  type AuditListResponse,
  type AuditQuery,
} from '../../shared/api/admin-audit';
import type { Role } from '../../shared/roles';

/**
 * The Audit Logs page: the audit table (written by `audit()` in users.ts) read back with its filters.
 * The acting account is joined for its current role and username; the e-mail recorded on the entry wins
 * over the account's, because it is what the event was about (a failed login records the address tried).
 */

/** Most rows one CSV export holds, so a careless export cannot build an unbounded string in memory. */
export const AUDIT_CSV_MAX_ROWS = 100_000;

const DAY_MS = 24 * 60 * 60 * 1000;
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** LIKE pattern matching `q` literally anywhere (backslash is PostgreSQL's default LIKE escape). */
function containing(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function conditions(f: AuditFilters): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (f.from) where.push(gte(auditLog.createdAt, new Date(isDay(f.from) ? `${f.from}T00:00:00Z` : f.from)));
  if (f.to) {
    // A bare day includes all of that day.
    if (isDay(f.to)) where.push(lt(auditLog.createdAt, new Date(new Date(`${f.to}T00:00:00Z`).getTime() + DAY_MS)));
    else where.push(lte(auditLog.createdAt, new Date(f.to)));
  }
  if (f.category) where.push(eq(auditLog.category, f.category));
  if (f.actorRole) where.push(eq(users.role, f.actorRole));
  if (f.q) {
    const p = containing(f.q);
    where.push(or(ilike(auditLog.email, p), ilike(users.email, p), ilike(users.username, p)));
  }
  return where.length ? and(...where) : undefined;
}

const columns = {
  id: auditLog.id,
  userId: auditLog.userId,
  entryEmail: auditLog.email,
  action: auditLog.action,
  category: auditLog.category,
  ip: auditLog.ip,
  createdAt: auditLog.createdAt,
  accountEmail: users.email,
  username: users.username,
  role: users.role,
};

async function select(db: Db, f: AuditFilters, limit: number, offset: number) {
  return db
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(conditions(f))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

type Row = Awaited<ReturnType<typeof select>>[number];

function toEntry(r: Row): AuditEntry {
  const email = r.entryEmail ?? r.accountEmail ?? null;
  const known = r.userId !== null || email !== null;
  return {
    id: r.id,
    user: known ? { id: r.userId, email, username: r.username ?? null, role: (r.role as Role | null) ?? null } : null,
    action: r.action,
    category: r.category as AuditCategory,
    timestamp: new Date(r.createdAt).toISOString(),
    ip: r.ip,
  };
}

/** One page of entries, newest first, and how many match in all. */
export async function listAudit(db: Db, q: AuditQuery): Promise<AuditListResponse> {
  const [rows, [{ n }]] = await Promise.all([
    select(db, q, q.limit, q.offset),
    db.select({ n: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.userId)).where(conditions(q)),
  ]);
  return { items: rows.map(toEntry), total: Number(n), offset: q.offset, limit: q.limit };
}

const CSV_HEADER = ['Timestamp', 'User', 'Role', 'Action', 'Category', 'IP Address'];

/** Every entry matching the filters (up to AUDIT_CSV_MAX_ROWS), newest first, as CSV with a header row. */
export async function auditCsv(db: Db, f: AuditFilters): Promise<string> {
  const rows = (await select(db, f, AUDIT_CSV_MAX_ROWS, 0)).map(toEntry);
  const lines = [
    CSV_HEADER.map(csvCell).join(','),
    ...rows.map((e) =>
      [e.timestamp, e.user?.email ?? '', e.user?.role ?? '', e.action, AUDIT_CATEGORY_LABELS[e.category] ?? e.category, e.ip ?? ''].map(csvCell).join(','),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * One quoted CSV cell: inner quotes doubled, so commas and line breaks stay inside the cell. A value a
 * spreadsheet would run as a formula gets a leading apostrophe: entries hold text users typed (e-mails, titles).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}
