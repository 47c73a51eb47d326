import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateRoleBody, RoleInfo, RoleResponse, RolesResponse, UpdateRoleBody } from '@/shared/api/admin-roles';
import type { PublicUser } from '@/shared/api/auth';
import { builtinPermissions, isPermission, type Permission } from '@/shared/permissions';
import { apiJson, getQueryFn } from '@/client/lib/api';
import { ME_QUERY_KEY } from '@/client/lib/auth';
import { ADMIN_USERS_API } from './users-api';

/** Role Management and Access Control ('roles:manage'), and the signed-in user's own permissions. */

export const ADMIN_ROLES_API = '/api/admin/roles';

export type { RoleInfo, RolesResponse };

/**
 * The signed-in user's effective permissions, as GET /api/auth/me answers them (the same query, so the same cache
 * and request as useCurrentUser). A custom role's permissions exist only there; a built-in role falls back to the
 * table while an older answer without the list is cached.
 */
export function useSessionPermissions(): { user: PublicUser | null; permissions: Permission[]; isLoading: boolean } {
  const query = useQuery<{ user: PublicUser; permissions?: string[] } | null>({
    queryKey: ME_QUERY_KEY,
    queryFn: getQueryFn<{ user: PublicUser; permissions?: string[] }>({ on401: 'returnNull' }),
    retry: false,
  });
  const user = query.data?.user ?? null;
  const listed = query.data?.permissions;
  const permissions = listed ? listed.filter(isPermission) : builtinPermissions(user?.role);
  return { user, permissions, isLoading: query.isLoading };
}

export function useRoles(enabled = true) {
  return useQuery({ queryKey: [ADMIN_ROLES_API], queryFn: () => apiJson<RolesResponse>('GET', ADMIN_ROLES_API), enabled });
}

const roleUrl = (id: string) => `${ADMIN_ROLES_API}/${encodeURIComponent(id)}`;

type Callbacks<T> = { onSuccess?: (v: T) => void; onError?: (err: Error) => void };

/** After a role change: the roles, the user lists (role names, counts) and one's own permissions may all move. */
function useRefetchAfterRoleChange() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: [ADMIN_ROLES_API] }),
      qc.invalidateQueries({ queryKey: [ADMIN_USERS_API] }),
      qc.invalidateQueries({ queryKey: ME_QUERY_KEY }),
    ]);
}

export function useCreateRole(cb: Callbacks<RoleInfo> = {}) {
  const refetch = useRefetchAfterRoleChange();
  return useMutation({
    mutationFn: async (body: CreateRoleBody) => (await apiJson<RoleResponse>('POST', ADMIN_ROLES_API, body)).role,
    onSuccess: async (role) => {
      cb.onSuccess?.(role);
      await refetch();
    },
    onError: (err) => cb.onError?.(err),
  });
}

export function useUpdateRole(cb: Callbacks<RoleInfo> = {}) {
  const refetch = useRefetchAfterRoleChange();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: UpdateRoleBody }) => (await apiJson<RoleResponse>('PATCH', roleUrl(id), changes)).role,
    onSuccess: async (role) => {
      cb.onSuccess?.(role);
      await refetch();
    },
    onError: (err) => cb.onError?.(err),
  });
}

export function useDeleteRole(cb: Callbacks<string> = {}) {
  const refetch = useRefetchAfterRoleChange();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiJson<{ deleted: true }>('DELETE', roleUrl(id));
      return id;
    },
    onSuccess: async (id) => {
      cb.onSuccess?.(id);
      await refetch();
    },
    onError: (err) => cb.onError?.(err),
  });
}
