import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminSecurityResponse,
  AdminSettingsResponse,
  BackupInfoResponse,
  FailedLoginRow,
  IpAllowListResponse,
  LanguageRow,
  LanguagesResponse,
  StaffSession,
} from '@/shared/api/admin-settings';
import type { Settings, SettingsPatch } from '@/shared/settings';
import { apiJson } from '@/client/lib/api';
import { SITE_KEY } from '@/client/features/site/api';

/** Data access of Settings, Feature Toggles, IP Whitelisting, Security, Backup and Languages. */

export const ADMIN_SETTINGS_API = '/api/admin/settings';
export const IP_ALLOWLIST_API = '/api/admin/ip-allowlist';
export const SECURITY_API = '/api/admin/security';
export const BACKUP_API = '/api/admin/backup';
/** A plain link (the browser downloads the file with the session cookie); GET, so no CSRF concern. */
export const BACKUP_DOWNLOAD_URL = '/api/admin/backup/download';
export const LANGUAGES_API = '/api/admin/languages';

export type {
  AdminSecurityResponse,
  BackupInfoResponse,
  FailedLoginRow,
  IpAllowListResponse,
  LanguageRow,
  LanguagesResponse,
  Settings,
  SettingsPatch,
  StaffSession,
};

export function useAdminSettings() {
  return useQuery({ queryKey: [ADMIN_SETTINGS_API], queryFn: () => apiJson<AdminSettingsResponse>('GET', ADMIN_SETTINGS_API) });
}

/** PUT the changed settings; the admin copy and the public /api/site answer are refreshed. */
export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => apiJson<AdminSettingsResponse>('PUT', ADMIN_SETTINGS_API, patch),
    onSuccess: async (data) => {
      qc.setQueryData([ADMIN_SETTINGS_API], data);
      await qc.invalidateQueries({ queryKey: SITE_KEY });
    },
  });
}

export function useIpAllowList() {
  return useQuery({ queryKey: [IP_ALLOWLIST_API], queryFn: () => apiJson<IpAllowListResponse>('GET', IP_ALLOWLIST_API) });
}

export function useSaveIpAllowList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { entries: string[]; confirmLockout?: boolean }) => apiJson<IpAllowListResponse>('PUT', IP_ALLOWLIST_API, body),
    onSuccess: (data) => qc.setQueryData([IP_ALLOWLIST_API], data),
  });
}

export function useSecurityOverview() {
  return useQuery({ queryKey: [SECURITY_API], queryFn: () => apiJson<AdminSecurityResponse>('GET', SECURITY_API) });
}

export function useSetStaffTwoFactor() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => apiJson<{ requireStaffTwoFactor: boolean }>('PUT', `${SECURITY_API}/two-factor`, { required }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [SECURITY_API] }),
  });
}

export function useRevokeSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<{ revoked: true }>('DELETE', `${SECURITY_API}/sessions/${encodeURIComponent(id)}`),
    onSettled: () => qc.invalidateQueries({ queryKey: [SECURITY_API] }),
  });
}

export function useBackupInfo() {
  return useQuery({ queryKey: [BACKUP_API], queryFn: () => apiJson<BackupInfoResponse>('GET', BACKUP_API) });
}

export function useLanguages() {
  return useQuery({ queryKey: [LANGUAGES_API], queryFn: () => apiJson<LanguagesResponse>('GET', LANGUAGES_API) });
}
