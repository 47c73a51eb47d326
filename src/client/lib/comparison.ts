/** Matching of comparison-page paths: /{c}-alternative, /{c}, /{c}-detector and /vs-{c}-com. */

/** Competitor slugs from whatever the content module exports (strings, or objects with a slug/id). */
export function competitorSlugs(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const v of value) {
    if (typeof v === 'string') out.push(v.toLowerCase());
    else if (v && typeof v === 'object') {
      const o = v as { slug?: unknown; id?: unknown };
      const s = typeof o.slug === 'string' ? o.slug : typeof o.id === 'string' ? o.id : null;
      if (s) out.push(s.toLowerCase());
    }
  }
  return out;
}

export { comparisonCompetitor } from '@/shared/client-routes';
