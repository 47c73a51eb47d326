/**
 * External (web) search providers for the plagiarism checker — INTERFACE ONLY.
 *
 * No provider is implemented yet: `configuredWebSearchProviders()` returns an empty list, so every
 * check answers from the local reference library alone and the response's `fallback` is false.
 * There is deliberately no demonstration or fake provider. When one is added (e.g. a search API that
 * returns candidate pages for a few distinctive passages), the route asks each configured provider
 * in turn; if every configured provider fails, the local report is returned with `fallback: true`.
 */

export interface WebSearchHit {
  /** page URL */
  url: string;
  title: string;
  /** text of the page (or the relevant part of it) to align against the submitted text */
  text: string;
}

export interface WebSearchProvider {
  /** stable id, e.g. 'bing', shown in logs */
  readonly id: string;
  /**
   * Candidate pages for the submitted text. Implementations choose their own queries (typically a
   * few rare word sequences of the text), must respect `signal`, and throw on failure/time-out.
   */
  search(text: string, options: { signal: AbortSignal; maxResults: number }): Promise<WebSearchHit[]>;
}

/** The providers configured in the environment. None exists yet (see above). */
export function configuredWebSearchProviders(): WebSearchProvider[] {
  return [];
}
