import { useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '@/shared/api/search';
import { apiJson } from '@/client/lib/api';

export const SEARCH_API = '/api/search';

/** The site search's tools and posts for `q` (nothing is asked while `q` is empty). */
export function useSiteSearch(q: string) {
  return useQuery({
    queryKey: [SEARCH_API, q],
    queryFn: () => apiJson<SearchResponse>('GET', `${SEARCH_API}?q=${encodeURIComponent(q)}&limit=20`),
    enabled: q.length > 0,
    staleTime: 60_000,
  });
}
