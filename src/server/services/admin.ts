import { count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { plans, sessions, users } from '../../db/schema';
import type { AdminOverview } from '../../shared/api/admin';
import type { AdminDashboardResponse, DashboardMetric, DashboardRevenue } from '../../shared/api/admin-analytics';
import type { ServerContext } from '../context';
import type { PlanDefinition, PlanId } from '../../shared/plans';
import { AppError } from '../errors';
import { getPlan, rows } from './billing';
import { audit } from './users';

/** The staff dashboard's numbers: accounts per role and sessions that have not expired. */

export async function adminOverview(db: Db): Promise<AdminOverview> {
  const byRole = await db.select({ role: users.role, users: count() }).from(users).groupBy(users.role).orderBy(users.role);
  const [active] = await db
    .select({ sessions: count() })
    .from(sessions)
    .where(gt(sessions.expiresAt, sql`now()`));
  return { usersByRole: byRole, activeSessions: active?.sessions ?? 0 };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days of every dashboard sparkline (today and the 29 before). */
export const DASHBOARD_DAYS = 30;

/** UTC day number since 1970-01-01 (what `floor(extract(epoch from t) / 86400)` gives in SQL). */
const dayNumber = (d: Date) => Math.floor(d.getTime() / DAY_MS);
const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** A per-day series over `first..first+len-1` from rows of (d, value); missing days are 0. */
function series(found: { d: unknown; n: unknown }[], first: number, len: number): number[] {
  const out = new Array<number>(len).fill(0);
  for (const r of found) {
    const i = Number(r.d) - first;
    if (i >= 0 && i < len) out[i] += Number(r.n);
  }
  return out;
}

type DayRow = { d: unknown; n: unknown };
type MoneyRow = { currency: string; d: unknown; n: unknown };

/** Per-day counts of a span of days, as the dashboard's queries return them. */
interface DaySpan {
  signups: DayRow[];
  sessions: DayRow[];
  usage: { d: unknown; calls: unknown; errors: unknown }[];
  paid: MoneyRow[];
  refunded: MoneyRow[];
}

const day = (col: string) => sql.raw(`floor(extract(epoch from ${col}) / 86400)::int`);

/** The dashboard's per-day counts of rows created in [from, to) (to null: up to now). */
async function countDays(db: Db, from: Date, to: Date | null): Promise<DaySpan> {
  const until = (col: string) => (to ? sql`and ${sql.raw(col)} < ${to}` : sql``);
  const [signups, sessionRows, usage, paid, refunded] = await Promise.all([
    db.execute(sql`select ${day('created_at')} as d, count(*) as n from users where created_at >= ${from} ${until('created_at')} group by 1`),
    db.execute(sql`select ${day('created_at')} as d, count(*) as n from sessions where created_at >= ${from} ${until('created_at')} group by 1`),
    db.execute(sql`
      select ${day('created_at')} as d, count(*) filter (where status <> 'rejected') as calls, count(*) filter (where status = 'error') as errors
      from usage_events where created_at >= ${from} ${until('created_at')} group by 1`),
    db.execute(sql`
      select currency, ${day('created_at')} as d, sum(amount) as n from payments
      where created_at >= ${from} ${until('created_at')} and status <> 'failed' group by 1, 2`),
    db.execute(sql`select currency, ${day('created_at')} as d, sum(amount) as n from refunds where created_at >= ${from} ${until('created_at')} group by 1, 2`),
  ]);
  return { signups: rows(signups), sessions: rows(sessionRows), usage: rows(usage), paid: rows(paid), refunded: rows(refunded) };
}

/**
 * The days before today do not change (rows are written with the time they happen), so this instance keeps their
 * counts for a few minutes: a refresh then reads only today's rows, however many events the last 30 days hold.
 * Keyed by database (tests run several) and by the first day, so the cache turns over at midnight (UTC) by itself.
 */
const CLOSED_DAYS_TTL_MS = 5 * 60_000;
const closedDays = new WeakMap<Db, { key: string; at: number; span: DaySpan }>();

async function closedDaySpan(db: Db, from: Date, today: Date, nowMs: number): Promise<DaySpan> {
  const key = `${from.toISOString()}|${today.toISOString()}`;
  const hit = closedDays.get(db);
  if (hit && hit.key === key && nowMs - hit.at < CLOSED_DAYS_TTL_MS && nowMs >= hit.at) return hit.span;
  const span = await countDays(db, from, today);
  closedDays.set(db, { key, at: nowMs, span });
  return span;
}

/**
 * The staff dashboard: accounts, sign-ups, sessions, tool calls, errors and (for holders of 'revenue:read') revenue
 * this month, each with a 30-day series. Every query is bounded by a created_at range (usage events use their
 * created_at index); the days before today come from a short per-instance cache, today's rows are read each time.
 */
export async function adminDashboard(ctx: ServerContext, opts: { withRevenue: boolean }): Promise<AdminDashboardResponse> {
  const now = ctx.now();
  const today = dayNumber(now);
  const first = today - (DASHBOARD_DAYS - 1);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  // Revenue this month may start a day before the 30-day window (on the 31st), so the closed span starts at the earlier.
  const from = new Date(Math.min(first * DAY_MS, monthStart.getTime()));
  const todayStart = new Date(today * DAY_MS);

  const [totals, byRole, closed, open] = await Promise.all([
    ctx.db.execute(sql`
      select (select count(*) from users) as users,
             (select count(*) from sessions where expires_at > ${now}) as sessions`),
    ctx.db.select({ role: users.role, users: count() }).from(users).groupBy(users.role).orderBy(users.role),
    closedDaySpan(ctx.db, from, todayStart, now.getTime()),
    countDays(ctx.db, todayStart, null),
  ]);
  const span = (k: keyof DaySpan) => [...closed[k], ...open[k]] as never[];

  const t = rows<{ users: unknown; sessions: unknown }>(totals)[0];
  const totalUsers = Number(t.users);
  const signupSeries = series(span('signups'), first, DASHBOARD_DAYS);
  // Accounts at the end of each day: today's total, less the sign-ups of the days after it.
  const userSeries = new Array<number>(DASHBOARD_DAYS).fill(0);
  for (let i = DASHBOARD_DAYS - 1, n = totalUsers; i >= 0; i--) {
    userSeries[i] = n;
    n -= signupSeries[i];
  }
  const usageRows = span('usage') as DaySpan['usage'];
  const calls = series(
    usageRows.map((r) => ({ d: r.d, n: r.calls })),
    first,
    DASHBOARD_DAYS,
  );
  const errors = series(
    usageRows.map((r) => ({ d: r.d, n: r.errors })),
    first,
    DASHBOARD_DAYS,
  );
  const metric = (value: number, s: number[]): DashboardMetric => ({ value, series: s });

  const body: AdminDashboardResponse = {
    generatedAt: now.toISOString(),
    days: Array.from({ length: DASHBOARD_DAYS }, (_, i) => dayString(first + i)),
    users: metric(totalUsers, userSeries),
    signups: metric(signupSeries[DASHBOARD_DAYS - 1], signupSeries),
    activeSessions: metric(Number(t.sessions), series(span('sessions'), first, DASHBOARD_DAYS)),
    toolCalls: metric(calls[DASHBOARD_DAYS - 1], calls),
    errors: metric(errors[DASHBOARD_DAYS - 1], errors),
    usersByRole: byRole.map((r) => ({ role: r.role, users: Number(r.users) })),
  };
  if (opts.withRevenue) body.revenue = revenueByCurrency(span('paid'), span('refunded'), first, dayNumber(monthStart));
  return body;
}

function revenueByCurrency(
  paid: { currency: string; d: unknown; n: unknown }[],
  refunded: { currency: string; d: unknown; n: unknown }[],
  first: number,
  monthFirst: number,
): DashboardRevenue[] {
  const out = new Map<string, DashboardRevenue>();
  const add = (r: { currency: string; d: unknown; n: unknown }, sign: 1 | -1) => {
    let c = out.get(r.currency);
    if (!c) out.set(r.currency, (c = { currency: r.currency, monthToDate: 0, series: new Array<number>(DASHBOARD_DAYS).fill(0) }));
    const d = Number(r.d);
    const n = sign * Number(r.n);
    if (d >= monthFirst) c.monthToDate += n;
    if (d >= first && d - first < DASHBOARD_DAYS) c.series[d - first] += n;
  };
  for (const r of paid) add(r, 1);
  for (const r of refunded) add(r, -1);
  // The main currency (most this month) first; a site that never took a payment shows USD at zero.
  const list = [...out.values()].sort((a, b) => b.monthToDate - a.monthToDate || a.currency.localeCompare(b.currency));
  return list.length ? list : [{ currency: 'usd', monthToDate: 0, series: new Array<number>(DASHBOARD_DAYS).fill(0) }];
}

export type PlanChanges = Partial<
  Pick<PlanDefinition, 'name' | 'price' | 'monthlyCharacters' | 'wordLimit' | 'dailyDetections' | 'description' | 'highlights'>
>;

/**
 * Staff edit a plan's price and limits (audited). The change applies to purchases (and free-plan
 * renewals) from now on; existing subscribers keep the terms copied onto their subscription when
 * they bought it.
 */
export async function updatePlan(db: Db, id: PlanId, changes: PlanChanges, actor: { id: string; email: string; ip: string }): Promise<PlanDefinition> {
  if (id === 'free' && changes.price !== undefined && changes.price !== 0)
    throw new AppError('validation_failed', 'The Free plan costs nothing.', { price: 'Must be 0' });
  // Makes sure the row exists (a missing default plan is inserted) before it is changed.
  await getPlan(db, id);
  await db
    .update(plans)
    .set({ ...changes, updatedAt: new Date(), updatedBy: actor.id })
    .where(eq(plans.id, id));
  await audit(db, { userId: actor.id, email: actor.email, action: `plan ${id} edited: ${JSON.stringify(changes)}`, category: 'payment', ip: actor.ip });
  return getPlan(db, id);
}
