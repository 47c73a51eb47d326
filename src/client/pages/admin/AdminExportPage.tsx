import { useState, type FormEvent } from 'react';
import { useOutletContext } from 'react-router';
import { CreditCard, FileSpreadsheet, Users } from 'lucide-react';
import { EXPORT_KINDS, type ExportKind } from '@/shared/api/admin-analytics';
import type { StaffRole } from '@/shared/roles';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { exportUrl, type DayRange } from '@/client/features/admin/analytics-api';
import { CsvLink, last30Days } from './analytics-parts';
import { visibleAdminItem } from './nav';
import { AdminHeading as Heading, NoAccess } from './parts';

const KINDS: Record<ExportKind, { title: string; text: string; icon: typeof Users }> = {
  users: { title: 'Users', text: 'Accounts that signed up in the range: username, e-mail, role, plan, status and dates.', icon: Users },
  payments: { title: 'Payments', text: 'Payments received in the range: amount, refunded amount, item, status and provider.', icon: CreditCard },
  usage: { title: 'Usage', text: 'Every tool request in the range: tool, plan, status, characters, latency and engine.', icon: FileSpreadsheet },
};

/** /admin/export ('reports:export'): CSV downloads of users, payments and usage over a date range; each is audited. */
export default function AdminExportPage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const item = visibleAdminItem('/admin/export', role);
  if (!item) return <NoAccess title="Export Reports" />;
  return <ExportReports title={item.title} description={item.description} />;
}

function ExportReports({ title, description }: { title: string; description: string }) {
  const [range, setRange] = useState<DayRange>(last30Days);
  const invalid = Boolean(range.from && range.to && range.from > range.to);
  const check = (e: FormEvent) => e.preventDefault();
  return (
    <>
      <Heading title={title} description={description} />
      <form onSubmit={check} className="mb-6 flex flex-wrap items-end gap-3 rounded-xl border bg-card p-4" aria-label="Date range of the exports">
        <div className="grid gap-1">
          <Label htmlFor="export-from">From</Label>
          <Input id="export-from" type="date" value={range.from} onChange={(e) => setRange({ ...range, from: e.target.value })} className="w-40" />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="export-to">To</Label>
          <Input id="export-to" type="date" value={range.to} onChange={(e) => setRange({ ...range, to: e.target.value })} className="w-40" />
        </div>
        <p className="w-full text-xs text-muted-foreground">
          UTC days, both included. Clear both dates to export everything. Each download is recorded in the audit log.
        </p>
        {invalid && (
          <p role="alert" className="w-full text-sm text-destructive">
            The start date must not be after the end date.
          </p>
        )}
      </form>
      <div className="grid gap-4 md:grid-cols-3">
        {EXPORT_KINDS.map((kind) => {
          const k = KINDS[kind];
          const Icon = k.icon;
          return (
            <section key={kind} className="flex flex-col gap-3 rounded-xl border bg-card p-5" aria-labelledby={`export-${kind}`}>
              <h2 id={`export-${kind}`} className="flex items-center gap-2 text-base font-semibold">
                <Icon className="size-5 text-primary" aria-hidden /> {k.title}
              </h2>
              <p className="flex-1 text-sm text-muted-foreground">{k.text}</p>
              {invalid ? (
                <span aria-disabled="true" className="inline-flex h-9 items-center rounded-lg border px-3 text-sm text-muted-foreground opacity-60">
                  Download {k.title} CSV
                </span>
              ) : (
                <CsvLink href={exportUrl(kind, range)}>Download {k.title} CSV</CsvLink>
              )}
            </section>
          );
        })}
      </div>
      <p className="mt-4 text-xs text-muted-foreground">
        Files are written as they are read, page by page, so a large export starts at once and takes as long as it needs. Amounts are in major units (e.g. 4.99)
        with their currency.
      </p>
    </>
  );
}
