import { useQuery } from '@tanstack/react-query';
import type { SiteClaims } from '@/shared/site-claims';
import { apiJson } from '@/client/lib/api';

/** The home page's marketing figures (GET /api/site/claims): measured by the server, or worded by staff. */
export const SITE_CLAIMS_API = '/api/site/claims';

export function useSiteClaims() {
  return useQuery({
    queryKey: [SITE_CLAIMS_API],
    queryFn: () => apiJson<SiteClaims>('GET', SITE_CLAIMS_API),
    // The server caches the counts for five minutes; refetching sooner would only return the same figures.
    staleTime: 5 * 60_000,
  });
}
