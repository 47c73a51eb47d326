import { useQuery } from '@tanstack/react-query';
import { ApiError, apiJson, apiRequest } from '@/client/lib/api';

export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  status: string;
  createdAt: string;
}

export interface DevMailbox {
  transport: string;
  messages: MailMessage[];
}

const MAILBOX = '/api/dev/mailbox';

/** The development outbox, or null where the server has none (404: production). Always fetched fresh. */
export function useDevMailbox() {
  return useQuery({
    queryKey: [MAILBOX],
    staleTime: 0,
    queryFn: async () => {
      try {
        return await apiJson<DevMailbox>('GET', MAILBOX);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}

/** True when this server exposes the development mailbox (never in production). */
export function useDevMailboxAvailable(enabled: boolean): boolean {
  const q = useQuery({
    queryKey: [MAILBOX, 'available'],
    enabled,
    queryFn: () =>
      apiRequest('GET', MAILBOX).then(
        () => true,
        () => false,
      ),
  });
  return q.data === true;
}
