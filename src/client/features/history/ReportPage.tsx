import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FileDown, Pencil, Trash2 } from 'lucide-react';
import { REPORT_TITLE_MAX } from '@/shared/api/saved-reports';
import { ApiError, messageOf } from '@/client/lib/api';
import { usePageTitle } from '@/client/lib/title';
import { toast } from '@/client/hooks/use-toast';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { LoadError } from '@/client/components/LoadError';
import { Skeleton } from '../usage/Meter';
import { isNative, saveFile } from '@/client/lib/native';
import { fetchReportPdf, reportPdfUrl, useDeleteReport, useRenameReport, useSavedReport } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { DetailShell } from './DetailShell';
import { engineText, reportDate } from './format';
import { ResultView } from './ResultView';
import { ShareDialog, shareLabel } from './ShareDialog';

/** /reports/:id: one saved report with its PDF, share link, rename and delete. */
export default function ReportPage() {
  const { id = '' } = useParams();
  const report = useSavedReport(id);
  const del = useDeleteReport();
  const rename = useRenameReport(id);
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [savingPdf, setSavingPdf] = useState(false);
  usePageTitle(report.data?.title ?? 'Saved report');

  const back = { to: '/reports', label: 'Saved reports' };
  if (report.isError) {
    const gone = report.error instanceof ApiError && report.error.status === 404;
    return (
      <DetailShell back={back} title={gone ? 'No such report' : 'Saved report'}>
        {gone ? (
          <p className="text-muted-foreground">This report is not among yours: it was deleted, or the link is wrong.</p>
        ) : (
          <LoadError what="This report" error={report.error} onRetry={() => void report.refetch()} />
        )}
      </DetailShell>
    );
  }
  if (!report.data) {
    return (
      <DetailShell back={back} title="Saved report">
        <div role="status" aria-label="Loading the report" className="grid gap-4">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-64" />
        </div>
      </DetailShell>
    );
  }
  const r = report.data;
  const shared = shareLabel(r.share);
  const saveTitle = () => {
    const title = (editing ?? '').trim();
    if (!title || title === r.title) return setEditing(null);
    rename.mutate(title, {
      onSuccess: () => setEditing(null),
      onError: (err) => toast({ title: 'Not renamed', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
    });
  };

  // Through the device adapter: a download in a browser, the Documents folder in the app (a WebView ignores <a download>).
  const savePdf = async (e: React.MouseEvent) => {
    e.preventDefault();
    if (savingPdf) return;
    setSavingPdf(true);
    try {
      const { blob, name } = await fetchReportPdf(r.id);
      if ((await saveFile(name, blob, 'application/pdf')) && isNative()) toast({ title: 'PDF saved', description: `${name} is in your Documents.` });
    } catch (err) {
      toast({ title: 'PDF not downloaded', description: messageOf(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setSavingPdf(false);
    }
  };

  return (
    <DetailShell
      back={back}
      title={r.title}
      editor={
        editing === null ? undefined : (
          <form
            className="flex flex-wrap gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              saveTitle();
            }}
          >
            <Input
              autoFocus
              aria-label="Title"
              value={editing}
              maxLength={REPORT_TITLE_MAX}
              onChange={(e) => setEditing(e.target.value)}
              className="h-11 max-w-xl text-lg font-semibold"
            />
            <Button type="submit" disabled={rename.isPending}>
              Save
            </Button>
            <Button type="button" variant="ghost" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </form>
        )
      }
      description={
        <>
          {r.toolName} · checked {reportDate(r.createdAt)} · {engineText(r.engine, r.modelVersion)}
          {shared && ` · ${shared}`}
        </>
      }
    >
      <div className="mb-5 flex flex-wrap gap-2">
        <Button asChild>
          <a href={reportPdfUrl(r.id)} download data-testid="download-pdf" aria-disabled={savingPdf} onClick={savePdf}>
            <FileDown /> {savingPdf ? 'Saving the PDF...' : 'Download PDF'}
          </a>
        </Button>
        <ShareDialog report={r} />
        <Button variant="outline" onClick={() => setEditing(r.title)} disabled={editing !== null}>
          <Pencil /> Rename
        </Button>
        <Button variant="ghost" className="text-muted-foreground hover:text-destructive" onClick={() => setConfirm(true)}>
          <Trash2 /> Delete
        </Button>
      </div>
      <ResultView tool={r.tool} input={r.input} result={r.result} checkedAt={r.createdAt} />
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Delete this report?"
        description="The report, its PDF and its share link are gone for good."
        action="Delete report"
        busy={del.isPending}
        onConfirm={() =>
          del.mutate(r.id, {
            onSuccess: () => {
              toast({ title: 'Report deleted' });
              void navigate('/reports', { replace: true });
            },
            onError: (err) => toast({ title: 'Not deleted', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
          })
        }
      />
    </DetailShell>
  );
}
