import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { SITE } from './site';

/** `${title} | Veritext - Advanced AI Detection & Content Tools`, unless the title already names the brand. */
export function formatTitle(title: string | undefined | null): string {
  const full = `${SITE.name} - ${SITE.tagline}`;
  if (!title) return full;
  return title.includes(SITE.name) ? title : `${title} | ${full}`;
}

/** Set the document title from a page. Route handles set a default title before pages render. */
export function usePageTitle(title: string | undefined | null): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = formatTitle(title);
  }, [title, pathname]);
}
