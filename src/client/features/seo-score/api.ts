import type { SeoResponse, SeoSuggestionsInput, SeoSuggestionsResponse } from '@/shared/api/seo-score';
import { apiJson, apiStream, apiUpload, fileForm, InvalidReplyError } from '@/client/lib/api';

export const SEO_PATH = '/api/tools/seo-score-analyzer';

export interface SeoOptions {
  keyphrase?: string;
  title?: string;
  metaDescription?: string;
  slug?: string;
  format?: 'auto' | 'html' | 'markdown';
}

function checked(r: unknown): SeoResponse {
  const body = r as SeoResponse | null;
  if (!body || typeof body.score !== 'number' || !Array.isArray(body.checks)) throw new InvalidReplyError();
  return body;
}

/** Analyses pasted HTML, Markdown or text. */
export async function analyzeText(text: string, options: SeoOptions): Promise<SeoResponse> {
  return checked(await apiJson<SeoResponse>('POST', SEO_PATH, { text, ...options }));
}

/** Has the server fetch a public page and analyse it. */
export async function analyzeUrl(url: string, options: SeoOptions): Promise<SeoResponse> {
  return checked(await apiJson<SeoResponse>('POST', SEO_PATH, { url, ...options }));
}

/** Analyses an uploaded .docx or .pdf (the server extracts its text; the answer's `text` holds it). */
export async function analyzeFile(file: File, options: SeoOptions): Promise<SeoResponse> {
  const { format: _format, ...fields } = options;
  return checked(await apiUpload(SEO_PATH, fileForm(file, { ...fields, format: 'markdown' })));
}

export const SUGGEST_PATH = '/api/tools/seo-score-analyzer/suggestions';

/** Rewrites of the weak parts by the language model; its words stream in through `onDelta`. */
export async function suggestRewrites(payload: SeoSuggestionsInput, onDelta: (text: string) => void, signal?: AbortSignal): Promise<SeoSuggestionsResponse> {
  const r = await apiStream<SeoSuggestionsResponse>(SUGGEST_PATH, payload, onDelta, { signal });
  if (typeof r?.suggestions !== 'string') throw new InvalidReplyError();
  return r;
}
