import { useEffect, useRef } from 'react';
import { ExternalLink } from 'lucide-react';
import { AD_LOAD_DELAY_MS, AD_MAX_TRIES, AD_RETRY_MS, AD_SLOTS, AD_SLOT_LABELS, type AdSlot } from '@/shared/ads';
import type { PublicAdNetwork, PublicHouseAd } from '@/shared/api/ads';
import { useCookieConsent } from '@/client/lib/consent';
import { cn } from '@/client/lib/utils';
import { useSiteAds } from './api';

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

/** The network's loader, added once per page load and only after the visitor accepted optional cookies. */
let loaderAdded = false;
function addLoader(src: string): void {
  if (loaderAdded) return;
  loaderAdded = true;
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.crossOrigin = 'anonymous';
  script.dataset.adNetwork = 'true';
  document.head.appendChild(script);
}

/** One network ad unit: filled 500 ms after it mounts, retried every 100 ms until the slot has a size (SPEC). */
function NetworkUnit({ network, slotId }: { network: PublicAdNetwork; slotId: string }) {
  const ref = useRef<HTMLModElement>(null);
  useEffect(() => {
    addLoader(network.scriptUrl);
    let tries = 0;
    let timer = window.setTimeout(function fill() {
      const el = ref.current;
      if (!el) return;
      if (el.offsetWidth > 0) {
        // the loader reads this queue whether it arrived before or after the push
        (window.adsbygoogle = window.adsbygoogle ?? []).push({});
        return;
      }
      if (++tries < AD_MAX_TRIES) timer = window.setTimeout(fill, AD_RETRY_MS);
    }, AD_LOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [network.scriptUrl]);
  return (
    <ins
      ref={ref}
      className="adsbygoogle block min-h-[120px] w-full"
      data-ad-client={network.clientId}
      data-ad-slot={slotId}
      data-ad-format="auto"
      data-full-width-responsive="true"
    />
  );
}

function HouseAdCard({ ad }: { ad: PublicHouseAd }) {
  return (
    <a
      href={ad.href}
      target="_blank"
      // "sponsored" tells search engines it is paid; the visitor leaves with no referrer of this page
      rel="sponsored noopener noreferrer"
      className="group flex flex-col gap-4 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600 sm:flex-row sm:items-center"
    >
      {ad.imageUrl && <img src={ad.imageUrl} alt="" loading="lazy" className="aspect-[16/9] w-full shrink-0 rounded-lg bg-slate-100 object-cover sm:w-40" />}
      <span className="flex min-w-0 flex-col gap-1">
        <span className="text-base font-semibold text-slate-900 group-hover:text-indigo-700 [overflow-wrap:anywhere]">{ad.title}</span>
        {ad.text && <span className="text-sm leading-relaxed text-slate-600 [overflow-wrap:anywhere]">{ad.text}</span>}
        <span className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-slate-500">
          {ad.domain}
          <ExternalLink className="h-3 w-3" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </span>
      </span>
    </a>
  );
}

type Filled = { slot: AdSlot; kind: 'network'; slotId: string } | { slot: AdSlot; kind: 'house'; ad: PublicHouseAd };

/**
 * The two ad blocks ("Sponsored Content", "Advertisement") for visitors and free users; nothing for other plans, and
 * nothing until GET /api/site/ads answers (so a server-rendered page has no slot). The network fills a slot only
 * after "Accept All"; otherwise, or where the network has no unit for the slot, a house ad does. An empty slot is
 * left out rather than shown as an empty box.
 */
export function AdSlots({ className, narrow = false }: { className?: string; /** a tool page's width rather than the home page's */ narrow?: boolean }) {
  const ads = useSiteAds();
  const consent = useCookieConsent();
  const data = ads.data;
  if (!data?.show) return null;

  const useNetwork = data.network !== null && consent === 'true';
  let house = 0;
  const filled: Filled[] = [];
  for (const slot of AD_SLOTS) {
    const slotId = useNetwork ? data.network?.slots[slot] : '';
    if (slotId) filled.push({ slot, kind: 'network', slotId });
    else if (data.houseAds[house]) filled.push({ slot, kind: 'house', ad: data.houseAds[house++] });
  }
  if (filled.length === 0) return null;

  return (
    <section aria-label="Advertisements" data-testid="ad-slots" className={cn('py-10', className)}>
      <div className={cn('mx-auto grid w-full gap-4 px-4 md:grid-cols-2', narrow ? 'max-w-4xl' : 'max-w-7xl sm:px-6')}>
        {filled.map((f) => (
          <aside
            key={f.slot}
            aria-label={AD_SLOT_LABELS[f.slot]}
            data-testid={`ad-slot-${f.slot}`}
            className={cn('rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5', filled.length === 1 && 'md:col-span-2')}
          >
            <p className="mb-3 flex items-center gap-2 text-[11px] font-semibold uppercase tracking-wider text-slate-500">
              <span className="rounded bg-slate-100 px-1.5 py-0.5">{AD_SLOT_LABELS[f.slot]}</span>
            </p>
            {f.kind === 'network' && data.network ? <NetworkUnit network={data.network} slotId={f.slotId} /> : f.kind === 'house' && <HouseAdCard ad={f.ad} />}
          </aside>
        ))}
      </div>
    </section>
  );
}
