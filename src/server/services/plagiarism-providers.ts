/**
 * Web search providers for the plagiarism checker: a provider turns one query (a distinctive passage of the
 * submitted text) into candidate page URLs. Fetching the pages and aligning them is the same for every provider
 * (services/plagiarism-web.ts), so a provider is only its search API.
 *
 * - SearXNG (`SEARXNG_URL`): a self-hosted metasearch instance, its JSON API.
 * - Brave Search API (`BRAVE_SEARCH_API_KEY`).
 *
 * The search API itself is the operator's choice and address (a SearXNG on the local network is normal), so it is
 * called directly; the pages it names are the web's, and are fetched only through the SSRF guard (safe-fetch.ts).
 */
import type { Env } from '../env';

export interface WebSearchResult {
  url: string;
  title: string;
}

export interface WebSearchProvider {
  /** stable id, e.g. 'searxng', shown in the report and the logs */
  readonly id: string;
  /** the provider's name for people */
  readonly label: string;
  /** Candidate pages for one query; throws on failure or when `signal` fires. */
  search(query: string, options: { signal: AbortSignal; count: number }): Promise<WebSearchResult[]>;
}

export class WebSearchError extends Error {}

const BRAVE_DEFAULT_URL = 'https://api.search.brave.com/res/v1/web/search';

async function getJson(url: URL, headers: Record<string, string>, signal: AbortSignal, who: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json', ...headers }, signal, redirect: 'error' });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new WebSearchError(`${who} did not answer (${(err as Error).message})`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new WebSearchError(`${who} answered HTTP ${res.status}`);
  }
  try {
    return await res.json();
  } catch {
    throw new WebSearchError(`${who} answered something that is not JSON`);
  }
}

/** Results whose URL is a web page address; anything else a provider returns is dropped. */
function webResults(items: unknown, count: number): WebSearchResult[] {
  if (!Array.isArray(items)) return [];
  const out: WebSearchResult[] = [];
  for (const item of items) {
    const { url, title } = (item ?? {}) as { url?: unknown; title?: unknown };
    if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) continue;
    out.push({ url, title: typeof title === 'string' && title.trim() ? title.trim().slice(0, 300) : url });
    if (out.length >= count) break;
  }
  return out;
}

/** SearXNG's JSON API: GET {base}/search?q=…&format=json → {results: [{url, title, content}]}. */
export function searxngProvider(baseUrl: string): WebSearchProvider {
  return {
    id: 'searxng',
    label: 'SearXNG',
    async search(query, { signal, count }) {
      const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
      url.searchParams.set('q', query);
      url.searchParams.set('format', 'json');
      url.searchParams.set('safesearch', '0');
      const body = (await getJson(url, {}, signal, 'SearXNG')) as { results?: unknown };
      return webResults(body?.results, count);
    },
  };
}

/** Brave Search API: GET …/web/search?q=… with X-Subscription-Token → {web: {results: [{url, title}]}}. */
export function braveProvider(apiKey: string, endpoint: string = BRAVE_DEFAULT_URL): WebSearchProvider {
  return {
    id: 'brave',
    label: 'Brave Search',
    async search(query, { signal, count }) {
      const url = new URL(endpoint);
      url.searchParams.set('q', query);
      url.searchParams.set('count', String(Math.min(20, count)));
      const body = (await getJson(url, { 'x-subscription-token': apiKey }, signal, 'Brave Search')) as { web?: { results?: unknown } };
      return webResults(body?.web?.results, count);
    },
  };
}

/** The providers configured in the environment, in the order they are asked. */
export function configuredWebSearchProviders(env: Pick<Env, 'SEARXNG_URL' | 'BRAVE_SEARCH_API_KEY' | 'BRAVE_SEARCH_URL'>): WebSearchProvider[] {
  const out: WebSearchProvider[] = [];
  if (env.SEARXNG_URL) out.push(searxngProvider(env.SEARXNG_URL));
  if (env.BRAVE_SEARCH_API_KEY) out.push(braveProvider(env.BRAVE_SEARCH_API_KEY, env.BRAVE_SEARCH_URL ?? BRAVE_DEFAULT_URL));
  return out;
}
