import { useEffect, useState } from 'react';
import { Link, useOutletContext, useSearchParams } from 'react-router';
import { CreditCard, Search } from 'lucide-react';
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES, type AdminPaymentRow, type PaymentProviderName, type PaymentStatus } from '@/shared/api/admin-billing';
import { formatDate } from '@/shared/format';
import { formatPrice } from '@/shared/plans';
import type { StaffRole } from '@/shared/roles';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { PageSpinner, Spinner } from '@/client/components/ui/spinner';
import { messageOf } from '@/client/lib/api';
import { useAdminPayments } from '@/client/features/admin/billing-api';
import { visibleAdminItem } from './nav';
import { AdminHeading, NoAccess, Pager } from './parts';

const PAGE = 25;
/** Typing pauses this long before the search runs, so each key press is not a request. */
const SEARCH_DELAY_MS = 300;

export const PAYMENT_STATUS_LABEL: Record<PaymentStatus, string> = {
  paid: 'Paid',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  failed: 'Failed',
};
export const PROVIDER_LABEL: Record<PaymentProviderName, string> = { stripe: 'Stripe', test: 'Test mode' };

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  if (status === 'paid') return <Badge variant="secondary">{PAYMENT_STATUS_LABEL.paid}</Badge>;
  if (status === 'failed') return <Badge className="border-transparent bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200">Failed</Badge>;
  return <Badge variant="warning">{PAYMENT_STATUS_LABEL[status] ?? status}</Badge>;
}

/** The list's address with some filters changed; a new filter starts again at the first page. */
export function withChanges(prev: URLSearchParams, changes: Record<string, string>): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const [k, v] of Object.entries(changes)) {
    if (v) next.set(k, v);
    else next.delete(k);
  }
  if (!('offset' in changes)) next.delete('offset');
  return next;
}

/** The search box's text, written to the address after a short pause (and at once on Enter). */
export function useDebouncedSearch(params: URLSearchParams, setParams: ReturnType<typeof useSearchParams>[1]) {
  const q = params.get('q') ?? '';
  const [typed, setTyped] = useState(q);
  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => setParams((prev) => withChanges(prev, { q: typed.trim() }), { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, q, setParams]);
  return { q, typed, setTyped };
}

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | '' =>
  (allowed as readonly string[]).includes(value ?? '') ? (value as T) : '';
const isDay = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');

/** /admin/payments: every payment with its refunds, filtered by text, status, provider and dates, with totals. */
export default function AdminPaymentsPage() {
  const { role } = useOutletContext<{ role: StaffRole }>();
  const item = visibleAdminItem('/admin/payments', role);
  if (!item) return <NoAccess title="Payments" />;
  return <Payments title={item.title} description={item.description} />;
}

const selectClass = 'mt-1 block h-10 rounded-lg border border-input bg-background px-2 text-sm';

function Payments({ title, description }: { title: string; description: string }) {
  const [params, setParams] = useSearchParams();
  const { q, typed, setTyped } = useDebouncedSearch(params, setParams);
  const status = pick(params.get('status'), PAYMENT_STATUSES);
  const provider = pick(params.get('provider'), PAYMENT_PROVIDERS);
  const from = isDay(params.get('from'));
  const to = isDay(params.get('to'));
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0);
  const update = (changes: Record<string, string>) => setParams((prev) => withChanges(prev, changes), { replace: true });

  const list = useAdminPayments({ q, status, provider, from, to, offset, limit: PAGE });
  const filtered = Boolean(q || status || provider || from || to);

  return (
    <>
      <AdminHeading title={title} description={description} />
      <form
        role="search"
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          update({ q: typed.trim() });
        }}
      >
        <div className="min-w-56 flex-1">
          <Label htmlFor="payments-search">Search</Label>
          <div className="relative mt-1">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              id="payments-search"
              type="search"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="E-mail, description or invoice number"
              maxLength={200}
              className="pl-9"
            />
          </div>
        </div>
        <div>
          <Label htmlFor="payments-status">Status</Label>
          <select id="payments-status" value={status} onChange={(e) => update({ status: e.target.value })} className={selectClass}>
            <option value="">Any status</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {PAYMENT_STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="payments-provider">Provider</Label>
          <select id="payments-provider" value={provider} onChange={(e) => update({ provider: e.target.value })} className={selectClass}>
            <option value="">Any provider</option>
            {PAYMENT_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {PROVIDER_LABEL[p]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="payments-from">From</Label>
          <Input id="payments-from" type="date" value={from} max={to || undefined} onChange={(e) => update({ from: e.target.value })} className="mt-1 w-40" />
        </div>
        <div>
          <Label htmlFor="payments-to">To</Label>
          <Input id="payments-to" type="date" value={to} min={from || undefined} onChange={(e) => update({ to: e.target.value })} className="mt-1 w-40" />
        </div>
        {list.isFetching && !list.isPending && <Spinner className="mb-3" />}
      </form>

      {list.isPending ? (
        <PageSpinner label="Loading payments" />
      ) : list.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-5 text-sm text-red-600 dark:text-red-400">
          {messageOf(list.error, 'The payments could not be loaded.')}
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.data.items.length === 0 ? (
        <div className="rounded-xl border border-dashed bg-card p-8 text-center text-muted-foreground" data-testid="payments-empty">
          <CreditCard className="mx-auto mb-2 size-6" aria-hidden />
          {filtered ? 'No payment matches these filters.' : 'No payments yet. They appear here when customers buy a plan or a pack.'}
          {filtered && (
            <div className="mt-3">
              <Button variant="outline" size="sm" onClick={() => (setTyped(''), setParams(new URLSearchParams(), { replace: true }))}>
                Clear filters
              </Button>
            </div>
          )}
        </div>
      ) : (
        <>
          <div className="mb-4 grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="payments-totals">
            {list.data.totals.map((t) => (
              <TotalsFor key={t.currency} label={list.data.totals.length > 1 ? t.currency.toUpperCase() : ''} totals={t} />
            ))}
          </div>
          <div className="overflow-x-auto rounded-xl border bg-card">
            <table className="w-full min-w-[760px] text-sm" data-testid="payments-table">
              <thead className="border-b bg-muted/40 text-left text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  <th className="px-4 py-2 font-medium">Date</th>
                  <th className="px-4 py-2 font-medium">Buyer</th>
                  <th className="px-4 py-2 font-medium">Description</th>
                  <th className="px-4 py-2 font-medium">Provider</th>
                  <th className="px-4 py-2 text-right font-medium">Amount</th>
                  <th className="px-4 py-2 font-medium">Status</th>
                  <th className="px-4 py-2 font-medium">Invoice</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((p) => (
                  <PaymentRowView key={p.id} payment={p} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            offset={offset}
            pageSize={PAGE}
            total={list.data.total}
            onOffset={(o) => update({ offset: String(o) })}
            summary={
              <>
                {(offset + 1).toLocaleString('en-US')}–{(offset + list.data.items.length).toLocaleString('en-US')} of {list.data.total.toLocaleString('en-US')}
              </>
            }
          />
        </>
      )}
    </>
  );
}

function TotalsFor({ label, totals }: { label: string; totals: { currency: string; payments: number; gross: number; refunded: number; net: number } }) {
  const money = (n: number) => formatPrice(n, totals.currency);
  const cells: [string, string, string][] = [
    ['Payments', totals.payments.toLocaleString('en-US'), 'total-count'],
    ['Received', money(totals.gross), 'total-gross'],
    ['Refunded', money(totals.refunded), 'total-refunded'],
    ['Net', money(totals.net), 'total-net'],
  ];
  return (
    <>
      {cells.map(([name, value, id]) => (
        <div key={name} className="rounded-xl border bg-card p-4">
          <p className="text-xs font-medium text-muted-foreground">
            {name}
            {label && ` (${label})`}
          </p>
          <p className="mt-1 text-xl font-semibold tabular-nums" data-testid={id}>
            {value}
          </p>
        </div>
      ))}
    </>
  );
}

function PaymentRowView({ payment: p }: { payment: AdminPaymentRow }) {
  return (
    <tr className="border-b align-top last:border-0">
      <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">{formatDate(p.createdAt)}</td>
      <td className="px-4 py-3">
        {p.userId && p.email ? (
          <Link to={`/admin/users/${p.userId}`} className="hover:underline">
            {p.email}
          </Link>
        ) : (
          <span className="text-muted-foreground">{p.email ?? 'Deleted account'}</span>
        )}
      </td>
      <td className="px-4 py-3">{p.description}</td>
      <td className="px-4 py-3">{PROVIDER_LABEL[p.provider]}</td>
      <td className="px-4 py-3 text-right tabular-nums">
        {formatPrice(p.amount, p.currency)}
        {p.refunds.map((r) => (
          <span key={r.id} className="block text-xs text-muted-foreground">
            −{formatPrice(r.amount, r.currency)} on {formatDate(r.createdAt)}
          </span>
        ))}
      </td>
      <td className="px-4 py-3">
        <PaymentStatusBadge status={p.status} />
      </td>
      <td className="whitespace-nowrap px-4 py-3">
        {p.status === 'failed' ? (
          <span className="text-muted-foreground">—</span>
        ) : (
          <Link to={`/invoices/${p.id}`} className="font-mono text-xs font-medium text-primary hover:underline">
            {p.invoiceNumber}
          </Link>
        )}
      </td>
    </tr>
  );
}
