import { useMutation, useQuery } from '@tanstack/react-query';
import type { NewsletterConfirmResponse, NewsletterSubscribeResponse, NewsletterUnsubscribeResponse } from '@/shared/api/newsletter';
import { apiJson } from '@/client/lib/api';

// Type-only imports from the shared contract: the footer is on every page, so zod stays out of the main bundle.

export function useNewsletterSubscribe() {
  return useMutation({
    mutationFn: (email: string) => apiJson<NewsletterSubscribeResponse>('POST', '/api/newsletter/subscribe', { email }),
  });
}

export type NewsletterTokenAction = 'confirm' | 'unsubscribe';

/**
 * Spend an e-mail link's token once. It is a query keyed by the token (not an effect firing a
 * mutation) so React's double mount in development and re-renders never send it twice — a second
 * confirm would answer "already used".
 */
export function useNewsletterToken(action: NewsletterTokenAction, token: string) {
  return useQuery({
    queryKey: ['newsletter', action, token],
    queryFn: () => apiJson<NewsletterConfirmResponse | NewsletterUnsubscribeResponse>('POST', `/api/newsletter/${action}`, { token }),
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
