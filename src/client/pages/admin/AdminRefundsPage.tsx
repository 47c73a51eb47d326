import { useState } from 'react';
import { Link, useOutletContext, useSearchParams } from 'react-router';
import { Check, Undo2, X } from 'lucide-react';
import { REFUND_QUEUE_VIEWS, type AdminRefundRequestRow, type RefundQueueView } from '@/shared/api/admin-billing';
import { formatDate, formatDateTime } from '@/shared/format';
import { formatPrice } from '@/shared/plans';
import type { StaffRole } from '@/shared/roles';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { BusyLabel, PageSpinner, Spinner } from '@/client/components/ui/spinner';
import { Textarea } from '@/client/components/ui/textarea';
import { toast } from '@/client/hooks/use-toast';
import { messageOf } from '@/client/lib/api';
import { useAdminRefundRequests, useDecideRefund } from '@/client/features/admin/billing-api';
import { PaymentStatusBadge, PROVIDER_LABEL } from './AdminPaymentsPage';
import { visibleAdminItem } from './nav';
import { AdminHeading, EmptyList, LoadError, NoAccess, Pager, SearchField, useDebouncedSearch, withChanges, Segmented } from './parts';

const PAGE = 20;
const VIEW_LABEL: Record<RefundQueueView, string> = { pending: 'Waiting', decided: 'Decided', all: 'All' };

/** /admin/refunds: the refund requests users send from /account, approved (refunded through the provider) or refused here. */
export default function AdminRefundsPage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const item = visibleAdminItem('/admin/refunds', role);
  if (!item) return <NoAccess title="Refund Management" />;
  return <Refunds title={item.title} description={item.description} />;
}

type Deciding = { kind: 'approve' | 'refuse'; request: AdminRefundRequestRow } | null;

function Refunds({ title, description }: { title: string; description: string }) {
  const [params, setParams] = useSearchParams();
  const { q, typed, setTyped } = useDebouncedSearch(params, setParams);
  const view: RefundQueueView = (REFUND_QUEUE_VIEWS as readonly string[]).includes(params.get('view') ?? '')
    ? (params.get('view') as RefundQueueView)
    : 'pending';
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0);
  const update = (changes: Record<string, string>) => setParams((prev) => withChanges(prev, changes), { replace: true });
  const list = useAdminRefundRequests({ view, q, offset, limit: PAGE });
  const [deciding, setDeciding] = useState<Deciding>(null);

  return (
    <>
      <AdminHeading title={title} description={description} />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <Segmented
          label="Which requests"
          value={view}
          onChange={(v) => update({ view: v === 'pending' ? '' : v })}
          options={REFUND_QUEUE_VIEWS.map((v) => ({
            value: v,
            label: (
              <>
                {VIEW_LABEL[v]}
                {v === 'pending' && list.data && <span className="ml-1.5 tabular-nums">({list.data.pending})</span>}
              </>
            ),
          }))}
        />
        <form
          role="search"
          className="min-w-56 flex-1"
          onSubmit={(e) => {
            e.preventDefault();
            update({ q: typed.trim() });
          }}
        >
          <SearchField id="refunds-search" value={typed} onChange={setTyped} placeholder="E-mail, description or invoice number" hideLabel />
        </form>
        {list.isFetching && !list.isPending && <Spinner className="mb-3" />}
      </div>

      {list.isPending ? (
        <PageSpinner label="Loading refund requests" />
      ) : list.isError ? (
        <LoadError error={list.error} what="The refund requests" retry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyList icon={Undo2} testId="refunds-empty">
          {q
            ? 'No request matches this search.'
            : view === 'pending'
              ? 'No refund request is waiting. Users ask for refunds from their account page.'
              : 'No refund request has been decided yet.'}
        </EmptyList>
      ) : (
        <>
          <ul className="grid gap-3" data-testid="refund-requests">
            {list.data.items.map((r) => (
              <RequestCard key={r.id} request={r} onDecide={(kind) => setDeciding({ kind, request: r })} />
            ))}
          </ul>
          <Pager offset={offset} pageSize={PAGE} total={list.data.total} onOffset={(o) => update({ offset: String(o) })} shown={list.data.items.length} />
        </>
      )}
      <DecisionDialog deciding={deciding} onClose={() => setDeciding(null)} />
    </>
  );
}

function RequestStatus({ status }: { status: AdminRefundRequestRow['status'] }) {
  if (status === 'pending') return <Badge variant="warning">Waiting</Badge>;
  if (status === 'approved')
    return <Badge className="border-transparent bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">Approved</Badge>;
  return <Badge variant="outline">Refused</Badge>;
}

function RequestCard({ request: r, onDecide }: { request: AdminRefundRequestRow; onDecide: (kind: 'approve' | 'refuse') => void }) {
  const p = r.payment;
  const left = p.amount - p.refundedAmount;
  return (
    <li className="rounded-xl border bg-card p-4 text-sm" data-testid="refund-request">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          {r.user ? (
            <Link to={`/admin/users/${r.user.id}`} className="font-medium hover:underline">
              {r.user.email}
            </Link>
          ) : (
            <span className="font-medium text-muted-foreground">Deleted account</span>
          )}
          <p className="text-xs text-muted-foreground">Asked {formatDateTime(r.createdAt)}</p>
        </div>
        <RequestStatus status={r.status} />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1">
        <span className="font-medium">{p.description}</span>
        <span className="tabular-nums">{formatPrice(p.amount, p.currency)}</span>
        <span className="text-muted-foreground">
          paid {formatDate(p.createdAt)} · {PROVIDER_LABEL[p.provider]}
        </span>
        <PaymentStatusBadge status={p.status} />
        <Link to={`/invoices/${p.id}`} className="font-mono text-xs text-primary hover:underline">
          {p.invoiceNumber}
        </Link>
      </div>
      <blockquote className="mt-3 border-l-2 pl-3 whitespace-pre-wrap break-words text-muted-foreground">{r.reason}</blockquote>
      {r.status !== 'pending' && (
        <p className="mt-3 text-xs text-muted-foreground" data-testid="refund-decision">
          {r.status === 'approved' ? 'Approved' : 'Refused'}
          {r.decidedBy && ` by ${r.decidedBy}`}
          {r.decidedAt && ` on ${formatDate(r.decidedAt)}`}
          {r.refund && ` · ${formatPrice(r.refund.amount, p.currency)} refunded`}
          {r.decisionNote && ` · “${r.decisionNote}”`}
        </p>
      )}
      {r.status === 'pending' && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" disabled={left <= 0} onClick={() => onDecide('approve')}>
            <Check aria-hidden /> Approve<span className="sr-only"> the refund for {r.user?.email ?? 'a deleted account'}</span>
          </Button>
          <Button size="sm" variant="outline" onClick={() => onDecide('refuse')}>
            <X aria-hidden /> Refuse<span className="sr-only"> the refund for {r.user?.email ?? 'a deleted account'}</span>
          </Button>
          {left <= 0 && <span className="self-center text-xs text-muted-foreground">Already refunded in full: refuse the request.</span>}
        </div>
      )}
    </li>
  );
}

/** Cents from what staff type as a price ("4.50", "4,50", "$4.50"); NaN when it is not one. */
function centsOf(typed: string): number {
  const clean = typed.replace(/[$\s]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return Number.NaN;
  return Math.round(Number(clean) * 100);
}

function DecisionDialog({ deciding, onClose }: { deciding: Deciding; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [partial, setPartial] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useDecideRefund({
    onSuccess: (res, d) => {
      toast({
        title: d.kind === 'approve' ? 'Refund approved' : 'Refund refused',
        description:
          d.kind === 'approve' && res.request.refund
            ? `${formatPrice(res.request.refund.amount, res.request.payment.currency)} refunded; ${res.request.user?.email ?? 'the user'} has been e-mailed.`
            : `${res.request.user?.email ?? 'The user'} has been e-mailed the decision.`,
      });
      reset();
      onClose();
    },
    onError: (err) => setError(messageOf(err, 'The decision could not be saved. Please try again.')),
  });
  const reset = () => {
    setNote('');
    setPartial('');
    setError(null);
  };
  const close = () => {
    if (decide.isPending) return;
    reset();
    onClose();
  };
  if (!deciding) return <Dialog open={false} />;
  const { kind, request } = deciding;
  const p = request.payment;
  const left = p.amount - p.refundedAmount;
  // What approving does besides giving the money back (the server decides; this says what it will do).
  const typed = partial.trim() ? centsOf(partial) : left;
  const full = !Number.isFinite(typed) || typed >= left;
  const effect =
    p.kind === 'subscription' && p.paysCurrentPlan
      ? full
        ? 'This payment paid for their current plan period: refunding all of it also ends the plan now. The account moves to the Free plan and the subscription is cancelled, so it does not renew.'
        : 'This payment paid for their current plan period: a partial refund keeps the plan.'
      : p.kind === 'pack' && full
        ? 'Refunding all of it also takes back what is left of the pack’s credits.'
        : null;
  const submit = () => {
    setError(null);
    if (kind === 'refuse') {
      if (!note.trim()) return setError('Please tell the user why the refund is refused.');
      return decide.mutate({ id: request.id, decision: { kind: 'refuse', note: note.trim() } });
    }
    let amount: number | undefined;
    if (partial.trim()) {
      amount = centsOf(partial);
      if (!Number.isFinite(amount) || amount <= 0) return setError('Enter an amount such as 4.50, or leave it empty to refund everything left.');
      if (amount > left) return setError(`At most ${formatPrice(left, p.currency)} can be refunded.`);
    }
    decide.mutate({ id: request.id, decision: { kind: 'approve', amount, note: note.trim() } });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>{kind === 'approve' ? 'Approve this refund?' : 'Refuse this refund?'}</DialogTitle>
            <DialogDescription>
              {kind === 'approve'
                ? `${formatPrice(left, p.currency)} of ${p.description} goes back to ${request.user?.email ?? 'the buyer'} through ${PROVIDER_LABEL[p.provider]}. The user is e-mailed.`
                : `${request.user?.email ?? 'The user'} is e-mailed your reason. The payment is not changed.`}
            </DialogDescription>
          </DialogHeader>
          {kind === 'approve' && effect && (
            <p className="text-sm" data-testid="refund-effect">
              {effect}
            </p>
          )}
          {kind === 'approve' && (
            <div className="grid gap-1.5">
              <Label htmlFor="refund-amount">Amount to refund (leave empty for all of {formatPrice(left, p.currency)})</Label>
              <Input
                id="refund-amount"
                inputMode="decimal"
                value={partial}
                onChange={(e) => setPartial(e.target.value)}
                placeholder={(left / 100).toFixed(2)}
              />
            </div>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor="refund-note">{kind === 'approve' ? 'Note to the user (optional)' : 'Reason, sent to the user'}</Label>
            <Textarea id="refund-note" value={note} onChange={(e) => setNote(e.target.value)} rows={3} maxLength={2000} />
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={decide.isPending} onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant={kind === 'refuse' ? 'destructive' : 'default'} disabled={decide.isPending}>
              <BusyLabel busy={decide.isPending} label={kind === 'approve' ? 'Refunding…' : 'Saving…'}>
                {kind === 'approve' ? 'Approve refund' : 'Refuse refund'}
              </BusyLabel>
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
