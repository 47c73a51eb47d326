import { useState } from 'react';
import { Link } from 'react-router';
import { FileText, Receipt, Undo2 } from 'lucide-react';
import type { RefundRequestRow } from '@/shared/api/admin-billing';
import type { PaymentRow } from '@/shared/api/billing';
import { formatPrice } from '@/shared/plans';
import { formatDate } from '@/shared/format';
import { cn } from '@/client/lib/utils';
import { messageOf } from '@/client/lib/api';
import { LoadError } from '@/client/components/LoadError';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Label } from '@/client/components/ui/label';
import { BusyLabel } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/hooks/use-toast';
import { usePayments } from '@/client/features/billing/api';
import { Skeleton } from '@/client/features/usage/parts';
import { AccountSection } from './AccountSection';
import { useMyRefundRequests, useRequestRefund } from './api';

const STATUS: Record<string, { label: string; className: string }> = {
  paid: { label: 'Paid', className: 'bg-emerald-50 text-emerald-800' },
  refunded: { label: 'Refunded', className: 'bg-slate-100 text-slate-700' },
  partially_refunded: { label: 'Partly refunded', className: 'bg-slate-100 text-slate-700' },
  failed: { label: 'Failed', className: 'bg-red-50 text-red-800' },
};

function PaymentStatus({ row }: { row: PaymentRow }) {
  const s = STATUS[row.status] ?? { label: row.status, className: 'bg-muted text-muted-foreground' };
  return (
    <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', s.className)} data-testid="payment-status">
      {s.label}
    </span>
  );
}

/** The in-app invoice (every payment that went through has one) and the provider's hosted receipt when there is one. */
function Documents({ row }: { row: PaymentRow }) {
  if (row.status === 'failed') return <span className="text-muted-foreground">—</span>;
  return (
    <span className="inline-flex flex-wrap gap-x-3 gap-y-1">
      <Link to={`/invoices/${row.id}`} className="inline-flex items-center gap-1 font-medium text-primary hover:underline">
        <FileText className="size-3.5" aria-hidden /> Invoice<span className="sr-only"> for {row.description}</span>
      </Link>
      {row.receiptUrl && (
        <a href={row.receiptUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 font-medium text-primary hover:underline">
          <Receipt className="size-3.5" aria-hidden /> Receipt<span className="sr-only"> for {row.description} (opens in a new tab)</span>
        </a>
      )}
    </span>
  );
}

/** The state of the payment's latest refund request, or the button to ask for one. */
function RefundCell({ row, request, onAsk }: { row: PaymentRow; request: RefundRequestRow | undefined; onAsk: () => void }) {
  if (request?.status === 'pending')
    return (
      <span className="text-xs text-amber-800" data-testid="refund-pending">
        Refund requested {formatDate(request.createdAt)}
      </span>
    );
  const refundable = (row.status === 'paid' || row.status === 'partially_refunded') && row.refundedAmount < row.amount;
  return (
    <span className="grid gap-1">
      {request?.status === 'refused' && (
        <span className="text-xs text-muted-foreground" data-testid="refund-refused">
          Refund refused{request.decisionNote ? `: ${request.decisionNote}` : ''}
        </span>
      )}
      {refundable && (
        <Button variant="outline" size="sm" className="w-fit" onClick={onAsk}>
          <Undo2 aria-hidden /> Request refund<span className="sr-only"> of {row.description}</span>
        </Button>
      )}
    </span>
  );
}

/** Payments and invoices: a table where there is room, a list of cards on phones. A paid payment can be asked back. */
export function PaymentsCard({ className }: { className?: string }) {
  const payments = usePayments();
  const requests = useMyRefundRequests();
  const [asking, setAsking] = useState<PaymentRow | null>(null);
  // Requests come newest first: the first one per payment is its current state.
  const latest = new Map<string, RefundRequestRow>();
  for (const r of requests.data?.requests ?? []) if (!latest.has(r.paymentId)) latest.set(r.paymentId, r);

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
          No payments yet. Plans and packs you buy will be listed here with their invoices.
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
                <th scope="col" className="px-3 py-2 font-medium">
                  Invoice
                </th>
                <th scope="col" className="py-2 pl-3 font-medium">
                  <span className="sr-only">Refund</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.data.payments.map((p) => (
                <tr key={p.id} className="border-t" data-testid={`payment-${p.id}`}>
                  <td className="py-2.5 pr-3 whitespace-nowrap">{formatDate(p.createdAt)}</td>
                  <td className="px-3 py-2.5">{p.description}</td>
                  <td className="px-3 py-2.5 text-right tabular-nums">
                    {formatPrice(p.amount, p.currency)}
                    {p.refundedAmount > 0 && <span className="block text-xs text-muted-foreground">−{formatPrice(p.refundedAmount, p.currency)} refunded</span>}
                  </td>
                  <td className="px-3 py-2.5">
                    <PaymentStatus row={p} />
                  </td>
                  <td className="px-3 py-2.5">
                    <Documents row={p} />
                  </td>
                  <td className="py-2.5 pl-3">
                    <RefundCell row={p} request={latest.get(p.id)} onAsk={() => setAsking(p)} />
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
                {p.refundedAmount > 0 && <p className="text-right text-xs text-muted-foreground">−{formatPrice(p.refundedAmount, p.currency)} refunded</p>}
                <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground">
                  <span>{formatDate(p.createdAt)}</span>
                  <PaymentStatus row={p} />
                  <Documents row={p} />
                </div>
                <div className="mt-2">
                  <RefundCell row={p} request={latest.get(p.id)} onAsk={() => setAsking(p)} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <RefundDialog payment={asking} onClose={() => setAsking(null)} />
    </AccountSection>
  );
}

function RefundDialog({ payment, onClose }: { payment: PaymentRow | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ask = useRequestRefund();
  const close = () => {
    if (ask.isPending) return;
    setReason('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!payment) return;
    if (reason.trim().length < 5) return setError('Please say why you would like a refund (at least 5 characters).');
    ask.mutate(
      { paymentId: payment.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Refund requested', description: 'We will e-mail you our decision.' });
          setReason('');
          setError(null);
          onClose();
        },
        onError: (err) => setError(messageOf(err, 'The request could not be sent. Please try again.')),
      },
    );
  };
  return (
    <Dialog open={payment !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>Request a refund</DialogTitle>
            <DialogDescription>
              {payment && (
                <>
                  {payment.description}, {formatPrice(payment.amount - payment.refundedAmount, payment.currency)}
                  {payment.refundedAmount > 0 ? ' not yet refunded' : ''}, paid {formatDate(payment.createdAt)}. Our team reviews each request and e-mails you
                  the decision.
                </>
              )}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="refund-reason">Why would you like a refund?</Label>
            <Textarea
              id="refund-reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={2000}
              rows={4}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'refund-reason-error' : undefined}
            />
            {error && (
              <p id="refund-reason-error" role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={ask.isPending} onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={ask.isPending}>
              <BusyLabel busy={ask.isPending} label="Sending…">
                Send request
              </BusyLabel>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
