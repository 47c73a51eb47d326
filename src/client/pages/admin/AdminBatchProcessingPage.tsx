import { useState } from 'react';
import { Link, useOutletContext, useSearchParams } from 'react-router';
import { FileStack } from 'lucide-react';
import { BATCH_STATUSES, BATCH_TOOL_LABEL, batchActive, type AdminBatchRow, type BatchStatus } from '@/shared/api/batches';
import { formatDateTime } from '@/shared/format';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { PageSpinner, Spinner } from '@/client/components/ui/spinner';
import { messageOf } from '@/client/lib/api';
import { cn } from '@/client/lib/utils';
import { useAdminBatches, useAdminCancelBatch } from '@/client/features/admin/batches-api';
import type { AdminOutletContext } from './AdminLayout';
import { visibleAdminItem } from './nav';
import { AdminHeading, EmptyList, LoadError, NoAccess, Pager, Segmented, withChanges } from './parts';

const PAGE = 50;
const STATUS_LABEL: Record<BatchStatus, string> = { queued: 'Waiting', running: 'Running', done: 'Done', cancelled: 'Cancelled' };
const STATUS_STYLE: Record<BatchStatus, string> = {
  queued: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  running: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200',
  done: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  cancelled: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
};

/** /admin/batch-processing ('usage:read'): every user's batch checks, with their owners; staff may cancel one. */
export default function AdminBatchProcessingPage() {
  const { role, permissions } = useOutletContext<AdminOutletContext>();
  const item = visibleAdminItem('/admin/batch-processing', role, permissions);
  if (!item) return <NoAccess title="Batch Processing" />;
  return <Batches title={item.title} />;
}

function Batches({ title }: { title: string }) {
  const [params, setParams] = useSearchParams();
  const status = (BATCH_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as BatchStatus) : '';
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0);
  const list = useAdminBatches({ status, offset, limit: PAGE });
  const update = (changes: Record<string, string>) => setParams((prev) => withChanges(prev, changes), { replace: true });

  return (
    <>
      <AdminHeading
        title={title}
        description="Batch checks of every user: many documents checked by the AI detector or the plagiarism checker in the background. Cancelling stops the documents still waiting; they are not charged."
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <Segmented<BatchStatus | ''>
          label="Status"
          value={status}
          wrap
          onChange={(v) => update({ status: v })}
          options={[
            { value: '', label: 'All' },
            ...BATCH_STATUSES.map((s) => ({
              value: s,
              label: (
                <>
                  {STATUS_LABEL[s]}
                  {list.data && <span className="ml-1.5 tabular-nums opacity-80">{list.data.byStatus[s].toLocaleString('en-US')}</span>}
                </>
              ),
            })),
          ]}
        />
        {list.isFetching && !list.isPending && <Spinner />}
      </div>

      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <LoadError error={list.error} what="The batches" retry={() => void list.refetch()} />
      ) : list.data.batches.length === 0 ? (
        <EmptyList icon={FileStack} testId="batches-empty" onClear={status ? () => update({ status: '' }) : undefined}>
          {status ? `No batch is ${STATUS_LABEL[status].toLowerCase()}.` : 'No batch checks yet. Pro and Agency users start them at /batch.'}
        </EmptyList>
      ) : (
        <>
          {/* phones: one card per batch */}
          <ul className="grid gap-2 md:hidden" aria-label="Batches">
            {list.data.batches.map((b) => (
              <li key={b.id} className="rounded-xl border bg-card p-3 text-sm" data-testid="admin-batch-card">
                <div className="flex items-start justify-between gap-2">
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{b.name || 'Unnamed'}</span>
                    <span className="block text-xs text-muted-foreground">
                      {BATCH_TOOL_LABEL[b.tool]} · {formatDateTime(b.createdAt)}
                    </span>
                  </span>
                  <Badge className={cn('shrink-0 border-transparent', STATUS_STYLE[b.status])}>{STATUS_LABEL[b.status]}</Badge>
                </div>
                <Link to={`/admin/users/${b.owner.id}`} className="mt-2 block truncate text-primary hover:underline">
                  {b.owner.email}
                </Link>
                <Progress batch={b} />
                {batchActive(b) && (
                  <div className="mt-2">
                    <CancelButton batch={b} />
                  </div>
                )}
              </li>
            ))}
          </ul>
          <div className="relative hidden overflow-x-auto rounded-xl border bg-card md:block">
            <table className="w-full min-w-[760px] text-sm" data-testid="admin-batches-table">
              <thead className="border-b bg-muted/40 text-left text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  <th className="px-4 py-2 font-medium">Created</th>
                  <th className="px-4 py-2 font-medium">Owner</th>
                  <th className="px-4 py-2 font-medium">Batch</th>
                  <th className="px-4 py-2 font-medium">Status</th>
                  <th className="px-4 py-2 text-right font-medium">Documents</th>
                  <th className="px-4 py-2 font-medium">Finished</th>
                  <th className="px-4 py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.batches.map((b) => (
                  <Row key={b.id} batch={b} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager offset={offset} pageSize={PAGE} total={list.data.total} shown={list.data.batches.length} onOffset={(o) => update({ offset: String(o) })} />
        </>
      )}
    </>
  );
}

/** Documents finished of the total, and what they came to. */
function Progress({ batch: b }: { batch: AdminBatchRow }) {
  return (
    <span className="block tabular-nums">
      {b.done + b.failed} / {b.total}
      <span className="block text-xs text-muted-foreground">
        {b.done} checked{b.failed ? `, ${b.failed} not` : ''}
        {b.running ? `, ${b.running} running` : ''}
      </span>
    </span>
  );
}

/** Cancel a batch still running, after a second click. */
function CancelButton({ batch: b }: { batch: AdminBatchRow }) {
  const cancel = useAdminCancelBatch();
  const [confirming, setConfirming] = useState(false);
  if (!batchActive(b)) return null;
  return (
    <>
      {confirming ? (
        <span className="inline-flex items-center gap-1">
          <Button size="sm" variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate(b.id, { onSettled: () => setConfirming(false) })}>
            Cancel batch
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </span>
      ) : (
        <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
          Cancel…
        </Button>
      )}
      {cancel.isError && (
        <span role="alert" className="mt-1 block text-xs text-red-600">
          {messageOf(cancel.error, 'It could not be cancelled.')}
        </span>
      )}
    </>
  );
}

function Row({ batch: b }: { batch: AdminBatchRow }) {
  return (
    <tr className="border-b align-top last:border-0" data-testid="admin-batch-row">
      <td className="whitespace-nowrap px-4 py-2 tabular-nums">{formatDateTime(b.createdAt)}</td>
      <td className="max-w-[14rem] px-4 py-2">
        <Link to={`/admin/users/${b.owner.id}`} className="block truncate font-medium text-primary hover:underline">
          {b.owner.username}
        </Link>
        <span className="block truncate text-xs text-muted-foreground">{b.owner.email}</span>
      </td>
      <td className="max-w-[14rem] px-4 py-2">
        <span className="block truncate">{b.name || <span className="text-muted-foreground">Unnamed</span>}</span>
        <span className="block text-xs text-muted-foreground">{BATCH_TOOL_LABEL[b.tool]}</span>
      </td>
      <td className="px-4 py-2">
        <Badge className={cn('border-transparent', STATUS_STYLE[b.status])}>{STATUS_LABEL[b.status]}</Badge>
      </td>
      <td className="whitespace-nowrap px-4 py-2 text-right">
        <Progress batch={b} />
      </td>
      <td className="whitespace-nowrap px-4 py-2 tabular-nums text-muted-foreground">{b.finishedAt ? formatDateTime(b.finishedAt) : '—'}</td>
      <td className="whitespace-nowrap px-4 py-2 text-right">
        <CancelButton batch={b} />
      </td>
    </tr>
  );
}
