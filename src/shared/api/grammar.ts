import { z } from 'zod';
import { ExtractedText } from './tool-answer';

/** Request and response contract of the grammar fixer, shared by the route and the page. */
export const GrammarRequest = z.object({
  text: z.string({ message: 'Please enter some text.' }).max(200_000, { message: 'This text is too long.' }),
});

export const GRAMMAR_ISSUE_KINDS = ['grammar', 'spelling', 'repetition', 'article', 'punctuation', 'capitalization', 'word-choice', 'style'] as const;
export type GrammarIssueKind = (typeof GRAMMAR_ISSUE_KINDS)[number];

export const GrammarIssueDto = z.object({
  start: z.number().int().min(0).describe('UTF-16 offset into the input (a JavaScript string index): text.slice(start, end) is the flagged text.'),
  end: z.number().int().min(0),
  message: z.string(),
  kind: z.enum(GRAMMAR_ISSUE_KINDS),
  suggestions: z.array(z.string()).describe("Replacements for the flagged text, best first; '' removes it."),
  source: z.enum(['harper', 'retext', 'rules']).describe("Which checker found it; 'rules' are the engine's own rules."),
  rule: z.string(),
  autoApplied: z
    .boolean()
    .optional()
    .describe('Whether `corrected` includes the first suggestion (only rules measured right more often than wrong are applied).'),
});
export type GrammarIssueDto = z.infer<typeof GrammarIssueDto>;

export const GrammarResponse = z.object({
  issues: z.array(GrammarIssueDto),
  corrected: z.string().describe('The text with the auto-applied suggestions.'),
  output: z.string().describe('The same as corrected.'),
  engine: z.literal('offline'),
  wordsBefore: z.number().int().min(0),
  wordsAfter: z.number().int().min(0),
  text: ExtractedText,
});
export type GrammarResponse = z.infer<typeof GrammarResponse>;
