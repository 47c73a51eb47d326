import { z } from 'zod';
// Platforms and limits are the hashtag engine's plain constants (no imports), like the writing tools' tone lists.
import { PLATFORM_LIMITS, PLATFORMS, type Platform, type PlatformLimits } from '../../engines/hashtags/platforms';
import { META_MAX_CHARS, META_MAX_PIXELS, META_MIN_CHARS } from '../../engines/meta-description/limits';

/** Request and response contracts of the SEO text tools: keyword extractor, hashtag generator, meta description. */
export { PLATFORM_LIMITS, PLATFORMS, META_MAX_CHARS, META_MAX_PIXELS, META_MIN_CHARS, type Platform, type PlatformLimits };

const text = z.string({ message: 'Please enter some text.' }).max(200_000, { message: 'This text is too long.' });

export const KeywordRequest = z.object({
  text,
  /** how many keyphrases (default 20) */
  max: z.coerce.number().int().min(1).max(50).default(20),
  /** true: the language model groups the keyphrases into topics with a search intent (needs a configured model) */
  group: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { message: 'group must be true or false.' }).default(false),
});
export type KeywordInput = z.infer<typeof KeywordRequest>;

export interface KeyphraseDto {
  phrase: string;
  /** stemmed match key */
  key: string;
  /** relative score, 1 for the best */
  score: number;
  frequency: number;
  /** character offset of the first occurrence in the text */
  firstPosition: number;
  /** [start, end) character offsets of the occurrences (at most 100) */
  positions: { start: number; end: number }[];
  words: number;
  kind: 'phrase' | 'verb';
}

export const SEARCH_INTENTS = ['informational', 'navigational', 'commercial', 'transactional'] as const;
export type SearchIntent = (typeof SEARCH_INTENTS)[number];

export interface KeywordGroupDto {
  topic: string;
  intent: SearchIntent;
  /** phrases from `keyphrases`, exactly as listed there */
  keyphrases: string[];
}

export interface KeywordResponse {
  keyphrases: KeyphraseDto[];
  /** topic groups by the language model, present when `group` was asked for */
  groups?: KeywordGroupDto[];
  /** 'offline', or the model's name when it grouped the keyphrases */
  engine: string;
  wordsBefore: number;
  /** the text extracted from the uploaded file (positions refer to it) */
  text?: string;
}

export const HashtagRequest = z.object({
  text,
  platform: z.enum(PLATFORMS).default('instagram'),
  /** how many tags (default the platform's suggestion, capped at its maximum) */
  count: z.coerce.number().int().min(1).max(30).optional(),
  /** 'ai': the language model suggests tags too (checked by the same rules); needs a configured model */
  mode: z.enum(['offline', 'ai']).default('offline'),
});
export type HashtagInput = z.infer<typeof HashtagRequest>;

export interface HashtagDto {
  tag: string;
  words: string[];
  score: number;
  /** who suggested it: the offline engine (from the text's keyphrases) or the language model */
  source: 'offline' | 'model';
}

export interface HashtagResponse {
  platform: Platform;
  hashtags: HashtagDto[];
  limits: PlatformLimits;
  /** 'offline', or the model's name when it suggested tags too */
  engine: string;
  wordsBefore: number;
  text?: string;
}

export const META_MODES = ['extract', 'generate'] as const;
export type MetaMode = (typeof META_MODES)[number];

export const MetaDescriptionRequest = z.object({
  text,
  focus: z.string().max(120, { message: 'The focus keyphrase is too long.' }).optional(),
  /** extract: offline, from the text's own sentences; generate: written by the language model (needs one) */
  mode: z.enum(META_MODES).default('extract'),
});
export type MetaDescriptionInput = z.infer<typeof MetaDescriptionRequest>;

export interface MetaVariantDto {
  text: string;
  source: 'extractive' | 'model';
  length: number;
  /** estimated width in search results (Arial 13 px) */
  pixels: number;
  withinLength: boolean;
  tooShort: boolean;
  tooLong: boolean;
  hasFocus: boolean;
}

export interface MetaDescriptionResponse {
  /** the best variant's text */
  description: string;
  /** the focus keyphrase the variants were checked for (given, or the top extracted keyphrase) */
  focus: string | null;
  variants: MetaVariantDto[];
  /** 'offline' or the language model's name */
  engine: string;
  limits: { minChars: number; maxChars: number; maxPixels: number };
  wordsBefore: number;
  notice?: string;
  text?: string;
}
