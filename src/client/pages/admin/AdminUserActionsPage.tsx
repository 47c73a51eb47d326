import { useEffect, useState } from 'react';
import { Link, useOutletContext } from 'react-router';
import { Ban, RotateCcw, X } from 'lucide-react';
import { BULK_MAX } from '@/shared/api/admin-users';
import { isStaff, roleLabel } from '@/shared/roles';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { BusyLabel, PageSpinner, Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/hooks/use-toast';
import { messageOf } from '@/client/lib/api';
import {
  useAdminUsers,
  useBulkUserAction,
  type AdminBulkResponse,
  type AdminUserSummary,
  type BulkAction,
  type UserStatus,
} from '@/client/features/admin/users-api';
import type { AdminOutletContext } from './AdminLayout';
import { StatusBadge } from './AdminUsersPage';
import { visibleAdminItem } from './nav';
import { AdminHeading, FilterSelect, LoadError, NoAccess, Pager, SearchField } from './parts';

const PAGE = 20;
const SEARCH_DELAY_MS = 300;

/**
 * /admin/user-actions: Account Actions. Pick accounts from a search (the selection survives new searches), then
 * suspend or restore them together. The server judges each account like a single action (not one's own account;
 * staff only by an administrator; not already in that state) and reports, per account, what it did.
 */
export default function AdminUserActionsPage() {
  const { role, permissions } = useOutletContext<AdminOutletContext>();
  const item = visibleAdminItem('/admin/user-actions', role, permissions);
  if (!item) return <NoAccess title="Account Actions" />;
  return <AccountActions title={item.title} description="Suspend or restore several accounts at once." />;
}

function AccountActions({ title, description }: { title: string; description: string }) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<UserStatus | ''>('');
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<Map<string, AdminUserSummary>>(new Map());
  const [confirming, setConfirming] = useState<BulkAction | null>(null);
  const [result, setResult] = useState<AdminBulkResponse | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(typed.trim());
      setOffset(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const list = useAdminUsers({ q, role: '', status, offset, limit: PAGE });
  const bulk = useBulkUserAction({
    onSuccess: (res) => {
      setResult(res);
      setConfirming(null);
      setSelected(new Map());
      toast({ title: `${res.done} ${res.action === 'suspend' ? 'suspended' : 'restored'}, ${res.skipped} skipped` });
    },
    onError: (err) => toast({ title: 'Nothing was changed', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
  });

  function toggle(u: AdminUserSummary, on: boolean) {
    setSelected((prev) => {
      const next = new Map(prev);
      if (on && next.size < BULK_MAX) next.set(u.id, u);
      else next.delete(u.id);
      return next;
    });
  }
  const pageItems = list.data?.items ?? [];
  const allOnPage = pageItems.length > 0 && pageItems.every((u) => selected.has(u.id));

  return (
    <>
      <AdminHeading title={title} description={description} />

      <div className="grid gap-4 xl:grid-cols-[1fr_22rem]">
        <section aria-label="Find accounts" className="min-w-0 rounded-xl border bg-card p-4">
          <form role="search" className="mb-3 flex flex-wrap items-end gap-3" onSubmit={(e) => (e.preventDefault(), setQ(typed.trim()), setOffset(0))}>
            <div className="min-w-52 flex-1">
              <SearchField id="actions-search" value={typed} onChange={setTyped} placeholder="E-mail or username" />
            </div>
            <FilterSelect id="actions-status" label="Status" value={status} onChange={(v) => (setStatus(v as UserStatus | ''), setOffset(0))}>
              <option value="">Any status</option>
              <option value="active">Active</option>
              <option value="suspended">Suspended</option>
            </FilterSelect>
            {list.isFetching && !list.isPending && <Spinner className="mb-3" />}
          </form>

          {list.isPending ? (
            <PageSpinner />
          ) : list.isError ? (
            <LoadError error={list.error} what="The accounts" retry={() => void list.refetch()} className="p-2" />
          ) : pageItems.length === 0 ? (
            <p className="p-6 text-center text-sm text-muted-foreground">{q || status ? 'No account matches.' : 'There are no accounts yet.'}</p>
          ) : (
            <>
              <div className="overflow-x-auto">
                <table className="w-full text-sm" data-testid="actions-users">
                  <thead className="border-b text-left text-xs uppercase tracking-wide text-muted-foreground">
                    <tr>
                      <th scope="col" className="w-10 px-2 py-2">
                        <input
                          type="checkbox"
                          className="size-4 accent-primary"
                          aria-label="Select every account on this page"
                          checked={allOnPage}
                          onChange={(e) => pageItems.forEach((u) => toggle(u, e.target.checked))}
                        />
                      </th>
                      <th scope="col" className="px-2 py-2 font-medium">
                        User
                      </th>
                      <th scope="col" className="px-2 py-2 font-medium">
                        Role
                      </th>
                      <th scope="col" className="px-2 py-2 font-medium">
                        Status
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {pageItems.map((u) => (
                      <tr key={u.id} className="border-b last:border-0">
                        <td className="px-2 py-2">
                          <input
                            type="checkbox"
                            className="size-4 accent-primary"
                            aria-label={`Select ${u.email}`}
                            checked={selected.has(u.id)}
                            onChange={(e) => toggle(u, e.target.checked)}
                          />
                        </td>
                        <td className="px-2 py-2">
                          <Link to={`/admin/users/${u.id}`} className="font-medium hover:underline">
                            {u.username}
                          </Link>
                          <div className="text-xs text-muted-foreground">{u.email}</div>
                        </td>
                        <td className="px-2 py-2">
                          <Badge variant={isStaff(u.role) ? 'default' : 'outline'} className="whitespace-nowrap">
                            {roleLabel(u.role)}
                          </Badge>
                        </td>
                        <td className="px-2 py-2">
                          <StatusBadge status={u.status} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager
                offset={offset}
                pageSize={PAGE}
                total={list.data.total}
                onOffset={setOffset}
                summary={`${offset + 1}–${offset + pageItems.length} of ${list.data.total.toLocaleString('en-US')}`}
              />
            </>
          )}
        </section>

        <section aria-label="Selected accounts" className="self-start rounded-xl border bg-card p-4">
          <h2 className="font-semibold">
            Selected <span className="tabular-nums text-muted-foreground">({selected.size})</span>
          </h2>
          {selected.size === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">Tick accounts in the list. The selection stays while you search.</p>
          ) : (
            <ul className="mt-2 flex max-h-64 flex-wrap gap-1.5 overflow-y-auto" data-testid="selected-users">
              {[...selected.values()].map((u) => (
                <li key={u.id}>
                  <span className="inline-flex items-center gap-1 rounded-full border bg-background py-0.5 pl-2.5 pr-1 text-xs">
                    {u.email}
                    <button
                      type="button"
                      className="rounded-full p-0.5 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      aria-label={`Remove ${u.email} from the selection`}
                      onClick={() => toggle(u, false)}
                    >
                      <X className="size-3" aria-hidden />
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {selected.size >= BULK_MAX && <p className="mt-2 text-xs text-muted-foreground">At most {BULK_MAX} accounts at a time.</p>}
          <div className="mt-4 flex flex-wrap gap-2">
            <Button variant="destructive" disabled={selected.size === 0} onClick={() => setConfirming('suspend')}>
              <Ban aria-hidden /> Suspend
            </Button>
            <Button variant="outline" disabled={selected.size === 0} onClick={() => setConfirming('restore')}>
              <RotateCcw aria-hidden /> Restore
            </Button>
            {selected.size > 0 && (
              <Button variant="ghost" onClick={() => setSelected(new Map())}>
                Clear
              </Button>
            )}
          </div>
        </section>
      </div>

      {result && <Results result={result} onDismiss={() => setResult(null)} />}

      <Dialog open={confirming !== null} onOpenChange={(open) => !open && !bulk.isPending && setConfirming(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {confirming === 'suspend' ? 'Suspend' : 'Restore'} {selected.size} {selected.size === 1 ? 'account' : 'accounts'}?
            </DialogTitle>
            <DialogDescription>
              {confirming === 'suspend'
                ? 'Each account is signed out everywhere at once and cannot log in until it is restored.'
                : 'Each account can log in again.'}{' '}
              Accounts you may not change (your own, staff unless you are an administrator) and accounts already in that state are skipped. Every change is
              written to the audit log.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" disabled={bulk.isPending} onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              variant={confirming === 'suspend' ? 'destructive' : 'default'}
              disabled={bulk.isPending}
              onClick={() => confirming && bulk.mutate({ action: confirming, ids: [...selected.keys()] })}
            >
              <BusyLabel busy={bulk.isPending} label="Working…">
                {confirming === 'suspend' ? 'Suspend' : 'Restore'}
              </BusyLabel>
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

function Results({ result, onDismiss }: { result: AdminBulkResponse; onDismiss: () => void }) {
  return (
    <section aria-label="Results" className="mt-4 rounded-xl border bg-card p-4" aria-live="polite">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">
          Results: {result.done} {result.action === 'suspend' ? 'suspended' : 'restored'}, {result.skipped} skipped
        </h2>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="bulk-results">
          <thead className="border-b text-left text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th scope="col" className="px-2 py-2 font-medium">
                Account
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                Outcome
              </th>
              <th scope="col" className="px-2 py-2 font-medium">
                Details
              </th>
            </tr>
          </thead>
          <tbody>
            {result.results.map((r) => (
              <tr key={r.id} className="border-b last:border-0">
                <td className="px-2 py-2">{r.email ?? <code className="text-xs">{r.id}</code>}</td>
                <td className="px-2 py-2">
                  <Badge variant={r.outcome === 'done' ? 'secondary' : 'warning'}>{r.outcome === 'done' ? 'Done' : 'Skipped'}</Badge>
                </td>
                <td className="min-w-56 px-2 py-2 text-muted-foreground">{r.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
