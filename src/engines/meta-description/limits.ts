/**
 * Meta description limits and the pixel-width estimate: plain constants and one pure function with no imports, so
 * the shared contracts and the page use the same figures as the engine.
 */

export const META_MIN_CHARS = 120;
export const META_MAX_CHARS = 158;
/** Desktop search results cut descriptions at about this width. */
export const META_MAX_PIXELS = 920;
export const META_FONT_PX = 13;

/** Arial advance widths in 1/1000 em (metrically the same as Helvetica's AFM widths), ASCII 32–126. */
const ARIAL_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584,
  556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278,
  469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260,
  334, 584,
];

/** Estimated rendered width in pixels of `s` in Arial at `fontPx` (default 13 px, as in desktop search results). */
export function pixelWidth(s: string, fontPx = META_FONT_PX): number {
  let units = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c >= 32 && c <= 126) units += ARIAL_WIDTHS[c - 32]!;
    else if (ch === '…') units += 1000;
    else if (ch === '’' || ch === '‘') units += 222;
    else if (ch === '“' || ch === '”') units += 333;
    else if (ch === '–') units += 556;
    else if (ch === '—') units += 1000;
    // CJK, kana, hangul and emoji are full width
    else if (c >= 0x1100 && (c <= 0x115f || (c >= 0x2e80 && c <= 0xa4cf) || (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) || c >= 0x1f300))
      units += 1000;
    else units += /\p{Lu}/u.test(ch) ? 700 : 556; // accented Latin, Greek, Cyrillic: about an average letter
  }
  return Math.round((units * fontPx) / 1000);
}
