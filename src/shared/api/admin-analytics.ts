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
