import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, FileDown, FileText, Trash2 } from 'lucide-react';
import type { SavedReportSummary } from '@/shared/api/saved-reports';
import { messageOf } from '@/client/lib/api';
import { toast } from '@/client/hooks/use-toast';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { LoadError } from '@/client/components/LoadError';
import { PageShell } from '@/client/components/PageShell';
import { Skeleton } from '../usage/Meter';
import { HISTORY_PAGE_SIZE, reportPdfUrl, useDeleteReport, useSavedReports } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { HistoryTabs } from './HistoryTabs';
import { ShareDialog, shareLabel } from './ShareDialog';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** /reports: the detector and plagiarism results the user saved, with their PDF, share link and delete. */
export default function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const list = useSavedReports(page);
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / HISTORY_PAGE_SIZE)) : 1;
  const go = (p: number) => setParams(p ? { page: String(p) } : {}, { replace: true });

  return (
    <PageShell title="Saved reports" description="Detector and plagiarism results you saved: download them as PDF or share them by link.">
      <HistoryTabs />
      {list.isError ? (
        <LoadError
          what="Your reports"
          error={list.error}
          onRetry={() => void list.refetch()}
          className="rounded-xl border border-destructive/30 bg-destructive/5 p-4"
        />
      ) : !data ? (
        <div role="status" aria-label="Loading your reports" className="grid gap-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      ) : data.items.length === 0 ? (
        <div className="rounded-2xl border border-dashed p-8 text-center" data-testid="reports-empty">
          <FileText className="mx-auto size-8 text-muted-foreground" aria-hidden />
          <p className="mt-3 font-medium">No saved reports yet.</p>
          <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">
            After a check with the{' '}
            <Link className="font-medium text-primary hover:underline" to="/tools/ai-content-detector">
              AI Content Detector
            </Link>{' '}
            or the{' '}
            <Link className="font-medium text-primary hover:underline" to="/tools/plagiarism-checker">
              Plagiarism Checker
            </Link>
            , press &ldquo;Save report&rdquo; under the result.
          </p>
        </div>
      ) : (
        <>
          <ul className={`grid gap-3 ${list.isFetching ? 'opacity-70' : ''}`} data-testid="reports-list">
            {data.items.map((r) => (
              <ReportRow key={r.id} report={r} />
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
              <span className="text-muted-foreground">
                Page {page + 1} of {pages}
              </span>
              <span className="flex gap-2">
                <Button variant="outline" size="sm" disabled={page === 0} onClick={() => go(page - 1)}>
                  <ChevronLeft /> Newer
                </Button>
                <Button variant="outline" size="sm" disabled={page + 1 >= pages} onClick={() => go(page + 1)}>
                  Older <ChevronRight />
                </Button>
              </span>
            </nav>
          )}
        </>
      )}
    </PageShell>
  );
}

function ReportRow({ report }: { report: SavedReportSummary }) {
  const del = useDeleteReport();
  const [confirm, setConfirm] = useState(false);
  const shared = shareLabel(report.share);
  return (
    <li className="rounded-2xl border bg-card p-4 shadow-sm" data-testid="report-item">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <span className="font-semibold text-foreground">{report.toolName}</span>
        <span aria-hidden>·</span>
        <time dateTime={report.createdAt}>{when(report.createdAt)}</time>
        {shared && <Badge className={`px-1.5 py-0 text-[10px] ${report.share.active ? '' : 'opacity-70'}`}>{shared}</Badge>}
      </div>
      <Link to={`/reports/${report.id}`} className="mt-1 block break-words font-medium text-foreground hover:text-primary hover:underline">
        {report.title}
      </Link>
      <p className="mt-0.5 text-sm text-muted-foreground">{report.headline}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={`/reports/${report.id}`}>
            <FileText /> Open
          </Link>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={reportPdfUrl(report.id)} download>
            <FileDown /> PDF
          </a>
        </Button>
        <ShareDialog report={report} size="sm" />
        <Button variant="ghost" size="sm" className="text-muted-foreground hover:text-destructive" onClick={() => setConfirm(true)}>
          <Trash2 /> Delete
        </Button>
      </div>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Delete this report?"
        description="The report, its PDF and its share link are gone for good."
        action="Delete report"
        busy={del.isPending}
        onConfirm={() =>
          del.mutate(report.id, {
            onSuccess: () => {
              setConfirm(false);
              toast({ title: 'Report deleted' });
            },
            onError: (err) => toast({ title: 'Not deleted', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
          })
        }
      />
    </li>
  );
}
