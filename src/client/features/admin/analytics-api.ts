import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsRange, ToolPerformanceResponse, ToolPerformanceRow } from '@/shared/api/admin-analytics';
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
