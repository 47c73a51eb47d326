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

/**
 * The sentence bands of a provider's sentence scores, and of results saved before sentences carried a band: SPEC's
 * score colours (above 0.7 red, above 0.4 amber).
 */
export const SCORE_COLOUR_BANDS = { ai: 0.7, human: 0.4 } as const;

/** A sentence score's band on SCORE_COLOUR_BANDS (strictly above each bound, as SPEC words it). */
export function scoreColourBand(score: number): 'ai' | 'uncertain' | 'human' {
  return score > SCORE_COLOUR_BANDS.ai ? 'ai' : score > SCORE_COLOUR_BANDS.human ? 'uncertain' : 'human';
}

/**
 * The tint of a highlighted sentence: its own band where the answer has one (the engine's calibrated sentence
 * bands), else its score on SCORE_COLOUR_BANDS. The page, the result summary and the PDF report all use it.
 */
export function sentenceTone(s: { score: number; band?: 'ai' | 'uncertain' | 'human' }): 'red' | 'amber' | 'green' {
  const band = s.band ?? scoreColourBand(s.score);
  return band === 'ai' ? 'red' : band === 'uncertain' ? 'amber' : 'green';
}
