import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserActionResponse, AdminUserDetail, AdminUsersResponse, UserStatus } from '@/shared/api/admin-users';
import type { Role } from '@/shared/roles';
import { apiJson } from '@/client/lib/api';

/** The User Directory's data access: the list, one account's page, and the staff actions on it. */

export const ADMIN_USERS_API = '/api/admin/users';

export type { AdminUserDetail, AdminUsersResponse, UserStatus };

export interface AdminUsersFilter {
  q: string;
  role: Role | '';
  status: UserStatus | '';
  offset: number;
  limit: number;
}

export function adminUsersUrl(f: AdminUsersFilter): string {
  const params = new URLSearchParams({ offset: String(f.offset), limit: String(f.limit) });
  if (f.q.trim()) params.set('q', f.q.trim());
  if (f.role) params.set('role', f.role);
  if (f.status) params.set('status', f.status);
  return `${ADMIN_USERS_API}?${params.toString()}`;
}

/** One page of accounts; the previous page stays on screen while the next loads. */
export function useAdminUsers(f: AdminUsersFilter) {
  const url = adminUsersUrl(f);
  return useQuery({
    queryKey: [ADMIN_USERS_API, 'list', url],
    queryFn: () => apiJson<AdminUsersResponse>('GET', url),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: string) {
  return useQuery({
    queryKey: [ADMIN_USERS_API, 'detail', id],
    queryFn: () => apiJson<AdminUserDetail>('GET', `${ADMIN_USERS_API}/${encodeURIComponent(id)}`),
  });
}

export type AdminUserAction = { kind: 'role'; role: Role } | { kind: 'suspend' } | { kind: 'restore' };

function runAction(id: string, action: AdminUserAction): Promise<AdminUserActionResponse> {
  const url = `${ADMIN_USERS_API}/${encodeURIComponent(id)}/${action.kind}`;
  return apiJson<AdminUserActionResponse>('POST', url, action.kind === 'role' ? { role: action.role } : {});
}

/** Change a role, suspend or restore; the list and the account's page are refetched afterwards. */
export function useAdminUserAction(
  id: string,
  cb: { onSuccess?: (res: AdminUserActionResponse, action: AdminUserAction) => void; onError?: (err: Error) => void } = {},
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: AdminUserAction) => runAction(id, action),
    onSuccess: async (res, action) => {
      cb.onSuccess?.(res, action);
      await qc.invalidateQueries({ queryKey: [ADMIN_USERS_API] });
    },
    onError: (err) => cb.onError?.(err),
  });
}

/** E-mail the user a password reset link (the one "Forgot password" sends); written to the audit log. */
export function useSendPasswordReset(id: string, cb: { onSuccess?: () => void; onError?: (err: Error) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ sent: true }>('POST', `${ADMIN_USERS_API}/${encodeURIComponent(id)}/password-reset`, {}),
    onSuccess: async () => {
      cb.onSuccess?.();
      // the account's audit trail shows the new entry
      await qc.invalidateQueries({ queryKey: [ADMIN_USERS_API, 'detail', id] });
    },
    onError: (err) => cb.onError?.(err),
  });
}
