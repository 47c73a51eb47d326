import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '@/shared/settings';
import { apiJson } from '@/client/lib/api';

/** The visitor-facing settings (GET /api/site): site name, support e-mail, maintenance banner, sign-ups, tools turned off. */

export const SITE_API = '/api/site';
export const SITE_KEY = [SITE_API];

export type { SiteInfo };

export function useSiteInfo() {
  return useQuery({
    queryKey: SITE_KEY,
    queryFn: () => apiJson<SiteInfo>('GET', SITE_API),
    // Staff changes reach open pages within a minute, and on every new page load.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

/** The catalogue tools staff turned off (Feature Toggles): menus and lists leave them out. Empty until the settings are known. */
export function useDisabledTools(): ReadonlySet<string> {
  const list = useSiteInfo().data?.disabledTools;
  return useMemo(() => new Set(list ?? []), [list]);
}

/** Whether staff turned this catalogue tool off (Feature Toggles); false until the settings are known. */
export function useToolDisabled(toolId: string | undefined): boolean {
  const q = useSiteInfo();
  return Boolean(toolId && q.data?.disabledTools.includes(toolId));
}

/** Whether sign-ups are open; true until the settings are known (the server refuses anyway when they are not). */
export function useSignupsOpen(): boolean {
  return useSiteInfo().data?.signupsOpen ?? true;
}
