import { z } from 'zod';

/**
 * Request and response contract of the SEO score analyzer, shared by the route, the engine and the page.
 *
 * Two modes in one request shape: paste (`text` holds the HTML, Markdown or plain text) or URL (`url` is set; the
 * server fetches the page behind its SSRF guard and `text` is ignored). In URL mode an empty `text` is filled with
 * the URL, so the tool route's checks see a non-empty input; the service then checks the fetched page's words
 * against the caller's word limit.
 */
export const SEO_FORMATS = ['auto', 'html', 'markdown'] as const;
export type SeoFormat = (typeof SEO_FORMATS)[number];

const optionalText = (max: number, what: string) =>
  z
    .string()
    .max(max, { message: `The ${what} is too long (at most ${max} characters).` })
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

export const SEO_LIMITS = { keyphrase: 100, title: 300, metaDescription: 1000, slug: 2048, url: 2048 } as const;

export const SeoRequest = z
  .object({
    text: z.string({ message: 'Please enter some text to analyze.' }).max(2_000_000, { message: 'This text is too long.' }).default(''),
    url: z
      .string()
      .max(SEO_LIMITS.url, { message: 'This URL is too long.' })
      .optional()
      .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim())),
    keyphrase: optionalText(SEO_LIMITS.keyphrase, 'focus keyphrase'),
    title: optionalText(SEO_LIMITS.title, 'SEO title'),
    metaDescription: optionalText(SEO_LIMITS.metaDescription, 'meta description'),
    slug: optionalText(SEO_LIMITS.slug, 'slug'),
    format: z.enum(SEO_FORMATS, { message: 'Format must be auto, html or markdown.' }).default('auto'),
  })
  .superRefine((v, ctx) => {
    if (v.url === undefined && v.text.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'Please enter some text to analyze, or a page URL.' });
  })
  // URL mode: the URL stands in for the text until the service has fetched the page (see above)
  .overwrite((v) => (v.url !== undefined ? { ...v, text: v.url } : v));
export type SeoInput = z.infer<typeof SeoRequest>;

export type SeoLight = 'good' | 'ok' | 'problem';
export type SeoGroup = 'seo' | 'readability';

export interface SeoCheck {
  /** stable id, e.g. 'keyphrase_density' */
  id: string;
  group: SeoGroup;
  label: string;
  light: SeoLight;
  /** the measured value, e.g. "2.1 % (7 times in 330 words)" */
  value: string;
  /** what to do about it (for a good light: what is right) */
  fix: string;
}

export interface SeoNotChecked {
  id: string;
  label: string;
  reason: string;
}

export interface SeoReadability {
  words: number;
  sentences: number;
  paragraphs: number;
  syllables: number;
  wordsPerSentence: number;
  fleschReadingEase: number;
  fleschKincaidGrade: number;
  gunningFog: number;
  smog: number;
}

export interface SeoDocumentSummary {
  format: 'html' | 'markdown';
  /** words of the content, headings included (what the density and the text length are measured on) */
  words: number;
  title: string | null;
  titleSource: 'field' | 'html' | 'h1' | 'front-matter' | null;
  titlePixels: number | null;
  metaDescription: string | null;
  slug: string | null;
  h1: number;
  headings: { level: number; text: string }[];
  internalLinks: number;
  externalLinks: number;
  images: number;
  imagesWithAlt: number;
}

export interface SeoReport {
  score: number;
  scores: { seo: number; readability: number };
  keyphrase: string | null;
  checks: SeoCheck[];
  notChecked: SeoNotChecked[];
  readability: SeoReadability;
  document: SeoDocumentSummary;
  /** the page's own words behind the weak checks, so the page can ask the language model to rewrite them */
  excerpts: {
    /** the first paragraph */
    introduction: string | null;
    /** sentences over the length band, longest first */
    longSentences: string[];
    passiveSentences: string[];
  };
}

export interface SeoResponse extends SeoReport {
  engine: 'offline';
  /** URL mode: the page that was analyzed (after redirects) and its size */
  fetched?: { url: string; finalUrl: string; bytes: number; redirects: number };
  /** the text that was analyzed, when it came from an uploaded file */
  text?: string;
}

/**
 * POST /api/tools/seo-score-analyzer/suggestions: rewrites of the weak parts by the language model. `text` holds the
 * weak parts as written on the page (what is metered, and the facts the model may use); the structured fields say
 * what the analyzer found, so the model rewrites exactly those items.
 */
export const SEO_SUGGESTION_LIMITS = { text: 20_000, checks: 40, message: 1500, introduction: 3000, sentences: 10, sentence: 1500 } as const;

const sentenceList = (what: string) =>
  z
    .array(z.string().max(SEO_SUGGESTION_LIMITS.sentence, { message: `A ${what} sentence is too long.` }), { message: `The ${what} sentences must be a list.` })
    .max(SEO_SUGGESTION_LIMITS.sentences, { message: `At most ${SEO_SUGGESTION_LIMITS.sentences} ${what} sentences.` })
    .default([]);

export const SeoSuggestionsRequest = z.object({
  text: z
    .string({ message: 'Please send the text to rewrite.' })
    .trim()
    .min(1, { message: 'Please send the text to rewrite.' })
    .max(SEO_SUGGESTION_LIMITS.text, { message: 'This text is too long.' }),
  keyphrase: optionalText(SEO_LIMITS.keyphrase, 'focus keyphrase'),
  title: optionalText(SEO_LIMITS.title, 'SEO title'),
  metaDescription: optionalText(SEO_LIMITS.metaDescription, 'meta description'),
  /** the weak checks of the report: their ids, lights and messages (value and fix) */
  checks: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z][a-z_]{0,59}$/, { message: 'A check id is not valid.' }),
        light: z.enum(['problem', 'ok'], { message: 'Only weak checks (problem or ok) can be sent.' }),
        message: z.string().max(SEO_SUGGESTION_LIMITS.message, { message: 'A check message is too long.' }),
      }),
      { message: 'The checks must be a list.' },
    )
    .max(SEO_SUGGESTION_LIMITS.checks, { message: `At most ${SEO_SUGGESTION_LIMITS.checks} checks.` })
    .default([]),
  introduction: optionalText(SEO_SUGGESTION_LIMITS.introduction, 'introduction'),
  longSentences: sentenceList('long'),
  passiveSentences: sentenceList('passive'),
});
export type SeoSuggestionsInput = z.infer<typeof SeoSuggestionsRequest>;

export interface SeoMeasuredSuggestion {
  kind: 'title' | 'meta_description';
  text: string;
  chars: number;
  /** the title's width in a search result (null for a meta description) */
  pixels: number | null;
  /** the analyzer's light for this title or description: a suggestion outside the rules is kept and flagged */
  light: SeoLight;
  /** the measured value, as the report writes it */
  value: string;
  note: string;
  hasKeyphrase: boolean | null;
}

export interface SeoSuggestionsResponse {
  suggestions: string;
  /** the suggested title and meta description, measured by the analyzer's rules */
  measured: SeoMeasuredSuggestion[];
  engine: string;
}
