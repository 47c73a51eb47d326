import { z } from 'zod';

/** POST /api/tools/content-detector — request and response contract. */
export const DetectRequest = z.object({
  text: z.string({ message: 'Please enter some text to analyze.' }).max(200_000, { message: 'This text is too long.' }),
});

export type Verdict = 'human' | 'mixed' | 'ai' | 'uncertain';

export interface DetectSentence {
  start: number;
  end: number;
  score: number;
  reasons: string[];
}

export interface DetectResponse {
  /** AI probability: the first commercial provider that answered, else the offline engine (with the scorer). */
  ai_score: number;
  score: number;
  humanProbability: number;
  verdict: Verdict;
  /** The verdict in words: "Likely AI-generated", "Likely human", "Mixed: parts look AI-generated" or "Can't tell". */
  verdictText: string;
  /** The band of `bands` the score falls in (a 'mixed' verdict has its score in any band but 'human'). */
  band: 'ai' | 'uncertain' | 'human';
  /** "Add more text for a reliable result" for texts under `bands.minWords` words, else null. */
  note: string | null;
  /** Human-readable lines: AI and human probability with 2 decimals, then the reasons. */
  analysis: string[];
  reasons: string[];
  sentences: DetectSentence[];
  /** 'veritext' (offline engine, alone or with the neural scorer), 'gptzero' or 'sapling'. */
  provider: string;
  /**
   * What produced the score: 'veritext' (the offline engine alone), 'veritext+scorer' (the offline engine combined with
   * the neural scorer of DETECTOR_SCORER_URL) or the provider's name.
   */
  engine: DetectEngine;
  /** The neural scorer's reading when it was used ('veritext+scorer'), else null. */
  scorer?: DetectScorer | null;
  modelVersion: string;
  wordCount: number;
  /**
   * The bands that decided the verdict: a score of at least `ai` reads 'ai', at most `human` reads 'human', anything
   * between is 'uncertain', and a text under `minWords` words is always 'uncertain'. Shown so that a user can see
   * why, say, 95 % is not yet an accusation.
   */
  bands: VerdictBands;
  /** The extracted text, when the input was an uploaded file (offsets refer to it). */
  text?: string;
  /** Anonymous visitors: detections used and allowed this session. */
  allowance: { used: number; limit: number } | null;
  /**
   * Id of the detection log entry written for this result (POST /api/reports reports it as wrong). Absent when the
   * detection was not logged (e.g. a caller outside a tool request).
   */
  detectionId?: string | null;
}

export type DetectEngine = 'veritext' | 'veritext+scorer' | 'gptzero' | 'sapling';

export interface DetectScorer {
  /** The served model that scored the text (DETECTOR_SCORER_MODEL). */
  model: string;
  /** Fast-DetectGPT analytic sampling discrepancy: human text near 0, machine text higher. */
  curvature: number;
  /** AI probability read from the curvature, before it is combined with the engine's score. */
  probability: number;
}

export interface VerdictBands {
  ai: number;
  human: number;
  minWords: number;
}

export function percent(p: number): string {
  return `${(p * 100).toFixed(2)}%`;
}

/** A probability as a whole percent ("95%"), for gauges, chips and tooltips where two decimals are noise. */
export function wholePercent(p: number): string {
  return `${Math.round(p * 100)}%`;
}
