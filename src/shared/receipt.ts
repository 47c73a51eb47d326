/**
 * The receipt of a detector or plagiarism answer (the saved-reports contract is src/shared/api/saved-reports.ts),
 * zod-free: the answers are on public pages that build no schema.
 */

/** The tools whose answers can be saved as reports. */
export const REPORT_TOOLS = ['ai_content_detector', 'plagiarism_checker'] as const;
export type ReportTool = (typeof REPORT_TOOLS)[number];

/**
 * The response header of a logged-in user's detector or plagiarism check: a signed receipt that the server produced
 * exactly this result for this user, which POST /api/reports/saved requires (see services/saved-reports.ts).
 */
export const RECEIPT_HEADER = 'x-veritext-receipt';
