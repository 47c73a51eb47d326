import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminApiKey, AdminApiKeyRevokeResponse, AdminApiKeysResponse, ApiKeyStatus } from '@/shared/api/api-keys';
import { apiJson } from '@/client/lib/api';

/** /admin/api-keys: every account's keys, and revoking one. */

export const ADMIN_API_KEYS = '/api/admin/api-keys';

export type { AdminApiKey, AdminApiKeysResponse, ApiKeyStatus };

export interface AdminApiKeysFilter {
  q: string;
  status: ApiKeyStatus | '';
  offset: number;
  limit: number;
}

export function adminApiKeysUrl(f: AdminApiKeysFilter): string {
  const params = new URLSearchParams({ offset: String(f.offset), limit: String(f.limit) });
  if (f.q.trim()) params.set('q', f.q.trim());
  if (f.status) params.set('status', f.status);
  return `${ADMIN_API_KEYS}?${params.toString()}`;
}

/** One page of keys; the previous page stays on screen while the next loads. */
export function useAdminApiKeys(f: AdminApiKeysFilter) {
  const url = adminApiKeysUrl(f);
  return useQuery({
    queryKey: [ADMIN_API_KEYS, url],
    queryFn: () => apiJson<AdminApiKeysResponse>('GET', url),
    placeholderData: keepPreviousData,
  });
}

export function useAdminRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<AdminApiKeyRevokeResponse>('POST', `${ADMIN_API_KEYS}/${encodeURIComponent(id)}/revoke`, {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: [ADMIN_API_KEYS] }),
  });
}
