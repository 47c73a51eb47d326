import { z } from 'zod';
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

export interface DetectorReading {
  before: number;
  after: number;
  modelVersion: string;
}

/** Every writing tool answers with `output` and the engine that produced it, plus its own named field. */
export interface WritingResponse {
  output: string;
  /** 'offline' or the language model's name. */
  engine: string;
  wordsBefore: number;
  wordsAfter: number;
  /** Set when the language model failed and the offline engine answered instead. */
  notice?: string;
  allowance?: { used: number; limit: number } | null;
  /**
   * Offline humanizer, rewriter and shortener: true when the output was checked with the grammar engine (sentences
   * that gained a grammar issue or a doubled word are given back as written); false when the check failed or took
   * too long, so the text is unchecked.
   */
  grammarChecked?: boolean;
  /** With grammarChecked: how many sentences were reverted to the input's wording. */
  revertedSentences?: number;
  /**
   * Humanizer only: the offline detector's AI probability of the input and of the output, whichever engine rewrote
   * it, so the page can show what the rewrite changed. null for texts too short for a verdict (under 50 words).
   */
  detector?: DetectorReading | null;
  /** The text extracted from the uploaded file, when the input was a file. */
  text?: string;
  [named: string]: unknown;
}
