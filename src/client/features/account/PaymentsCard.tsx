import { Receipt } from 'lucide-react';
import type { PaymentRow } from '@/shared/api/billing';
import { formatPrice } from '@/shared/plans';
import { formatDate } from '@/shared/format';
import { cn } from '@/client/lib/utils';
import { LoadError } from '@/client/components/LoadError';
import { usePayments } from '@/client/features/billing/api';
import { Skeleton } from '@/client/features/usage/parts';
import { AccountSection } from './AccountSection';

const STATUS: Record<string, { label: string; className: string }> = {
  paid: { label: 'Paid', className: 'bg-emerald-50 text-emerald-800' },
  refunded: { label: 'Refunded', className: 'bg-slate-100 text-slate-700' },
  partially_refunded: { label: 'Partly refunded', className: 'bg-slate-100 text-slate-700' },
  failed: { label: 'Failed', className: 'bg-red-50 text-red-800' },
};

function PaymentStatus({ row }: { row: PaymentRow }) {
  const s = STATUS[row.status] ?? { label: row.status, className: 'bg-muted text-muted-foreground' };
  return <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium', s.className)}>{s.label}</span>;
}

function ReceiptLink({ row }: { row: PaymentRow }) {
  if (!row.receiptUrl) return <span className="text-muted-foreground">—</span>;
  return (
    <a href={row.receiptUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 font-medium text-primary hover:underline">
      <Receipt className="size-3.5" aria-hidden /> Receipt<span className="sr-only"> for {row.description} (opens in a new tab)</span>
    </a>
  );
}

/** Payments and invoices: a table where there is room, a list of cards on phones. */
export function PaymentsCard({ className }: { className?: string }) {
  const payments = usePayments();
  return (
    <AccountSection title="Payments and invoices" className={className}>
      {payments.isLoading ? (
        <div role="status" aria-label="Loading payments" className="grid gap-2">
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
        </div>
      ) : payments.isError || !payments.data ? (
        <LoadError what="Your payments" error={payments.error} onRetry={() => void payments.refetch()} />
      ) : payments.data.payments.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="payments-empty">
          No payments yet. Plans and packs you buy will be listed here with their receipts.
        </p>
      ) : (
        <>
          {/* a table where there is room; a list of cards on phones */}
          <table className="hidden w-full text-left text-sm md:table" data-testid="payments">
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Date
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Description
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="py-2 pl-3 font-medium">
                  Receipt
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.data.payments.map((p) => (
                <tr key={p.id} className="border-t">
                  <td className="py-2.5 pr-3 whitespace-nowrap">{formatDate(p.createdAt)}</td>
                  <td className="px-3 py-2.5">{p.description}</td>
                  <td className="px-3 py-2.5 text-right tabular-nums">
                    {formatPrice(p.amount, p.currency)}
                    {p.refundedAmount > 0 && <span className="block text-xs text-muted-foreground">−{formatPrice(p.refundedAmount, p.currency)} refunded</span>}
                  </td>
                  <td className="px-3 py-2.5">
                    <PaymentStatus row={p} />
                  </td>
                  <td className="py-2.5 pl-3">
                    <ReceiptLink row={p} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="grid gap-3 md:hidden">
            {payments.data.payments.map((p) => (
              <li key={p.id} className="rounded-xl border p-3 text-sm">
                <div className="flex items-start justify-between gap-3">
                  <p className="font-medium">{p.description}</p>
                  <p className="font-semibold tabular-nums">{formatPrice(p.amount, p.currency)}</p>
                </div>
                <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground">
                  <span>{formatDate(p.createdAt)}</span>
                  <PaymentStatus row={p} />
                  {p.receiptUrl && <ReceiptLink row={p} />}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </AccountSection>
  );
}
