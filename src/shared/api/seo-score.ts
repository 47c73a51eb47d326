import { z } from 'zod';
import { ExtractedText } from './tool-answer';

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
    text: z
      .string({ message: 'Please enter some text to analyze.' })
      .max(2_000_000, { message: 'This text is too long.' })
      .default('')
      .describe("The page's HTML, Markdown or plain text (ignored when `url` is given)."),
    url: z
      .string()
      .max(SEO_LIMITS.url, { message: 'This URL is too long.' })
      .optional()
      .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()))
      .describe('A public http(s) page to fetch and analyze instead of `text`.'),
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

export const SEO_LIGHTS = ['good', 'ok', 'problem'] as const;
export type SeoLight = (typeof SEO_LIGHTS)[number];
export type SeoGroup = 'seo' | 'readability';

export const SeoCheck = z.object({
  id: z.string().describe("Stable id, e.g. 'keyphrase_density'."),
  group: z.enum(['seo', 'readability']),
  label: z.string(),
  light: z.enum(SEO_LIGHTS),
  value: z.string().describe('The measured value, e.g. "2.1 % (7 times in 330 words)".'),
  fix: z.string().describe('What to do about it (for a good light: what is right).'),
});
export type SeoCheck = z.infer<typeof SeoCheck>;

export const SeoNotChecked = z.object({ id: z.string(), label: z.string(), reason: z.string() });
export type SeoNotChecked = z.infer<typeof SeoNotChecked>;

export const SeoReadability = z.object({
  words: z.number().int().min(0),
  sentences: z.number().int().min(0),
  paragraphs: z.number().int().min(0),
  syllables: z.number().int().min(0),
  wordsPerSentence: z.number(),
  fleschReadingEase: z.number(),
  fleschKincaidGrade: z.number(),
  gunningFog: z.number(),
  smog: z.number(),
});
export type SeoReadability = z.infer<typeof SeoReadability>;

export const SeoDocumentSummary = z.object({
  format: z.enum(['html', 'markdown']),
  words: z.number().int().min(0).describe('Words of the content, headings included (what the density and the text length are measured on).'),
  title: z.string().nullable(),
  titleSource: z.enum(['field', 'html', 'h1', 'front-matter']).nullable(),
  titlePixels: z.number().nullable(),
  metaDescription: z.string().nullable(),
  slug: z.string().nullable(),
  h1: z.number().int().min(0),
  headings: z.array(z.object({ level: z.number().int(), text: z.string() })),
  internalLinks: z.number().int().min(0),
  externalLinks: z.number().int().min(0),
  images: z.number().int().min(0),
  imagesWithAlt: z.number().int().min(0),
});
export type SeoDocumentSummary = z.infer<typeof SeoDocumentSummary>;

export const SeoReport = z.object({
  score: z.number().min(0).max(100),
  scores: z.object({ seo: z.number(), readability: z.number() }),
  keyphrase: z.string().nullable(),
  checks: z.array(SeoCheck),
  notChecked: z.array(SeoNotChecked),
  readability: SeoReadability,
  document: SeoDocumentSummary,
  excerpts: z
    .object({
      introduction: z.string().nullable().describe('The first paragraph.'),
      longSentences: z.array(z.string()).describe('Sentences over the length band, longest first.'),
      passiveSentences: z.array(z.string()),
    })
    .describe("The page's own words behind the weak checks, so the language model can be asked to rewrite them."),
});
export type SeoReport = z.infer<typeof SeoReport>;

export const SeoResponse = SeoReport.extend({
  engine: z.literal('offline'),
  fetched: z
    .object({ url: z.string(), finalUrl: z.string(), bytes: z.number().int().min(0), redirects: z.number().int().min(0) })
    .optional()
    .describe('URL mode: the page that was analyzed (after redirects) and its size.'),
  text: ExtractedText,
});
export type SeoResponse = z.infer<typeof SeoResponse>;

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

export const SeoMeasuredSuggestion = z.object({
  kind: z.enum(['title', 'meta_description']),
  text: z.string(),
  chars: z.number().int().min(0),
  pixels: z.number().nullable().describe("The title's width in a search result (null for a meta description)."),
  light: z.enum(SEO_LIGHTS).describe("The analyzer's light for this title or description: a suggestion outside the rules is kept and flagged."),
  value: z.string().describe('The measured value, as the report writes it.'),
  note: z.string(),
  hasKeyphrase: z.boolean().nullable(),
});
export type SeoMeasuredSuggestion = z.infer<typeof SeoMeasuredSuggestion>;

export const SeoSuggestionsResponse = z
  .object({
    suggestions: z.string(),
    measured: z.array(SeoMeasuredSuggestion).describe("The suggested title and meta description, measured by the analyzer's rules."),
    engine: z.string(),
    text: ExtractedText,
  })
  .describe("The language model's rewrites of the page's weak parts, with the suggested title and meta description measured by the analyzer's rules.");
export type SeoSuggestionsResponse = z.infer<typeof SeoSuggestionsResponse>;
