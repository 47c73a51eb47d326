import { z } from 'zod';
import { Allowance, ExtractedText } from './tool-answer';

/** POST /api/tools/content-detector — request and response contract. */
export const DetectRequest = z.object({
  text: z.string({ message: 'Please enter some text to analyze.' }).max(200_000, { message: 'This text is too long.' }),
});

export const VERDICTS = ['human', 'mixed', 'ai', 'uncertain'] as const;
/** Where a score falls on a pair of bands (a document's `bands`, a sentence's `sentenceBands`). */
export const BANDS = ['ai', 'uncertain', 'human'] as const;
export type Band = (typeof BANDS)[number];
export const Verdict = z.enum(VERDICTS);
export type Verdict = z.infer<typeof Verdict>;

export const DetectSentence = z.object({
  /** UTF-16 offsets into the text */
  start: z.number().int().min(0).describe('UTF-16 offset of the sentence in the text (JavaScript string index).'),
  end: z.number().int().min(0),
  score: z.number().min(0).max(1).describe("The sentence's AI probability, 0–1."),
  band: z.enum(BANDS).describe("The sentence's band on `sentenceBands`: 'ai' sentences are the AI-looking ones the page highlights in red."),
  reasons: z.array(z.string()).describe('Why the sentence reads as AI-generated or human, in plain words.'),
});
export type DetectSentence = z.infer<typeof DetectSentence>;

export const DetectEngine = z
  .enum(['veritext', 'veritext+scorer', 'gptzero', 'sapling'])
  .describe(
    "What produced the score: 'veritext' (the offline engine alone), 'veritext+scorer' (the offline engine combined with the neural scorer of DETECTOR_SCORER_URL) or the provider's name.",
  );
export type DetectEngine = z.infer<typeof DetectEngine>;

export const DetectScorer = z.object({
  model: z.string().describe('The served model that scored the text (DETECTOR_SCORER_MODEL).'),
  curvature: z.number().describe('Fast-DetectGPT analytic sampling discrepancy: human text near 0, machine text higher.'),
  probability: z.number().min(0).max(1).describe("AI probability read from the curvature, before it is combined with the engine's score."),
});
export type DetectScorer = z.infer<typeof DetectScorer>;

/**
 * The bands that decided the verdict: a score of at least `ai` reads 'ai', at most `human` reads 'human', anything
 * between is 'uncertain', and a text under `minWords` words is always 'uncertain'. Shown so that a user can see why,
 * say, 95 % is not yet an accusation.
 */
export const VerdictBands = z
  .object({ ai: z.number(), human: z.number(), minWords: z.number().int() })
  .describe(
    "The bands that decided the verdict: a score of at least `ai` reads 'ai', at most `human` reads 'human', anything between is 'uncertain', and a text under `minWords` words is always 'uncertain'.",
  );
export type VerdictBands = z.infer<typeof VerdictBands>;

export const DetectResponse = z.object({
  ai_score: z.number().min(0).max(1).describe('AI probability, 0–1: the first commercial provider that answered, else the offline engine (with the scorer).'),
  score: z.number().min(0).max(1).describe('The same AI probability as ai_score.'),
  humanProbability: z.number().min(0).max(1),
  verdict: Verdict,
  verdictText: z.string().describe('The verdict in words: "Likely AI-generated", "Likely human", "Mixed: parts look AI-generated" or "Can\'t tell".'),
  band: z.enum(BANDS).describe("The band of `bands` the score falls in (a 'mixed' verdict has its score in any band but 'human')."),
  note: z.string().nullable().describe('"Add more text for a reliable result" for texts under `bands.minWords` words, else null.'),
  analysis: z.array(z.string()).describe('Human-readable lines: AI and human probability with 2 decimals, then the reasons.'),
  reasons: z.array(z.string()),
  sentences: z.array(DetectSentence),
  provider: z.string().describe("'veritext' (offline engine, alone or with the neural scorer), 'gptzero' or 'sapling'."),
  engine: DetectEngine,
  scorer: DetectScorer.nullable().optional().describe("The neural scorer's reading when it was used ('veritext+scorer'), else null."),
  modelVersion: z.string(),
  wordCount: z.number().int().min(0),
  bands: VerdictBands,
  sentenceBands: z
    .object({ ai: z.number(), human: z.number() })
    .describe(
      "The bands of the sentences' scores: at least `ai` reads 'ai', at most `human` reads 'human'. The engine's are calibrated on its own (they decide a 'mixed' verdict); a provider's sentence scores are read on 0.7 and 0.4.",
    ),
  text: ExtractedText,
  allowance: Allowance,
  detectionId: z
    .string()
    .nullable()
    .optional()
    .describe('Id of the detection log entry written for this result (POST /api/reports reports it as wrong); absent when the detection was not logged.'),
});
export type DetectResponse = z.infer<typeof DetectResponse>;

// zod-free, so the pages that only show a score build no schema (src/shared/format.ts)
export { percent, wholePercent } from '../format';
