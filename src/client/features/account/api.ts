import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateResponse } from '@/shared/api/billing';
import type { UserSettings } from '@/shared/api/user-settings';
import { apiJson, apiRequest } from '@/client/lib/api';
import { ME_QUERY_KEY } from '@/client/lib/auth';

/** PATCH /api/user/profile with the changed fields; the header's user is re-read after it. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: { username?: string; email?: string }) => apiJson<ProfileUpdateResponse>('PATCH', '/api/user/profile', changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}

/** POST /api/user/password: this session stays; the others are ended. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: { currentPassword: string; newPassword: string }) => {
      await apiRequest('POST', '/api/user/password', body);
    },
  });
}

/** DELETE /api/user/account with the password (or DELETE for Google-only accounts). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (confirm: string) => {
      await apiRequest('DELETE', '/api/user/account', { confirm });
    },
  });
}

/** GET /api/user/export as a file: its name (from the answer, else a dated default) and content. */
export async function fetchDataExport(): Promise<{ filename: string; blob: Blob }> {
  const res = await apiRequest('GET', '/api/user/export');
  return { filename: filenameFrom(res.headers.get('content-disposition')), blob: await res.blob() };
}

function filenameFrom(disposition: string | null): string {
  const match = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match ? decodeURIComponent(match[1]) : `veritext-data-${new Date().toISOString().slice(0, 10)}.json`;
}

const SETTINGS = '/api/user/settings';

/** The signed-in user's settings (GET /api/user/settings). */
export function useUserSettings() {
  return useQuery({ queryKey: [SETTINGS], queryFn: () => apiJson<UserSettings>('GET', SETTINGS) });
}

/** PUT /api/user/settings; the answer replaces the cached settings. */
export function useSaveUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<UserSettings>) => apiJson<UserSettings>('PUT', SETTINGS, changes),
    onSuccess: (data) => queryClient.setQueryData([SETTINGS], data),
  });
}
