import type { Band, Verdict } from './api/detector';
import { wholePercent } from './format';

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
export function bandOf(score: number, bands: { ai: number; human: number }): Band {
  return score >= bands.ai ? 'ai' : score <= bands.human ? 'human' : 'uncertain';
}

/**
 * The sentence bands of a provider's sentence scores, and of results saved before sentences carried a band: SPEC's
 * score colours (above 0.7 red, above 0.4 amber).
 */
export const SCORE_COLOUR_BANDS = { ai: 0.7, human: 0.4 } as const;

/** A sentence score's band on SCORE_COLOUR_BANDS (strictly above each bound, as SPEC words it). */
export function scoreColourBand(score: number): Band {
  return score > SCORE_COLOUR_BANDS.ai ? 'ai' : score > SCORE_COLOUR_BANDS.human ? 'uncertain' : 'human';
}

/**
 * The tint of a highlighted sentence: its own band where the answer has one (the engine's calibrated sentence
 * bands), else its score on SCORE_COLOUR_BANDS. The page, the result summary and the PDF report all use it.
 */
export function sentenceTone(s: { score: number; band?: Band }): 'red' | 'amber' | 'green' {
  const band = s.band ?? scoreColourBand(s.score);
  return band === 'ai' ? 'red' : band === 'uncertain' ? 'amber' : 'green';
}

/** A highlight tint in words, on the page's tooltips and legend and in the PDF report. */
export const TONE_LABEL = { red: 'Likely AI', amber: 'Possibly AI', green: 'Likely human' } as const;

/**
 * The legend of the highlights for an answer's `sentenceBands`; without them (a result saved before sentences had a
 * band) the score colours, whose bounds are strict.
 */
export function sentenceLegend(bands?: { ai: number; human: number }): Record<'red' | 'amber' | 'green', string> {
  const b = bands ?? SCORE_COLOUR_BANDS;
  return {
    red: `${TONE_LABEL.red} (${bands ? '≥' : '>'} ${wholePercent(b.ai)})`,
    amber: `${TONE_LABEL.amber} (${wholePercent(b.human)}–${wholePercent(b.ai)})`,
    green: TONE_LABEL.green,
  };
}
