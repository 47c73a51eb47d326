import { useMemo, useState, type FormEvent } from 'react';
import { Link, useOutletContext } from 'react-router';
import { Check, Filter, KeyRound, MoreHorizontal, Pencil, Plus, Search, ShieldCheck, Trash2, Users } from 'lucide-react';
import { ROLE_DESCRIPTION_MAX, ROLE_NAME_MAX } from '@/shared/api/admin-roles';
import { CUSTOM_ROLE_BASE, PERMISSION_DESCRIPTIONS, type Permission } from '@/shared/permissions';
import { customRoleId } from '@/shared/roles';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/client/components/ui/dropdown-menu';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { BusyLabel, PageSpinner } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/hooks/use-toast';
import { ApiError, messageOf } from '@/client/lib/api';
import { useCreateRole, useDeleteRole, useRoles, useUpdateRole, type RoleInfo, type RolesResponse } from '@/client/features/admin/roles-api';
import type { AdminOutletContext } from './AdminLayout';
import { formatDate } from './AdminUsersPage';
import { adminItemsFor, visibleAdminItem } from './nav';
import { AdminHeading, NoAccess } from './parts';

/** A permission as people know it: the menu items it opens (from nav.ts), else its description. */
export function permissionTitle(p: Permission): string {
  const items = adminItemsFor(p).map((i) => i.label);
  return items.length ? items.join(', ') : PERMISSION_DESCRIPTIONS[p];
}

type Kind = 'all' | 'builtin' | 'custom';
const KINDS: [Kind, string][] = [
  ['all', 'All roles'],
  ['builtin', 'Built-in roles'],
  ['custom', 'Custom roles'],
];

/**
 * /admin/roles: Role Management. The built-in staff roles (fixed, from the permission table) and the custom ones,
 * with their permissions and how many accounts hold each; custom roles are added, edited and deleted here, and
 * take effect at their holders' next request.
 */
export default function AdminRolesPage() {
  const { role, permissions } = useOutletContext<AdminOutletContext>();
  if (!visibleAdminItem('/admin/roles', role, permissions)) return <NoAccess title="Role Management" />;
  return <RoleManagement superAdmin={role === 'super_admin'} />;
}

/** What the edit dialog is editing: a new role, or an existing custom one. */
type Editing = { mode: 'create' } | { mode: 'edit'; role: RoleInfo };

function RoleManagement({ superAdmin }: { superAdmin: boolean }) {
  const roles = useRoles();
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<Kind>('all');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [showing, setShowing] = useState<RoleInfo | null>(null);
  const [deleting, setDeleting] = useState<RoleInfo | null>(null);

  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return (roles.data?.roles ?? []).filter(
      (r) =>
        (kind === 'all' || (kind === 'builtin') === r.builtin) &&
        (!needle || r.name.toLowerCase().includes(needle) || r.description.toLowerCase().includes(needle) || r.id.includes(needle)),
    );
  }, [roles.data, q, kind]);

  return (
    <>
      <AdminHeading title="Role Management" description="Manage administrator and staff role assignments">
        <Button onClick={() => setEditing({ mode: 'create' })} disabled={!roles.data}>
          <Plus aria-hidden /> Add New Role
        </Button>
      </AdminHeading>

      <section aria-labelledby="system-roles" className="rounded-xl border bg-card">
        <div className="flex flex-wrap items-center justify-between gap-3 border-b p-4">
          <h2 id="system-roles" className="text-lg font-semibold">
            System Roles
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <div className="relative">
              <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
              <Input
                type="search"
                aria-label="Search roles"
                placeholder="Search roles..."
                value={q}
                onChange={(e) => setQ(e.target.value)}
                maxLength={100}
                className="w-56 pl-9"
              />
            </div>
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="outline">
                  <Filter aria-hidden /> Filters
                  {kind !== 'all' && <span className="sr-only">: {kind === 'builtin' ? 'built-in roles' : 'custom roles'}</span>}
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuLabel>Show</DropdownMenuLabel>
                {KINDS.map(([value, label]) => (
                  <DropdownMenuItem key={value} onSelect={() => setKind(value)} aria-checked={kind === value} role="menuitemradio">
                    <Check aria-hidden className={kind === value ? '' : 'invisible'} /> {label}
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          </div>
        </div>

        {roles.isPending ? (
          <PageSpinner label="Loading the roles" />
        ) : roles.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 p-5 text-sm text-red-600 dark:text-red-400">
            {messageOf(roles.error, 'The roles could not be loaded.')}
            <Button variant="outline" size="sm" onClick={() => void roles.refetch()}>
              Try again
            </Button>
          </div>
        ) : shown.length === 0 ? (
          <div className="p-8 text-center text-sm text-muted-foreground">
            {kind === 'custom' && !q ? 'There are no custom roles yet. Add one with “Add New Role”.' : 'No role matches.'}
          </div>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="roles-table">
              <thead className="border-b bg-muted/40 text-left text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Role Name
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Description
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">
                    Users
                  </th>
                  <th scope="col" className="whitespace-nowrap px-4 py-2 font-medium">
                    Date Created
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => (
                  <tr key={r.id} className="border-b last:border-0" data-role={r.id}>
                    <td className="px-4 py-3">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-medium">{r.name}</span>
                        <Badge variant={r.builtin ? 'secondary' : 'outline'}>{r.builtin ? 'Built-in' : 'Custom'}</Badge>
                      </div>
                      <div className="mt-0.5 text-xs text-muted-foreground">
                        <code>{r.id}</code> · {r.permissions.length} {r.permissions.length === 1 ? 'permission' : 'permissions'}
                      </div>
                    </td>
                    <td className="max-w-xs px-4 py-3 text-muted-foreground">{r.description || '—'}</td>
                    <td className="px-4 py-3 text-right tabular-nums">{r.users.toLocaleString('en-US')}</td>
                    <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">{r.createdAt ? formatDate(r.createdAt) : 'Built in'}</td>
                    <td className="px-4 py-3 text-right">
                      <RowMenu
                        role={r}
                        onEdit={() => setEditing({ mode: 'edit', role: r })}
                        onPermissions={() => setShowing(r)}
                        onDelete={() => setDeleting(r)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <p className="mt-3 text-sm text-muted-foreground">
        Built-in roles come with the software and cannot be changed. A custom role is a staff role: its holders have no plan and see the sections its
        permissions open, from their next request. See the whole matrix in{' '}
        <Link to="/admin/access" className="underline hover:text-foreground">
          Access Control
        </Link>
        .
      </p>

      {editing && roles.data && (
        <RoleDialog
          key={editing.mode === 'edit' ? editing.role.id : 'new'}
          editing={editing}
          meta={roles.data}
          superAdmin={superAdmin}
          onClose={() => setEditing(null)}
        />
      )}
      <PermissionsDialog role={showing} onClose={() => setShowing(null)} />
      <DeleteDialog role={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function RowMenu({ role, onEdit, onPermissions, onDelete }: { role: RoleInfo; onEdit: () => void; onPermissions: () => void; onDelete: () => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${role.name}`}>
          <MoreHorizontal className="!size-5" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem disabled={role.builtin} onSelect={onEdit}>
          <Pencil aria-hidden /> Edit
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={`/admin/users?role=${encodeURIComponent(role.id)}`}>
            <Users aria-hidden /> View Users
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onPermissions}>
          <KeyRound aria-hidden /> Permissions
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={role.builtin} onSelect={onDelete} className="text-destructive focus:text-destructive">
          <Trash2 aria-hidden /> Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** Create or edit a custom role: name, description, and its permissions as checkboxes named after the menu items. */
function RoleDialog({ editing, meta, superAdmin, onClose }: { editing: Editing; meta: RolesResponse; superAdmin: boolean; onClose: () => void }) {
  const existing = editing.mode === 'edit' ? editing.role : null;
  const [name, setName] = useState(existing?.name ?? '');
  const [description, setDescription] = useState(existing?.description ?? '');
  const [granted, setGranted] = useState<Set<Permission>>(new Set(existing?.permissions ?? CUSTOM_ROLE_BASE));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const failed = (err: Error) => {
    if (err instanceof ApiError && err.fields) setErrors(err.fields);
    toast({
      title: existing ? 'The role was not saved' : 'The role was not created',
      description: messageOf(err, 'Please try again.'),
      variant: 'destructive',
    });
  };
  const create = useCreateRole({
    onSuccess: (r) => {
      toast({ title: 'Role created', description: `${r.name} (${r.id})` });
      onClose();
    },
    onError: failed,
  });
  const update = useUpdateRole({
    onSuccess: (r) => {
      toast({ title: 'Role saved', description: `${r.name}: the change applies to its holders at once.` });
      onClose();
    },
    onError: failed,
  });
  const busy = create.isPending || update.isPending;
  const id = existing?.id ?? customRoleId(name);

  function toggle(p: Permission, on: boolean) {
    setGranted((prev) => {
      const next = new Set(prev);
      if (on) next.add(p);
      else next.delete(p);
      return next;
    });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    if (trimmed.length < 2) return setErrors({ name: 'The name must be at least 2 characters.' });
    if (!customRoleId(trimmed)) return setErrors({ name: 'The name needs at least one letter or digit.' });
    setErrors({});
    const permissions = meta.permissions.filter((p) => granted.has(p));
    if (existing) update.mutate({ id: existing.id, changes: { name: trimmed, description: description.trim(), permissions } });
    else create.mutate({ name: trimmed, description: description.trim(), permissions });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-w-2xl">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{existing ? `Edit ${existing.name}` : 'Add New Role'}</DialogTitle>
            <DialogDescription>
              A custom staff role. Its holders open the administrator area and see exactly the sections ticked below.
              {!superAdmin && ' Only a super administrator can grant the permissions marked “super admin only”.'}
            </DialogDescription>
          </DialogHeader>
          <div>
            <Label htmlFor="role-name">Name</Label>
            <Input
              id="role-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={ROLE_NAME_MAX}
              required
              aria-invalid={Boolean(errors.name)}
              aria-describedby="role-name-help"
              className="mt-1"
            />
            <p id="role-name-help" className={`mt-1 text-xs ${errors.name ? 'text-destructive' : 'text-muted-foreground'}`}>
              {errors.name ?? (id ? `Stored as ${id}${existing ? ' (the id does not change on rename)' : ''}.` : 'Letters, digits and spaces.')}
            </p>
          </div>
          <div>
            <Label htmlFor="role-description">Description</Label>
            <Textarea
              id="role-description"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              maxLength={ROLE_DESCRIPTION_MAX}
              rows={2}
              className="mt-1"
            />
            {errors.description && <p className="mt-1 text-xs text-destructive">{errors.description}</p>}
          </div>
          <fieldset>
            <legend className="text-sm font-medium">Permissions</legend>
            {errors.permissions && <p className="mt-1 text-xs text-destructive">{errors.permissions}</p>}
            <ul className="mt-2 grid gap-1 sm:grid-cols-2">
              {meta.permissions.map((p) => {
                const base = CUSTOM_ROLE_BASE.includes(p);
                const restricted = meta.superAdminOnly.includes(p);
                // An administrator may remove a restricted permission a super administrator granted, not add one.
                const locked = base || (restricted && !superAdmin && !granted.has(p));
                const inputId = `perm-${p.replace(':', '-')}`;
                return (
                  <li key={p} className="flex items-start gap-2 rounded-md p-1.5 hover:bg-muted/50">
                    <input
                      id={inputId}
                      type="checkbox"
                      className="mt-1 size-4 accent-primary"
                      checked={base || granted.has(p)}
                      disabled={locked || busy}
                      onChange={(e) => toggle(p, e.target.checked)}
                    />
                    <label htmlFor={inputId} className="text-sm">
                      <span className="font-medium">{permissionTitle(p)}</span>
                      {restricted && <span className="ml-1 text-xs text-amber-700 dark:text-amber-300">(super admin only)</span>}
                      <span className="block text-xs text-muted-foreground">
                        <code>{p}</code>
                        {base ? ' · every custom role holds it' : ` · ${PERMISSION_DESCRIPTIONS[p]}`}
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              <BusyLabel busy={busy} label="Saving…">
                {existing ? 'Save role' : 'Create role'}
              </BusyLabel>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function PermissionsDialog({ role, onClose }: { role: RoleInfo | null; onClose: () => void }) {
  return (
    <Dialog open={role !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{role?.name} permissions</DialogTitle>
          <DialogDescription>
            {role?.builtin ? 'A built-in role: its permissions are fixed.' : 'A custom role: edit it to change what it may do.'}
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-1.5 text-sm">
          {role?.permissions.map((p) => (
            <li key={p} className="flex items-start gap-2">
              <ShieldCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <span>
                <span className="font-medium">{permissionTitle(p)}</span> <code className="text-xs text-muted-foreground">{p}</code>
              </span>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({ role, onClose }: { role: RoleInfo | null; onClose: () => void }) {
  const del = useDeleteRole({
    onSuccess: () => {
      toast({ title: 'Role deleted', description: role?.name });
      onClose();
    },
    onError: (err) => toast({ title: 'The role was not deleted', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
  });
  const held = (role?.users ?? 0) > 0;
  return (
    <Dialog open={role !== null} onOpenChange={(open) => !open && !del.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {role?.name}?</DialogTitle>
          <DialogDescription>
            {held
              ? `${role?.users.toLocaleString('en-US')} ${role?.users === 1 ? 'account holds' : 'accounts hold'} this role. Give ${role?.users === 1 ? 'it' : 'them'} another role first (View Users lists them); a role in use is not deleted.`
              : 'Nobody holds this role. Deleting it is written to the audit log and cannot be undone.'}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" disabled={del.isPending} onClick={onClose}>
            Cancel
          </Button>
          {held ? (
            <Button asChild>
              <Link to={`/admin/users?role=${encodeURIComponent(role?.id ?? '')}`}>View Users</Link>
            </Button>
          ) : (
            <Button variant="destructive" disabled={del.isPending} onClick={() => role && del.mutate(role.id)}>
              <BusyLabel busy={del.isPending} label="Deleting…">
                Delete role
              </BusyLabel>
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
