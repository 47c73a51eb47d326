import { z } from 'zod';
// Platforms and limits are the hashtag engine's plain constants (no imports), like the writing tools' tone lists.
import { PLATFORM_LIMITS, PLATFORMS, type Platform, type PlatformLimits } from '../../engines/hashtags/platforms';
import { META_MAX_CHARS, META_MAX_PIXELS, META_MIN_CHARS } from '../../engines/meta-description/limits';
import { ExtractedText } from './tool-answer';

/** Request and response contracts of the SEO text tools: keyword extractor, hashtag generator, meta description. */
export { PLATFORM_LIMITS, PLATFORMS, META_MAX_CHARS, META_MAX_PIXELS, META_MIN_CHARS, type Platform, type PlatformLimits };

const text = z.string({ message: 'Please enter some text.' }).max(200_000, { message: 'This text is too long.' });

export const KeywordRequest = z.object({
  text,
  max: z.coerce.number().int().min(1).max(50).default(20).describe('How many keyphrases.'),
  group: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { message: 'group must be true or false.' })
    .default(false)
    .meta({ description: 'true: the language model groups the keyphrases into topics with a search intent.', 'x-needs-language-model': true }),
});
export type KeywordInput = z.infer<typeof KeywordRequest>;

export const KeyphraseDto = z.object({
  phrase: z.string(),
  key: z.string().describe('Stemmed match key.'),
  score: z.number().describe('Relative score, 1 for the best.'),
  frequency: z.number().int().min(0),
  firstPosition: z.number().int().min(0).describe('Character offset of the first occurrence in the text.'),
  positions: z
    .array(z.object({ start: z.number().int().min(0), end: z.number().int().min(0) }))
    .describe('[start, end) character offsets of the occurrences (at most 100).'),
  words: z.number().int().min(1),
  kind: z.enum(['phrase', 'verb']).describe("'verb' for a single verb (an event word such as \"resigned\"), else 'phrase' (a noun phrase)."),
});
export type KeyphraseDto = z.infer<typeof KeyphraseDto>;

export const SEARCH_INTENTS = ['informational', 'navigational', 'commercial', 'transactional'] as const;
export type SearchIntent = (typeof SEARCH_INTENTS)[number];

export const KeywordGroupDto = z.object({
  topic: z.string(),
  intent: z.enum(SEARCH_INTENTS),
  keyphrases: z.array(z.string()).describe('Phrases from `keyphrases`, exactly as listed there.'),
});
export type KeywordGroupDto = z.infer<typeof KeywordGroupDto>;

export const KeywordResponse = z.object({
  keyphrases: z.array(KeyphraseDto),
  groups: z.array(KeywordGroupDto).optional().describe('Topic groups by the language model, present when `group` was asked for.'),
  engine: z.string().describe("'offline', or the model's name when it grouped the keyphrases."),
  wordsBefore: z.number().int().min(0),
  text: ExtractedText,
});
export type KeywordResponse = z.infer<typeof KeywordResponse>;

export const HashtagRequest = z.object({
  text,
  platform: z.enum(PLATFORMS).default('instagram').describe('The platform the tags are for (its tag limits apply).'),
  count: z.coerce.number().int().min(1).max(30).optional().describe("How many tags (default: the platform's suggestion, capped at its maximum)."),
  mode: z
    .enum(['offline', 'ai'])
    .default('offline')
    .meta({ description: "'ai': the language model suggests tags too (checked by the same rules).", 'x-needs-language-model': 'ai' }),
});
export type HashtagInput = z.infer<typeof HashtagRequest>;

export const HashtagDto = z.object({
  tag: z.string(),
  words: z.array(z.string()),
  score: z.number(),
  source: z.enum(['offline', 'model']).describe("Who suggested it: the offline engine (from the text's keyphrases) or the language model."),
});
export type HashtagDto = z.infer<typeof HashtagDto>;

const PlatformLimitsSchema = z.object({
  label: z.string(),
  maxTags: z.number().int().describe('The most tags the platform allows or that still reads well there.'),
  defaultTags: z.number().int().describe('How many are suggested by default.'),
  maxTagLength: z.number().int().describe("The longest single tag, in characters including '#'."),
  maxTotalChars: z.number().int().describe('The characters all tags together may take (space-separated).'),
  note: z.string(),
}) satisfies z.ZodType<PlatformLimits>;

export const HashtagResponse = z.object({
  platform: z.enum(PLATFORMS),
  hashtags: z.array(HashtagDto),
  limits: PlatformLimitsSchema,
  engine: z.string().describe("'offline', or the model's name when it suggested tags too."),
  wordsBefore: z.number().int().min(0),
  text: ExtractedText,
});
export type HashtagResponse = z.infer<typeof HashtagResponse>;

export const META_MODES = ['extract', 'generate'] as const;
export type MetaMode = (typeof META_MODES)[number];

export const MetaDescriptionRequest = z.object({
  text,
  focus: z.string().max(120, { message: 'The focus keyphrase is too long.' }).optional().describe('The focus keyphrase the description should hold.'),
  mode: z.enum(META_MODES).default('extract').meta({
    description: "extract: offline, from the text's own sentences; generate: written by the language model.",
    'x-needs-language-model': 'generate',
  }),
});
export type MetaDescriptionInput = z.infer<typeof MetaDescriptionRequest>;

export const MetaVariantDto = z.object({
  text: z.string(),
  source: z.enum(['extractive', 'model']),
  length: z.number().int().min(0),
  pixels: z.number().describe('Estimated width in search results (Arial 13 px).'),
  withinLength: z.boolean(),
  tooShort: z.boolean(),
  tooLong: z.boolean(),
  hasFocus: z.boolean(),
});
export type MetaVariantDto = z.infer<typeof MetaVariantDto>;

export const MetaDescriptionResponse = z.object({
  description: z.string().describe("The best variant's text."),
  focus: z.string().nullable().describe('The focus keyphrase the variants were checked for (given, or the top extracted keyphrase).'),
  variants: z.array(MetaVariantDto),
  engine: z.string().describe("'offline' or the language model's name."),
  limits: z.object({ minChars: z.number().int(), maxChars: z.number().int(), maxPixels: z.number().int() }),
  wordsBefore: z.number().int().min(0),
  notice: z.string().optional(),
  text: ExtractedText,
});
export type MetaDescriptionResponse = z.infer<typeof MetaDescriptionResponse>;
