import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { batchActive, type BatchList, type BatchTool, type BatchView } from '@/shared/api/batches';
import { ApiError, apiJson, apiRequest, uploadWithProgress } from '@/client/lib/api';
import { refreshUsage } from '@/client/features/billing/api';

/** Batch checks: the upload, the batch's progress and results, cancel and delete, the download links. */

export const BATCHES_API = '/api/batches';
const LIST_KEY = [BATCHES_API];
const batchKey = (id: string) => [BATCHES_API, id];

export const batchCsvUrl = (id: string) => `${BATCHES_API}/${encodeURIComponent(id)}/csv`;
export const batchReportsUrl = (id: string) => `${BATCHES_API}/${encodeURIComponent(id)}/reports.zip`;

/** Polled while a batch runs: one document takes about a second. */
const POLL_MS = 1500;

/** The user's recent batches, and whether their plan runs batches; polled while one of them runs. */
export function useBatches(enabled: boolean) {
  return useQuery({
    queryKey: LIST_KEY,
    queryFn: () => apiJson<BatchList>('GET', BATCHES_API),
    enabled,
    refetchInterval: (q) => (q.state.data?.batches.some(batchActive) ? 5000 : false),
  });
}

/** One batch with its documents, polled while it runs; when it ends, the list and the usage meters are read again. */
export function useBatch(id: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: batchKey(id ?? ''),
    queryFn: async () => {
      const before = qc.getQueryData<BatchView>(batchKey(id!));
      const batch = await apiJson<BatchView>('GET', `${BATCHES_API}/${encodeURIComponent(id!)}`);
      // the recent list shows the same counts as the view
      qc.setQueryData<BatchList>(LIST_KEY, (list) =>
        list
          ? {
              ...list,
              batches: list.batches.map((b) =>
                b.id === batch.id ? { ...b, status: batch.status, done: batch.done, failed: batch.failed, finishedAt: batch.finishedAt } : b,
              ),
            }
          : list,
      );
      if (before && batchActive(before) && !batchActive(batch)) {
        void qc.invalidateQueries({ queryKey: LIST_KEY, exact: true });
        void refreshUsage(qc);
      }
      return batch;
    },
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data && batchActive(q.state.data) ? POLL_MS : false),
    // a 404 (someone else's or a deleted batch) is an answer, not a hiccup
    retry: (n, err) => !(err instanceof ApiError && err.status < 500) && n < 3,
  });
}

/** Long enough for 25 MB on a slow line, and for the server to read 50 documents. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

function isBatchView(x: unknown): x is BatchView {
  const b = x as BatchView;
  return !!b && typeof b === 'object' && typeof b.id === 'string' && Array.isArray(b.items);
}

/**
 * Send the documents (multipart: `tool`, `name`, `files`). XMLHttpRequest rather than fetch, for the upload's
 * progress; `onProgress(1)` means the files are sent and the server is reading them. Errors are the helpers' own
 * ApiError / NetworkError / TimeoutError, so messages and the over-limit offer work as everywhere.
 */
export function uploadBatch(input: { files: File[]; tool: BatchTool; name: string }, onProgress: (fraction: number) => void): Promise<BatchView> {
  const form = new FormData();
  form.append('tool', input.tool);
  if (input.name.trim()) form.append('name', input.name.trim());
  for (const f of input.files) form.append('files', f, f.name);
  return uploadWithProgress(BATCHES_API, form, isBatchView, onProgress, { timeoutMs: UPLOAD_TIMEOUT_MS });
}

/** After an upload: the new batch is in the list, and its view is known already. */
export function useBatchCreated() {
  const qc = useQueryClient();
  return (batch: BatchView) => {
    qc.setQueryData(batchKey(batch.id), batch);
    void qc.invalidateQueries({ queryKey: LIST_KEY, exact: true });
  };
}

export function useCancelBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<BatchView>('POST', `${BATCHES_API}/${encodeURIComponent(id)}/cancel`),
    onSuccess: (batch) => {
      qc.setQueryData(batchKey(batch.id), batch);
      void qc.invalidateQueries({ queryKey: LIST_KEY, exact: true });
    },
  });
}

export function useDeleteBatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${BATCHES_API}/${encodeURIComponent(id)}`);
      return id;
    },
    onSuccess: (id) => {
      qc.removeQueries({ queryKey: batchKey(id) });
      void qc.invalidateQueries({ queryKey: LIST_KEY, exact: true });
    },
  });
}
