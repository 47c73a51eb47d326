/** GET /api/search?q=: the site search over the tool catalogue and the published blog posts (/search). */
import { z } from 'zod';
import { CATEGORY_LABELS, TOOLS, type Tool } from '../catalogue';

export const SEARCH_QUERY_MAX = 100;
export const SEARCH_LIMIT_MAX = 20;

export const SearchQuery = z.object({
  q: z
    .string({ message: 'Type something to search for.' })
    .trim()
    .min(1, 'Type something to search for.')
    .max(SEARCH_QUERY_MAX, `A search is at most ${SEARCH_QUERY_MAX} characters.`),
  limit: z.coerce
    .number({ message: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(SEARCH_LIMIT_MAX, `limit must be at most ${SEARCH_LIMIT_MAX}.`)
    .default(10),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

export interface ToolHit {
  slug: string;
  name: string;
  description: string;
  category: string;
  /** false for a tool listed but not available in this build */
  live: boolean;
}

export interface PostHit {
  slug: string;
  title: string;
  excerpt: string;
  publishedAt: string | null;
}

export interface SearchResponse {
  query: string;
  tools: ToolHit[];
  posts: PostHit[];
}

/** The words of a search, lower-cased (at most 8, so a pasted paragraph stays cheap). */
export function searchTerms(q: string): string[] {
  return q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
}

/**
 * Tools whose name, description or category holds every word of the search; name matches first, live tools before
 * the ones not available yet.
 */
export function searchTools(q: string, limit: number, exclude: ReadonlySet<string> = new Set()): ToolHit[] {
  const terms = searchTerms(q);
  if (terms.length === 0) return [];
  const scored: { tool: Tool; score: number }[] = [];
  for (const tool of TOOLS) {
    if (exclude.has(tool.id)) continue;
    const name = tool.name.toLowerCase();
    const text = `${name} ${tool.description.toLowerCase()} ${CATEGORY_LABELS[tool.category].toLowerCase()} ${tool.slug} ${tool.aliases.join(' ')}`;
    if (!terms.every((t) => text.includes(t))) continue;
    const inName = terms.filter((t) => name.includes(t)).length;
    const live = tool.live && !tool.comingSoon;
    scored.push({ tool, score: inName * 10 + (name.startsWith(terms[0]!) ? 5 : 0) + (live ? 3 : 0) });
  }
  return scored
    .sort((a, b) => b.score - a.score || a.tool.name.localeCompare(b.tool.name))
    .slice(0, limit)
    .map(({ tool }) => ({
      slug: tool.slug,
      name: tool.name,
      description: tool.description,
      category: CATEGORY_LABELS[tool.category],
      live: tool.live && !tool.comingSoon,
    }));
}
