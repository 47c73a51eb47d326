import { Link, useParams } from 'react-router';
import { FileDown, Link2Off, ScanSearch } from 'lucide-react';
import { ApiError } from '@/client/lib/api';
import { usePageTitle } from '@/client/lib/title';
import { Button } from '@/client/components/ui/button';
import { LoadError } from '@/client/components/LoadError';
import { PageShell } from '@/client/components/PageShell';
import { Skeleton } from '../usage/Meter';
import { sharedPdfUrl, useSharedReport } from './api';
import { engineText, reportDate } from './format';
import { ResultView } from './ResultView';

/**
 * /r/:token: a report shared by link, for anyone (no login). It shows the report and nothing of the account that
 * saved it; a revoked, expired or unknown link says so (and the server answers the page with 404).
 */
export default function SharedReportPage() {
  const { token = '' } = useParams();
  const report = useSharedReport(token);
  usePageTitle(report.data ? report.data.title : 'Shared report');

  if (report.isError) {
    const gone = report.error instanceof ApiError && report.error.status === 404;
    return (
      <PageShell title={gone ? 'This report link does not work' : 'Shared report'}>
        {gone ? (
          <div className="flex gap-3 rounded-2xl border bg-card p-5" data-testid="shared-report-gone">
            <Link2Off className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
            <div>
              <p>The link was revoked by the person who shared it, it expired, or it was copied incompletely.</p>
              <p className="mt-2 text-sm text-muted-foreground">Ask them for a new link.</p>
              <Button asChild variant="outline" className="mt-4">
                <Link to="/">Go to the home page</Link>
              </Button>
            </div>
          </div>
        ) : (
          <LoadError what="The report" error={report.error} onRetry={() => void report.refetch()} />
        )}
      </PageShell>
    );
  }
  if (!report.data) {
    return (
      <PageShell title="Shared report">
        <div role="status" aria-label="Loading the report" className="grid gap-4">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-64" />
        </div>
      </PageShell>
    );
  }
  const r = report.data;
  const toolPath = r.tool === 'ai_content_detector' ? '/tools/ai-content-detector' : '/tools/plagiarism-checker';
  return (
    <PageShell
      title={r.title}
      description={
        <>
          {r.toolName} report · checked {reportDate(r.createdAt)} · {engineText(r.engine, r.modelVersion)}
        </>
      }
      actions={
        <Button asChild variant="outline">
          <a href={sharedPdfUrl(token)} target="_blank" rel="noreferrer" data-testid="shared-pdf">
            <FileDown /> PDF
          </a>
        </Button>
      }
    >
      <p className="mb-5 rounded-xl border bg-muted/50 p-3 text-sm text-muted-foreground" data-testid="shared-report-note">
        A report shared from {r.siteName} by its owner{r.expiresAt ? `; this link works until ${reportDate(r.expiresAt)}` : ''}. It shows the checked text and
        the result, nothing about the account that saved it.
      </p>
      <ResultView tool={r.tool} input={r.input} result={r.result} checkedAt={r.createdAt} />
      <div className="mt-8 flex flex-wrap items-center gap-3 rounded-2xl border bg-card p-5">
        <p className="flex-1 text-sm">Want to check a text yourself? The {r.toolName} is free to try.</p>
        <Button asChild>
          <Link to={toolPath}>
            <ScanSearch /> Open the {r.toolName}
          </Link>
        </Button>
      </div>
    </PageShell>
  );
}
