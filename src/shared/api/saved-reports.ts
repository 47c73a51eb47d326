import { z } from 'zod';
import { REPORT_TOOLS, type ReportTool } from '../receipt';

/**
 * Saved reports (/api/reports/saved …): a detector or plagiarism result kept by its owner, printable as a PDF drawn on
 * the server and optionally shared by an unguessable link (/r/<token>) that works without login and shows no account
 * data. Not to be confused with src/shared/api/reports.ts ("this result is wrong" feedback to staff).
 */

// zod-free, for the detector and plagiarism answers on public pages (src/shared/receipt.ts)
export { RECEIPT_HEADER, REPORT_TOOLS, type ReportTool } from '../receipt';

export const REPORT_TITLE_MAX = 200;
export const REPORT_INPUT_MAX = 200_000;
export const SAVED_REPORTS_PAGE_MAX = 50;

/** Share links expire after one of these numbers of days, or never (null). */
export const SHARE_EXPIRY_DAYS = [1, 7, 30] as const;

const title = z.string().trim().max(REPORT_TITLE_MAX, `A title has at most ${REPORT_TITLE_MAX} characters.`).optional();

/**
 * POST /api/reports/saved: a result the server signed when it answered the check (`receipt`, from RECEIPT_HEADER),
 * sent back with its input; or an item of the caller's history.
 */
export const SaveReportBody = z.union([
  z
    .object({
      historyId: z.string().max(64),
      title,
    })
    .strict(),
  z
    .object({
      tool: z.enum(REPORT_TOOLS, { message: 'Only detector and plagiarism results can be saved as reports.' }),
      input: z.string().max(REPORT_INPUT_MAX, { message: 'This text is too long.' }),
      result: z.record(z.string(), z.unknown()),
      receipt: z.string().min(1).max(200),
      title,
    })
    .strict(),
]);
export type SaveReportBody = z.infer<typeof SaveReportBody>;

export const SavedReportsQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(SAVED_REPORTS_PAGE_MAX).default(20),
});
export type SavedReportsQuery = z.infer<typeof SavedReportsQuery>;

/** POST /api/reports/saved/:id/share: a new link (any earlier link of the report stops working). */
export const ShareReportBody = z
  .object({
    expiresInDays: z.union([z.literal(1), z.literal(7), z.literal(30), z.null()], { message: 'Choose 1, 7 or 30 days, or never.' }).default(null),
  })
  .strict();
export type ShareReportBody = z.infer<typeof ShareReportBody>;

export const RenameReportBody = z.object({ title: z.string().trim().min(1, 'Give the report a title.').max(REPORT_TITLE_MAX) }).strict();
export type RenameReportBody = z.infer<typeof RenameReportBody>;

export const ShareState = z.object({
  /** A link exists and has not expired. */
  active: z.boolean(),
  /** null: never expires (or no link). */
  expiresAt: z.string().nullable(),
  /** A link exists but its time is up. */
  expired: z.boolean(),
});
export type ShareState = z.infer<typeof ShareState>;

export const SavedReportSummary = z.object({
  id: z.string(),
  tool: z.enum(REPORT_TOOLS),
  toolName: z.string(),
  title: z.string(),
  engine: z.string(),
  modelVersion: z.string().nullable(),
  createdAt: z.string(),
  /** e.g. "Likely AI-generated · 92.10% AI" or "12.5% similarity · 2 sources" */
  headline: z.string(),
  share: ShareState,
});
export type SavedReportSummary = z.infer<typeof SavedReportSummary>;

export const SavedReportsResponse = z.object({ items: z.array(SavedReportSummary), total: z.number().int() });
export type SavedReportsResponse = z.infer<typeof SavedReportsResponse>;

/** A report as its owner sees it. */
export const SavedReport = SavedReportSummary.extend({ input: z.string(), result: z.record(z.string(), z.unknown()) });
export type SavedReport = z.infer<typeof SavedReport>;

/** POST /api/reports/saved answer. */
export const SaveReportResponse = z.object({ report: SavedReportSummary });
export type SaveReportResponse = z.infer<typeof SaveReportResponse>;

/** The link is shown once: only its hash is stored. */
export interface ShareReportResponse {
  token: string;
  /** e.g. https://veritext.example/r/<token> */
  url: string;
  expiresAt: string | null;
}

/** GET /api/shared-reports/:token: the report as anyone with the link sees it; nothing of its owner's account. */
export interface SharedReport {
  tool: ReportTool;
  toolName: string;
  title: string;
  engine: string;
  modelVersion: string | null;
  createdAt: string;
  headline: string;
  expiresAt: string | null;
  input: string;
  result: Record<string, unknown>;
  siteName: string;
}

const pct2 = (p: number) => `${(p * 100).toFixed(2)}%`;
const pct1 = (p: number) => `${Math.round(p * 10) / 10}%`;

/** One line saying what the report found. */
export function reportHeadline(tool: string, result: Record<string, unknown>): string {
  if (tool === 'ai_content_detector') {
    const score = typeof result.score === 'number' ? result.score : 0;
    return `${typeof result.verdictText === 'string' ? result.verdictText : 'Result'} · ${pct2(score)} AI`;
  }
  const similarity = typeof result.similarity === 'number' ? result.similarity : 0;
  const n = Array.isArray(result.items) ? result.items.length : 0;
  return `${pct1(similarity)} similarity · ${n} ${n === 1 ? 'source' : 'sources'}`;
}
