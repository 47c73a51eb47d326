import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { PublicUser } from '@/shared/api/auth';
import { apiRequest, getQueryFn } from './api';
import { toast } from '@/client/hooks/use-toast';

export const ME_QUERY_KEY = ['/api/auth/me'] as const;

/**
 * The logged-in user, or null for anonymous visitors. Fetched on every page (it is cheap) so the header
 * knows who is there; a 401 or any failure means anonymous. No retry.
 */
export function useCurrentUser(): { user: PublicUser | null; isLoading: boolean } {
  const query = useQuery<{ user: PublicUser } | null>({
    queryKey: ME_QUERY_KEY,
    queryFn: getQueryFn<{ user: PublicUser }>({ on401: 'returnNull' }),
    retry: false,
  });
  return { user: query.data?.user ?? null, isLoading: query.isLoading };
}

/** POST /api/auth/logout, then a full navigation (user: /login, admin: /admin-login); failure shows a toast. */
export function useLogout(area: 'user' | 'admin' = 'user'): () => Promise<void> {
  return useCallback(async () => {
    try {
      await apiRequest('POST', '/api/auth/logout');
      window.location.href = area === 'admin' ? '/admin-login' : '/login';
    } catch {
      toast({
        title: 'Error',
        description: area === 'admin' ? 'Failed to logout. Please try again.' : 'Failed to log out. Please try again.',
        variant: 'destructive',
      });
    }
  }, [area]);
}
