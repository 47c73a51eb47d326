import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { PublicUser } from '@/shared/api/auth';
import { SIGNED_IN_HINT_COOKIE } from '@/shared/session-hint';
import { apiRequest, getQueryFn } from './api';
import { toast } from '@/client/hooks/use-toast';

export const ME_QUERY_KEY = ['/api/auth/me'] as const;

/** Whether the server marked this browser as maybe signed in (SIGNED_IN_HINT_COOKIE; the session cookie is unreadable). */
export function maySignedIn(): boolean {
  return typeof document !== 'undefined' && document.cookie.split(/;\s*/).includes(`${SIGNED_IN_HINT_COOKIE}=1`);
}

const fetchMe = getQueryFn<{ user: PublicUser }>({ on401: 'returnNull' });

/**
 * The logged-in user, or null for anonymous visitors; a 401 or any failure means anonymous. No retry. On public pages
 * it is asked only when the hint cookie says this browser may be signed in, so a visitor's pages make no call that
 * can only fail; a page behind login (`required`) always asks. A 401 drops a stale hint.
 */
export function useCurrentUser(opts: { required?: boolean } = {}): { user: PublicUser | null; isLoading: boolean } {
  const enabled = opts.required === true || maySignedIn();
  const query = useQuery<{ user: PublicUser } | null>({
    queryKey: ME_QUERY_KEY,
    queryFn: async (ctx) => {
      const me = await fetchMe(ctx);
      if (me === null && maySignedIn()) document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0; samesite=lax`;
      return me;
    },
    retry: false,
    enabled,
  });
  return { user: query.data?.user ?? null, isLoading: enabled && query.isLoading };
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
