/**
 * The fields of "report this result as wrong" (POST /api/reports; the contract is src/shared/api/reports.ts). Kept
 * apart and zod-free because the dialog sits under every detector result, on pages that build no schema.
 */

/** What the reporter says the text really is: 'human' ("this is my own writing") or 'ai' ("this is AI text"). */
export const REPORT_EXPECTED = ['human', 'ai'] as const;
export type ReportExpected = (typeof REPORT_EXPECTED)[number];

export const REPORT_EXPECTED_LABELS: Record<ReportExpected, string> = { human: 'This is my own writing', ai: 'This is AI text' };

export const REPORT_COMMENT_MAX = 2000;
