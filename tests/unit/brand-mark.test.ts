/**
 * The brand mark (src/shared/brand-mark.ts) copies lucide's ShieldCheck paths so the server and the icon script need
 * no React; this pins the copy to the icon the header draws, so an upgrade of lucide-react cannot make them differ.
 */
import { describe, expect, it } from 'vitest';
import { brandShield, brandTileSvg } from '../../src/shared/brand-mark';
import { FAVICON_SVG } from '../../src/server/routes/crawl';

describe('brand mark', () => {
  it("draws exactly lucide's ShieldCheck, the header's icon", async () => {
    // @ts-expect-error lucide-react ships no types for its per-icon modules
    const { __iconNode } = (await import('lucide-react/dist/esm/icons/shield-check.js')) as { __iconNode: [string, { d: string }][] };
    const paths = [...brandShield('white').matchAll(/<path d='([^']+)'\/>/g)].map((m) => m[1]);
    expect(paths).toEqual(__iconNode.map(([, attrs]) => attrs.d));
  });

  it('is the favicon the server sends, a 32-unit rounded tile', () => {
    expect(FAVICON_SVG).toBe(brandTileSvg());
    expect(FAVICON_SVG).toContain("rx='8'");
    expect(brandTileSvg({ rounded: false })).not.toContain('rx=');
  });
});
