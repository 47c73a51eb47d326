/**
 * The humanizer's styles and the rewriter's (and expander's) tones: defined once, here.
 *
 * The engines implement one rule set per entry (Record<HumanizerStyle, ...> tables), so the lists live with them;
 * src/shared/api/writing.ts re-exports them for its zod enums, so a request can name exactly what the engines
 * implement. This file imports nothing: the client bundle takes it through the shared contracts.
 */
export const HUMANIZER_STYLES = ['casual', 'professional', 'academic', 'creative'] as const;
export type HumanizerStyle = (typeof HUMANIZER_STYLES)[number];

export const REWRITER_TONES = ['casual', 'professional', 'academic', 'creative', 'conversational', 'persuasive'] as const;
export type RewriterTone = (typeof REWRITER_TONES)[number];
