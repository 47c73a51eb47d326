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
  /** AI probability of the first provider that answered (SPEC §5). */
  ai_score: number;
  score: number;
  humanProbability: number;
  verdict: Verdict;
  /** Human-readable lines: AI and human probability with 2 decimals, then the reasons. */
  analysis: string[];
  reasons: string[];
  sentences: DetectSentence[];
  /** 'veritext' (offline engine), 'gptzero' or 'sapling'. */
  provider: string;
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
