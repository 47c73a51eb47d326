import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorConfirmResponse, TwoFactorSetupResponse, TwoFactorStatus } from '@/shared/api/auth';
import type { Invoice, RefundRequestResponse, RefundRequestsResponse } from '@/shared/api/admin-billing';
import type { ProfileUpdateResponse } from '@/shared/api/billing';
import type { UserSettings } from '@/shared/api/user-settings';
import { apiJson, apiRequest } from '@/client/lib/api';
import { ME_QUERY_KEY } from '@/client/lib/auth';
import { PAYMENTS_KEY } from '@/client/features/billing/api';

/** PATCH /api/user/profile with the changed fields (and the current password when the e-mail changes); the header's user is re-read after it. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: { username?: string; email?: string; currentPassword?: string }) =>
      apiJson<ProfileUpdateResponse>('PATCH', '/api/user/profile', changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}

/** POST /api/user/password: this session stays; the others are ended. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: { currentPassword: string; newPassword: string }) => {
      await apiRequest('POST', '/api/user/password', body);
    },
  });
}

/** DELETE /api/user/account with the password (or DELETE for Google-only accounts). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (confirm: string) => {
      await apiRequest('DELETE', '/api/user/account', { confirm });
    },
  });
}

/** GET /api/user/export as a file: its name (from the answer, else a dated default) and content. */
export async function fetchDataExport(): Promise<{ filename: string; blob: Blob }> {
  const res = await apiRequest('GET', '/api/user/export');
  return { filename: filenameFrom(res.headers.get('content-disposition')), blob: await res.blob() };
}

function filenameFrom(disposition: string | null): string {
  const match = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match ? decodeURIComponent(match[1]) : `veritext-data-${new Date().toISOString().slice(0, 10)}.json`;
}

const SETTINGS = '/api/user/settings';

/** The signed-in user's settings (GET /api/user/settings). */
export function useUserSettings() {
  return useQuery({ queryKey: [SETTINGS], queryFn: () => apiJson<UserSettings>('GET', SETTINGS) });
}

/** PUT /api/user/settings; the answer replaces the cached settings. */
export function useSaveUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<UserSettings>) => apiJson<UserSettings>('PUT', SETTINGS, changes),
    onSuccess: (data) => queryClient.setQueryData([SETTINGS], data),
  });
}

// ---------- Two-factor authentication ----------
const TWO_FACTOR = '/api/user/2fa';

/** GET /api/user/2fa: whether two-factor is on and how many recovery codes are left. */
export function useTwoFactorStatus() {
  return useQuery({ queryKey: [TWO_FACTOR], queryFn: () => apiJson<TwoFactorStatus>('GET', TWO_FACTOR) });
}

/** POST /api/user/2fa/setup with the current password: a new secret, inactive until confirmed. */
export function useStartTwoFactor() {
  return useMutation({ mutationFn: (password: string) => apiJson<TwoFactorSetupResponse>('POST', `${TWO_FACTOR}/setup`, { password }) });
}

/** POST /api/user/2fa/confirm with a code: two-factor is on; the answer's recovery codes are shown once. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiJson<TwoFactorConfirmResponse>('POST', `${TWO_FACTOR}/confirm`, { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TWO_FACTOR] }),
  });
}

/** POST /api/user/2fa/disable with the current password and a code. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) => apiJson<TwoFactorStatus>('POST', `${TWO_FACTOR}/disable`, body),
    onSuccess: (data) => queryClient.setQueryData([TWO_FACTOR], data),
  });
}

// ---------- Refund requests and invoices ----------
export const REFUND_REQUESTS_KEY = ['/api/billing/refund-requests'] as const;

/** The signed-in user's refund requests (GET /api/billing/refund-requests), to show each payment's request. */
export function useMyRefundRequests(enabled = true) {
  return useQuery({ queryKey: REFUND_REQUESTS_KEY, queryFn: () => apiJson<RefundRequestsResponse>('GET', REFUND_REQUESTS_KEY[0]), enabled });
}

/** POST /api/billing/payments/:id/refund-request with the reason; the requests and payments are re-read after it. */
export function useRequestRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: string; reason: string }) =>
      apiJson<RefundRequestResponse>('POST', `/api/billing/payments/${encodeURIComponent(paymentId)}/refund-request`, { reason }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: REFUND_REQUESTS_KEY }), queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY })]),
  });
}

/** The invoice of one payment (its buyer, or staff who may read payments). */
export function useInvoice(id: string) {
  return useQuery({ queryKey: ['/api/invoices', id], queryFn: () => apiJson<Invoice>('GET', `/api/invoices/${encodeURIComponent(id)}`), retry: false });
}

/** The invoice as a PDF, drawn by the server: a plain link downloads it with the session cookie. */
export function invoicePdfUrl(id: string): string {
  return `/api/invoices/${encodeURIComponent(id)}/pdf`;
}
