import { useState } from 'react';
import { useOutletContext, useSearchParams } from 'react-router';
import { Check, Flag, X } from 'lucide-react';
import { percent } from '@/shared/api/detector';
import { REPORT_STATUSES, type AdminReport, type ReportCounts, type ReportExpected, type ReportStatus } from '@/shared/api/reports';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Label } from '@/client/components/ui/label';
import { PageSpinner, Spinner } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/hooks/use-toast';
import { messageOf } from '@/client/lib/api';
import { cn } from '@/client/lib/utils';
import { useAdminReports, useReviewReport } from '@/client/features/admin/support-api';
import type { AdminOutletContext } from './AdminLayout';
import { visibleAdminItem } from './nav';
import { AdminHeading, EmptyList, LoadError, NoAccess, Pager, Segmented } from './parts';

const PAGE = 20;

const STATUS_LABELS: Record<ReportStatus, string> = { open: 'Open', upheld: 'Upheld', dismissed: 'Dismissed' };

/** What a report claims, in the detector's terms. */
const KIND: Record<ReportExpected, { title: string; short: string; claim: string }> = {
  human: { title: 'False positives', short: 'False positive', claim: 'Reported as human writing' },
  ai: { title: 'False negatives', short: 'False negative', claim: 'Reported as AI text' },
};

const VERDICT_LABELS: Record<string, string> = { ai: 'AI-generated', mixed: 'Mixed', human: 'Human', uncertain: "Can't tell" };

function when(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** /admin/reports ('reports:read'): results users reported as wrong, reviewed by staff: the detector's feedback loop. */
export default function AdminReportsPage() {
  const { role, permissions } = useOutletContext<AdminOutletContext>();
  const item = visibleAdminItem('/admin/reports', role, permissions);
  if (!item) return <NoAccess title="Report Management" />;
  return <Reports title={item.title} />;
}

function Reports({ title }: { title: string }) {
  const [params, setParams] = useSearchParams();
  const status = (REPORT_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as ReportStatus) : 'open';
  const expected = params.get('kind') === 'human' || params.get('kind') === 'ai' ? (params.get('kind') as ReportExpected) : '';
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0);
  const update = (changes: Record<string, string>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!('offset' in changes)) next.delete('offset');
        return next;
      },
      { replace: true },
    );
  const list = useAdminReports({ status, expected, offset, limit: PAGE });

  return (
    <>
      <AdminHeading title={title} description="Results users reported as wrong. Upheld reports are the detector's confirmed mistakes." />
      {list.data && <FeedbackSummary counts={list.data.counts} active={expected} onPick={(k) => update({ kind: k === expected ? '' : k })} />}

      <div className="mb-4 flex flex-wrap items-center gap-3">
        <Segmented
          label="Status"
          wrap
          value={status}
          onChange={(s) => update({ status: s === 'open' ? '' : s })}
          options={REPORT_STATUSES.map((s) => ({
            value: s,
            label: (
              <>
                {STATUS_LABELS[s]}
                {list.data && <span className="ml-1.5 tabular-nums opacity-80">{list.data.counts.human[s] + list.data.counts.ai[s]}</span>}
              </>
            ),
          }))}
        />
        {expected && (
          <Button variant="outline" size="sm" onClick={() => update({ kind: '' })}>
            {KIND[expected].title} only <X aria-label="Show all kinds" />
          </Button>
        )}
        {list.isFetching && !list.isPending && <Spinner />}
      </div>

      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <LoadError error={list.error} what="The reports" retry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyList icon={Flag}>
          {status === 'open'
            ? 'No open reports. Reports sent from the detector’s “Report this result” button appear here.'
            : `No ${STATUS_LABELS[status].toLowerCase()} reports.`}
        </EmptyList>
      ) : (
        <>
          <ul className="space-y-4" data-testid="reports-list">
            {list.data.items.map((r) => (
              <ReportCard key={r.id} report={r} />
            ))}
          </ul>
          <Pager
            offset={offset}
            pageSize={PAGE}
            total={list.data.total}
            onOffset={(o) => update({ offset: String(o) })}
            summary={
              <>
                {offset + 1}–{offset + list.data.items.length} of {list.data.total}
              </>
            }
          />
        </>
      )}
    </>
  );
}

/** The feedback loop in numbers: reports by direction and outcome. A card filters the list to its kind. */
function FeedbackSummary({ counts, active, onPick }: { counts: ReportCounts; active: ReportExpected | ''; onPick: (k: ReportExpected) => void }) {
  return (
    <div className="mb-6 grid gap-4 sm:grid-cols-2" data-testid="report-counts">
      {(['human', 'ai'] as const).map((k) => {
        const c = counts[k];
        const decided = c.upheld + c.dismissed;
        return (
          <button
            key={k}
            type="button"
            aria-pressed={active === k}
            onClick={() => onPick(k)}
            className={cn(
              'rounded-xl border bg-card p-4 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              active === k && 'border-primary ring-1 ring-primary',
            )}
          >
            <div className="text-sm font-semibold">{KIND[k].title}</div>
            <div className="text-xs text-muted-foreground">
              {k === 'human' ? 'Users say their own writing was flagged as AI.' : 'Users say AI text passed as human.'}
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
              {REPORT_STATUSES.map((s) => (
                <div key={s} className="rounded-lg bg-muted px-2 py-1.5">
                  <dt className="text-xs text-muted-foreground">{STATUS_LABELS[s]}</dt>
                  <dd className="text-lg font-semibold tabular-nums">{c[s]}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 text-xs text-muted-foreground">
              {decided > 0 ? `${Math.round((c.upheld / decided) * 100)} % of reviewed reports upheld.` : 'None reviewed yet.'}
            </p>
          </button>
        );
      })}
    </div>
  );
}

function ReportCard({ report }: { report: AdminReport }) {
  const review = useReviewReport();
  const [note, setNote] = useState('');
  const decide = (decision: 'upheld' | 'dismissed') =>
    review.mutate(
      { id: report.id, decision, note: note.trim() },
      {
        onSuccess: () => toast({ title: decision === 'upheld' ? 'Report upheld' : 'Report dismissed' }),
        onError: (err) => toast({ title: 'The review was refused', description: messageOf(err, 'Please try again.'), variant: 'destructive' }),
      },
    );
  const kind = KIND[report.expected];
  return (
    <li className="rounded-xl border bg-card p-4 sm:p-5" data-testid="report-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <Badge
              className={
                report.expected === 'human'
                  ? 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200'
                  : 'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200'
              }
            >
              {kind.short}
            </Badge>
            <span className="text-sm font-medium">{kind.claim}</span>
          </div>
          <p className="mt-1 text-sm text-muted-foreground">
            Detector said <strong className="text-foreground">{report.verdict ? (VERDICT_LABELS[report.verdict] ?? report.verdict) : 'unknown'}</strong>
            {report.score !== null && <> ({percent(report.score)} AI)</>}
            {report.engine && <> · {report.engine}</>}
            {report.words !== null && <> · {report.words} words</>}
          </p>
        </div>
        <div className="text-xs text-muted-foreground sm:text-right">
          <time dateTime={report.createdAt}>{when(report.createdAt)}</time>
          <div>{report.reporter ? report.reporter.email : 'Visitor'}</div>
        </div>
      </div>
      {report.comment && <blockquote className="mt-3 border-l-2 pl-3 text-sm italic">{report.comment}</blockquote>}
      {report.text ? (
        <details className="mt-3 rounded-lg border bg-background p-3 text-sm">
          <summary className="cursor-pointer font-medium">Attached text ({report.text.length.toLocaleString('en-US')} characters)</summary>
          <p className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-words text-muted-foreground">{report.text}</p>
        </details>
      ) : (
        <p className="mt-3 text-xs text-muted-foreground">No text attached.</p>
      )}

      {report.status === 'open' ? (
        <div className="mt-4 border-t pt-4">
          <Label htmlFor={`note-${report.id}`}>Review note</Label>
          <Textarea
            id={`note-${report.id}`}
            className="mt-1.5"
            rows={2}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            placeholder="Why you uphold or dismiss it (kept in the audit log)"
          />
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="sm" disabled={review.isPending} onClick={() => decide('upheld')}>
              <Check /> Uphold
            </Button>
            <Button size="sm" variant="outline" disabled={review.isPending} onClick={() => decide('dismissed')}>
              <X /> Dismiss
            </Button>
            {review.isPending && <Spinner className="self-center" />}
          </div>
        </div>
      ) : (
        <p className="mt-4 border-t pt-3 text-sm text-muted-foreground">
          {STATUS_LABELS[report.status]} by {report.reviewer?.username ?? 'a former staff member'}
          {report.reviewedAt && <> on {when(report.reviewedAt)}</>}
          {report.reviewNote && <>: “{report.reviewNote}”</>}
        </p>
      )}
    </li>
  );
}
