import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminMonitorResponse,
  AdminRevenueResponse,
  AdminUsageResponse,
  AdminUserGrowthResponse,
  AnalyticsRange,
  ExportKind,
  GrowthPeriod,
  ToolPerformanceResponse,
  ToolPerformanceRow,
} from '@/shared/api/admin-analytics';
import { apiJson } from '@/client/lib/api';

/** The staff analytics pages' data access ('usage:read'). */

export const TOOL_PERFORMANCE_API = '/api/admin/tool-performance';

export type { AnalyticsRange, ToolPerformanceResponse, ToolPerformanceRow };

/** Per-tool calls, latency and errors over a range; the previous range stays on screen while the next loads. */
export function useToolPerformance(range: AnalyticsRange) {
  return useQuery({
    queryKey: [TOOL_PERFORMANCE_API, range],
    queryFn: () => apiJson<ToolPerformanceResponse>('GET', `${TOOL_PERFORMANCE_API}?range=${range}`),
    placeholderData: keepPreviousData,
  });
}

// --- Usage, revenue, growth, monitor and exports --------------------------------------------------

export const ADMIN_USAGE_API = '/api/admin/usage';
export const ADMIN_REVENUE_API = '/api/admin/revenue';
export const ADMIN_GROWTH_API = '/api/admin/user-growth';
export const ADMIN_MONITOR_API = '/api/admin/monitor';

export type { AdminMonitorResponse, AdminRevenueResponse, AdminUsageResponse, AdminUserGrowthResponse, ExportKind, GrowthPeriod };

/** A UTC day range; empty strings leave that end to the server's default. */
export interface DayRange {
  from: string;
  to: string;
}

function rangeParams(r: DayRange): string {
  const p = new URLSearchParams();
  if (r.from) p.set('from', r.from);
  if (r.to) p.set('to', r.to);
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** Calls and characters by tool, plan and day, and the top accounts, over a range. */
export function useAdminUsage(range: DayRange) {
  return useQuery({
    queryKey: [ADMIN_USAGE_API, range.from, range.to],
    queryFn: () => apiJson<AdminUsageResponse>('GET', `${ADMIN_USAGE_API}${rangeParams(range)}`),
    placeholderData: keepPreviousData,
  });
}

/** The Usage pages' CSV (per day, tool and plan): a plain link, so the browser saves it as a file. */
export function usageCsvUrl(range: DayRange): string {
  return `/api/admin/usage.csv${rangeParams(range)}`;
}

export function useAdminRevenue(months: number) {
  return useQuery({
    queryKey: [ADMIN_REVENUE_API, months],
    queryFn: () => apiJson<AdminRevenueResponse>('GET', `${ADMIN_REVENUE_API}?months=${months}`),
    placeholderData: keepPreviousData,
  });
}

export function useUserGrowth(period: GrowthPeriod) {
  return useQuery({
    queryKey: [ADMIN_GROWTH_API, period],
    queryFn: () => apiJson<AdminUserGrowthResponse>('GET', `${ADMIN_GROWTH_API}?period=${period}`),
    placeholderData: keepPreviousData,
  });
}

/** How often the Real-time Monitor asks again. */
export const MONITOR_REFRESH_MS = 5_000;

/** The monitor's figures, refetched every 5 s while the page is open (and not while the tab is hidden). */
export function useAdminMonitor() {
  return useQuery({
    queryKey: [ADMIN_MONITOR_API],
    queryFn: () => apiJson<AdminMonitorResponse>('GET', ADMIN_MONITOR_API),
    refetchInterval: MONITOR_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/**
 * An export's address. Exports are plain links (not fetched into memory): the server streams the rows page by page
 * and the browser writes them straight to a file, however many there are.
 */
export function exportUrl(kind: ExportKind, range: DayRange): string {
  return `/api/admin/export/${kind}.csv${rangeParams(range)}`;
}
