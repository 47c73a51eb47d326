import { useLayoutEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import type { RouteHandle } from '@/client/components/layout/SiteLayout';
import { formatTitle } from './title';

/**
 * Sets document.title from the deepest route handle with a title. A layout effect, so a page's own
 * usePageTitle (a passive effect) still wins.
 */
export function useRouteTitle(): void {
  const matches = useMatches();
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    let title: string | undefined;
    for (const m of matches) {
      const h = m.handle as RouteHandle | undefined;
      if (h?.title !== undefined) title = typeof h.title === 'function' ? h.title(m.params) : h.title;
    }
    document.title = formatTitle(title);
  }, [matches, pathname]);
}
