import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBulkResponse,
  AdminUserActionResponse,
  AdminUserDetail,
  AdminUsersResponse,
  AdminUserSummary,
  BulkAction,
  UserStatus,
} from '@/shared/api/admin-users';
import type { SubscriptionInfo } from '@/shared/api/billing';
import type { PlanId } from '@/shared/plans';
import type { Role } from '@/shared/roles';
import { apiJson } from '@/client/lib/api';

/** The User Directory's data access: the list, one account's page, and the staff actions on it. */

export const ADMIN_USERS_API = '/api/admin/users';

export type { AdminBulkResponse, AdminUserDetail, AdminUsersResponse, AdminUserSummary, BulkAction, UserStatus };

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

/** Put the account on a plan now, free of charge (audited); its page is refetched. */
export function useChangeUserPlan(id: string, cb: { onSuccess?: (s: SubscriptionInfo) => void; onError?: (err: Error) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (plan: PlanId) =>
      (await apiJson<{ subscription: SubscriptionInfo }>('POST', `${ADMIN_USERS_API}/${encodeURIComponent(id)}/plan`, { plan })).subscription,
    onSuccess: async (sub) => {
      cb.onSuccess?.(sub);
      await qc.invalidateQueries({ queryKey: [ADMIN_USERS_API] });
    },
    onError: (err) => cb.onError?.(err),
  });
}

/** Delete the account for good; `confirm` is its e-mail address typed again. */
export function useDeleteUser(id: string, cb: { onSuccess?: () => void; onError?: (err: Error) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (confirm: string) => apiJson<{ deleted: true }>('DELETE', `${ADMIN_USERS_API}/${encodeURIComponent(id)}`, { confirm }),
    onSuccess: async () => {
      cb.onSuccess?.();
      // The list must not offer the deleted account; its page is gone.
      qc.removeQueries({ queryKey: [ADMIN_USERS_API, 'detail', id] });
      await qc.invalidateQueries({ queryKey: [ADMIN_USERS_API, 'list'] });
    },
    onError: (err) => cb.onError?.(err),
  });
}

/** Account Actions: suspend or restore many accounts; the answer says, per account, what happened. */
export function useBulkUserAction(cb: { onSuccess?: (res: AdminBulkResponse) => void; onError?: (err: Error) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ids }: { action: BulkAction; ids: string[] }) => apiJson<AdminBulkResponse>('POST', `${ADMIN_USERS_API}/bulk`, { action, ids }),
    onSuccess: async (res) => {
      cb.onSuccess?.(res);
      await qc.invalidateQueries({ queryKey: [ADMIN_USERS_API] });
    },
    onError: (err) => cb.onError?.(err),
  });
}
