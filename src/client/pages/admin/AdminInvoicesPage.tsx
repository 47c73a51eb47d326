import { Link, useOutletContext, useSearchParams } from 'react-router';
import { Download, FileText } from 'lucide-react';
import { formatDate } from '@/shared/format';
import { formatPrice } from '@/shared/plans';
import type { StaffRole } from '@/shared/roles';
import { PageSpinner, Spinner } from '@/client/components/ui/spinner';
import { invoicePdfUrl } from '@/client/features/account/api';
import { useAdminInvoices } from '@/client/features/admin/billing-api';
import { PaymentStatusBadge } from './AdminPaymentsPage';
import { visibleAdminItem } from './nav';
import { AdminHeading, EmptyList, LoadError, NoAccess, Pager, SearchField, useDebouncedSearch, withChanges } from './parts';

const PAGE = 25;

/** /admin/invoices: one invoice per payment that went through, each opening as a printable page or a PDF. */
export default function AdminInvoicesPage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const item = visibleAdminItem('/admin/invoices', role);
  if (!item) return <NoAccess title="Invoices" />;
  return <Invoices title={item.title} description={item.description} />;
}

function Invoices({ title, description }: { title: string; description: string }) {
  const [params, setParams] = useSearchParams();
  const { q, typed, setTyped } = useDebouncedSearch(params, setParams);
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0);
  const list = useAdminInvoices({ q, offset, limit: PAGE });

  return (
    <>
      <AdminHeading title={title} description={description} />
      <form
        role="search"
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setParams((prev) => withChanges(prev, { q: typed.trim() }), { replace: true });
        }}
      >
        <div className="min-w-56 flex-1">
          <SearchField id="invoices-search" value={typed} onChange={setTyped} placeholder="Invoice number, e-mail or description" />
        </div>
        {list.isFetching && !list.isPending && <Spinner className="mb-3" />}
      </form>

      {list.isPending ? (
        <PageSpinner label="Loading invoices" />
      ) : list.isError ? (
        <LoadError error={list.error} what="The invoices" retry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyList
          icon={FileText}
          testId="invoices-empty"
          onClear={q ? () => (setTyped(''), setParams(new URLSearchParams(), { replace: true })) : undefined}
          clearLabel="Clear search"
        >
          {q ? 'No invoice matches this search.' : 'No invoices yet. Each payment that goes through gets one.'}
        </EmptyList>
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border bg-card">
            <table className="w-full min-w-[720px] text-sm" data-testid="invoices-table">
              <thead className="border-b bg-muted/40 text-left text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  <th className="px-4 py-2 font-medium">Number</th>
                  <th className="px-4 py-2 font-medium">Issued</th>
                  <th className="px-4 py-2 font-medium">Billed to</th>
                  <th className="px-4 py-2 font-medium">Description</th>
                  <th className="px-4 py-2 text-right font-medium">Amount</th>
                  <th className="px-4 py-2 font-medium">Status</th>
                  <th className="px-4 py-2 font-medium">
                    <span className="sr-only">PDF</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((i) => (
                  <tr key={i.id} className="border-b last:border-0">
                    <td className="whitespace-nowrap px-4 py-3">
                      <Link to={`/invoices/${i.id}`} className="font-mono text-xs font-medium text-primary hover:underline">
                        {i.number}
                      </Link>
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">{formatDate(i.issuedAt)}</td>
                    <td className="px-4 py-3">{i.email ?? <span className="text-muted-foreground">Deleted account</span>}</td>
                    <td className="px-4 py-3">{i.description}</td>
                    <td className="px-4 py-3 text-right tabular-nums">
                      {formatPrice(i.amount, i.currency)}
                      {i.refundedAmount > 0 && (
                        <span className="block text-xs text-muted-foreground">−{formatPrice(i.refundedAmount, i.currency)} refunded</span>
                      )}
                    </td>
                    <td className="px-4 py-3">
                      <PaymentStatusBadge status={i.status} />
                    </td>
                    <td className="px-4 py-3">
                      <a
                        href={invoicePdfUrl(i.id)}
                        download={`${i.number}.pdf`}
                        className="inline-flex items-center gap-1 text-xs font-medium text-primary hover:underline"
                      >
                        <Download className="size-3.5" aria-hidden /> PDF<span className="sr-only"> of invoice {i.number}</span>
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            offset={offset}
            pageSize={PAGE}
            total={list.data.total}
            onOffset={(o) => setParams((prev) => withChanges(prev, { offset: String(o) }), { replace: true })}
            shown={list.data.items.length}
          />
        </>
      )}
    </>
  );
}
