import { Link, useOutletContext, useSearchParams } from 'react-router';
import { CreditCard } from 'lucide-react';
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES, type AdminPaymentRow, type PaymentProviderName, type PaymentStatus } from '@/shared/api/admin-billing';
import { formatDate } from '@/shared/format';
import { formatPrice } from '@/shared/plans';
import type { StaffRole } from '@/shared/roles';
import { Badge } from '@/client/components/ui/badge';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { PageSpinner, Spinner } from '@/client/components/ui/spinner';
import { useAdminPayments } from '@/client/features/admin/billing-api';
import { visibleAdminItem } from './nav';
import { AdminHeading, EmptyList, FilterSelect, LoadError, NoAccess, Pager, SearchField, useDebouncedSearch, withChanges } from './parts';

const PAGE = 25;

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
          <SearchField id="payments-search" value={typed} onChange={setTyped} placeholder="E-mail, description or invoice number" />
        </div>
        <FilterSelect id="payments-status" label="Status" value={status} onChange={(v) => update({ status: v })}>
          <option value="">Any status</option>
          {PAYMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PAYMENT_STATUS_LABEL[s]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="payments-provider" label="Provider" value={provider} onChange={(v) => update({ provider: v })}>
          <option value="">Any provider</option>
          {PAYMENT_PROVIDERS.map((p) => (
            <option key={p} value={p}>
              {PROVIDER_LABEL[p]}
            </option>
          ))}
        </FilterSelect>
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
        <LoadError error={list.error} what="The payments" retry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyList
          icon={CreditCard}
          testId="payments-empty"
          onClear={filtered ? () => (setTyped(''), setParams(new URLSearchParams(), { replace: true })) : undefined}
        >
          {filtered ? 'No payment matches these filters.' : 'No payments yet. They appear here when customers buy a plan or a pack.'}
        </EmptyList>
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
          <Pager offset={offset} pageSize={PAGE} total={list.data.total} onOffset={(o) => update({ offset: String(o) })} shown={list.data.items.length} />
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
