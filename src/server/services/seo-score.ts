/**
 * The SEO score analyzer: a pasted page, or one fetched by URL behind the SSRF guard (safe-fetch.ts), analysed by the
 * offline engine (src/engines/seo-score) in the engine pool.
 *
 * URL mode: the tool route metered the request on the URL (its input stands in for the text, see the contract), so
 * the word limit is checked here on the words of the fetched page, against the same per-request limit a pasted text
 * meets.
 */
import { measureSuggestions, seoSuggestionsPrompt } from '../../engines/seo-score/prompt';
import type { SeoInput, SeoReport, SeoSuggestionsInput, SeoSuggestionsResponse } from '../../shared/api/seo-score';
import { wordLimitMessage } from '../../shared/limits';
import { runEngine } from '../engine-pool';
import { AppError } from '../errors';
import type { ToolCall } from '../tool-route';
import { getPlan } from './billing';
import { safeFetchHtml } from './safe-fetch';
import { getSettings } from './settings';
import { generateWithModel } from './model-call';
import { callerWordLimit } from './tool-gate';

export interface SeoOutcome {
  report: SeoReport;
  fetched?: { url: string; finalUrl: string; bytes: number; redirects: number };
}

export async function analyzeSeoPage(call: ToolCall<SeoInput>): Promise<SeoOutcome> {
  const { input, signal } = call;
  if (!input.url) {
    const report = await analyze(call, {
      text: input.text,
      format: input.format,
      keyphrase: input.keyphrase,
      title: input.title,
      metaDescription: input.metaDescription,
      slug: input.slug,
    });
    return { report };
  }

  const page = await safeFetchHtml(input.url, { signal });
  const report = await analyze(call, {
    text: page.body,
    format: 'html',
    keyphrase: input.keyphrase,
    title: input.title,
    metaDescription: input.metaDescription,
    slug: input.slug,
    pageUrl: page.finalUrl,
  });
  const words = report.document.words;
  if (words === 0)
    throw new AppError('url_fetch_failed', 'The page was fetched but has no readable text (it may build its content with JavaScript). Paste its HTML instead.');
  const { anonWordLimit } = await getSettings(call.ctx.db);
  const limit = callerWordLimit(call.caller, anonWordLimit);
  if (words > limit) {
    const free = call.caller.user ? null : (await getPlan(call.ctx.db, 'free')).wordLimit;
    const upgrade = call.caller.plan && call.caller.plan.plan !== 'agency' ? ' Upgrade your plan on the Pricing page for longer texts.' : '';
    throw new AppError('word_limit_exceeded', `The page: ${lowerFirst(wordLimitMessage(words, limit, free))}${upgrade}`);
  }
  return { report, fetched: { url: page.url, finalUrl: page.finalUrl, bytes: page.bytes, redirects: page.redirects } };
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

function analyze(call: ToolCall<SeoInput>, args: Parameters<typeof runEngine<'seoScore'>>[1]): Promise<SeoReport> {
  // in the engine pool: a 2 MB page of hostile markup never holds the event loop, and its time is bounded
  return runEngine('seoScore', args, { signal: call.signal, label: 'The SEO analyzer' });
}

/** Rewrites of the weak parts by the language model (toolRoute's `available` refused already when none is configured). */
export async function suggestSeoRewrites(call: ToolCall<SeoSuggestionsInput>): Promise<SeoSuggestionsResponse> {
  const { keyphrase } = call.input;
  const { output, engine } = await generateWithModel(call, seoSuggestionsPrompt(call.input), {
    temperature: 0.4,
    maxTokens: 1500,
    failure: 'The suggestions could not be written',
  });
  return { suggestions: output, measured: measureSuggestions(output, keyphrase), engine };
}
