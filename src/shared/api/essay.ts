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
    .max(300, { message: 'Keep the topic under 300 characters; put details in the thesis.' }),
  thesis: z.string().trim().max(600, { message: 'Keep the thesis under 600 characters.' }).default(''),
  type: z.enum(ESSAY_TYPES).default('argumentative'),
  level: z.enum(ESSAY_LEVELS).default('undergraduate'),
  words: z.coerce
    .number({ message: 'The length must be a number of words.' })
    .int({ message: 'The length must be a whole number of words.' })
    .min(ESSAY_MIN_WORDS, { message: `Essays are at least ${ESSAY_MIN_WORDS} words.` })
    .max(ESSAY_MAX_WORDS, { message: `Essays are at most ${ESSAY_MAX_WORDS.toLocaleString('en-US')} words.` })
    .default(1000),
  citationStyle: z.enum(CITATION_STYLES).default('none'),
  sources: z.string().max(6000, { message: 'Keep the sources under 6,000 characters.' }).default(''),
});
export type EssayInput = z.infer<typeof EssayRequest>;

export interface EssayOutlineResponse {
  outline: EssayOutline;
  /** The outline as plain text, labelled as an outline (copy and download). */
  outlineText: string;
  engine: 'offline';
}

/** The offline AI detector's reading of the generated essay. */
export interface EssayDetectorReading {
  /** AI probability, 0–1. */
  score: number;
  modelVersion: string;
}

export interface EssayResponse {
  essay: string;
  /** The language model that wrote it. */
  engine: string;
  words: number;
  /** How many "[citation needed]" markers the model left where a claim needs a source the user did not give. */
  citationsNeeded: number;
  /** null when the essay is too short for a verdict. */
  detector: EssayDetectorReading | null;
  citationStyle: CitationStyle;
}
