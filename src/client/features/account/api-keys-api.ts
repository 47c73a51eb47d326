import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyListResponse, ApiKeySummary, CreateApiKeyBody, CreateApiKeyResponse } from '@/shared/api/api-keys';
import { apiJson } from '@/client/lib/api';

/** The account's own API keys (Account → API keys). */
export const API_KEYS = '/api/user/api-keys';

export type { ApiKeyListResponse, ApiKeySummary, CreateApiKeyResponse };

export function useApiKeys() {
  return useQuery({ queryKey: [API_KEYS], queryFn: () => apiJson<ApiKeyListResponse>('GET', API_KEYS) });
}

/** POST a new key (name, optional scopes and expiry); the answer is the only time the full key is seen. */
export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => apiJson<CreateApiKeyResponse>('POST', API_KEYS, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: [API_KEYS] }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<{ apiKey: ApiKeySummary }>('POST', `${API_KEYS}/${encodeURIComponent(id)}/revoke`, {}),
    onSuccess: () => qc.invalidateQueries({ queryKey: [API_KEYS] }),
  });
}
