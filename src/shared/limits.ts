/** Anonymous and per-request limits and their messages. The server enforces them; the UI mirrors them. */
export const ANON_WORD_LIMIT = 500;
/** The default free plan's words per request (src/shared/plans.ts); staff may change the plan's terms. */
export const USER_WORD_LIMIT = 2000;
export const ANON_DETECTIONS = 5;
export const ANON_HUMANIZATIONS = 2;

export const LIMIT_MESSAGES = {
  detect: {
    title: 'Detection Limit Reached',
    message: `Free users are limited to ${ANON_DETECTIONS} detections. Please sign up for a Pro account to continue.`,
  },
  humanize: {
    title: 'Generation Limit Reached',
    message: `Free users are limited to ${ANON_HUMANIZATIONS} humanizations. Please sign up for a Pro account to continue.`,
  },
} as const;

export type AnonAllowance = keyof typeof LIMIT_MESSAGES;
export const ANON_LIMITS: Record<AnonAllowance, number> = { detect: ANON_DETECTIONS, humanize: ANON_HUMANIZATIONS };

/**
 * Word count of the word limits: whitespace-separated runs, the same number in the UI counter and on the server.
 * It lives with the other text primitives (words.ts is dependency-free, so the client bundle may import it).
 */
export { countWhitespaceWords as countWords } from '../engines/text/words';

/**
 * The word-limit refusal. For a visitor, `signUpWordLimit` is what a free account gets now (the free
 * plan's current terms, which staff may edit), so the promise made here is the one the server keeps;
 * null for logged-in callers.
 */
export function wordLimitMessage(words: number, limit: number, signUpWordLimit: number | null): string {
  return (
    `This text has ${words.toLocaleString('en-US')} words; the limit is ${limit.toLocaleString('en-US')} words per request` +
    (signUpWordLimit !== null ? `. Sign up for a free account to use up to ${signUpWordLimit.toLocaleString('en-US')} words.` : '.')
  );
}
