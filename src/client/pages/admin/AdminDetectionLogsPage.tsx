import { Fragment, useState } from 'react';
import { useOutletContext, useSearchParams } from 'react-router';
import { ScanSearch } from 'lucide-react';
import { percent, type Verdict } from '@/shared/api/detector';
import { DETECTION_ENGINES, DETECTION_VERDICTS, type DetectionLogEntry } from '@/shared/api/reports';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { PageSpinner, Spinner } from '@/client/components/ui/spinner';
import { messageOf } from '@/client/lib/api';
import { useDetectionLog, useDetectionLogs } from '@/client/features/admin/support-api';
import type { AdminOutletContext } from './AdminLayout';
import { visibleAdminItem } from './nav';
import { AdminHeading, EmptyList, LoadError, NoAccess, Pager } from './parts';

const PAGE = 50;
const SELECT = 'mt-1 block h-10 w-full rounded-lg border border-input bg-background px-2 text-sm';

const VERDICT: Record<Verdict, { label: string; style: string }> = {
  ai: { label: 'AI-generated', style: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200' },
  mixed: { label: 'Mixed', style: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' },
  human: { label: 'Human', style: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200' },
  uncertain: { label: "Can't tell", style: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200' },
};

const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

function when(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** /admin/detection-logs ('usage:read'): recent detections. The text shows only when its author opted in to saving it. */
export default function AdminDetectionLogsPage() {
  const { role, permissions } = useOutletContext<AdminOutletContext>();
  const item = visibleAdminItem('/admin/detection-logs', role, permissions);
  if (!item) return <NoAccess title="AI Detection Logs" />;
  return <DetectionLogs title={item.title} />;
}

function DetectionLogs({ title }: { title: string }) {
  const [params, setParams] = useSearchParams();
  const verdict = (DETECTION_VERDICTS as readonly string[]).includes(params.get('verdict') ?? '') ? params.get('verdict')! : '';
  const engine = (DETECTION_ENGINES as readonly string[]).includes(params.get('engine') ?? '') ? params.get('engine')! : '';
  const from = isDay(params.get('from')) ? params.get('from')! : '';
  const to = isDay(params.get('to')) ? params.get('to')! : '';
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0);
  const [openId, setOpenId] = useState<string | null>(null);
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
  const list = useDetectionLogs({ verdict, engine, from, to, offset, limit: PAGE });
  const filtered = Boolean(verdict || engine || from || to);

  return (
    <>
      <AdminHeading
        title={title}
        description="Every detection with its score, verdict, length and engine. Texts are saved only for users who opted in to sharing their submissions."
      />
      <div className="mb-4 grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className="sm:w-44">
          <Label htmlFor="logs-verdict">Verdict</Label>
          <select id="logs-verdict" className={SELECT} value={verdict} onChange={(e) => update({ verdict: e.target.value })}>
            <option value="">All verdicts</option>
            {DETECTION_VERDICTS.map((v) => (
              <option key={v} value={v}>
                {VERDICT[v].label}
              </option>
            ))}
          </select>
        </div>
        <div className="sm:w-44">
          <Label htmlFor="logs-engine">Engine</Label>
          <select id="logs-engine" className={SELECT} value={engine} onChange={(e) => update({ engine: e.target.value })}>
            <option value="">All engines</option>
            {DETECTION_ENGINES.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="logs-from">From</Label>
          <Input id="logs-from" type="date" className="mt-1" value={from} max={to || undefined} onChange={(e) => update({ from: e.target.value })} />
        </div>
        <div>
          <Label htmlFor="logs-to">To</Label>
          <Input id="logs-to" type="date" className="mt-1" value={to} min={from || undefined} onChange={(e) => update({ to: e.target.value })} />
        </div>
        {filtered && (
          <Button variant="outline" className="col-span-2 sm:col-span-1" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
            Clear filters
          </Button>
        )}
        {list.isFetching && !list.isPending && <Spinner className="mb-3" />}
      </div>

      {list.data && (
        <dl className="mb-4 flex flex-wrap gap-2 text-sm" aria-label="Detections by verdict" data-testid="verdict-counts">
          {DETECTION_VERDICTS.map((v) => (
            <div key={v} className="flex items-center gap-2 rounded-lg border bg-card px-3 py-1.5">
              <dt className="text-muted-foreground">{VERDICT[v].label}</dt>
              <dd className="font-semibold tabular-nums">{list.data.byVerdict[v].toLocaleString('en-US')}</dd>
            </div>
          ))}
        </dl>
      )}

      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <LoadError error={list.error} what="The detection logs" retry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyList icon={ScanSearch}>
          {filtered ? 'No detection matches these filters.' : 'No detections yet. Each run of the AI detector is listed here.'}
        </EmptyList>
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border bg-card">
            <table className="w-full min-w-[720px] text-sm" data-testid="detection-logs-table">
              <thead className="border-b bg-muted/40 text-left text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  <th className="px-4 py-2 font-medium">Time</th>
                  <th className="px-4 py-2 font-medium">Verdict</th>
                  <th className="px-4 py-2 text-right font-medium">AI score</th>
                  <th className="px-4 py-2 text-right font-medium">Words</th>
                  <th className="px-4 py-2 font-medium">Engine</th>
                  <th className="px-4 py-2 font-medium">User</th>
                  <th className="px-4 py-2 font-medium">Text</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((e) => (
                  <Fragment key={e.id}>
                    <LogRow entry={e} open={openId === e.id} onToggle={() => setOpenId(openId === e.id ? null : e.id)} />
                    {openId === e.id && <FullText id={e.id} />}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </div>
          <Pager offset={offset} pageSize={PAGE} total={list.data.total} onOffset={(o) => update({ offset: String(o) })} shown={list.data.items.length} />
        </>
      )}
    </>
  );
}

function LogRow({ entry, open, onToggle }: { entry: DetectionLogEntry; open: boolean; onToggle: () => void }) {
  return (
    <tr className="border-b align-top last:border-0">
      <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
        <time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>
      </td>
      <td className="px-4 py-3">
        <Badge className={VERDICT[entry.verdict]?.style}>{VERDICT[entry.verdict]?.label ?? entry.verdict}</Badge>
        {entry.reports > 0 && <div className="mt-1 text-xs text-amber-700 dark:text-amber-300">Reported ({entry.reports})</div>}
      </td>
      <td className="px-4 py-3 text-right tabular-nums">{percent(entry.score)}</td>
      <td className="px-4 py-3 text-right tabular-nums">{entry.words.toLocaleString('en-US')}</td>
      <td className="px-4 py-3">{entry.engine}</td>
      <td className="max-w-48 truncate px-4 py-3" title={entry.user?.email}>
        {entry.user ? entry.user.email : <span className="text-muted-foreground">Visitor</span>}
      </td>
      <td className="max-w-72 px-4 py-3">
        {entry.textSaved ? (
          <>
            <p className="line-clamp-2 break-words text-muted-foreground">{entry.textPreview}</p>
            <button type="button" onClick={onToggle} aria-expanded={open} className="mt-1 text-xs font-medium text-primary hover:underline">
              {open ? 'Hide text' : 'Show full text'}
            </button>
          </>
        ) : (
          <span className="italic text-muted-foreground">not saved</span>
        )}
      </td>
    </tr>
  );
}

function FullText({ id }: { id: string }) {
  const detail = useDetectionLog(id);
  return (
    <tr className="border-b bg-muted/20">
      <td colSpan={7} className="px-4 py-3">
        {detail.isPending ? (
          <Spinner />
        ) : detail.isError ? (
          <span className="text-red-600">{messageOf(detail.error, 'The text could not be loaded.')}</span>
        ) : (
          <p className="max-h-72 overflow-auto whitespace-pre-wrap break-words">{detail.data.text ?? 'not saved'}</p>
        )}
      </td>
    </tr>
  );
}
