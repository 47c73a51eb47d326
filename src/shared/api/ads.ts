import { z } from 'zod';
import type { AdSlot } from '../ads';

/**
 * Ads contract (GET /api/site/ads, the staff page /admin/ads), shared by server and client.
 *
 * Only visitors without an account and free-plan users see ads; every paid plan and every staff role sees none
 * (/pricing sells Basic as "without ads"). The server decides from the session and the client only renders what
 * it is told. Two slots sit at the bottom of the home page: "Sponsored Content" and "Advertisement".
 */

// zod-free, so the slots on every public page load no schema (src/shared/ads.ts)
export { AD_LOAD_DELAY_MS, AD_MAX_TRIES, AD_RETRY_MS, AD_SLOT_LABELS, AD_SLOTS, planSeesAds, type AdSlot } from '../ads';
/** House ad images: small, raster only (an SVG can carry script), sniffed from their bytes on the server. */
export const HOUSE_AD_IMAGE_MAX_BYTES = 300 * 1024;
export const HOUSE_AD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const HOUSE_AD_MAX = 50;

/** AdSense's loader; `client` is appended. Another AdSense-compatible loader can be set in the network settings. */
export const ADSENSE_SCRIPT_URL = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js';

/** https anywhere; plain http only to this machine (a local proxy, tests). */
export function isAllowedScriptUrl(raw: string): boolean {
  try {
    const u = new URL(raw);
    if (u.username || u.password) return false;
    if (u.protocol === 'https:') return true;
    return u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
  } catch {
    return false;
  }
}

export function isHttpUrl(raw: string): boolean {
  try {
    const u = new URL(raw);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
  } catch {
    return false;
  }
}

const SlotId = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .regex(/^\d{4,20}$/, 'A slot id is the number the ad network gives the ad unit'),
]);

/**
 * The ad network an operator may configure instead of (or beside) house ads: an AdSense-style publisher id and one
 * ad-unit id per slot. Its script is loaded only for visitors who chose "Accept All" in the cookie banner; the CSP
 * allows its hosts only while it is enabled.
 */
export const AdNetworkSettings = z
  .object({
    enabled: z.boolean(),
    clientId: z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^ca-pub-\d{6,20}$/, 'A publisher id looks like ca-pub-1234567890123456'),
    ]),
    slots: z.object({ sponsored: SlotId, advertisement: SlotId }),
    /** Empty: AdSense's own loader. */
    scriptUrl: z.union([
      z.literal(''),
      z.string().trim().max(500, 'At most 500 characters').refine(isAllowedScriptUrl, 'Use an https:// address (http:// only for localhost)'),
    ]),
  })
  .refine((n) => !n.enabled || n.clientId !== '', { path: ['clientId'], message: 'Enter the publisher id, or turn the network off' })
  .refine((n) => !n.enabled || n.slots.sponsored !== '' || n.slots.advertisement !== '', {
    path: ['slots', 'sponsored'],
    message: 'Enter at least one slot id, or turn the network off',
  });
export type AdNetworkSettings = z.infer<typeof AdNetworkSettings>;

export const DEFAULT_AD_NETWORK: AdNetworkSettings = { enabled: false, clientId: '', slots: { sponsored: '', advertisement: '' }, scriptUrl: '' };

/** The loader's address for these settings (the publisher id appended as AdSense expects). */
export function networkScriptUrl(n: Pick<AdNetworkSettings, 'clientId' | 'scriptUrl'>): string {
  const u = new URL(n.scriptUrl || ADSENSE_SCRIPT_URL);
  u.searchParams.set('client', n.clientId);
  return u.toString();
}

/** A house ad as the page shows it. */
export interface PublicHouseAd {
  id: string;
  title: string;
  text: string;
  /** Versioned address of the image (cached for long), or null for a text-only ad. */
  imageUrl: string | null;
  /** Goes through the server, which counts the click and redirects: no tracking cookie, no script. */
  href: string;
  /** The advertiser's host name, shown under the ad so visitors see where it leads. */
  domain: string;
}

export interface PublicAdNetwork {
  clientId: string;
  scriptUrl: string;
  slots: Record<AdSlot, string>;
}

export type SiteAdsResponse = { show: false } | { show: true; houseAds: PublicHouseAd[]; network: PublicAdNetwork | null };

/** A house ad as staff manage it. */
export interface HouseAd {
  id: string;
  title: string;
  text: string;
  linkUrl: string;
  active: boolean;
  /** 1-10: how often it is picked against the other active ads. */
  weight: number;
  image: { type: string; bytes: number; url: string } | null;
  clicks: number;
  createdAt: string;
  updatedAt: string;
}

export interface HouseAdListResponse {
  ads: HouseAd[];
  network: AdNetworkSettings;
}

export interface HouseAdResponse {
  ad: HouseAd;
}

/** An uploaded image, base64 (the whole body stays under the server's 1 MB JSON limit). */
const ImageUpload = z.object({
  type: z.string().max(40),
  data: z
    .string()
    .max(Math.ceil((HOUSE_AD_IMAGE_MAX_BYTES * 4) / 3) + 8, `The image must be at most ${HOUSE_AD_IMAGE_MAX_BYTES / 1024} KB`)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The image is not valid base64'),
});

const AdFields = {
  title: z.string().trim().min(1, 'Give the ad a title').max(80, 'At most 80 characters'),
  text: z.string().trim().max(200, 'At most 200 characters'),
  linkUrl: z.string().trim().max(1000, 'At most 1,000 characters').refine(isHttpUrl, 'Enter an http:// or https:// address'),
  active: z.boolean(),
  weight: z.number().int('Enter a whole number').min(1, 'At least 1').max(10, 'At most 10'),
};

export const HouseAdCreate = z.object({ ...AdFields, image: ImageUpload.nullable().optional() }).strict();
export type HouseAdCreate = z.infer<typeof HouseAdCreate>;

/** A change: any field; `image` null removes the image, absent keeps it. */
export const HouseAdUpdate = z
  .object({
    title: AdFields.title.optional(),
    text: AdFields.text.optional(),
    linkUrl: AdFields.linkUrl.optional(),
    active: AdFields.active.optional(),
    weight: AdFields.weight.optional(),
    image: ImageUpload.nullable().optional(),
  })
  .strict();
export type HouseAdUpdate = z.infer<typeof HouseAdUpdate>;

export const HouseAdParams = z.object({ id: z.uuid({ message: 'No such ad.' }) });
