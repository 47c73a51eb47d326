import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/** no polling, no refetch on focus, fresh for 5 minutes, no retries, cache kept 5 minutes. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: 300_000,
      gcTime: 300_000,
      retry: false,
    },
    mutations: {
      retry: false,
    },
  },
});
