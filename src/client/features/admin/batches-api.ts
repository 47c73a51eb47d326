import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBatchList, BatchStatus, BatchSummary } from '@/shared/api/batches';
import { apiJson } from '@/client/lib/api';

/** /admin/batch-processing: every user's batches (usage:read), and staff's cancel. */
export const ADMIN_BATCHES_API = '/api/admin/batches';

/** One page of batches, filtered by status; polled every 5 s while one on the page runs. */
export function useAdminBatches(q: { status: BatchStatus | ''; offset: number; limit: number }) {
  const url = `${ADMIN_BATCHES_API}?limit=${q.limit}&offset=${q.offset}${q.status ? `&status=${q.status}` : ''}`;
  return useQuery({
    queryKey: [ADMIN_BATCHES_API, q.status, q.offset, q.limit],
    queryFn: () => apiJson<AdminBatchList>('GET', url),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.batches.some((b) => b.status === 'queued' || b.status === 'running') ? 5000 : false),
  });
}

export function useAdminCancelBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<BatchSummary>('POST', `${ADMIN_BATCHES_API}/${encodeURIComponent(id)}/cancel`),
    onSuccess: () => qc.invalidateQueries({ queryKey: [ADMIN_BATCHES_API] }),
  });
}
