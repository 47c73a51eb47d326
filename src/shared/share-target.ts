/**
 * The installed app's Web Share Target (manifest `share_target`, src/server/routes/share-target.ts): the server
 * answers a share with a redirect to the detector whose URL fragment carries the text, which the detector page reads
 * once (useSharedText) and removes.
 */
export const SHARE_TARGET_ACTION = '/share-target';

/** The detector's longest text (src/shared/api/detector.ts). */
export const SHARE_MAX_CHARS = 200_000;
/**
 * The fragment travels in the redirect's Location header, and browsers cap a response's headers (Chromium at 256 KB);
 * 100 KB of encoded text is far over any plan's word limit.
 */
export const SHARE_MAX_ENCODED = 100_000;

export type SharedItem = { text: string; truncated?: boolean } | { error: string };

/** The fragment (without '#') for a shared text, shortened at a word boundary to fit, or for a message. */
export function shareFragment(item: { text: string } | { error: string }): string {
  if ('error' in item) return `share-error=${encodeURIComponent(item.error)}`;
  let text = item.text.slice(0, SHARE_MAX_CHARS);
  let encoded = encodeURIComponent(text);
  let truncated = text.length < item.text.length;
  while (encoded.length > SHARE_MAX_ENCODED) {
    truncated = true;
    // shrink in proportion, then back to the last whitespace so no word (or surrogate pair) is cut
    const keep = Math.floor(text.length * (SHARE_MAX_ENCODED / encoded.length) * 0.98);
    const cut = text.slice(0, keep);
    const space = cut.search(/\s\S*$/);
    text = space > keep / 2 ? cut.slice(0, space) : cut.replace(/[\uD800-\uDBFF]$/, '');
    encoded = encodeURIComponent(text);
  }
  return `shared=${encoded}${truncated ? '&truncated=1' : ''}`;
}

/** Read a fragment made by shareFragment (null when it is not one). */
export function parseShareFragment(hash: string): SharedItem | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.get('share-error');
  if (error !== null) return { error };
  const text = params.get('shared');
  if (text === null) return null;
  return { text: text.slice(0, SHARE_MAX_CHARS), truncated: params.get('truncated') === '1' };
}
