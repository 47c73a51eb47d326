import { useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AlertTriangle, Ban, CheckCircle2, Clock, Download, FileArchive, FileStack, FileText, Loader2, Lock, Plus, Trash2, Upload, X } from 'lucide-react';
import {
  BATCH_EXTENSIONS,
  BATCH_LIMITS,
  BATCH_TOOL_LABEL,
  BATCH_TOOLS,
  batchActive,
  batchRemaining,
  type BatchItemView,
  type BatchStatus,
  type BatchSummary,
  type BatchTool,
  type BatchView,
} from '@/shared/api/batches';
import type { Verdict } from '@/shared/api/detector';
import { formatDateTime, formatNumber } from '@/shared/format';
import { BATCH_PLANS, batchesAllowed, DEFAULT_PLANS } from '@/shared/plans';
import { useCurrentUser } from '@/client/lib/auth';
import { ApiError, messageOf } from '@/client/lib/api';
import { FileDropZone } from '@/client/features/shared/FileDropZone';
import { cn } from '@/client/lib/utils';
import { PageShell } from '@/client/components/PageShell';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { PageSpinner, Spinner } from '@/client/components/ui/spinner';
import { batchCsvUrl, batchReportsUrl, uploadBatch, useBatch, useBatchCreated, useBatches, useCancelBatch, useDeleteBatch } from '@/client/features/batch/api';

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
const kb = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : mb(bytes));
const extensionOf = (name: string) => (/\.[A-Za-z0-9]+$/.exec(name)?.[0] ?? '').toLowerCase();
const PLANS_TEXT = BATCH_PLANS.map((p) => DEFAULT_PLANS[p].name).join(' and ');

const TOOL_HINT: Record<BatchTool, string> = {
  content_detector: 'AI score and verdict for each document',
  plagiarism_checker: 'Similarity and sources for each document',
};

const STATUS_LABEL: Record<BatchStatus, string> = { queued: 'Waiting', running: 'Running', done: 'Done', cancelled: 'Cancelled' };
const STATUS_STYLE: Record<BatchStatus, string> = {
  queued: 'bg-slate-100 text-slate-800',
  running: 'bg-blue-100 text-blue-900',
  done: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-amber-100 text-amber-900',
};

const VERDICT_STYLE: Record<Verdict, string> = {
  ai: 'bg-red-100 text-red-900',
  mixed: 'bg-amber-100 text-amber-900',
  human: 'bg-emerald-100 text-emerald-900',
  uncertain: 'bg-slate-200 text-slate-800',
};

/** /batch: many documents at once for the detector or the plagiarism checker; ?id=… shows one batch. */
export default function BatchPage() {
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const list = useBatches(Boolean(user));
  if (!user) return null;
  // the server's answer when it has one; until then the same rule from src/shared/plans.ts
  const allowed = list.data?.allowed ?? batchesAllowed(user.role);
  const open = (batchId: string | null) => {
    setParams(batchId ? { id: batchId } : {}, { replace: false });
    // the view replaces the form above the fold: start at its top, not where the button was
    window.scrollTo({ top: 0 });
  };

  return (
    <PageShell
      title="Batch checks"
      description={`Check up to ${BATCH_LIMITS.maxDocuments} documents at once with the AI detector or the plagiarism checker. Each document is charged like a single check, and one that cannot be checked is not charged.`}
      actions={
        id ? (
          <Button variant="outline" onClick={() => open(null)}>
            <Plus /> New batch
          </Button>
        ) : undefined
      }
    >
      {id ? <BatchDetail id={id} onGone={() => open(null)} /> : <NewBatch allowed={allowed} onCreated={(b) => open(b.id)} />}
      <RecentBatches batches={list.data?.batches} loading={list.isPending} currentId={id} onOpen={open} />
    </PageShell>
  );
}

// ---------- the upload ----------

function NewBatch({ allowed, onCreated }: { allowed: boolean; onCreated: (b: BatchView) => void }) {
  const [tool, setTool] = useState<BatchTool>('content_detector');
  const [name, setName] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const created = useBatchCreated();
  const disabled = !allowed || sending !== null;
  const total = files.reduce((n, f) => n + f.size, 0);

  function add(list: FileList | File[]) {
    const chosen = Array.from(list);
    const ok = chosen.filter((f) => (BATCH_EXTENSIONS as readonly string[]).includes(extensionOf(f.name)));
    setSkipped(chosen.filter((f) => !ok.includes(f)).map((f) => f.name));
    setError(null);
    setFiles((prev) => {
      const known = new Set(prev.map((f) => `${f.name}:${f.size}`));
      return [...prev, ...ok.filter((f) => !known.has(`${f.name}:${f.size}`))];
    });
  }

  const tooMany = files.length > BATCH_LIMITS.maxDocuments;
  const tooBig = total > BATCH_LIMITS.maxUploadBytes;

  async function start() {
    if (files.length === 0 || tooMany || tooBig) return;
    setError(null);
    setSending(0);
    try {
      const batch = await uploadBatch({ files, tool, name }, (f) => setSending(f));
      created(batch);
      setFiles([]);
      setName('');
      setSkipped([]);
      onCreated(batch);
    } catch (err) {
      setError(messageOf(err, 'The documents could not be sent. Please try again.'));
    } finally {
      setSending(null);
    }
  }

  return (
    <section aria-labelledby="new-batch" className="rounded-2xl border bg-card p-4 shadow-sm sm:p-6">
      <h2 id="new-batch" className="text-lg font-semibold">
        New batch
      </h2>
      {!allowed && (
        <div className="mt-3 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="batch-plan-gate">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>
            Batch checks are part of the {PLANS_TEXT} plans.{' '}
            <Link to="/pricing" className="font-medium underline underline-offset-2">
              See the plans
            </Link>{' '}
            to check many documents at once.
          </p>
        </div>
      )}

      <fieldset className="mt-4" disabled={disabled}>
        <legend className="text-sm font-medium">Check with</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {BATCH_TOOLS.map((t) => (
            <label
              key={t}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors focus-within:ring-2 focus-within:ring-ring',
                tool === t ? 'border-primary bg-primary/5' : 'border-border hover:bg-muted/50',
                disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <input type="radio" name="batch-tool" value={t} checked={tool === t} onChange={() => setTool(t)} className="mt-1 size-4 accent-primary" />
              <span>
                <span className="block text-sm font-semibold">{BATCH_TOOL_LABEL[t]}</span>
                <span className="block text-xs text-muted-foreground">{TOOL_HINT[t]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="mt-4 max-w-md">
        <Label htmlFor="batch-name">Name (optional)</Label>
        <Input
          id="batch-name"
          className="mt-1"
          value={name}
          maxLength={120}
          placeholder="e.g. Week 3 essays"
          disabled={disabled}
          onChange={(e) => setName(e.target.value)}
        />
      </div>

      <FileDropZone onFiles={add} disabled={disabled} className="relative mt-4" data-testid="batch-drop">
        <FileStack className="size-8 text-primary" aria-hidden />
        <p className="font-medium">Drop documents here</p>
        <Button type="button" variant="outline" onClick={() => input.current?.click()} disabled={disabled}>
          <Upload /> Choose files
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={BATCH_EXTENSIONS.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-label="Choose documents to check"
          disabled={disabled}
          onChange={(e) => {
            if (e.target.files) add(e.target.files);
            e.target.value = '';
          }}
        />
        <p className="text-xs text-muted-foreground">
          .txt, .docx or .pdf files, or a .zip of them: up to {BATCH_LIMITS.maxDocuments} documents, {mb(BATCH_LIMITS.maxFileBytes)} each and{' '}
          {mb(BATCH_LIMITS.maxUploadBytes)} in all.
        </p>
      </FileDropZone>

      {skipped.length > 0 && (
        <p className="mt-3 text-sm text-amber-800" role="status">
          Left out (not .txt, .docx, .pdf or .zip): {skipped.join(', ')}
        </p>
      )}

      {files.length > 0 && (
        <div className="mt-4">
          <p className="text-sm font-medium" aria-live="polite">
            {files.length} file{files.length === 1 ? '' : 's'} selected, {kb(total)}
          </p>
          <ul className="mt-2 divide-y rounded-xl border" data-testid="batch-files">
            {files.map((f) => (
              <li key={`${f.name}:${f.size}`} className="flex items-center gap-3 px-3 py-2 text-sm">
                {extensionOf(f.name) === '.zip' ? (
                  <FileArchive className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                ) : (
                  <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                )}
                <span className="min-w-0 flex-1 truncate" title={f.name}>
                  {f.name}
                </span>
                <span className="shrink-0 tabular-nums text-muted-foreground">{kb(f.size)}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={`Remove ${f.name}`}
                  disabled={sending !== null}
                  onClick={() => setFiles((prev) => prev.filter((x) => x !== f))}
                >
                  <X />
                </Button>
              </li>
            ))}
          </ul>
          {(tooMany || tooBig) && (
            <p className="mt-2 text-sm text-red-700" role="alert">
              {tooMany
                ? `A batch takes up to ${BATCH_LIMITS.maxDocuments} documents: remove ${files.length - BATCH_LIMITS.maxDocuments}.`
                : `These files come to ${mb(total)}; a batch takes up to ${mb(BATCH_LIMITS.maxUploadBytes)}.`}
            </p>
          )}
        </div>
      )}

      {error && (
        <div role="alert" className="mt-4 flex items-start gap-2 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="batch-error">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>{error}</p>
        </div>
      )}

      {sending !== null && (
        <div className="mt-4" aria-live="polite" data-testid="batch-upload-progress">
          <p className="flex items-center gap-2 text-sm">
            <Spinner />
            {sending < 1 ? `Uploading… ${Math.round(sending * 100)}%` : 'Reading the documents…'}
          </p>
          <Progress value={sending} label="Upload" />
        </div>
      )}

      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Button onClick={() => void start()} disabled={disabled || files.length === 0 || tooMany || tooBig}>
          {sending !== null ? <Loader2 className="animate-spin" aria-hidden /> : <FileStack aria-hidden />}
          Start batch
        </Button>
        {files.length > 0 && sending === null && (
          <Button variant="ghost" onClick={() => setFiles([])}>
            Clear
          </Button>
        )}
      </div>
    </section>
  );
}

function Progress({ value, label }: { value: number; label: string }) {
  const pct = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
    >
      <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${pct}%` }} />
    </div>
  );
}

// ---------- one batch ----------

function StatusBadge({ status }: { status: BatchStatus }) {
  return <Badge className={cn('border-transparent', STATUS_STYLE[status])}>{STATUS_LABEL[status]}</Badge>;
}

function batchTitle(b: Pick<BatchSummary, 'name' | 'total'>): string {
  return b.name || `${b.total} document${b.total === 1 ? '' : 's'}`;
}

function BatchDetail({ id, onGone }: { id: string; onGone: () => void }) {
  const batch = useBatch(id);
  if (batch.isPending) return <PageSpinner label="Loading the batch" className="min-h-[20vh]" />;
  if (batch.isError) {
    const missing = batch.error instanceof ApiError && batch.error.status === 404;
    return (
      <div role="alert" className="rounded-2xl border bg-card p-6 text-sm">
        <p>{missing ? 'This batch does not exist, or it is not yours.' : messageOf(batch.error, 'The batch could not be loaded.')}</p>
        <Button className="mt-3" variant="outline" onClick={missing ? onGone : () => void batch.refetch()}>
          {missing ? 'Start a new batch' : 'Try again'}
        </Button>
      </div>
    );
  }
  return <BatchBody batch={batch.data} onGone={onGone} />;
}

function BatchBody({ batch, onGone }: { batch: BatchView; onGone: () => void }) {
  const cancel = useCancelBatch();
  const remove = useDeleteBatch();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const active = batchActive(batch);
  const finished = batch.done + batch.failed;
  const remaining = batchRemaining(batch);
  const running = batch.items.filter((i) => i.status === 'running').length;
  const actionError = cancel.error ?? remove.error;

  return (
    <section aria-labelledby="batch-title" className="rounded-2xl border bg-card p-4 shadow-sm sm:p-6" data-testid="batch-view">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="batch-title" className="break-words text-lg font-semibold">
            {batchTitle(batch)}
          </h2>
          <p className="mt-0.5 text-sm text-muted-foreground">
            {BATCH_TOOL_LABEL[batch.tool]} · started {formatDateTime(batch.createdAt)}
            {batch.finishedAt && ` · ended ${formatDateTime(batch.finishedAt)}`}
          </p>
        </div>
        <span data-testid="batch-status">
          <StatusBadge status={batch.status} />
        </span>
      </div>

      <div className="mt-4">
        <div aria-live="polite" data-testid="batch-progress">
          <p className="flex items-center gap-2 text-sm font-medium tabular-nums">
            {active && <Spinner className="text-primary" />}
            {finished} of {batch.total} finished
          </p>
          <p className="mt-0.5 text-sm text-muted-foreground">
            {[
              `${batch.done} checked`,
              batch.failed > 0 ? `${batch.failed} not checked` : null,
              remaining > 0 ? `${remaining} to go${running ? ` (${running} being checked)` : ''}` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <Progress value={batch.total ? finished / batch.total : 1} label="Batch progress" />
      </div>

      <div className="mt-4 flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={batchCsvUrl(batch.id)} download>
            <Download /> CSV
          </a>
        </Button>
        {batch.done > 0 ? (
          <Button asChild variant="outline" size="sm">
            <a href={batchReportsUrl(batch.id)} download>
              <FileArchive /> PDF reports (.zip)
            </a>
          </Button>
        ) : (
          <Button variant="outline" size="sm" disabled title="Available once a document has been checked">
            <FileArchive /> PDF reports (.zip)
          </Button>
        )}
        {active ? (
          <Button variant="outline" size="sm" onClick={() => cancel.mutate(batch.id)} disabled={cancel.isPending}>
            <Ban /> Cancel the rest
          </Button>
        ) : confirmDelete ? (
          <span className="flex flex-wrap items-center gap-2 text-sm">
            Delete this batch and its results?
            <Button variant="destructive" size="sm" disabled={remove.isPending} onClick={() => remove.mutate(batch.id, { onSuccess: onGone })}>
              Delete
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirmDelete(false)}>
              Keep
            </Button>
          </span>
        ) : (
          <Button variant="ghost" size="sm" onClick={() => setConfirmDelete(true)}>
            <Trash2 /> Delete
          </Button>
        )}
      </div>
      {actionError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {messageOf(actionError, 'That did not work. Please try again.')}
        </p>
      )}
      {!active && batch.status === 'done' && (
        <p className="mt-3 text-xs text-muted-foreground">The results stay here until you delete them. A batch that finishes also sends you an e-mail.</p>
      )}

      <ItemsTable batch={batch} />
    </section>
  );
}

function ItemStatus({ item }: { item: BatchItemView }) {
  const icon: Record<BatchItemView['status'], ReactNode> = {
    queued: <Clock className="size-4 text-muted-foreground" aria-hidden />,
    running: <Loader2 className="size-4 animate-spin text-primary" aria-hidden />,
    done: <CheckCircle2 className="size-4 text-emerald-600" aria-hidden />,
    failed: <AlertTriangle className="size-4 text-amber-600" aria-hidden />,
  };
  const label = { queued: 'Waiting', running: 'Checking', done: 'Done', failed: 'Not checked' }[item.status];
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      {icon[item.status]} {label}
    </span>
  );
}

function ItemResult({ item, tool }: { item: BatchItemView; tool: BatchTool }) {
  if (item.status !== 'done') return <span className="text-muted-foreground">—</span>;
  if (tool === 'content_detector' && item.score !== null && item.verdict) {
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <Badge className={cn('border-transparent', VERDICT_STYLE[item.verdict])}>{item.verdictText}</Badge>
        <span className="tabular-nums text-muted-foreground">{Math.round(item.score * 100)}% AI</span>
      </span>
    );
  }
  return (
    <span className="block">
      <span className="font-medium tabular-nums">{item.similarity ?? 0}% similar</span>
      {item.topSource && (
        <span className="block truncate text-xs text-muted-foreground" title={`${item.topSource.title} (${item.topSource.reference})`}>
          Top source: {item.topSource.title} ({item.topSource.matchedPercent}%)
        </span>
      )}
    </span>
  );
}

function ItemsTable({ batch }: { batch: BatchView }) {
  return (
    <>
      {/* phones: one card per document */}
      <ul className="mt-5 grid gap-2 sm:hidden" aria-label="Documents">
        {batch.items.map((item) => (
          <li key={item.id} className="rounded-xl border p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <span className="min-w-0 break-words font-medium">{item.filename}</span>
              <ItemStatus item={item} />
            </div>
            <p className="mt-1 text-xs text-muted-foreground">{formatNumber(item.words)} words</p>
            {item.status === 'done' && (
              <div className="mt-2">
                <ItemResult item={item} tool={batch.tool} />
              </div>
            )}
            {item.error && <p className="mt-2 text-xs text-amber-900">{item.error.message}</p>}
          </li>
        ))}
      </ul>
      <div className="mt-5 hidden overflow-x-auto rounded-xl border sm:block">
        <table className="w-full text-sm" data-testid="batch-items">
          <thead className="border-b bg-muted/40 text-left text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th className="px-3 py-2 font-medium">#</th>
              <th className="px-3 py-2 font-medium">Document</th>
              <th className="px-3 py-2 text-right font-medium">Words</th>
              <th className="px-3 py-2 font-medium">Status</th>
              <th className="px-3 py-2 font-medium">{batch.tool === 'content_detector' ? 'Verdict' : 'Similarity'}</th>
            </tr>
          </thead>
          <tbody>
            {batch.items.map((item) => (
              <tr key={item.id} className="border-b align-top last:border-0" data-testid="batch-item">
                <td className="px-3 py-2 tabular-nums text-muted-foreground">{item.position + 1}</td>
                <td className="max-w-[18rem] px-3 py-2">
                  <span className="block break-words font-medium">{item.filename}</span>
                  {item.error && <span className="mt-0.5 block text-xs text-amber-900">{item.error.message}</span>}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{formatNumber(item.words)}</td>
                <td className="px-3 py-2">
                  <ItemStatus item={item} />
                </td>
                <td className="max-w-[16rem] px-3 py-2">
                  <ItemResult item={item} tool={batch.tool} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

// ---------- the list ----------

function RecentBatches({
  batches,
  loading,
  currentId,
  onOpen,
}: {
  batches: BatchSummary[] | undefined;
  loading: boolean;
  currentId: string | null;
  onOpen: (id: string) => void;
}) {
  if (loading) return null;
  if (!batches || batches.length === 0) return null;
  return (
    <section aria-labelledby="recent-batches" className="mt-8">
      <h2 id="recent-batches" className="text-lg font-semibold">
        Recent batches
      </h2>
      <ul className="mt-3 divide-y overflow-hidden rounded-2xl border bg-card" data-testid="recent-batches">
        {batches.map((b) => (
          <li key={b.id}>
            <button
              type="button"
              onClick={() => onOpen(b.id)}
              aria-current={b.id === currentId ? 'true' : undefined}
              className={cn(
                'flex w-full flex-col gap-1 px-4 py-3 text-left text-sm hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring sm:flex-row sm:items-center sm:gap-3',
                b.id === currentId && 'bg-primary/5',
              )}
            >
              <span className="flex min-w-0 items-center justify-between gap-2 sm:flex-1">
                <span className="min-w-0 truncate font-medium">{batchTitle(b)}</span>
                <span className="sm:hidden">
                  <StatusBadge status={b.status} />
                </span>
              </span>
              <span className="text-xs text-muted-foreground sm:text-sm">
                {BATCH_TOOL_LABEL[b.tool]} · {b.done + b.failed} of {b.total} finished · {formatDateTime(b.createdAt)}
              </span>
              <span className="hidden sm:inline">
                <StatusBadge status={b.status} />
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
