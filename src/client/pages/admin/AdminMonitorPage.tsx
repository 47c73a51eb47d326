import { useMemo } from 'react';
import { useOutletContext } from 'react-router';
import { Radio } from 'lucide-react';
import type { StaffRole } from '@/shared/roles';
import { TimeChart, toSeconds } from '@/client/components/charts/TimeChart';
import { PageSpinner } from '@/client/components/ui/spinner';
import { MONITOR_REFRESH_MS, useAdminMonitor, type AdminMonitorResponse } from '@/client/features/admin/analytics-api';
import { Figures, LoadFailed, num, Section } from './analytics-parts';
import { visibleAdminItem } from './nav';
import { AdminHeading as Heading, NoAccess } from './parts';

/** /admin/monitor ('monitor:read'): requests and errors per minute over the last hour, refreshed every 5 seconds. */
export default function AdminMonitorPage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const item = visibleAdminItem('/admin/monitor', role);
  if (!item) return <NoAccess title="Real-time Monitor" />;
  return <Monitor title={item.title} description={item.description} />;
}

function Monitor({ title, description }: { title: string; description: string }) {
  const q = useAdminMonitor();
  return (
    <>
      <Heading title={title} description={description}>
        <p className="flex items-center gap-2 text-sm text-muted-foreground" aria-live="off">
          <Radio className={q.isError ? 'size-4 text-destructive' : 'size-4 text-green-600'} aria-hidden />
          {q.isError ? 'Not updating' : `Live: refreshed every ${MONITOR_REFRESH_MS / 1000} s`}
        </p>
      </Heading>
      {q.isPending ? (
        <PageSpinner label="Loading the monitor" />
      ) : q.isError && !q.data ? (
        <LoadFailed error={q.error} what="The monitor" retry={() => void q.refetch()} />
      ) : (
        <MonitorBody data={q.data!} stale={q.isError} />
      )}
    </>
  );
}

function MonitorBody({ data, stale }: { data: AdminMonitorResponse; stale: boolean }) {
  const x = useMemo(() => data.perMinute.map((m) => toSeconds(m.minute)), [data]);
  const series = useMemo(
    () => [
      { label: 'Requests', values: data.perMinute.map((m) => m.requests) },
      { label: 'Errors', values: data.perMinute.map((m) => m.errors), kind: 'line' as const, color: '#dc2626' },
    ],
    [data],
  );
  const current = data.perMinute[data.perMinute.length - 1];
  const e = data.engine;
  return (
    <div className="space-y-6">
      {stale && (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-card p-3 text-sm text-destructive">
          The last refresh failed; these figures are from {new Date(data.generatedAt).toLocaleTimeString()}.
        </p>
      )}
      <Figures
        items={[
          { label: 'Requests this minute', value: num(current?.requests ?? 0), sub: `${num(data.lastHour.requests)} in the last hour` },
          {
            label: 'Errors, last hour',
            value: num(data.lastHour.errors),
            sub: data.lastHour.requests ? `${((data.lastHour.errors / data.lastHour.requests) * 100).toFixed(1)}% of requests` : 'no requests',
          },
          { label: 'p95 latency, last hour', value: data.lastHour.p95Ms === null ? '—' : `${num(data.lastHour.p95Ms)} ms`, sub: 'successful requests' },
          { label: 'Refused today', value: num(data.refusedToday), sub: `${num(data.activeSessions)} active sessions` },
        ]}
      />
      <Section title="Requests per minute">
        <TimeChart
          title="Tool requests and errors per minute, last 60 minutes (all instances)"
          x={x}
          xFormat="minute"
          series={series}
          note={`Updated ${new Date(data.generatedAt).toLocaleTimeString()}. The last minute is still running.`}
          testId="chart-monitor"
        />
      </Section>
      <Section title="Engine queue (this instance)">
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="engine-pool">
          <div>
            <dt className="text-muted-foreground">Waiting in queue</dt>
            <dd className="text-2xl font-bold tabular-nums">{num(e.queued)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Running</dt>
            <dd className="text-2xl font-bold tabular-nums">{num(e.running)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Threads started</dt>
            <dd className="text-2xl font-bold tabular-nums">
              {num(e.threads)} <span className="text-sm font-normal text-muted-foreground">of {num(e.maxThreads)}</span>
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Instance</dt>
            <dd className="break-all font-mono text-xs">{e.instance}</dd>
          </div>
        </dl>
        <p className="mt-3 text-xs text-muted-foreground">
          The offline engines run on a pool of worker threads in each server instance. These figures are the pool of the instance that answered this refresh;
          with several instances behind a load balancer, each has its own queue. Requests and errors above count every instance.
        </p>
      </Section>
    </div>
  );
}
