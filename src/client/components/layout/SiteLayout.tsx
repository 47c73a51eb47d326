import { Suspense } from 'react';
import { Outlet, useMatches } from 'react-router';
import { useCurrentUser } from '@/client/lib/auth';
import { useSite } from '@/client/lib/site';
import { MaintenanceBanner, SiteSettingsSync } from '@/client/features/site/SiteSettings';
import { cn } from '@/client/lib/utils';
import { PageSpinner } from '@/client/components/ui/spinner';
import { HydrateLater } from '@/client/lib/hydration';
import { BottomBar } from './BottomBar';
import { CookieBanner } from './CookieBanner';
import { Footer } from './Footer';
import { Header } from './Header';
import { Sidebar } from './Sidebar';

export interface RouteHandle {
  /** Page title (without the brand suffix), or a function of the route params. */
  title?: string | ((params: Record<string, string | undefined>) => string);
  /** Show the logged-in tools sidebar on this page (user and tool pages). */
  sidebar?: boolean;
}

/** Layout of user pages: header, optional sidebar, content, footer, mobile bottom bar, cookie banner. */
export function SiteLayout() {
  const { user } = useCurrentUser();
  // Re-render the header and footer when the site's name and e-mail arrive from /api/site.
  useSite();
  const matches = useMatches();
  const wantsSidebar = matches.some((m) => (m.handle as RouteHandle | undefined)?.sidebar);
  const showSidebar = Boolean(user) && wantsSidebar;
  const showBottomBar = Boolean(user);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[60] focus:rounded-md focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <SiteSettingsSync />
      <MaintenanceBanner />
      <Header />
      <div className="flex flex-1">
        {showSidebar && user && <Sidebar user={user} />}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          {/* a screen-tall placeholder: the footer stays below the fold until the page arrives (no layout shift) */}
          <Suspense fallback={<PageSpinner className="min-h-screen" />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <div className={cn(showBottomBar && 'pb-14 md:pb-0')}>
        {/* a long list of links, below the fold: hydrated after the page (lib/hydration.ts) */}
        <HydrateLater>
          <Footer />
        </HydrateLater>
      </div>
      {showBottomBar && <BottomBar />}
      <CookieBanner raised={showBottomBar} />
    </div>
  );
}
