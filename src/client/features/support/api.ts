import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReportBody, CreateReportResponse } from '@/shared/api/reports';
import type { CreateTicketBody, CreateTicketResponse, MyTicketsResponse, TicketThread } from '@/shared/api/support';
import { apiJson } from '@/client/lib/api';

/** The user's side of support: the Contact form, one's tickets under /account, and reporting a detector result. */

export const SUPPORT_API = '/api/support/tickets';

/** The input of the Contact form (e-mail optional for a logged-in user: the account's address is used). */
export type ContactInput = CreateTicketBody;

export function useCreateTicket() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactInput) => apiJson<CreateTicketResponse>('POST', SUPPORT_API, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: [SUPPORT_API] }),
  });
}

/** The signed-in user's tickets (their own, and visitors' tickets sent from their verified address). */
export function useMyTickets(enabled = true) {
  return useQuery({ queryKey: [SUPPORT_API, 'mine'], queryFn: () => apiJson<MyTicketsResponse>('GET', SUPPORT_API), enabled });
}

export function useMyTicket(id: string | null) {
  return useQuery({
    queryKey: [SUPPORT_API, 'thread', id],
    queryFn: () => apiJson<TicketThread>('GET', `${SUPPORT_API}/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null,
  });
}

/** Answer in one's thread; the ticket is open again. */
export function useReplyToTicket(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiJson<TicketThread>('POST', `${SUPPORT_API}/${encodeURIComponent(id)}/messages`, { body }),
    onSuccess: (thread) => {
      qc.setQueryData([SUPPORT_API, 'thread', id], thread);
      return qc.invalidateQueries({ queryKey: [SUPPORT_API, 'mine'] });
    },
  });
}

/** "Report this result": the detector's feedback loop. */
export function useReportResult() {
  return useMutation({
    mutationFn: (input: Omit<CreateReportBody, 'comment'> & { comment?: string }) => apiJson<CreateReportResponse>('POST', '/api/reports', input),
  });
}
