import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Trash2 } from 'lucide-react';
import { HISTORY_SOURCE_LABELS } from '@/shared/api/history';
import { REPORT_TOOLS } from '@/shared/api/saved-reports';
import { formatDate } from '@/shared/format';
import { ApiError, messageOf } from '@/client/lib/api';
import { usePageTitle } from '@/client/lib/title';
import { toast } from '@/client/hooks/use-toast';
import { Button } from '@/client/components/ui/button';
import { LoadError } from '@/client/components/LoadError';
import { Skeleton } from '../usage/Meter';
import { useDeleteHistoryItem, useHistoryItem } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { DetailShell } from './DetailShell';
import { ResultView } from './ResultView';
import { SaveReportButton } from './SaveReportButton';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );

/** /history/:id: one kept check, its input and its result as the tool shows it. */
export default function HistoryItemPage() {
  const { id = '' } = useParams();
  const item = useHistoryItem(id);
  const del = useDeleteHistoryItem();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  usePageTitle(item.data ? `${item.data.toolName} check` : 'History');

  const back = { to: '/history', label: 'History' };

  if (item.isError) {
    const gone = item.error instanceof ApiError && item.error.status === 404;
    return (
      <DetailShell back={back} title={gone ? 'Not in your history' : 'History'}>
        {gone ? (
          <p className="text-muted-foreground">This check is not in your history: it was deleted, it expired, or the link is wrong.</p>
        ) : (
          <LoadError what="This check" error={item.error} onRetry={() => void item.refetch()} />
        )}
      </DetailShell>
    );
  }
  if (!item.data) {
    return (
      <DetailShell back={back} title="History">
        <div role="status" aria-label="Loading the check" className="grid gap-4">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-64" />
        </div>
      </DetailShell>
    );
  }

  const it = item.data;
  const reportTool = (REPORT_TOOLS as readonly string[]).includes(it.tool);
  const save = reportTool ? <SaveReportButton source={{ historyId: it.id }} /> : undefined;
  return (
    <DetailShell
      back={back}
      title={`${it.toolName} check`}
      description={
        <>
          {when(it.createdAt)}
          {it.source !== 'web' && ` · from the ${HISTORY_SOURCE_LABELS[it.source]}`} · kept until {formatDate(it.expiresAt)}
        </>
      }
      actions={
        <Button variant="outline" onClick={() => setConfirm(true)}>
          <Trash2 /> Delete
        </Button>
      }
    >
      {!reportTool && (
        <section className="mb-5 rounded-2xl border bg-card p-5 shadow-sm" aria-labelledby="input-heading">
          <h2 id="input-heading" className="text-sm font-semibold">
            Input
          </h2>
          <p className="mt-2 max-h-80 overflow-y-auto whitespace-pre-wrap break-words text-[15px] leading-7" data-testid="history-input">
            {it.input || '(empty)'}
          </p>
        </section>
      )}
      <ResultView tool={it.tool} input={it.input} result={it.result} checkedAt={it.createdAt} actions={save} />

      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Delete this check?"
        description="It is removed from your history for good. A report saved from it stays."
        action="Delete"
        busy={del.isPending}
        onConfirm={() =>
          del.mutate(it.id, {
            onSuccess: () => {
              toast({ title: 'Deleted from your history' });
              void navigate('/history', { replace: true });
            },
            onError: (err) => toast({ title: 'Not deleted', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
          })
        }
      />
    </DetailShell>
  );
}
