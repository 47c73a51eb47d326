import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, History, Search, Trash2 } from 'lucide-react';
import { HISTORY_SOURCE_LABELS, type HistoryItemSummary, type HistoryListResponse } from '@/shared/api/history';
import { messageOf } from '@/client/lib/api';
import { toast } from '@/client/hooks/use-toast';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { LoadError } from '@/client/components/LoadError';
import { PageShell } from '@/client/components/PageShell';
import { Skeleton } from '../usage/Meter';
import { HISTORY_PAGE_SIZE, useClearHistory, useDeleteHistoryItem, useHistory } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { HistoryTabs } from './HistoryTabs';
import { HistoryToggle } from './HistoryToggle';
import { focusByScript, focusLost } from '@/client/lib/focus';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** /history: the signed-in user's kept checks, searched on the server, filtered by tool, a page at a time. */
export default function HistoryPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const tool = params.get('tool') ?? '';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const [draft, setDraft] = useState(q);
  const list = useHistory({ q, tool, page });
  const clear = useClearHistory();
  const [confirmClear, setConfirmClear] = useState(false);

  const setFilter = useCallback(
    (next: { q?: string; tool?: string; page?: number }) =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(next)) {
            if (v === undefined) continue;
            if (v === '' || v === 0) p.delete(k);
            else p.set(k, String(v));
          }
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );

  // the search runs on the server: once typing pauses
  useEffect(() => {
    if (draft.trim() === q) return;
    const t = setTimeout(() => setFilter({ q: draft.trim(), page: 0 }), 350);
    return () => clearTimeout(t);
  }, [draft, q, setFilter]);
  // the address changed (back, a link): the box follows
  useEffect(() => setDraft((d) => (d.trim() === q ? d : q)), [q]);

  const data = list.data;
  const filtered = q !== '' || tool !== '';

  // A deleted row takes its Delete button with it: focus goes to the button of the row now in its place (else the
  // one before it, else the empty state), so a keyboard user can go on deleting instead of starting from the top.
  const [deleted, setDeleted] = useState<{ id: string; index: number } | null>(null);
  useEffect(() => {
    if (!deleted || !data || data.items.some((i) => i.id === deleted.id)) return;
    setDeleted(null);
    if (!focusLost()) return;
    const rows = document.querySelectorAll<HTMLElement>('[data-testid="history-item"]');
    const row = rows[Math.min(deleted.index, rows.length - 1)];
    const target = row?.querySelector<HTMLElement>('button[aria-label^="Delete"]') ?? document.querySelector<HTMLElement>('[data-testid="history-empty"]');
    if (target) focusByScript(target);
  }, [data, deleted]);
  return (
    <PageShell
      title="History"
      description="The checks you ran while history was on, for you alone."
      actions={
        data && data.total > 0 && !filtered ? (
          <Button variant="outline" onClick={() => setConfirmClear(true)} data-testid="clear-history">
            <Trash2 /> Delete all
          </Button>
        ) : undefined
      }
    >
      <HistoryTabs />
      <div className="mb-6 rounded-2xl border bg-card p-4 shadow-sm sm:p-5">
        <HistoryToggle />
        {data && (
          <p className="mt-3 border-t pt-3 text-xs text-muted-foreground">
            Items are deleted automatically {data.retentionDays} {data.retentionDays === 1 ? 'day' : 'days'} after the check. To keep a detector or plagiarism
            result longer, save it as a report.
          </p>
        )}
      </div>

      <div className="mb-4 flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="Search your texts"
            aria-label="Search your history"
            maxLength={200}
            className="pl-9"
          />
        </div>
        <select
          aria-label="Tool"
          value={tool}
          onChange={(e) => setFilter({ tool: e.target.value, page: 0 })}
          className="h-10 rounded-lg border border-input bg-background px-3 text-sm shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:w-56"
        >
          <option value="">All tools</option>
          {data?.tools.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </div>

      {list.isError ? (
        <LoadError
          what="Your history"
          error={list.error}
          onRetry={() => void list.refetch()}
          className="rounded-xl border border-destructive/30 bg-destructive/5 p-4"
        />
      ) : !data ? (
        <div role="status" aria-label="Loading your history" className="grid gap-3">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      ) : data.items.length === 0 ? (
        <Empty data={data} filtered={filtered} onClear={() => (setDraft(''), setFilter({ q: '', tool: '', page: 0 }))} />
      ) : (
        <>
          <ul className={`grid gap-3 ${list.isFetching ? 'opacity-70' : ''}`} aria-busy={list.isFetching} data-testid="history-list">
            {data.items.map((item, index) => (
              <Row key={item.id} item={item} onDeleted={() => setDeleted({ id: item.id, index })} />
            ))}
          </ul>
          <Pager total={data.total} page={page} onPage={(p) => setFilter({ page: p })} />
        </>
      )}

      <ConfirmDialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title="Delete your whole history?"
        description={`All ${data?.total ?? ''} kept checks are deleted for good. Saved reports stay. History stays ${data?.enabled ? 'on' : 'off'}.`}
        action="Delete all"
        busy={clear.isPending}
        onConfirm={() =>
          clear.mutate(undefined, {
            onSuccess: (r) => {
              setConfirmClear(false);
              toast({ title: 'History deleted', description: `${r.deleted} ${r.deleted === 1 ? 'check was' : 'checks were'} deleted.` });
            },
            onError: (err) => toast({ title: 'Not deleted', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
          })
        }
      />
    </PageShell>
  );
}

function Row({ item, onDeleted }: { item: HistoryItemSummary; onDeleted: () => void }) {
  const del = useDeleteHistoryItem();
  return (
    <li className="group relative flex gap-3 rounded-2xl border bg-card p-4 shadow-sm transition-colors hover:border-primary/40" data-testid="history-item">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <span className="font-semibold text-foreground">{item.toolName}</span>
          <span aria-hidden>·</span>
          <time dateTime={item.createdAt}>{when(item.createdAt)}</time>
          {item.source !== 'web' && <Badge className="px-1.5 py-0 text-[10px]">{HISTORY_SOURCE_LABELS[item.source]}</Badge>}
        </div>
        <Link
          to={`/history/${item.id}`}
          className="mt-1 block line-clamp-2 break-words text-sm leading-6 text-foreground after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring"
        >
          {item.preview || '(no text)'}
          {item.inputChars > item.preview.length ? '…' : ''}
        </Link>
        <p className="mt-1 text-sm font-medium" data-testid="history-summary">
          {item.summary}
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="relative z-10 shrink-0 self-start text-muted-foreground hover:text-destructive"
        aria-label={`Delete this ${item.toolName} check`}
        disabled={del.isPending}
        onClick={() =>
          del.mutate(item.id, {
            onSuccess: () => {
              onDeleted();
              toast({ title: 'Deleted from your history' });
            },
            onError: (err) => toast({ title: 'Not deleted', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
          })
        }
      >
        <Trash2 />
      </Button>
    </li>
  );
}

function Pager({ total, page, onPage }: { total: number; page: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  if (pages <= 1) return <p className="mt-4 text-sm text-muted-foreground">{total === 1 ? '1 check' : `${total} checks`}</p>;
  const from = page * HISTORY_PAGE_SIZE + 1;
  const to = Math.min(total, (page + 1) * HISTORY_PAGE_SIZE);
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <span className="text-muted-foreground">
        {from}–{to} of {total}
      </span>
      <span className="flex gap-2">
        <Button variant="outline" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
          <ChevronLeft /> Newer
        </Button>
        <Button variant="outline" size="sm" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
          Older <ChevronRight />
        </Button>
      </span>
    </nav>
  );
}

function Empty({ data, filtered, onClear }: { data: HistoryListResponse; filtered: boolean; onClear: () => void }) {
  if (filtered) {
    return (
      <div className="rounded-2xl border border-dashed p-8 text-center" data-testid="history-empty">
        <p className="font-medium">No checks match this search.</p>
        <Button variant="link" onClick={onClear}>
          Show all checks
        </Button>
      </div>
    );
  }
  return (
    <div className="rounded-2xl border border-dashed p-8 text-center" data-testid="history-empty">
      <History className="mx-auto size-8 text-muted-foreground" aria-hidden />
      {data.enabled ? (
        <>
          <p className="mt-3 font-medium">History is on, and nothing is kept yet.</p>
          <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">
            Run a check with any tool, such as the{' '}
            <Link className="font-medium text-primary hover:underline" to="/tools/ai-content-detector">
              AI Content Detector
            </Link>
            , and it appears here.
          </p>
        </>
      ) : (
        <>
          <p className="mt-3 font-medium">History is off.</p>
          <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">
            Nothing you check is kept. Turn on &ldquo;Keep a history of my checks&rdquo; above (or under{' '}
            <Link className="font-medium text-primary hover:underline" to="/account#history">
              Account settings
            </Link>
            ) to find your checks here, for {data.retentionDays} days.
          </p>
        </>
      )}
    </div>
  );
}
