import { useState } from 'react';
import { Link, useOutletContext } from 'react-router';
import { Check, Minus } from 'lucide-react';
import { CUSTOM_ROLE_BASE, type Permission } from '@/shared/permissions';
import { Button } from '@/client/components/ui/button';
import { PageSpinner, Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/hooks/use-toast';
import { messageOf } from '@/client/lib/api';
import { useRoles, useUpdateRole, type RoleInfo } from '@/client/features/admin/roles-api';
import type { AdminOutletContext } from './AdminLayout';
import { permissionTitle } from './AdminRolesPage';
import { visibleAdminItem } from './nav';
import { AdminHeading, NoAccess } from './parts';

/**
 * /admin/access: Access Control, the permission matrix (permissions × staff roles) that the menu, the pages and the
 * server all read. Read-only, except that a super administrator ticks the permissions of custom roles here (built-in
 * roles are fixed); each tick is saved at once and applies to the role's holders at their next request.
 */
export default function AdminAccessPage() {
  const { role, permissions } = useOutletContext<AdminOutletContext>();
  const item = visibleAdminItem('/admin/access', role, permissions);
  if (!item) return <NoAccess title="Access Control" />;
  return <Matrix editable={role === 'super_admin'} description={item.description} />;
}

function Matrix({ editable, description }: { editable: boolean; description: string }) {
  const roles = useRoles();
  // The cell being saved, so only it shows a spinner and no second click races it.
  const [saving, setSaving] = useState<string | null>(null);
  const update = useUpdateRole({
    onSuccess: (r) => toast({ title: 'Permissions saved', description: `${r.name}: applies to its holders at once.` }),
    onError: (err) => toast({ title: 'The change was refused', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
  });

  function toggle(role: RoleInfo, p: Permission, on: boolean, all: Permission[]) {
    const next = all.filter((x) => (x === p ? on : role.permissions.includes(x)));
    setSaving(`${role.id}|${p}`);
    update.mutate({ id: role.id, changes: { permissions: next } }, { onSettled: () => setSaving(null) });
  }

  if (roles.isPending) return <PageSpinner label="Loading the permission matrix" />;
  if (roles.isError)
    return (
      <>
        <AdminHeading title="Access Control" description={description} />
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-5 text-sm text-red-600 dark:text-red-400">
          {messageOf(roles.error, 'The permission matrix could not be loaded.')}
          <Button variant="outline" size="sm" onClick={() => void roles.refetch()}>
            Try again
          </Button>
        </div>
      </>
    );
  const { roles: list, permissions: all } = roles.data;
  return (
    <>
      <AdminHeading title="Access Control" description={description} />
      <p className="mb-4 max-w-3xl text-sm text-muted-foreground">
        {editable
          ? 'Built-in roles are fixed. Tick or untick a custom role’s permissions: each change is saved at once, written to the audit log, and applies to the role’s holders at their next request.'
          : 'Read-only: only a super administrator changes permissions here. Custom roles are edited in '}
        {!editable && (
          <Link to="/admin/roles" className="underline hover:text-foreground">
            Role Management
          </Link>
        )}
        {!editable && '.'}
      </p>
      <div className="overflow-x-auto rounded-xl border bg-card">
        <table className="w-full text-sm" data-testid="access-matrix">
          <caption className="sr-only">Permissions held by each staff role</caption>
          <thead className="border-b bg-muted/40 text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="sticky left-0 z-10 min-w-52 bg-muted px-4 py-2 text-left font-medium">
                Menu item / permission
              </th>
              {list.map((r) => (
                <th key={r.id} scope="col" className="px-3 py-2 text-center font-medium">
                  <span className="block whitespace-nowrap text-foreground">{r.name}</span>
                  <span className="block whitespace-nowrap font-normal">{r.builtin ? 'built-in' : 'custom'}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {all.map((p) => (
              <tr key={p} className="border-b last:border-0">
                <th scope="row" className="sticky left-0 z-10 bg-card px-4 py-2 text-left font-normal">
                  <span className="block font-medium">{permissionTitle(p)}</span>
                  <code className="text-xs text-muted-foreground">{p}</code>
                </th>
                {list.map((r) => {
                  const has = r.permissions.includes(p);
                  const cell = `${r.id}|${p}`;
                  const label = `${r.name}: ${permissionTitle(p)} (${p})`;
                  if (editable && !r.builtin && !CUSTOM_ROLE_BASE.includes(p))
                    return (
                      <td key={r.id} className="px-3 py-2 text-center">
                        {saving === cell ? (
                          <Spinner className="mx-auto" />
                        ) : (
                          <input
                            type="checkbox"
                            className="size-4 accent-primary"
                            aria-label={label}
                            checked={has}
                            disabled={saving !== null}
                            onChange={(e) => toggle(r, p, e.target.checked, all)}
                          />
                        )}
                      </td>
                    );
                  return (
                    <td key={r.id} className="px-3 py-2 text-center">
                      {has ? (
                        <Check className="mx-auto size-4 text-primary" aria-hidden />
                      ) : (
                        <Minus className="mx-auto size-4 text-muted-foreground/50" aria-hidden />
                      )}
                      <span className="sr-only">{has ? 'granted' : 'not granted'}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
