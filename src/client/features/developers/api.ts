import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/client/lib/api';
import type { ApiDocument } from './openapi-doc';

/** The public API's OpenAPI document, which the /developers page is drawn from (public: no key needed). */
export const OPENAPI_URL = '/api/v1/openapi.json';

export function useOpenApiDocument() {
  return useQuery({
    queryKey: [OPENAPI_URL],
    queryFn: () => apiJson<ApiDocument>('GET', OPENAPI_URL),
    // the document changes only when the server is redeployed or reconfigured
    staleTime: 5 * 60_000,
  });
}
