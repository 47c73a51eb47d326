import { useEffect, useState } from 'react';
import { Link, useOutletContext, useSearchParams } from 'react-router';
import { Search, Users } from 'lucide-react';
import { SEARCH_SUBSTRING_MIN, USER_STATUSES, type AdminUserSummary } from '@/shared/api/admin-users';
import { BUILTIN_ROLE_LABELS, isRole, isStaff, roleLabel, ROLES, type Role } from '@/shared/roles';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { PageSpinner, Spinner } from '@/client/components/ui/spinner';
import { messageOf } from '@/client/lib/api';
import { useAdminUsers, type UserStatus } from '@/client/features/admin/users-api';
import { useRoles } from '@/client/features/admin/roles-api';
import type { AdminOutletContext } from './AdminLayout';
import { visibleAdminItem } from './nav';
import { AdminHeading, NoAccess, Pager } from './parts';

const PAGE = 25;
/** Typing pauses this long before the search runs, so each key press is not a request. */
const SEARCH_DELAY_MS = 300;

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

/** The list's address with some filters changed; a new filter starts again at the first page. */
function withChanges(prev: URLSearchParams, changes: Record<string, string>): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const [k, v] of Object.entries(changes)) {
    if (v) next.set(k, v);
    else next.delete(k);
  }
  if (!('offset' in changes)) next.delete('offset');
  return next;
}

function UserDirectory({ title, description, canListRoles }: { title: string; description: string; canListRoles: boolean }) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const roleParam = params.get('role') ?? '';
  const roleFilter: Role | '' = isRole(roleParam) ? roleParam : '';
  const { custom, names } = useRoleNames(canListRoles);
  // A custom role named in the address (Role Management's "View Users") is offered even before the list loads.
  const roleOptions: Role[] = [...ROLES, ...custom.map((r) => r.id as Role)];
  if (roleFilter && !roleOptions.includes(roleFilter)) roleOptions.push(roleFilter);
  const status = (USER_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as UserStatus) : '';
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0);
  const [typed, setTyped] = useState(q);

  const update = (changes: Record<string, string>) => setParams((prev) => withChanges(prev, changes), { replace: true });

  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => setParams((prev) => withChanges(prev, { q: typed.trim() }), { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, q, setParams]);

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
          <Label htmlFor="users-search">Search</Label>
          <div className="relative mt-1">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              id="users-search"
              type="search"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="E-mail or username"
              maxLength={200}
              className="pl-9"
              aria-describedby="users-search-hint"
            />
          </div>
          <p id="users-search-hint" className="mt-1 text-xs text-muted-foreground">
            {SEARCH_SUBSTRING_MIN} or more characters match anywhere; fewer match the start.
          </p>
        </div>
        <div>
          <Label htmlFor="users-role">Role</Label>
          <select
            id="users-role"
            value={roleFilter}
            onChange={(e) => update({ role: e.target.value })}
            className="mt-1 block h-10 rounded-lg border border-input bg-background px-2 text-sm"
          >
            <option value="">All roles</option>
            {roleOptions.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r, names)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="users-status">Status</Label>
          <select
            id="users-status"
            value={status}
            onChange={(e) => update({ status: e.target.value })}
            className="mt-1 block h-10 rounded-lg border border-input bg-background px-2 text-sm"
          >
            <option value="">Any status</option>
            <option value="active">Active</option>
            <option value="suspended">Suspended</option>
          </select>
        </div>
        {list.isFetching && !list.isPending && <Spinner className="mb-3" />}
      </form>

      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-5 text-sm text-red-600 dark:text-red-400">
          {messageOf(list.error, 'The accounts could not be loaded.')}
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.data.items.length === 0 ? (
        <div className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground">
          <Users className="mx-auto mb-2 size-6" aria-hidden />
          {filtered ? 'No account matches these filters.' : 'There are no accounts yet.'}
          {filtered && (
            <div className="mt-3">
              <Button variant="outline" size="sm" onClick={() => (setTyped(''), setParams(new URLSearchParams(), { replace: true }))}>
                Clear filters
              </Button>
            </div>
          )}
        </div>
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
          <Pager
            offset={offset}
            pageSize={PAGE}
            total={list.data.total}
            onOffset={(o) => update({ offset: String(o) })}
            summary={
              <>
                {(offset + 1).toLocaleString('en-US')}–{(offset + list.data.items.length).toLocaleString('en-US')} of {list.data.total.toLocaleString('en-US')}
              </>
            }
          />
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
