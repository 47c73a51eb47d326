import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AuditCategory, AuditListResponse } from '@/shared/api/admin-audit';
import type { Role } from '@/shared/roles';
import { apiJson, apiRequest } from '@/client/lib/api';

/** The Audit Logs page's data access. */

export const ADMIN_AUDIT_API = '/api/admin/audit';
export const ADMIN_AUDIT_CSV = '/api/admin/audit.csv';

export interface AuditFilterState {
  /** Local calendar days (YYYY-MM-DD) from the date inputs; '' for no bound. */
  from: string;
  to: string;
  category: AuditCategory | '';
  actorRole: Role | '';
  q: string;
}

/**
 * The query string for the filters. The days are the viewer's local days, sent as exact instants (start of
 * `from`, end of `to`), so "today" means the same day on the screen and on the server.
 */
export function auditSearchParams(f: AuditFilterState, page?: { offset: number; limit: number }): URLSearchParams {
  const p = new URLSearchParams();
  if (f.from) p.set('from', new Date(`${f.from}T00:00:00`).toISOString());
  if (f.to) p.set('to', new Date(`${f.to}T23:59:59.999`).toISOString());
  if (f.category) p.set('category', f.category);
  if (f.actorRole) p.set('actorRole', f.actorRole);
  if (f.q.trim()) p.set('q', f.q.trim());
  if (page) {
    p.set('offset', String(page.offset));
    p.set('limit', String(page.limit));
  }
  return p;
}

/** One page of entries; the previous page stays on screen while the next loads. */
export function useAuditLog(f: AuditFilterState, page: { offset: number; limit: number }) {
  const url = `${ADMIN_AUDIT_API}?${auditSearchParams(f, page)}`;
  return useQuery({
    queryKey: [ADMIN_AUDIT_API, f, page.offset, page.limit],
    queryFn: () => apiJson<AuditListResponse>('GET', url),
    placeholderData: keepPreviousData,
  });
}

/** Download the CSV of the given filters (all pages) as a file. */
async function downloadAuditCsv(f: AuditFilterState): Promise<void> {
  const res = await apiRequest('GET', `${ADMIN_AUDIT_CSV}?${auditSearchParams(f)}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'audit-log.csv';
  const url = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    // Revoked on the next tick: the click has handed the blob to the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

export function useExportAuditCsv(cb: { onError?: (err: Error) => void } = {}) {
  return useMutation({ mutationFn: downloadAuditCsv, onError: (err) => cb.onError?.(err) });
}
