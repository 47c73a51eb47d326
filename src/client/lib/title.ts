import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { formatTitle as formatPageTitle } from '@/shared/page-meta';
import { SITE } from './site';

/** `${title} | Veritext - Advanced AI Detection & Content Tools`, unless the title already names the brand (the same
 * function the server uses for the page's <title>, src/shared/page-meta.ts). */
export function formatTitle(title: string | undefined | null): string {
  return formatPageTitle(title, SITE.name);
}

/** Set the document title from a page. Route handles set a default title before pages render. */
export function usePageTitle(title: string | undefined | null): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = formatTitle(title);
  }, [title, pathname]);
}
