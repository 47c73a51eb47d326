import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdNetworkSettings, HouseAd, HouseAdCreate, HouseAdListResponse, HouseAdResponse, HouseAdUpdate, SiteAdsResponse } from '@/shared/api/ads';
import { apiJson, apiRequest } from '@/client/lib/api';
import { useCurrentUser } from '@/client/lib/auth';

/** The ad slots' data (GET /api/site/ads) and the staff page's (/api/admin/ads). */

export const SITE_ADS_API = '/api/site/ads';
export const ADMIN_ADS_API = '/api/admin/ads';

/**
 * What the slots show for this session; the server decides by plan. Asked once the session is known (keyed by the
 * user, so logging in or out asks again); undefined until then, so a server render and the first client render
 * show no slot.
 */
export function useSiteAds() {
  const { user, isLoading } = useCurrentUser();
  return useQuery({
    queryKey: [SITE_ADS_API, user?.id ?? null, user?.role ?? null],
    queryFn: () => apiJson<SiteAdsResponse>('GET', SITE_ADS_API),
    enabled: !isLoading,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useAdminAds() {
  return useQuery({ queryKey: [ADMIN_ADS_API], queryFn: () => apiJson<HouseAdListResponse>('GET', ADMIN_ADS_API) });
}

function useAdsMutation<T, V>(mutationFn: (vars: V) => Promise<T>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: [ADMIN_ADS_API] }), qc.invalidateQueries({ queryKey: [SITE_ADS_API] })]);
    },
  });
}

/** Create (id null) or change a house ad. */
export function useSaveHouseAd() {
  return useAdsMutation(
    async ({ id, body }: { id: string | null; body: HouseAdCreate | HouseAdUpdate }) =>
      (await apiJson<HouseAdResponse>(id ? 'PATCH' : 'POST', id ? `${ADMIN_ADS_API}/${id}` : ADMIN_ADS_API, body)).ad,
  );
}

export function useToggleHouseAd() {
  return useAdsMutation(async (ad: HouseAd) => (await apiJson<HouseAdResponse>('PATCH', `${ADMIN_ADS_API}/${ad.id}`, { active: !ad.active })).ad);
}

export function useDeleteHouseAd() {
  return useAdsMutation((ad: HouseAd) => apiRequest('DELETE', `${ADMIN_ADS_API}/${ad.id}`));
}

export function useSaveAdNetwork() {
  return useAdsMutation(
    async (network: AdNetworkSettings) => (await apiJson<{ network: AdNetworkSettings }>('PUT', `${ADMIN_ADS_API}/network`, network)).network,
  );
}

/** A picked file as the API takes it: its bytes in base64 (the server checks the type from the bytes). */
export function fileToUpload(file: File): Promise<{ type: string; data: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve({ type: file.type, data: url.slice(url.indexOf(',') + 1) });
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
