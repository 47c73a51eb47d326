import { z } from 'zod';

/** Contract of the staff analytics pages (needs 'usage:read'). Durations are in milliseconds; dates are ISO 8601 strings. */

export const ANALYTICS_RANGES = ['24h', '7d', '30d'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

/** How far back each range reaches, in hours. */
export const RANGE_HOURS: Record<AnalyticsRange, number> = { '24h': 24, '7d': 24 * 7, '30d': 24 * 30 };

export const RANGE_LABELS: Record<AnalyticsRange, string> = { '24h': 'Last 24 hours', '7d': 'Last 7 days', '30d': 'Last 30 days' };

// ---------- GET /api/admin/tool-performance?range=7d ----------
export const ToolPerformanceQuery = z.object({ range: z.enum(ANALYTICS_RANGES, { message: 'Range must be 24h, 7d or 30d.' }).default('7d') });
export type ToolPerformanceQuery = z.infer<typeof ToolPerformanceQuery>;

export interface ToolPerformanceRow {
  /** Catalogue id, e.g. 'ai_content_detector'. */
  tool: string;
  /** The catalogue's name for the tool (the id when the catalogue no longer lists it). */
  name: string;
  /** Requests that ran (succeeded or failed); refused requests are counted in `rejected`, not here. */
  calls: number;
  errors: number;
  /** errors / calls, 0–1; 0 when there were no calls. */
  errorRate: number;
  /** Latency percentiles of the successful calls (a fast failure would flatter them); null when none was timed. */
  p50Ms: number | null;
  p95Ms: number | null;
  /** The engines that answered, most calls first. */
  engines: { engine: string; calls: number }[];
  /** Requests refused before they ran (limits, word counts, rate), by reason. */
  rejected: number;
  rejectedByReason: Record<string, number>;
}

export interface ToolPerformanceResponse {
  range: AnalyticsRange;
  from: string;
  to: string;
  /**
   * Refusals are counted per UTC day, so `rejected` covers whole days from this one (the day `from` falls in)
   * up to today: for the 24-hour range that is up to two days.
   */
  rejectedSince: string;
  /** Tools with a call or a refusal in the range, most calls first. */
  tools: ToolPerformanceRow[];
  totals: { calls: number; errors: number; rejected: number };
}

// ---------- Shared: UTC day ranges ----------

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** A UTC day, YYYY-MM-DD, that is a real calendar date. */
const Day = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(DAY_RE, { message: 'Dates are written YYYY-MM-DD.' })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      message: 'That date does not exist.',
    })
    .optional(),
);

/** The longest range an analytics query or an export may cover, in days. */
export const MAX_RANGE_DAYS = 366;
/** Days a range covers when none is given (today and the 29 before). */
export const DEFAULT_RANGE_DAYS = 30;

/** `from` and `to` are UTC days, both included; either may be left out (see resolveDayRange on the server). */
export const DayRangeQuery = z
  .object({ from: Day, to: Day })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date must not be after the end date.', path: ['from'] });
export type DayRangeQuery = z.infer<typeof DayRangeQuery>;

// ---------- GET /api/admin/dashboard (dashboard:read) ----------

/** A dashboard figure: its value now, and one value per day of `days` for the sparkline. */
export interface DashboardMetric {
  value: number;
  series: number[];
}

export interface DashboardRevenue {
  currency: string;
  /** Payments received this calendar month (UTC) minus refunds made this month, in minor units. */
  monthToDate: number;
  /** Net revenue per day of `days`, in minor units. */
  series: number[];
}

export interface AdminDashboardResponse {
  generatedAt: string;
  /** The 30 UTC days of every series, oldest first; the last one is today. */
  days: string[];
  /** Accounts now; the series is the number of accounts at the end of each day (from the accounts still on record). */
  users: DashboardMetric;
  /** Sign-ups today; the series is sign-ups per day. */
  signups: DashboardMetric;
  /** Sessions that have not expired; the series is sessions started per day (of those still stored). */
  activeSessions: DashboardMetric;
  /** Tool requests that ran today (succeeded or failed); per day in the series. */
  toolCalls: DashboardMetric;
  /** Tool requests that failed today; per day in the series. */
  errors: DashboardMetric;
  /** Per currency, largest first. Omitted (not sent) unless the caller holds 'revenue:read'. */
  revenue?: DashboardRevenue[];
  usersByRole: { role: string; users: number }[];
}

// ---------- GET /api/admin/usage?from=&to= (usage:read) ----------

export interface UsageTotals {
  /** Requests that ran (refusals are not calls). */
  calls: number;
  /** Characters of the requests that succeeded. */
  characters: number;
  errors: number;
  /** Distinct accounts and visitors (by cookie) that made a call. */
  accounts: number;
  visitors: number;
}

export interface UsageDayRow {
  day: string;
  calls: number;
  characters: number;
  errors: number;
}

export interface UsageToolRow {
  tool: string;
  name: string;
  calls: number;
  characters: number;
  errors: number;
}

export interface UsagePlanRow {
  /** The caller's plan when the request ran; 'anonymous' for visitors, 'unknown' when it cannot be told. */
  plan: string;
  calls: number;
  characters: number;
}

export interface UsageAccountRow {
  userId: string;
  username: string;
  email: string;
  /** The account's current plan (or role, for staff). */
  plan: string;
  calls: number;
  characters: number;
  lastAt: string;
}

export interface AdminUsageResponse {
  from: string;
  to: string;
  totals: UsageTotals;
  /** Every day of the range, oldest first, zeros included. */
  byDay: UsageDayRow[];
  /** Most calls first. */
  byTool: UsageToolRow[];
  /** Most calls first. */
  byPlan: UsagePlanRow[];
  /** Calls and characters per day and plan (days without calls are left out). */
  byDayPlan: { day: string; plan: string; calls: number; characters: number }[];
  /** Calls and characters per tool and plan. */
  byToolPlan: { tool: string; plan: string; calls: number; characters: number }[];
  /** The accounts with the most characters in the range, at most 20. */
  topAccounts: UsageAccountRow[];
}

// ---------- GET /api/admin/revenue?months= (revenue:read) ----------

export const RevenueQuery = z.object({
  months: z.coerce
    .number({ message: 'Months must be a number.' })
    .int()
    .min(1, { message: 'Months must be 1 to 36.' })
    .max(36, { message: 'Months must be 1 to 36.' })
    .default(12),
});
export type RevenueQuery = z.infer<typeof RevenueQuery>;

export interface RevenueMonthRow {
  /** YYYY-MM (UTC). */
  month: string;
  /** Payments received (any kind, failed ones excluded), in minor units. */
  gross: number;
  /** Refunds made in the month. */
  refunds: number;
  net: number;
  subscriptions: number;
  packs: number;
  /** Subscription payments from accounts that had none in the 45 days before (first purchases and returning customers). */
  newSubscriptions: number;
  /** Paying accounts whose subscription ended (cancelled or back on Free), counted in the month of that change. */
  churnedSubscriptions: number;
}

export interface MrrPlanRow {
  plan: string;
  name: string;
  /** Active subscriptions paid through a provider. */
  subscribers: number;
  /** Of those, subscriptions set to end at the close of their period. */
  cancelling: number;
  /** Sum of their monthly prices, in minor units. */
  mrr: number;
}

export interface AdminRevenueResponse {
  currency: string;
  /** Oldest first; the last one is the current month. */
  months: RevenueMonthRow[];
  mrr: { total: number; byPlan: MrrPlanRow[] };
  /** Active plans granted free of charge by staff (not in MRR). */
  complimentary: number;
  /** Other currencies seen in payments, which the figures above leave out. */
  otherCurrencies: string[];
}

// ---------- GET /api/admin/user-growth?period= (usage:read) ----------

export const GROWTH_PERIODS = ['day', 'week', 'month'] as const;
export type GrowthPeriod = (typeof GROWTH_PERIODS)[number];
/** How many buckets each period shows. */
export const GROWTH_BUCKETS: Record<GrowthPeriod, number> = { day: 30, week: 26, month: 12 };

export const UserGrowthQuery = z.object({ period: z.enum(GROWTH_PERIODS, { message: 'Period must be day, week or month.' }).default('day') });
export type UserGrowthQuery = z.infer<typeof UserGrowthQuery>;

export interface UserGrowthRow {
  /** First UTC day of the bucket (weeks start on Monday). */
  start: string;
  signups: number;
  /** Distinct accounts with a tool call or a new session in the bucket. */
  activeUsers: number;
  /** Accounts at the end of the bucket (from the accounts still on record). */
  totalUsers: number;
}

export interface AdminUserGrowthResponse {
  period: GrowthPeriod;
  rows: UserGrowthRow[];
}

// ---------- GET /api/admin/monitor (monitor:read) ----------

export interface MonitorMinute {
  /** Start of the minute, ISO 8601. */
  minute: string;
  requests: number;
  errors: number;
}

export interface AdminMonitorResponse {
  generatedAt: string;
  /** The last 60 minutes, oldest first; the last one is the current (partial) minute. Every instance's requests. */
  perMinute: MonitorMinute[];
  lastHour: { requests: number; errors: number; p95Ms: number | null };
  /** Tool requests refused today (UTC), all instances. */
  refusedToday: number;
  activeSessions: number;
  /** The engine pool of the instance that answered: other instances have their own. */
  engine: { instance: string; threads: number; maxThreads: number; running: number; queued: number };
}

// ---------- CSV exports (reports:export) ----------

export const EXPORT_KINDS = ['users', 'payments', 'usage'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
