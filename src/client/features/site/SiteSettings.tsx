import { useEffect } from 'react';
import { Megaphone, PowerOff } from 'lucide-react';
import { applySite, SITE } from '@/client/lib/site';
import { useSiteInfo } from './api';

/** Loads the site settings and applies the name and support e-mail to SITE (lib/site.ts). Renders nothing. */
export function SiteSettingsSync() {
  const { data } = useSiteInfo();
  useEffect(() => {
    if (!data) return;
    const before = SITE.name;
    // The tab title was set with the old name; pages set it again on the next navigation.
    if (applySite({ name: data.siteName, supportEmail: data.supportEmail })) document.title = document.title.split(before).join(data.siteName);
  }, [data]);
  return null;
}

/** The maintenance banner staff turn on in /admin/settings, above every public page. */
export function MaintenanceBanner() {
  const { data } = useSiteInfo();
  const banner = data?.maintenanceBanner;
  if (!banner?.enabled || !banner.text) return null;
  return (
    <div
      role="status"
      data-testid="maintenance-banner"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="mx-auto flex max-w-6xl items-start gap-2 text-sm">
        <Megaphone className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{banner.text}</span>
      </p>
    </div>
  );
}

/** Shown instead of a tool that staff turned off (Feature Toggles). */
export function ToolTurnedOff({ name }: { name: string }) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 lg:py-14">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{name}</h1>
      <div role="alert" data-testid="tool-turned-off" className="mt-8 flex gap-3 rounded-xl border border-border bg-card p-5">
        <PowerOff className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div>
          <p className="font-semibold">This tool is turned off</p>
          <p className="mt-1 text-sm text-muted-foreground">
            The {name} is turned off on this site at the moment. Please try again later, or use another tool.
          </p>
        </div>
      </div>
    </div>
  );
}
