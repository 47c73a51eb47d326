import { useState } from 'react';
import { Link, useOutletContext, useSearchParams } from 'react-router';
import { KeyRound } from 'lucide-react';
import { API_KEY_STATUSES, API_KEY_USAGE_DAYS } from '@/shared/api/api-keys';
import { findTool } from '@/shared/catalogue';
import { formatDate, formatDateTime, formatNumber } from '@/shared/format';
import type { StaffRole } from '@/shared/roles';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { PageSpinner, Spinner } from '@/client/components/ui/spinner';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { toast } from '@/client/hooks/use-toast';
import { messageOf } from '@/client/lib/api';
import { useAdminApiKeys, useAdminRevokeApiKey, type AdminApiKey, type ApiKeyStatus } from '@/client/features/admin/api-keys-api';
import { visibleAdminItem } from './nav';
import { AdminHeading, EmptyList, FilterSelect, LoadError, NoAccess, Pager, SearchField, useDebouncedSearch, withChanges } from './parts';

const PAGE = 25;

/**
 * /admin/api-keys: every account's API keys with their owner, tools (scopes), expiry, last use and the last 30 days of
 * calls, searchable by owner or key prefix; staff revoke a key (audited, the owner is e-mailed). The filters live in
 * the address.
 */
export default function AdminApiKeysPage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const item = visibleAdminItem('/admin/api-keys', role);
  if (!item) return <NoAccess title="API Keys" />;
  return <ApiKeyDirectory title={item.title} />;
}

function ApiKeyDirectory({ title }: { title: string }) {
  const [params, setParams] = useSearchParams();
  const { q, typed, setTyped } = useDebouncedSearch(params, setParams);
  const status = (API_KEY_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as ApiKeyStatus) : '';
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0);
  const [revoking, setRevoking] = useState<AdminApiKey | null>(null);

  const update = (changes: Record<string, string>) => setParams((prev) => withChanges(prev, changes), { replace: true });

  const list = useAdminApiKeys({ q, status, offset, limit: PAGE });
  const filtered = Boolean(q || status);

  return (
    <>
      <AdminHeading
        title={title}
        description={`Keys of the public API (/api/v1): owner, tools, expiry, last use, and calls and characters of the last ${API_KEY_USAGE_DAYS} days.`}
      />
      <form
        role="search"
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          update({ q: typed.trim() });
        }}
      >
        <div className="min-w-60 flex-1">
          <SearchField id="keys-search" value={typed} onChange={setTyped} placeholder="Owner e-mail, username or key prefix" />
        </div>
        <FilterSelect id="keys-status" label="Status" value={status} onChange={(v) => update({ status: v })}>
          <option value="">Any status</option>
          <option value="active">Active</option>
          <option value="expired">Expired</option>
          <option value="revoked">Revoked</option>
        </FilterSelect>
        {list.isFetching && !list.isPending && <Spinner className="mb-3" />}
      </form>

      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <LoadError error={list.error} what="The API keys" retry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyList
          icon={KeyRound}
          testId="api-keys-empty"
          onClear={filtered ? () => (setTyped(''), setParams(new URLSearchParams(), { replace: true })) : undefined}
        >
          {filtered ? 'No key matches these filters.' : 'No account has created an API key yet.'}
        </EmptyList>
      ) : (
        <>
          {/* relative: the sr-only header text is positioned inside the scroller, not at the far right of the page */}
          <div className="relative overflow-x-auto rounded-xl border bg-card">
            <table className="w-full min-w-[46rem] text-sm" data-testid="admin-api-keys">
              <thead className="border-b bg-muted/40 text-left text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  <th className="px-3 py-2 font-medium">Key</th>
                  <th className="px-3 py-2 font-medium">Owner</th>
                  <th className="px-3 py-2 font-medium">Tools</th>
                  <th className="px-3 py-2 font-medium">Last used</th>
                  <th className="px-3 py-2 text-right font-medium" title={`Tool calls made with the key in the last ${API_KEY_USAGE_DAYS} days`}>
                    Calls
                  </th>
                  <th className="px-3 py-2 text-right font-medium" title={`Characters sent with the key in the last ${API_KEY_USAGE_DAYS} days`}>
                    Characters
                  </th>
                  <th className="px-3 py-2 font-medium">Status</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((k) => (
                  <Row key={k.id} apiKey={k} onRevoke={() => setRevoking(k)} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager offset={offset} pageSize={PAGE} total={list.data.total} onOffset={(o) => update({ offset: String(o) })} shown={list.data.items.length} />
        </>
      )}
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

const toolName = (id: string) => findTool(id)?.name ?? id;

function Row({ apiKey: k, onRevoke }: { apiKey: AdminApiKey; onRevoke: () => void }) {
  return (
    <tr className="border-b last:border-0" data-testid="admin-api-key-row">
      <td className="px-3 py-3">
        <div className="font-medium">{k.name}</div>
        <div className="font-mono text-xs text-muted-foreground">{k.prefix}…</div>
        <div className="whitespace-nowrap text-xs text-muted-foreground">Created {formatDate(k.createdAt)}</div>
        <div className="whitespace-nowrap text-xs text-muted-foreground" data-testid="key-expires">
          {k.expiresAt ? `${k.status === 'expired' ? 'Expired' : 'Expires'} ${formatDate(k.expiresAt)}` : 'Never expires'}
        </div>
      </td>
      <td className="px-3 py-3">
        <Link to={`/admin/users/${k.owner.id}`} className="font-medium hover:underline">
          {k.owner.email}
        </Link>
        <div className="text-xs text-muted-foreground">{k.owner.username}</div>
      </td>
      <td className="min-w-32 max-w-52 px-3 py-3" data-testid="key-tools">
        {k.scopes ? (
          <span title={k.scopes.map(toolName).join(', ')}>
            {k.scopes.slice(0, 2).map(toolName).join(', ')}
            {k.scopes.length > 2 && <span className="text-muted-foreground"> +{k.scopes.length - 2} more</span>}
          </span>
        ) : (
          <span className="text-muted-foreground">All tools</span>
        )}
      </td>
      <td className="whitespace-nowrap px-3 py-3 text-muted-foreground">{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never'}</td>
      <td className="px-3 py-3 text-right tabular-nums" data-testid="key-calls">
        {formatNumber(k.usage.calls)}
      </td>
      <td className="px-3 py-3 text-right tabular-nums">{formatNumber(k.usage.characters)}</td>
      <td className="whitespace-nowrap px-3 py-3">
        {/* the action sits under the status, so the row fits a laptop screen with the tools column */}
        {k.status !== 'revoked' ? (
          <div className="flex flex-col items-start gap-1.5">
            {k.status === 'active' ? <Badge variant="secondary">Active</Badge> : <Badge variant="outline">Expired</Badge>}
            <Button variant="outline" size="sm" onClick={onRevoke} aria-label={`Revoke the key ${k.name} of ${k.owner.email}`}>
              Revoke
            </Button>
          </div>
        ) : (
          <span title={k.revokedBy ? `Revoked by ${k.revokedBy.email}` : 'Revoked by its owner'}>
            <Badge variant="warning">Revoked</Badge>
            <span className="mt-0.5 block text-xs text-muted-foreground">
              {k.revokedAt ? formatDate(k.revokedAt) : ''} · {k.revokedBy ? 'by staff' : 'by owner'}
            </span>
          </span>
        )}
      </td>
    </tr>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: AdminApiKey | null; onClose: () => void }) {
  const revoke = useAdminRevokeApiKey();
  async function onConfirm() {
    if (!apiKey) return;
    try {
      await revoke.mutateAsync(apiKey.id);
      toast({ title: 'Key revoked', description: `${apiKey.owner.email} has been told by e-mail.` });
      onClose();
    } catch (err) {
      toast({ title: 'The key was not revoked', description: messageOf(err, 'Please try again.'), variant: 'destructive' });
    }
  }
  return (
    <Dialog open={apiKey !== null} onOpenChange={(o) => !o && !revoke.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Revoke this API key?</DialogTitle>
          <DialogDescription>
            “{apiKey?.name}” ({apiKey?.prefix}…) of {apiKey?.owner.email} stops working at once. The owner is e-mailed and the action is written to the audit
            log. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={revoke.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void onConfirm()} disabled={revoke.isPending} aria-busy={revoke.isPending}>
            {revoke.isPending && <Spinner />} Revoke key
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
