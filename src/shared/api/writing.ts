import { z } from 'zod';
import { Allowance, ExtractedText } from './tool-answer';
// The style and tone lists are defined by the engines that implement them (a plain constant with no imports):
// the enums below accept exactly what the humanizer and rewriter implement.
import { HUMANIZER_STYLES, REWRITER_TONES as TONES } from '../../engines/styles';

/** Request contracts of the writing tools, shared by routes and pages. */
export { HUMANIZER_STYLES, TONES };
export const SUMMARY_LENGTHS = ['short', 'medium', 'long'] as const;
export const SUMMARY_FORMATS = ['paragraph', 'bullets'] as const;

const text = z.string({ message: 'Please enter some text.' }).max(200_000, { message: 'This text is too long.' });

export const HumanizeRequest = z.object({ text, style: z.enum(HUMANIZER_STYLES).default('casual') });
export const RewriteRequest = z.object({ text, tone: z.enum(TONES).default('professional') });
export const SummarizeRequest = z.object({
  text,
  length: z.enum(SUMMARY_LENGTHS).default('medium'),
  format: z.enum(SUMMARY_FORMATS).default('paragraph'),
});
export const ExpandRequest = z.object({ text, tone: z.enum(TONES).default('professional') });
export const ShortenRequest = z.object({ text });

export type HumanizeInput = z.infer<typeof HumanizeRequest>;
export type RewriteInput = z.infer<typeof RewriteRequest>;
export type SummarizeInput = z.infer<typeof SummarizeRequest>;
export type ExpandInput = z.infer<typeof ExpandRequest>;
export type ShortenInput = z.infer<typeof ShortenRequest>;

export const DetectorReading = z
  .object({
    before: z.number().min(0).max(1),
    after: z.number().min(0).max(1),
    modelVersion: z.string(),
  })
  .describe("The offline detector's AI probability of the input (before) and of the output (after).");
export type DetectorReading = z.infer<typeof DetectorReading>;

/** Every writing tool answers with `output` and the engine that produced it, plus its own named field. */
const WritingAnswer = z.object({
  output: z.string(),
  engine: z.string().describe("'offline' or the language model's name."),
  wordsBefore: z.number().int().min(0),
  wordsAfter: z.number().int().min(0),
  notice: z.string().optional().describe('Set when the language model failed and the offline engine answered instead.'),
  allowance: Allowance.optional(),
  text: ExtractedText,
});

/**
 * Offline humanizer, rewriter and shortener: whether the output was checked with the grammar engine (sentences that
 * gained a grammar issue or a doubled word are given back as written).
 */
const grammarGuard = {
  grammarChecked: z
    .boolean()
    .optional()
    .describe(
      'Offline engine: true when the output was checked with the grammar engine (sentences that gained a grammar issue are given back as written); false when the check failed or took too long.',
    ),
  revertedSentences: z.number().int().min(0).optional().describe("With grammarChecked: how many sentences were reverted to the input's wording."),
};

/** Each tool's answer: the shared fields, its own named field (older clients read it) and its extras. */
export const HumanizeResponse = WritingAnswer.extend({
  humanized_text: z.string().describe('The same as output.'),
  ...grammarGuard,
  detector: DetectorReading.nullable()
    .optional()
    .describe("The offline detector's AI probability of the input and of the output, whichever engine rewrote it; null for texts under 50 words."),
});
export const RewriteResponse = WritingAnswer.extend({ rewritten_text: z.string().describe('The same as output.'), ...grammarGuard });
export const SummarizeResponse = WritingAnswer.extend({
  summary: z.string().describe('The same as output.'),
  sentences: z
    .array(z.object({ start: z.number().int().min(0), end: z.number().int().min(0), score: z.number() }))
    .optional()
    .describe('Offline engine: the input sentences the summary is made of (UTF-16 offsets into the text) and their scores.'),
});
export const ShortenResponse = WritingAnswer.extend({ shortened_text: z.string().describe('The same as output.'), ...grammarGuard });
export const ExpandResponse = WritingAnswer.extend({ expanded_text: z.string().describe('The same as output.') });

/** What the page reads of any writing tool's answer: the shared fields, every tool's extras, and the named field by name. */
export const WritingResponse = WritingAnswer.extend({
  ...grammarGuard,
  detector: HumanizeResponse.shape.detector,
}).catchall(z.unknown());
export type WritingResponse = z.infer<typeof WritingResponse>;
