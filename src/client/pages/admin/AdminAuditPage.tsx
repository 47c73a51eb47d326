import { useState, type FormEvent } from 'react';
import { useOutletContext } from 'react-router';
import { Download, ScrollText } from 'lucide-react';
import { AUDIT_CATEGORIES, AUDIT_CATEGORY_LABELS, type AuditCategory, type AuditEntry } from '@/shared/api/admin-audit';
import type { Role } from '@/shared/roles';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { PageSpinner, Spinner } from '@/client/components/ui/spinner';
import { toast } from '@/client/hooks/use-toast';
import { messageOf } from '@/client/lib/api';
import { useAuditLog, useExportAuditCsv, type AuditFilterState } from '@/client/features/admin/audit-api';
import { visibleAdminItem } from './nav';
import type { AdminOutletContext } from './AdminLayout';
import { useRoleNames } from './AdminUsersPage';
import { LoadFailed } from './analytics-parts';
import { EmptyList, NoAccess, Pager } from './parts';

const PAGE = 25;

/** The User filter: the role of the account that acted. */
const ACTOR_ROLES: { value: Role | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'admin', label: 'Admin' },
  { value: 'support', label: 'Support Staff' },
];

const CATEGORY_STYLE: Record<AuditCategory, string> = {
  auth: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200',
  user: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  payment: 'bg-purple-100 text-purple-900 dark:bg-purple-950 dark:text-purple-200',
  security: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  system: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200',
};

const SELECT = 'h-9 w-full rounded-md border border-input bg-background px-2 text-sm';

/** A local calendar day as YYYY-MM-DD. */
function day(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The page opens on the last 7 days, today included. */
function lastSevenDays(): AuditFilterState {
  const today = new Date();
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6);
  return { from: day(from), to: day(today), category: '', actorRole: '', q: '' };
}

/** /admin/audit: the audit table, filtered on the server, paged, and exported as CSV ('audit:read'). */
export default function AdminAuditPage() {
  const { role, permissions } = useOutletContext<AdminOutletContext>();
  const item = visibleAdminItem('/admin/audit', role);
  if (!item) return <NoAccess title="Audit Logs" />;
  return <AuditLogs canListRoles={permissions.includes('roles:manage')} />;
}

function Heading({ onExport, exporting }: { onExport?: () => void; exporting?: boolean }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Audit Logs</h1>
        <p className="mt-1 text-muted-foreground">Who did what, and when.</p>
      </div>
      {onExport && (
        <Button variant="outline" onClick={onExport} disabled={exporting}>
          {exporting ? <Spinner /> : <Download />} Export Logs
        </Button>
      )}
    </div>
  );
}

function AuditLogs({ canListRoles }: { canListRoles: boolean }) {
  // staff may also hold a custom role (Role Management); those who may list them can filter by them
  const { custom } = useRoleNames(canListRoles);
  const actorRoles = [...ACTOR_ROLES, ...custom.map((r) => ({ value: r.id as Role, label: r.name }))];
  const [initial] = useState(lastSevenDays);
  // The form edits a draft; only Apply Filters sends it, so typing does not fire a request per key.
  const [draft, setDraft] = useState<AuditFilterState>(initial);
  const [applied, setApplied] = useState<AuditFilterState>(initial);
  const [offset, setOffset] = useState(0);
  const logs = useAuditLog(applied, { offset, limit: PAGE });
  const exporter = useExportAuditCsv({
    onError: (err) => toast({ title: 'Export failed', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
  });
  const isDefaultRange = applied.from === initial.from && applied.to === initial.to;

  const apply = (e: FormEvent) => {
    e.preventDefault();
    // An inverted range is read the way it was meant.
    const next = draft.from && draft.to && draft.from > draft.to ? { ...draft, from: draft.to, to: draft.from } : draft;
    setDraft(next);
    setApplied(next);
    setOffset(0);
  };
  const set = <K extends keyof AuditFilterState>(key: K, value: AuditFilterState[K]) => setDraft((d) => ({ ...d, [key]: value }));

  return (
    <>
      <Heading onExport={() => exporter.mutate(applied)} exporting={exporter.isPending} />
      <Card className="mb-6">
        <CardContent className="pt-6">
          <form onSubmit={apply} className="grid grid-cols-[minmax(0,1fr)] gap-4 sm:grid-cols-2 lg:grid-cols-5" aria-label="Filter the audit logs">
            <div className="@container space-y-1 lg:col-span-2">
              <span className="text-sm font-medium">Date Range</span>
              {/* one date per row where the cell is narrow (a phone, two filter columns), as two side by side cut the dates off */}
              <div className="grid items-center gap-2 @min-[20rem]:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
                <Input
                  className="min-w-0"
                  type="date"
                  aria-label="From"
                  value={draft.from}
                  max={draft.to || undefined}
                  onChange={(e) => set('from', e.target.value)}
                />
                <span className="hidden text-muted-foreground @min-[20rem]:inline" aria-hidden="true">
                  –
                </span>
                <Input
                  className="min-w-0"
                  type="date"
                  aria-label="To"
                  value={draft.to}
                  min={draft.from || undefined}
                  onChange={(e) => set('to', e.target.value)}
                />
              </div>
            </div>
            <div className="space-y-1">
              <Label htmlFor="audit-category">Category</Label>
              <select id="audit-category" className={SELECT} value={draft.category} onChange={(e) => set('category', e.target.value as AuditCategory | '')}>
                <option value="">All</option>
                {AUDIT_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {AUDIT_CATEGORY_LABELS[c]}
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-1">
              <Label htmlFor="audit-role">User</Label>
              <select id="audit-role" className={SELECT} value={draft.actorRole} onChange={(e) => set('actorRole', e.target.value as Role | '')}>
                {actorRoles.map((r) => (
                  <option key={r.value} value={r.value}>
                    {r.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="space-y-1">
              <Label htmlFor="audit-q">Search</Label>
              <Input id="audit-q" type="search" placeholder="E-mail or username" value={draft.q} onChange={(e) => set('q', e.target.value)} maxLength={200} />
            </div>
            <div className="flex items-center justify-between gap-3 sm:col-span-2 lg:col-span-5">
              <span className="text-sm text-muted-foreground">
                {isDefaultRange ? 'Showing the last 7 days' : applied.from || applied.to ? `${applied.from || '…'} to ${applied.to || '…'}` : 'All dates'}
              </span>
              <Button type="submit">Apply Filters</Button>
            </div>
          </form>
        </CardContent>
      </Card>

      {logs.isPending ? (
        <PageSpinner label="Loading the audit logs" />
      ) : logs.isError ? (
        <LoadFailed error={logs.error} what="The audit logs" retry={() => void logs.refetch()} />
      ) : logs.data.items.length === 0 ? (
        <EmptyList icon={ScrollText}> No log entries match these filters.</EmptyList>
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border bg-card" aria-busy={logs.isFetching}>
            <table className="w-full text-sm" data-testid="audit-table">
              <thead className="border-b bg-muted/40 text-left text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  <th className="px-4 py-2 font-medium">Timestamp</th>
                  <th className="px-4 py-2 font-medium">User</th>
                  <th className="px-4 py-2 font-medium">Action</th>
                  <th className="px-4 py-2 font-medium">Category</th>
                  <th className="px-4 py-2 font-medium">IP Address</th>
                </tr>
              </thead>
              <tbody>
                {logs.data.items.map((e) => (
                  <Row key={e.id} entry={e} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            offset={offset}
            pageSize={PAGE}
            total={logs.data.total}
            onOffset={setOffset}
            summary={
              <>
                Showing {logs.data.items.length.toLocaleString('en-US')} of {logs.data.total.toLocaleString('en-US')} logs
              </>
            }
          />
        </>
      )}
    </>
  );
}

function Row({ entry }: { entry: AuditEntry }) {
  return (
    <tr className="border-b align-top last:border-0">
      <td className="whitespace-nowrap px-4 py-3 tabular-nums text-muted-foreground">
        <time dateTime={entry.timestamp}>{new Date(entry.timestamp).toLocaleString()}</time>
      </td>
      <td className="px-4 py-3">
        {entry.user ? (
          <>
            <div>{entry.user.email ?? entry.user.username ?? 'Deleted account'}</div>
            {entry.user.role && <div className="text-xs text-muted-foreground">{entry.user.role}</div>}
          </>
        ) : (
          <span className="text-muted-foreground">System</span>
        )}
      </td>
      <td className="max-w-md whitespace-pre-wrap break-words px-4 py-3">{entry.action}</td>
      <td className="px-4 py-3">
        <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${CATEGORY_STYLE[entry.category] ?? ''}`}>
          {AUDIT_CATEGORY_LABELS[entry.category] ?? entry.category}
        </span>
      </td>
      <td className="whitespace-nowrap px-4 py-3 font-mono text-xs">{entry.ip ?? '—'}</td>
    </tr>
  );
}
