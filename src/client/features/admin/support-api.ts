import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminReportsResponse,
  DetectionLogDetail,
  DetectionLogsResponse,
  ReportExpected,
  ReportStatus,
  ReviewReportBody,
  ReviewReportResponse,
} from '@/shared/api/reports';
import type { AdminTicketsResponse, TicketStatus, TicketThread } from '@/shared/api/support';
import { apiJson } from '@/client/lib/api';

/** Data access of Support Tickets, Report Management and AI Detection Logs. */

export const ADMIN_TICKETS_API = '/api/admin/support-tickets';
export const ADMIN_REPORTS_API = '/api/admin/reports';
export const ADMIN_DETECTION_LOGS_API = '/api/admin/detection-logs';

function withParams(base: string, params: Record<string, string | number | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') p.set(k, String(v));
  const q = p.toString();
  return q ? `${base}?${q}` : base;
}

// ---------- Support tickets ----------

export interface TicketsFilter {
  status: TicketStatus | '';
  q: string;
  offset: number;
  limit: number;
}

export function useAdminTickets(f: TicketsFilter) {
  const url = withParams(ADMIN_TICKETS_API, { status: f.status, q: f.q.trim(), offset: f.offset, limit: f.limit });
  return useQuery({ queryKey: [ADMIN_TICKETS_API, 'list', url], queryFn: () => apiJson<AdminTicketsResponse>('GET', url), placeholderData: keepPreviousData });
}

export function useAdminTicket(id: string | null) {
  return useQuery({
    queryKey: [ADMIN_TICKETS_API, 'thread', id],
    queryFn: () => apiJson<TicketThread>('GET', `${ADMIN_TICKETS_API}/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null,
  });
}

export type TicketAction = { kind: 'reply'; body: string } | { kind: 'status'; status: 'open' | 'closed' };

/** Reply (the sender is e-mailed), close or reopen; the list is refetched afterwards. */
export function useTicketAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: TicketAction) =>
      a.kind === 'reply'
        ? apiJson<TicketThread>('POST', `${ADMIN_TICKETS_API}/${encodeURIComponent(id)}/reply`, { body: a.body })
        : apiJson<TicketThread>('POST', `${ADMIN_TICKETS_API}/${encodeURIComponent(id)}/status`, { status: a.status }),
    onSuccess: async (thread) => {
      qc.setQueryData([ADMIN_TICKETS_API, 'thread', id], thread);
      await qc.invalidateQueries({ queryKey: [ADMIN_TICKETS_API, 'list'] });
    },
  });
}

// ---------- Report Management ----------

export interface ReportsFilter {
  status: ReportStatus;
  expected: ReportExpected | '';
  offset: number;
  limit: number;
}

export function useAdminReports(f: ReportsFilter) {
  const url = withParams(ADMIN_REPORTS_API, { status: f.status, expected: f.expected, offset: f.offset, limit: f.limit });
  return useQuery({ queryKey: [ADMIN_REPORTS_API, 'list', url], queryFn: () => apiJson<AdminReportsResponse>('GET', url), placeholderData: keepPreviousData });
}

/** Uphold or dismiss an open report; the lists and counts are refetched. */
export function useReviewReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ReviewReportBody & { id: string }) =>
      apiJson<ReviewReportResponse>('POST', `${ADMIN_REPORTS_API}/${encodeURIComponent(id)}/review`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: [ADMIN_REPORTS_API] }),
  });
}

// ---------- AI Detection Logs ----------

export interface DetectionLogsFilter {
  verdict: string;
  engine: string;
  from: string;
  to: string;
  offset: number;
  limit: number;
}

export function useDetectionLogs(f: DetectionLogsFilter) {
  const url = withParams(ADMIN_DETECTION_LOGS_API, { ...f });
  return useQuery({
    queryKey: [ADMIN_DETECTION_LOGS_API, 'list', url],
    queryFn: () => apiJson<DetectionLogsResponse>('GET', url),
    placeholderData: keepPreviousData,
  });
}

/** One detection's whole saved text (null when it was not saved). */
export function useDetectionLog(id: string | null) {
  return useQuery({
    queryKey: [ADMIN_DETECTION_LOGS_API, 'detail', id],
    queryFn: () => apiJson<DetectionLogDetail>('GET', `${ADMIN_DETECTION_LOGS_API}/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null,
  });
}
