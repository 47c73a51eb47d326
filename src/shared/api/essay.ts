import { z } from 'zod';
// The option lists are the outline engine's own constants (plain values, no imports), so the contract accepts exactly
// what the engine implements.
import {
  CITATION_STYLES,
  ESSAY_LEVELS,
  ESSAY_MAX_WORDS,
  ESSAY_MIN_WORDS,
  ESSAY_TYPES,
  type CitationStyle,
  type EssayLevel,
  type EssayOutline,
  type EssayType,
} from '../../engines/essay/outline';
import { ExtractedText } from './tool-answer';

export { CITATION_STYLES, ESSAY_LEVELS, ESSAY_MAX_WORDS, ESSAY_MIN_WORDS, ESSAY_TYPES };
export type { CitationStyle, EssayLevel, EssayOutline, EssayType };

/**
 * The essay writer's request. `text` is the topic (tool routes work on a `text`; it is what the word limit and the
 * allowance count). The outline uses topic, thesis, type, level and length; the full essay also the citation style
 * and the sources the user lists (the only sources the model may cite).
 */
export const EssayRequest = z.object({
  text: z
    .string({ message: 'Please enter a topic.' })
    .trim()
    .min(3, { message: 'Please enter a topic of a few words.' })
    .max(300, { message: 'Keep the topic under 300 characters; put details in the thesis.' })
    .meta({ description: 'The essay topic.', examples: ['Should cities make public transport free?'] }),
  thesis: z.string().trim().max(600, { message: 'Keep the thesis under 600 characters.' }).default('').describe('The claim the essay argues (optional).'),
  type: z.enum(ESSAY_TYPES).default('argumentative'),
  level: z.enum(ESSAY_LEVELS).default('undergraduate'),
  words: z.coerce
    .number({ message: 'The length must be a number of words.' })
    .int({ message: 'The length must be a whole number of words.' })
    .min(ESSAY_MIN_WORDS, { message: `Essays are at least ${ESSAY_MIN_WORDS} words.` })
    .max(ESSAY_MAX_WORDS, { message: `Essays are at most ${ESSAY_MAX_WORDS.toLocaleString('en-US')} words.` })
    .default(1000)
    .describe('Target length in words.'),
  citationStyle: z.enum(CITATION_STYLES).default('none'),
  sources: z
    .string()
    .max(6000, { message: 'Keep the sources under 6,000 characters.' })
    .default('')
    .describe('The sources the essay may cite, one per line: the only sources the model may cite.'),
});
export type EssayInput = z.infer<typeof EssayRequest>;

const OutlineParagraph = z.object({
  label: z.string().describe('What the paragraph is for, e.g. "Reason 2".'),
  words: z.number().int().min(0).describe('Word budget of the paragraph.'),
  guidance: z.array(z.string()).describe('What goes in it, as instructions to the writer.'),
});

const OutlineSection = z.object({
  kind: z.enum(['introduction', 'body', 'counter-argument', 'conclusion', 'references']),
  heading: z.string(),
  role: z.string().describe("The section's job in the essay."),
  words: z.number().int().min(0).describe("Sum of its paragraphs' budgets (0 for the reference list, which is not counted in the length)."),
  paragraphs: z.array(OutlineParagraph),
});

/** The outline engine's result, checked against its own type below. */
const EssayOutlineSchema = z.object({
  kind: z.literal('outline').describe("Always 'outline': this is a plan of an essay, never the essay."),
  title: z.string(),
  topic: z.string(),
  thesis: z.string().nullable(),
  type: z.enum(ESSAY_TYPES),
  level: z.enum(ESSAY_LEVELS),
  citationStyle: z.enum(CITATION_STYLES),
  targetWords: z.number().int(),
  sections: z.array(OutlineSection),
  notes: z.array(z.string()).describe('Advice for the level, the type and the citation style.'),
}) satisfies z.ZodType<EssayOutline>;

export const EssayOutlineResponse = z
  .object({
    outline: EssayOutlineSchema,
    outlineText: z.string().describe('The outline as plain text, labelled as an outline (copy and download).'),
    engine: z.literal('offline'),
    text: ExtractedText,
  })
  .describe('An outline of the essay, built offline: sections, paragraphs, word budgets and what goes in each; never essay prose.');
export type EssayOutlineResponse = z.infer<typeof EssayOutlineResponse>;

/** The offline AI detector's reading of the generated essay. */
export const EssayDetectorReading = z.object({
  score: z.number().min(0).max(1).describe('AI probability, 0–1.'),
  modelVersion: z.string(),
});
export type EssayDetectorReading = z.infer<typeof EssayDetectorReading>;

export const EssayResponse = z.object({
  essay: z.string(),
  engine: z.string().describe('The language model that wrote it.'),
  words: z.number().int().min(0),
  citationsNeeded: z.number().int().min(0).describe('How many "[citation needed]" markers the model left where a claim needs a source the user did not give.'),
  detector: EssayDetectorReading.nullable().describe("The offline AI detector's reading of the essay; null when it is too short for a verdict."),
  citationStyle: z.enum(CITATION_STYLES),
  text: ExtractedText,
});
export type EssayResponse = z.infer<typeof EssayResponse>;
