import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft, Download, Printer } from 'lucide-react';
import type { Invoice } from '@/shared/api/admin-billing';
import { formatDate } from '@/shared/format';
import { formatPrice } from '@/shared/plans';
import { Button } from '@/client/components/ui/button';
import { PageSpinner } from '@/client/components/ui/spinner';
import { messageOf } from '@/client/lib/api';
import { usePageTitle } from '@/client/lib/title';
import { invoicePdfUrl, useInvoice } from '@/client/features/account/api';

const STATUS_LABEL: Record<string, string> = { paid: 'Paid', refunded: 'Refunded', partially_refunded: 'Partly refunded', failed: 'Failed' };

// Printing shows the invoice alone, edge to edge on white: no toolbar, no card shadow, no page tint.
const PRINT_CSS = `@media print {
  @page { margin: 16mm; }
  html, body { background: #fff !important; }
  [data-print-hide] { display: none !important; }
  #invoice { box-shadow: none !important; border: 0 !important; padding: 0 !important; max-width: none !important; }
}`;

/**
 * /invoices/:id: the invoice of one payment, for its buyer (from /account) and for staff who may read payments
 * (from the admin Payments and Invoices pages). Print it from the browser, or download the server's PDF.
 */
export default function InvoicePage() {
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  const navigate = useNavigate();
  usePageTitle(invoice.data ? `Invoice ${invoice.data.number}` : 'Invoice');
  // Back to wherever the invoice was opened from (the account page or an admin list); a direct visit goes to /account.
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/account'));

  return (
    <div className="min-h-screen bg-muted/40 px-4 py-6 sm:py-10 print:min-h-0 print:bg-white print:p-0">
      <style>{PRINT_CSS}</style>
      <div className="mx-auto mb-4 flex max-w-3xl flex-wrap items-center justify-between gap-2" data-print-hide>
        <Button variant="ghost" size="sm" onClick={back}>
          <ArrowLeft aria-hidden /> Back
        </Button>
        {invoice.data && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => window.print()}>
              <Printer aria-hidden /> Print
            </Button>
            <Button asChild size="sm">
              <a href={invoicePdfUrl(invoice.data.id)} download={`${invoice.data.number}.pdf`}>
                <Download aria-hidden /> Download PDF
              </a>
            </Button>
          </div>
        )}
      </div>
      {invoice.isPending ? (
        <PageSpinner label="Loading the invoice" />
      ) : invoice.isError ? (
        <div role="alert" className="mx-auto max-w-3xl rounded-xl border bg-card p-6 text-sm">
          <p className="font-medium">This invoice could not be shown.</p>
          <p className="mt-1 text-muted-foreground">{messageOf(invoice.error, 'Please try again.')}</p>
          <div className="mt-4 flex gap-2">
            <Button variant="outline" size="sm" onClick={() => void invoice.refetch()}>
              Try again
            </Button>
            <Button asChild variant="ghost" size="sm">
              <Link to="/account">Your account</Link>
            </Button>
          </div>
        </div>
      ) : (
        <InvoiceSheet invoice={invoice.data} />
      )}
    </div>
  );
}

function InvoiceSheet({ invoice }: { invoice: Invoice }) {
  const money = (n: number) => formatPrice(n, invoice.currency);
  return (
    <article id="invoice" className="mx-auto max-w-3xl rounded-xl border bg-white px-4 py-6 text-slate-900 shadow-sm sm:p-10" data-testid="invoice">
      <header className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <h1 className="text-3xl font-bold tracking-tight">Invoice</h1>
        <div className="text-sm sm:text-right">
          <p className="font-semibold">{invoice.seller.name}</p>
          <p className="text-slate-600">{invoice.seller.email}</p>
        </div>
      </header>
      {invoice.provider === 'test' && (
        <p className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900" data-testid="invoice-test-mode">
          TEST MODE — no real payment was taken.
        </p>
      )}

      <dl className="mt-6 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm sm:gap-x-6">
        <dt className="text-slate-600">Invoice number</dt>
        <dd className="font-semibold" data-testid="invoice-number">
          {invoice.number}
        </dd>
        <dt className="text-slate-600">Date of issue</dt>
        <dd className="font-semibold">{formatDate(invoice.issuedAt)}</dd>
        <dt className="text-slate-600">Status</dt>
        <dd className="font-semibold" data-testid="invoice-status">
          {STATUS_LABEL[invoice.status] ?? invoice.status}
        </dd>
      </dl>

      <div className="mt-6 grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <p className="text-slate-600">From</p>
          <p className="font-semibold">{invoice.seller.name}</p>
          <p>{invoice.seller.email}</p>
        </div>
        <div>
          <p className="text-slate-600">Billed to</p>
          <p className="font-semibold break-all">{invoice.buyer.email ?? '(account deleted)'}</p>
        </div>
      </div>

      <div className="mt-8 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Description
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Qty
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((l, i) => (
              <tr key={i} className="border-b">
                <td className="py-3 pr-3">{l.description}</td>
                <td className="px-3 py-3 text-right tabular-nums">{l.quantity}</td>
                <td className="py-3 pl-3 text-right tabular-nums">{money(l.amount * l.quantity)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="tabular-nums">
            <tr>
              <th scope="row" colSpan={2} className="pt-3 pr-3 text-right font-semibold">
                Total paid
              </th>
              <td className="pt-3 pl-3 text-right font-semibold" data-testid="invoice-total">
                {money(invoice.total)}
              </td>
            </tr>
            {invoice.refunds.map((r) => (
              <tr key={r.id} data-testid="invoice-refund">
                <th scope="row" colSpan={2} className="pt-1 pr-3 text-right font-normal text-slate-600">
                  Refund, {formatDate(r.createdAt)}
                </th>
                <td className="pt-1 pl-3 text-right">−{money(r.amount)}</td>
              </tr>
            ))}
            {invoice.refunds.length > 0 && (
              <tr>
                <th scope="row" colSpan={2} className="pt-2 pr-3 text-right font-semibold">
                  Net paid
                </th>
                <td className="pt-2 pl-3 text-right font-semibold" data-testid="invoice-net">
                  {money(invoice.balance)}
                </td>
              </tr>
            )}
          </tfoot>
        </table>
      </div>

      <p className="mt-10 text-xs text-slate-500">
        Paid through {invoice.provider === 'stripe' ? 'Stripe' : 'the test checkout'}. Questions about this invoice: {invoice.seller.email}
      </p>
    </article>
  );
}
