/**
 * The brand mark: lucide's ShieldCheck (ISC) in white on an indigo rounded square, as the header draws it
 * (src/client/components/layout/Logo.tsx). One definition for the favicon (/favicon.svg), the link-preview cards
 * (src/server/services/og-image.ts) and the installed app's icons (scripts/pwa-icons.ts), so they cannot drift apart.
 */
export const BRAND_INDIGO = '#4f46e5';

// lucide-react 0.500 `shield-check`, drawn in a 24-unit box
const SHIELD_PATHS = [
  'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z',
  'm9 12 2 2 4-4',
];

/** The shield, centred in a 32-unit box and `size` units across (the header: a 20 px icon in a 32 px tile). */
export function brandShield(color: string, size = 20): string {
  const scale = +(size / 24).toFixed(4);
  return (
    `<g transform='translate(16 16) scale(${scale}) translate(-12 -12)' fill='none' stroke='${color}' stroke-width='2' ` +
    `stroke-linecap='round' stroke-linejoin='round'>${SHIELD_PATHS.map((d) => `<path d='${d}'/>`).join('')}</g>`
  );
}

/** The whole tile as an SVG document (32-unit viewBox): rounded as the header shows it, or square to the edges. */
export function brandTileSvg({ rounded = true, size = 20 }: { rounded?: boolean; size?: number } = {}): string {
  return (
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'>` +
    `<rect width='32' height='32'${rounded ? " rx='8'" : ''} fill='${BRAND_INDIGO}'/>${brandShield('white', size)}</svg>`
  );
}
