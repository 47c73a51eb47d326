/**
 * The ad slots and their timing (SPEC), without the zod contract of src/shared/api/ads.ts: the slots are on every
 * public page, which should not build schemas it never uses while it loads.
 */
export const AD_SLOTS = ['sponsored', 'advertisement'] as const;
export type AdSlot = (typeof AD_SLOTS)[number];
export const AD_SLOT_LABELS: Record<AdSlot, string> = { sponsored: 'Sponsored Content', advertisement: 'Advertisement' };

/** Which plans see ads (null: a visitor without an account). */
export function planSeesAds(role: string | null): boolean {
  return role === null || role === 'free';
}

/** SPEC: a network slot is filled 500 ms after it mounts, retried every 100 ms until it has a size. */
export const AD_LOAD_DELAY_MS = 500;
export const AD_RETRY_MS = 100;
/** Give up on a slot that never gets a size (hidden by the layout or an ad blocker) after this many tries. */
export const AD_MAX_TRIES = 50;
