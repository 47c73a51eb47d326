/** Anonymous and per-request limits and their messages. The server enforces them; the UI mirrors them. */
export const ANON_WORD_LIMIT = 500;
/** The default free plan's words per request (src/shared/plans.ts); staff may change the plan's terms. */
export const USER_WORD_LIMIT = 2000;
export const ANON_DETECTIONS = 5;
export const ANON_HUMANIZATIONS = 2;

/**
 * A visitor's daily allowance per tool (a rolling 24-hour window from the first use). The tools that call the
 * language model or scan the reference library get fewer runs than the quick offline ones.
 */
export const ANON_LIMITS = {
  detect: ANON_DETECTIONS,
  humanize: ANON_HUMANIZATIONS,
  rewrite: 3,
  summarize: 5,
  shorten: 10,
  expand: 3,
  grammar: 10,
  plagiarism: 3,
  keywords: 10,
  hashtags: 10,
  seo: 10,
  code: 10,
  /** the language model writing new text: the content generator, code generation and prose explanations */
  generate: 3,
  /** text to speech: synthesis is CPU work on the server */
  speech: 10,
  /** the image tools run several models on each image */
  caption: 5,
  deepfake: 5,
} as const;

export type AnonAllowance = keyof typeof ANON_LIMITS;

/**
 * A visitor is counted twice: by the signed cookie and by a keyed hash of the network address, and is refused when
 * either count is spent, so clearing the cookie does not start over. The address may use this many times the
 * cookie's allowance, because one address is often many people (a school, an office or a mobile carrier behind one
 * NAT): a class of students is not blocked by the first few, while one person rotating cookies still meets a limit.
 */
export const ANON_ADDRESS_FACTOR = 4;

const daily = (n: number, what: string) => `Free users are limited to ${n} ${what} a day. Please sign up for a free account to continue.`;

export const LIMIT_MESSAGES: Record<AnonAllowance, { title: string; message: string }> = {
  detect: {
    title: 'Detection Limit Reached',
    message: `Free users are limited to ${ANON_DETECTIONS} detections. Please sign up for a Pro account to continue.`,
  },
  humanize: {
    title: 'Generation Limit Reached',
    message: `Free users are limited to ${ANON_HUMANIZATIONS} humanizations. Please sign up for a Pro account to continue.`,
  },
  rewrite: { title: 'Rewrite Limit Reached', message: daily(ANON_LIMITS.rewrite, 'rewrites') },
  summarize: { title: 'Summary Limit Reached', message: daily(ANON_LIMITS.summarize, 'summaries') },
  shorten: { title: 'Shortening Limit Reached', message: daily(ANON_LIMITS.shorten, 'shortenings') },
  expand: { title: 'Expansion Limit Reached', message: daily(ANON_LIMITS.expand, 'expansions') },
  grammar: { title: 'Grammar Check Limit Reached', message: daily(ANON_LIMITS.grammar, 'grammar checks') },
  plagiarism: { title: 'Plagiarism Check Limit Reached', message: daily(ANON_LIMITS.plagiarism, 'plagiarism checks') },
  keywords: { title: 'Keyword Limit Reached', message: daily(ANON_LIMITS.keywords, 'keyword extractions') },
  hashtags: { title: 'Hashtag Limit Reached', message: daily(ANON_LIMITS.hashtags, 'hashtag suggestions') },
  seo: { title: 'SEO Analysis Limit Reached', message: daily(ANON_LIMITS.seo, 'SEO analyses') },
  code: { title: 'Code Explanation Limit Reached', message: daily(ANON_LIMITS.code, 'code explanations') },
  generate: { title: 'Generation Limit Reached', message: daily(ANON_LIMITS.generate, 'generations with the language model') },
  speech: { title: 'Speech Limit Reached', message: daily(ANON_LIMITS.speech, 'text-to-speech recordings') },
  caption: { title: 'Caption Limit Reached', message: daily(ANON_LIMITS.caption, 'image captions') },
  deepfake: { title: 'Image Check Limit Reached', message: daily(ANON_LIMITS.deepfake, 'deepfake checks') },
};

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
