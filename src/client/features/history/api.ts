import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HistoryClearResponse, HistoryItem, HistoryListResponse } from '@/shared/api/history';
import type { SaveReportResponse, SavedReport, SavedReportSummary, SavedReportsResponse, ShareReportResponse, SharedReport } from '@/shared/api/saved-reports';
import type { UserSettings } from '@/shared/api/user-settings';
import { ApiError, apiJson, apiRequest } from '@/client/lib/api';
import { receiptOf } from './receipts';

const HISTORY = '/api/history';
const SAVED = '/api/reports/saved';

export interface HistoryFilters {
  q: string;
  tool: string;
  page: number;
}

export const HISTORY_PAGE_SIZE = 20;

function historyUrl(f: HistoryFilters): string {
  const params = new URLSearchParams();
  if (f.q) params.set('q', f.q);
  if (f.tool) params.set('tool', f.tool);
  params.set('limit', String(HISTORY_PAGE_SIZE));
  params.set('offset', String(f.page * HISTORY_PAGE_SIZE));
  return `${HISTORY}?${params}`;
}

/** GET /api/history: a page of the caller's checks; the previous page stays on screen while the next one loads. */
export function useHistory(f: HistoryFilters) {
  return useQuery({ queryKey: [HISTORY, f], queryFn: () => apiJson<HistoryListResponse>('GET', historyUrl(f)), placeholderData: keepPreviousData });
}

export function useHistoryItem(id: string) {
  return useQuery({
    queryKey: [HISTORY, 'item', id],
    queryFn: () => apiJson<HistoryItem>('GET', `${HISTORY}/${encodeURIComponent(id)}`),
    retry: notFoundNoRetry,
  });
}

export function useDeleteHistoryItem() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${HISTORY}/${encodeURIComponent(id)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: [HISTORY] }),
  });
}

export function useClearHistory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<HistoryClearResponse>('DELETE', HISTORY),
    onSuccess: () => qc.invalidateQueries({ queryKey: [HISTORY] }),
  });
}

/** The history switch lives in the user's settings (GET/PUT /api/user/settings); the list shows whether it is on. */
export function useSetHistoryEnabled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (historyEnabled: boolean) => apiJson<UserSettings>('PUT', '/api/user/settings', { historyEnabled }),
    onSuccess: (data) => {
      qc.setQueryData(['/api/user/settings'], data);
      void qc.invalidateQueries({ queryKey: [HISTORY] });
    },
  });
}

// ---------- saved reports ----------

/** A 404 will not change on retry (deleted, revoked, expired): show it at once. */
function notFoundNoRetry(failures: number, err: unknown): boolean {
  return !(err instanceof ApiError && err.status === 404) && failures < 2;
}

export function useSavedReports(page: number) {
  return useQuery({
    queryKey: [SAVED, page],
    queryFn: () => apiJson<SavedReportsResponse>('GET', `${SAVED}?limit=${HISTORY_PAGE_SIZE}&offset=${page * HISTORY_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
}

export function useSavedReport(id: string) {
  return useQuery({ queryKey: [SAVED, 'one', id], queryFn: () => apiJson<SavedReport>('GET', `${SAVED}/${encodeURIComponent(id)}`), retry: notFoundNoRetry });
}

/** What "Save report" sends: a result with its receipt, or a history item. */
export type SaveSource = { historyId: string } | { tool: 'ai_content_detector' | 'plagiarism_checker'; input: string; result: object };

export function canSave(source: SaveSource): boolean {
  return 'historyId' in source || receiptOf(source.result) !== undefined;
}

export function useSaveReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (source: SaveSource) => {
      if ('historyId' in source) return apiJson<SaveReportResponse>('POST', SAVED, { historyId: source.historyId });
      const held = receiptOf(source.result);
      if (!held) throw new Error('This result cannot be saved.');
      return apiJson<SaveReportResponse>('POST', SAVED, { tool: source.tool, input: source.input, result: source.result, receipt: held.receipt });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: [SAVED] }),
  });
}

export function useRenameReport(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => apiJson<SavedReportSummary>('PATCH', `${SAVED}/${encodeURIComponent(id)}`, { title }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [SAVED] }),
  });
}

export function useDeleteReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `${SAVED}/${encodeURIComponent(id)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: [SAVED] }),
  });
}

export function useShareReport(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (expiresInDays: number | null) => apiJson<ShareReportResponse>('POST', `${SAVED}/${encodeURIComponent(id)}/share`, { expiresInDays }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [SAVED] }),
  });
}

export function useRevokeShare(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', `${SAVED}/${encodeURIComponent(id)}/share`),
    onSuccess: () => qc.invalidateQueries({ queryKey: [SAVED] }),
  });
}

export const reportPdfUrl = (id: string) => `${SAVED}/${encodeURIComponent(id)}/pdf`;
export const sharedPdfUrl = (token: string) => `/api/shared-reports/${encodeURIComponent(token)}/pdf`;

/** A report's PDF and the file name the server gives it, for saving through the device adapter (lib/native). */
export async function fetchReportPdf(id: string): Promise<{ blob: Blob; name: string }> {
  const res = await apiRequest('GET', reportPdfUrl(id));
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'report.pdf';
  return { blob: await res.blob(), name };
}

/** A shared report, for anyone with the link (no login). */
export function useSharedReport(token: string) {
  return useQuery({
    queryKey: ['/api/shared-reports', token],
    queryFn: () => apiJson<SharedReport>('GET', `/api/shared-reports/${encodeURIComponent(token)}`),
    retry: notFoundNoRetry,
  });
}
