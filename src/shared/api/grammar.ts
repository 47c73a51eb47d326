import { z } from 'zod';

/** Request and response contract of the grammar fixer, shared by the route and the page. */
export const GrammarRequest = z.object({
  text: z.string({ message: 'Please enter some text.' }).max(200_000, { message: 'This text is too long.' }),
});

export type GrammarIssueKind = 'grammar' | 'spelling' | 'repetition' | 'article' | 'punctuation' | 'capitalization' | 'word-choice' | 'style';

export interface GrammarIssueDto {
  /** UTF-16 offsets into the input (JavaScript string indices): text.slice(start, end) is the flagged text */
  start: number;
  end: number;
  message: string;
  kind: GrammarIssueKind;
  /** replacements for the flagged text, best first; '' removes it */
  suggestions: string[];
  /** 'rules': the engine's own rules (src/engines/grammar/rules.mjs) */
  source: 'harper' | 'retext' | 'rules';
  rule: string;
  /** whether `corrected` includes the first suggestion (only rules measured right more often than wrong are applied) */
  autoApplied?: boolean;
}

export interface GrammarResponse {
  issues: GrammarIssueDto[];
  corrected: string;
  output: string;
  engine: 'offline';
  wordsBefore: number;
  wordsAfter: number;
  /** the text that was checked, when it came from an uploaded file (issue offsets refer to it) */
  text?: string;
}
