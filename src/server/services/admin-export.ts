import { sql, type SQL } from 'drizzle-orm';
import type { ExportKind } from '../../shared/api/admin-analytics';
import type { ServerContext } from '../context';
import { csvCell, EVENT_PLAN } from './admin-analytics';
import { rows } from './billing';
import { audit } from './users';

/**
 * Export Reports: CSV of users, payments and usage events over an optional UTC date range. The rows are read in
 * pages of EXPORT_PAGE_ROWS with a keyset on (created_at, id) and written out page by page, so an export of a
 * million usage events never holds more than one page in memory, and no OFFSET makes the last pages slow.
 */

export const EXPORT_PAGE_ROWS = 5_000;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ExportRange {
  /** UTC days, both included; either may be missing (no bound on that side). */
  from?: string;
  to?: string;
}

interface Spec {
  header: string[];
  /** One page after the cursor; every query returns `cursor_at` (created_at as text, exact to the microsecond) and `id`. */
  page: (range: SQL, after: SQL) => SQL;
  line: (r: Record<string, unknown>) => unknown[];
}

const money = (minor: unknown) => (Number(minor) / 100).toFixed(2);
const iso = (v: unknown) => (v === null || v === undefined ? '' : new Date(v as string).toISOString());

const SPECS: Record<ExportKind, Spec> = {
  users: {
    header: ['id', 'username', 'email', 'role', 'plan', 'status', 'email_verified', 'created_at', 'suspended_at'],
    page: (range, after) => sql`
      select u.id, u.username, u.email, u.role, s.plan, u.email_verified, u.created_at, u.suspended_at, u.created_at::text as cursor_at
      from users u left join subscriptions s on s.user_id = u.id
      where ${range} and ${after} order by u.created_at, u.id limit ${EXPORT_PAGE_ROWS}`,
    line: (r) => [
      r.id,
      r.username,
      r.email,
      r.role,
      r.plan ?? '',
      r.suspended_at ? 'suspended' : 'active',
      bool(r.email_verified),
      iso(r.created_at),
      iso(r.suspended_at),
    ],
  },
  payments: {
    header: ['id', 'created_at', 'user_id', 'email', 'kind', 'item', 'description', 'amount', 'refunded', 'currency', 'status', 'provider'],
    page: (range, after) => sql`
      select u.id, u.created_at, u.user_id, u.email, u.kind, u.item, u.description, u.amount, u.refunded_amount, u.currency, u.status, u.provider,
             u.created_at::text as cursor_at
      from payments u where ${range} and ${after} order by u.created_at, u.id limit ${EXPORT_PAGE_ROWS}`,
    line: (r) => [
      r.id,
      iso(r.created_at),
      r.user_id ?? '',
      r.email ?? '',
      r.kind,
      r.item,
      r.description,
      money(r.amount),
      money(r.refunded_amount),
      String(r.currency).toUpperCase(),
      r.status,
      r.provider,
    ],
  },
  usage: {
    header: ['id', 'created_at', 'user_id', 'visitor', 'tool', 'plan', 'status', 'characters', 'latency_ms', 'engine', 'api_key_id'],
    // The page is cut first (the created_at index serves it), then each event's plan is resolved.
    page: (range, after) => sql`
      select e.id, e.created_at, e.user_id, e.tool, ${EVENT_PLAN} as plan, e.status, e.characters, e.latency_ms, e.engine, e.api_key_id,
             e.created_at::text as cursor_at
      from (select * from usage_events u where ${range} and ${after} order by u.created_at, u.id limit ${EXPORT_PAGE_ROWS}) e
      left join subscriptions s on s.user_id = e.user_id and e.plan is null
      order by e.created_at, e.id`,
    line: (r) => [
      r.id,
      iso(r.created_at),
      r.user_id ?? '',
      r.user_id ? 'no' : 'yes',
      r.tool,
      r.plan,
      r.status,
      Number(r.characters),
      r.latency_ms ?? '',
      r.engine ?? '',
      r.api_key_id ?? '',
    ],
  },
};

function bool(v: unknown): string {
  return v === true || v === 't' ? 'yes' : 'no';
}

function rangeCondition(r: ExportRange): SQL {
  const parts: SQL[] = [sql`true`];
  if (r.from) parts.push(sql`u.created_at >= ${new Date(`${r.from}T00:00:00Z`)}`);
  if (r.to) parts.push(sql`u.created_at < ${new Date(new Date(`${r.to}T00:00:00Z`).getTime() + DAY_MS)}`);
  return sql.join(parts, sql` and `);
}

export function exportFileName(kind: ExportKind, r: ExportRange, now: Date): string {
  const span = r.from || r.to ? `${r.from ?? 'start'}_to_${r.to ?? now.toISOString().slice(0, 10)}` : `all_${now.toISOString().slice(0, 10)}`;
  return `veritext-${kind}-${span}.csv`;
}

/**
 * Write the audit entry (category 'system') and return the CSV as chunks: the header, then one chunk per page.
 * The entry is written before the first row, so even an export abandoned half-way is on record.
 */
export async function startExport(
  ctx: ServerContext,
  actor: { id: string; email: string; ip: string },
  kind: ExportKind,
  range: ExportRange,
): Promise<AsyncGenerator<string>> {
  const span = range.from || range.to ? ` from ${range.from ?? 'the start'} to ${range.to ?? 'today'}` : ' (all dates)';
  await audit(ctx.db, { userId: actor.id, email: actor.email, action: `exported ${kind} as CSV${span}`, category: 'system', ip: actor.ip });
  return exportRows(ctx, kind, range);
}

async function* exportRows(ctx: ServerContext, kind: ExportKind, range: ExportRange): AsyncGenerator<string> {
  const spec = SPECS[kind];
  const where = rangeCondition(range);
  yield `${spec.header.join(',')}\r\n`;
  let cursor: { at: string; id: string } | null = null;
  for (;;) {
    const after: SQL = cursor ? sql`(u.created_at, u.id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql`true`;
    const page = rows<Record<string, unknown>>(await ctx.db.execute(spec.page(where, after)));
    if (page.length === 0) return;
    yield page.map((r) => `${spec.line(r).map(csvCell).join(',')}\r\n`).join('');
    if (page.length < EXPORT_PAGE_ROWS) return;
    const last = page[page.length - 1];
    cursor = { at: String(last.cursor_at), id: String(last.id) };
  }
}
