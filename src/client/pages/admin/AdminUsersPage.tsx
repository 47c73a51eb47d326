import { Link, useOutletContext, useSearchParams } from 'react-router';
import { Users } from 'lucide-react';
import { SEARCH_SUBSTRING_MIN, USER_STATUSES, type AdminUserSummary } from '@/shared/api/admin-users';
import { BUILTIN_ROLE_LABELS, isRole, isStaff, roleLabel, ROLES, type Role } from '@/shared/roles';
import { Badge } from '@/client/components/ui/badge';
import { PageSpinner, Spinner } from '@/client/components/ui/spinner';
import { useAdminUsers, type UserStatus } from '@/client/features/admin/users-api';
import { useRoles } from '@/client/features/admin/roles-api';
import type { AdminOutletContext } from './AdminLayout';
import { visibleAdminItem } from './nav';
import { AdminHeading, EmptyList, FilterSelect, LoadError, NoAccess, Pager, SearchField, useDebouncedSearch, withChanges } from './parts';

const PAGE = 25;

/** Built-in role labels; a custom role's label is its stored name (see useRoleNames) or its slug. */
export const ROLE_LABEL: Record<Role, string> = BUILTIN_ROLE_LABELS;

/**
 * Names of the custom roles, for labels and the role pickers. Only role managers may list roles; for everyone else
 * a custom role is named from its id.
 */
export function useRoleNames(canList: boolean) {
  const roles = useRoles(canList);
  const custom = (roles.data?.roles ?? []).filter((r) => !r.builtin);
  return { custom, names: new Map(custom.map((r) => [r.id as string, r.name])) };
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

export function StatusBadge({ status }: { status: UserStatus }) {
  return status === 'suspended' ? <Badge variant="warning">Suspended</Badge> : <Badge variant="secondary">Active</Badge>;
}

/**
 * /admin/users: the User Directory. Search, role and status filters and the page live in the address, so a
 * filtered list can be bookmarked and the back button returns to it from a user's page.
 */
export default function AdminUsersPage() {
  const { role, permissions } = useOutletContext<AdminOutletContext>();
  const item = visibleAdminItem('/admin/users', role, permissions);
  if (!item) return <NoAccess title="User Directory" />;
  return <UserDirectory title={item.title} description={item.description} canListRoles={permissions.includes('roles:manage')} />;
}

function UserDirectory({ title, description, canListRoles }: { title: string; description: string; canListRoles: boolean }) {
  const [params, setParams] = useSearchParams();
  const { q, typed, setTyped } = useDebouncedSearch(params, setParams);
  const roleParam = params.get('role') ?? '';
  const roleFilter: Role | '' = isRole(roleParam) ? roleParam : '';
  const { custom, names } = useRoleNames(canListRoles);
  // A custom role named in the address (Role Management's "View Users") is offered even before the list loads.
  const roleOptions: Role[] = [...ROLES, ...custom.map((r) => r.id as Role)];
  if (roleFilter && !roleOptions.includes(roleFilter)) roleOptions.push(roleFilter);
  const status = (USER_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as UserStatus) : '';
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0);

  const update = (changes: Record<string, string>) => setParams((prev) => withChanges(prev, changes), { replace: true });

  const list = useAdminUsers({ q, role: roleFilter, status, offset, limit: PAGE });
  const filtered = Boolean(q || roleFilter || status);

  return (
    <>
      <AdminHeading title={title} description={description} />
      <form
        role="search"
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          update({ q: typed.trim() });
        }}
      >
        <div className="min-w-60 flex-1">
          <SearchField id="users-search" value={typed} onChange={setTyped} placeholder="E-mail or username" describedBy="users-search-hint" />
          <p id="users-search-hint" className="mt-1 text-xs text-muted-foreground">
            {SEARCH_SUBSTRING_MIN} or more characters match anywhere; fewer match the start.
          </p>
        </div>
        <FilterSelect id="users-role" label="Role" value={roleFilter} onChange={(v) => update({ role: v })}>
          <option value="">All roles</option>
          {roleOptions.map((r) => (
            <option key={r} value={r}>
              {roleLabel(r, names)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="users-status" label="Status" value={status} onChange={(v) => update({ status: v })}>
          <option value="">Any status</option>
          <option value="active">Active</option>
          <option value="suspended">Suspended</option>
        </FilterSelect>
        {list.isFetching && !list.isPending && <Spinner className="mb-3" />}
      </form>

      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <LoadError error={list.error} what="The accounts" retry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyList icon={Users} onClear={filtered ? () => (setTyped(''), setParams(new URLSearchParams(), { replace: true })) : undefined}>
          {filtered ? 'No account matches these filters.' : 'There are no accounts yet.'}
        </EmptyList>
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border bg-card">
            <table className="w-full text-sm" data-testid="users-table">
              <thead className="border-b bg-muted/40 text-left text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  <th className="px-4 py-2 font-medium">User</th>
                  <th className="px-4 py-2 font-medium">Role</th>
                  <th className="px-4 py-2 font-medium">Status</th>
                  <th className="px-4 py-2 font-medium">Joined</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((u) => (
                  <Row key={u.id} user={u} names={names} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager offset={offset} pageSize={PAGE} total={list.data.total} onOffset={(o) => update({ offset: String(o) })} shown={list.data.items.length} />
        </>
      )}
    </>
  );
}

function Row({ user, names }: { user: AdminUserSummary; names: ReadonlyMap<string, string> }) {
  return (
    <tr className="border-b last:border-0">
      <td className="px-4 py-3">
        <Link to={`/admin/users/${user.id}`} className="font-medium hover:underline">
          {user.username}
        </Link>
        <div className="text-xs text-muted-foreground">{user.email}</div>
      </td>
      <td className="px-4 py-3">
        <Badge variant={isStaff(user.role) ? 'default' : 'outline'}>{roleLabel(user.role, names)}</Badge>
      </td>
      <td className="px-4 py-3">
        <StatusBadge status={user.status} />
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">{formatDate(user.createdAt)}</td>
    </tr>
  );
}
