import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminInvoicesResponse,
  AdminPaymentsResponse,
  AdminRefundDecisionResponse,
  AdminRefundRequestsResponse,
  PaymentProviderName,
  PaymentStatus,
  RefundQueueView,
} from '@/shared/api/admin-billing';
import { apiJson } from '@/client/lib/api';

/** Payments, Invoices and Refund Management: the staff lists and the refund decisions. */

export const ADMIN_PAYMENTS_API = '/api/admin/payments';
export const ADMIN_INVOICES_API = '/api/admin/invoices';
export const ADMIN_REFUNDS_API = '/api/admin/refund-requests';

function withParams(base: string, params: Record<string, string | number>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== '' && v !== undefined) p.set(k, String(v));
  return `${base}?${p.toString()}`;
}

export interface AdminPaymentsFilter {
  q: string;
  status: PaymentStatus | '';
  provider: PaymentProviderName | '';
  from: string;
  to: string;
  offset: number;
  limit: number;
}

/** One page of payments and the totals of every match; the previous page stays on screen while the next loads. */
export function useAdminPayments(f: AdminPaymentsFilter) {
  const url = withParams(ADMIN_PAYMENTS_API, { ...f, q: f.q.trim() });
  return useQuery({ queryKey: [ADMIN_PAYMENTS_API, url], queryFn: () => apiJson<AdminPaymentsResponse>('GET', url), placeholderData: keepPreviousData });
}

export function useAdminInvoices(f: { q: string; offset: number; limit: number }) {
  const url = withParams(ADMIN_INVOICES_API, { ...f, q: f.q.trim() });
  return useQuery({ queryKey: [ADMIN_INVOICES_API, url], queryFn: () => apiJson<AdminInvoicesResponse>('GET', url), placeholderData: keepPreviousData });
}

export function useAdminRefundRequests(f: { view: RefundQueueView; q: string; offset: number; limit: number }) {
  const url = withParams(ADMIN_REFUNDS_API, { ...f, q: f.q.trim() });
  return useQuery({
    queryKey: [ADMIN_REFUNDS_API, url],
    queryFn: () => apiJson<AdminRefundRequestsResponse>('GET', url),
    placeholderData: keepPreviousData,
  });
}

export type RefundDecision = { kind: 'approve'; amount?: number; note: string } | { kind: 'refuse'; note: string };

/** Approve (optionally a part, in cents) or refuse a request; the queue and the payment lists are refetched afterwards. */
export function useDecideRefund(cb: { onSuccess?: (res: AdminRefundDecisionResponse, d: RefundDecision) => void; onError?: (err: Error) => void } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: RefundDecision }) => {
      const { kind, ...body } = decision;
      return apiJson<AdminRefundDecisionResponse>('POST', `${ADMIN_REFUNDS_API}/${encodeURIComponent(id)}/${kind}`, body);
    },
    onSuccess: async (res, { decision }) => {
      cb.onSuccess?.(res, decision);
      await Promise.all([
        qc.invalidateQueries({ queryKey: [ADMIN_REFUNDS_API] }),
        qc.invalidateQueries({ queryKey: [ADMIN_PAYMENTS_API] }),
        qc.invalidateQueries({ queryKey: [ADMIN_INVOICES_API] }),
      ]);
    },
    onError: (err) => cb.onError?.(err),
  });
}
