import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema';
import {
  AD_SLOTS,
  HOUSE_AD_IMAGE_MAX_BYTES,
  HOUSE_AD_MAX,
  networkScriptUrl,
  planSeesAds,
  type AdNetworkSettings,
  type HouseAd,
  type HouseAdCreate,
  type HouseAdUpdate,
  type PublicHouseAd,
  type SiteAdsResponse,
} from '../../shared/api/ads';
import type { PublicUser } from '../../shared/api/auth';
import type { ServerContext } from '../context';
import { AppError } from '../errors';
import { sniffMedia } from './media-type';
import { getSettings, updateSettings, type SettingsActor } from './settings';
import { audit } from './users';

/**
 * House ads and the ad network. House ads are a short staff-managed list, kept in `app_settings` like the other
 * staff-managed settings (no table of their own): `house-ad:<id>` holds the ad (JSON), `house-ad-image:<id>` its
 * image (kept apart so listing ads never reads image bytes), `house-ad-clicks:<id>` its click counter.
 * The network's settings are an ordinary setting (`adNetwork`, services/settings.ts).
 */

const AD = 'house-ad:';
const IMAGE = 'house-ad-image:';
const CLICKS = 'house-ad-clicks:';

interface StoredAd {
  id: string;
  title: string;
  text: string;
  linkUrl: string;
  active: boolean;
  weight: number;
  image: { type: string; bytes: number } | null;
  createdAt: string;
  updatedAt: string;
}

interface StoredImage {
  type: string;
  data: string;
}

const notFound = () => new AppError('not_found', 'This ad does not exist.');

function parseAd(raw: string): StoredAd | null {
  try {
    const v = JSON.parse(raw) as StoredAd;
    return typeof v?.id === 'string' && typeof v.linkUrl === 'string' ? v : null;
  } catch {
    return null;
  }
}

function imageUrl(ad: StoredAd): string | null {
  return ad.image ? `/api/site/ads/${ad.id}/image?v=${Date.parse(ad.updatedAt)}` : null;
}

async function storedAds(db: Db): Promise<StoredAd[]> {
  const rows = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(like(appSettings.key, `${AD}%`));
  return rows
    .map((r) => parseAd(r.value))
    .filter((a): a is StoredAd => a !== null)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

async function storedAd(db: Db, id: string): Promise<StoredAd | null> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, `${AD}${id}`));
  return row ? parseAd(row.value) : null;
}

async function clickCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ key: appSettings.key, value: appSettings.value })
    .from(appSettings)
    .where(
      inArray(
        appSettings.key,
        ids.map((id) => `${CLICKS}${id}`),
      ),
    );
  return new Map(rows.map((r) => [r.key.slice(CLICKS.length), Number(r.value) || 0]));
}

function toHouseAd(ad: StoredAd, clicks: number): HouseAd {
  const url = imageUrl(ad);
  return { ...ad, image: ad.image && url ? { ...ad.image, url } : null, clicks };
}

/** A GIF is not among the media tools' formats; house ads accept it (small animated banners). */
function sniffImage(bytes: Buffer): string | null {
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  const t = sniffMedia(bytes);
  return t && ['image/png', 'image/jpeg', 'image/webp'].includes(t.mime) ? t.mime : null;
}

/** Decode and check an upload: the type comes from the bytes, never from what the browser said. */
function imageOf(upload: { type: string; data: string }): StoredImage & { bytes: number } {
  const bytes = Buffer.from(upload.data, 'base64');
  if (bytes.length === 0) throw new AppError('validation_failed', 'The image is empty.', { image: 'The image is empty.' });
  if (bytes.length > HOUSE_AD_IMAGE_MAX_BYTES) {
    const message = `The image must be at most ${HOUSE_AD_IMAGE_MAX_BYTES / 1024} KB.`;
    throw new AppError('payload_too_large', message, { image: message });
  }
  const type = sniffImage(bytes);
  if (!type) {
    const message = 'Use a PNG, JPEG, WebP or GIF image.';
    throw new AppError('unsupported_media_type', message, { image: message });
  }
  return { type, data: bytes.toString('base64'), bytes: bytes.length };
}

export async function listHouseAds(db: Db): Promise<HouseAd[]> {
  const ads = await storedAds(db);
  const clicks = await clickCounts(
    db,
    ads.map((a) => a.id),
  );
  return ads.map((a) => toHouseAd(a, clicks.get(a.id) ?? 0));
}

async function write(db: Db, ad: StoredAd, image: StoredImage | null | undefined, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const value = JSON.stringify(ad);
    await tx
      .insert(appSettings)
      .values({ key: `${AD}${ad.id}`, value, updatedAt: now })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } });
    if (image === null) await tx.delete(appSettings).where(eq(appSettings.key, `${IMAGE}${ad.id}`));
    else if (image) {
      const imageValue = JSON.stringify(image);
      await tx
        .insert(appSettings)
        .values({ key: `${IMAGE}${ad.id}`, value: imageValue, updatedAt: now })
        .onConflictDoUpdate({ target: appSettings.key, set: { value: imageValue, updatedAt: now } });
    }
  });
}

const auditAd = (ctx: ServerContext, actor: SettingsActor, action: string) =>
  audit(ctx.db, { userId: actor.id, email: actor.email, action, category: 'system', ip: actor.ip });

export async function createHouseAd(ctx: ServerContext, actor: SettingsActor, input: HouseAdCreate): Promise<HouseAd> {
  if ((await storedAds(ctx.db)).length >= HOUSE_AD_MAX)
    throw new AppError('conflict', `There can be at most ${HOUSE_AD_MAX} house ads: delete one you no longer use.`);
  const image = input.image ? imageOf(input.image) : null;
  const now = ctx.now();
  const ad: StoredAd = {
    id: randomUUID(),
    title: input.title,
    text: input.text,
    linkUrl: input.linkUrl,
    active: input.active,
    weight: input.weight,
    image: image ? { type: image.type, bytes: image.bytes } : null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await write(ctx.db, ad, image && { type: image.type, data: image.data }, now);
  await auditAd(ctx, actor, `Created house ad "${ad.title}" (${ad.linkUrl})${ad.active ? '' : ', inactive'}`);
  return toHouseAd(ad, 0);
}

export async function updateHouseAd(ctx: ServerContext, actor: SettingsActor, id: string, patch: HouseAdUpdate): Promise<HouseAd> {
  const current = await storedAd(ctx.db, id);
  if (!current) throw notFound();
  const image = patch.image === undefined ? undefined : patch.image === null ? null : imageOf(patch.image);
  const now = ctx.now();
  const { image: _image, ...fields } = patch;
  const next: StoredAd = {
    ...current,
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
    image: image === undefined ? current.image : image && { type: image.type, bytes: image.bytes },
    updatedAt: now.toISOString(),
  };
  await write(ctx.db, next, image && { type: image.type, data: image.data }, now);
  const changed = (['title', 'text', 'linkUrl', 'active', 'weight'] as const).filter((k) => next[k] !== current[k]);
  if (image !== undefined) changed.push(image ? ('image' as never) : ('image removed' as never));
  await auditAd(ctx, actor, `Changed house ad "${next.title}": ${changed.length ? changed.join(', ') : 'nothing'}`);
  const clicks = await clickCounts(ctx.db, [id]);
  return toHouseAd(next, clicks.get(id) ?? 0);
}

export async function deleteHouseAd(ctx: ServerContext, actor: SettingsActor, id: string): Promise<void> {
  const current = await storedAd(ctx.db, id);
  if (!current) throw notFound();
  await ctx.db.delete(appSettings).where(inArray(appSettings.key, [`${AD}${id}`, `${IMAGE}${id}`, `${CLICKS}${id}`]));
  await auditAd(ctx, actor, `Deleted house ad "${current.title}"`);
}

export async function houseAdImage(db: Db, id: string): Promise<{ type: string; bytes: Buffer } | null> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, `${IMAGE}${id}`));
  if (!row) return null;
  try {
    const img = JSON.parse(row.value) as StoredImage;
    return { type: img.type, bytes: Buffer.from(img.data, 'base64') };
  } catch {
    return null;
  }
}

/** Count a click on an active ad and answer where it leads; null for an unknown or inactive ad. */
export async function clickHouseAd(db: Db, id: string, now: Date): Promise<string | null> {
  const ad = await storedAd(db, id);
  if (!ad?.active) return null;
  // one upsert: concurrent clicks each add one
  await db
    .insert(appSettings)
    .values({ key: `${CLICKS}${id}`, value: '1', updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`((${appSettings.value})::bigint + 1)::text`, updatedAt: now } });
  return ad.linkUrl;
}

export async function saveAdNetwork(ctx: ServerContext, actor: SettingsActor, network: AdNetworkSettings): Promise<AdNetworkSettings> {
  const { settings } = await updateSettings(ctx, actor, { adNetwork: network });
  refreshNetworkCache(settings.adNetwork);
  return settings.adNetwork;
}

/** Weighted random order (Efraimidis-Spirakis): an ad of weight 4 leads about four times as often as one of weight 1. */
function weightedOrder<T extends { weight: number }>(items: T[]): T[] {
  return items
    .map((item) => ({ item, key: Math.random() ** (1 / Math.max(1, item.weight)) }))
    .sort((a, b) => b.key - a.key)
    .map((x) => x.item);
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** What the ad slots show for this session: nothing for paid plans and staff; else up to one house ad per slot and the network. */
export async function adsFor(ctx: ServerContext, user: PublicUser | null): Promise<SiteAdsResponse> {
  if (!planSeesAds(user?.role ?? null)) return { show: false };
  const [ads, settings] = await Promise.all([storedAds(ctx.db), getSettings(ctx.db)]);
  const houseAds: PublicHouseAd[] = weightedOrder(ads.filter((a) => a.active))
    .slice(0, AD_SLOTS.length)
    .map((a) => ({ id: a.id, title: a.title, text: a.text, imageUrl: imageUrl(a), href: `/api/site/ads/${a.id}/click`, domain: hostOf(a.linkUrl) }));
  const n = settings.adNetwork;
  refreshNetworkCache(n);
  const network = n.enabled && n.clientId ? { clientId: n.clientId, scriptUrl: networkScriptUrl(n), slots: { ...n.slots } } : null;
  return { show: true, houseAds, network };
}

// --- Content-Security-Policy ----------------------------------------------------------------------

export interface NetworkCsp {
  script: string[];
  connect: string[];
  img: string[];
  frame: string[];
}

const NO_NETWORK: NetworkCsp = { script: [], connect: [], img: [], frame: [] };

/** The hosts AdSense's loader pulls scripts, frames, images and beacons from (Google's CSP guidance for AdSense). */
const ADSENSE_CSP: NetworkCsp = {
  script: [
    'https://pagead2.googlesyndication.com',
    'https://tpc.googlesyndication.com',
    'https://partner.googleadservices.com',
    'https://adservice.google.com',
  ],
  connect: ['https://pagead2.googlesyndication.com', 'https://*.google.com', 'https://*.doubleclick.net'],
  img: ['https://*.googlesyndication.com', 'https://*.g.doubleclick.net', 'https://*.google.com'],
  frame: ['https://googleads.g.doubleclick.net', 'https://tpc.googlesyndication.com', 'https://*.google.com'],
};

/** What the CSP must add for a network: nothing while it is off. */
export function networkCspOf(n: AdNetworkSettings): NetworkCsp {
  if (!n.enabled || !n.clientId) return NO_NETWORK;
  const origin = new URL(networkScriptUrl(n)).origin;
  if (origin === 'https://pagead2.googlesyndication.com') return ADSENSE_CSP;
  return { script: [origin], connect: [origin], img: [origin], frame: [origin] };
}

/**
 * The CSP is set by helmet, whose directive functions are synchronous: an onRequest hook (csp hook below) reads the
 * setting (cached for two seconds by services/settings.ts) before helmet runs and leaves the answer per request.
 */
let lastNetwork: NetworkCsp = NO_NETWORK;
const perRequest = new WeakMap<IncomingMessage, NetworkCsp>();

function refreshNetworkCache(n: AdNetworkSettings): void {
  lastNetwork = networkCspOf(n);
}

export async function loadNetworkCsp(ctx: ServerContext, raw: IncomingMessage): Promise<void> {
  try {
    refreshNetworkCache((await getSettings(ctx.db)).adNetwork);
  } catch {
    // the database is unreachable: keep the last known policy (the page itself answers 503 anyway)
  }
  perRequest.set(raw, lastNetwork);
}

/** A helmet directive value: the network's sources of one kind for this request ('' when none). */
export function cspSources(kind: keyof NetworkCsp): (req: IncomingMessage) => string {
  return (req) => (perRequest.get(req) ?? NO_NETWORK)[kind].join(' ');
}
