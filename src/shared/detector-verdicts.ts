import type { Verdict } from './api/detector';

/** The verdict in words, as the API answers it (`verdictText`) and the result page shows it. */
export const VERDICT_TEXT: Record<Verdict, string> = {
  ai: 'Likely AI-generated',
  human: 'Likely human',
  mixed: 'Mixed: parts look AI-generated',
  uncertain: "Can't tell",
};

/** Shown with every verdict of a text under the engine's minimum length. */
export const SHORT_TEXT_NOTE = 'Add more text for a reliable result';

/** The band a score falls in, in words ("Can't tell" band, and so on), for the answer and the page. */
export function bandOf(score: number, bands: { ai: number; human: number }): 'ai' | 'uncertain' | 'human' {
  return score >= bands.ai ? 'ai' : score <= bands.human ? 'human' : 'uncertain';
}
