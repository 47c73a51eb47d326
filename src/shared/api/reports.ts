import { z } from 'zod';
import type { Verdict } from './detector';
import { REPORT_COMMENT_MAX, REPORT_EXPECTED, type ReportExpected } from '../report-fields';

/**
 * The detector's feedback loop: a user reports a result as wrong (`POST /api/reports`), staff review the reports on
 * /admin/reports (`/api/admin/reports*`). Also the AI Detection Logs page (`/api/admin/detection-logs`).
 */

// zod-free, for the report dialog under every detector result (src/shared/report-fields.ts)
export { REPORT_COMMENT_MAX, REPORT_EXPECTED, REPORT_EXPECTED_LABELS, type ReportExpected } from '../report-fields';

export const REPORT_STATUSES = ['open', 'upheld', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** An attached text is the text that was checked; the detector's own limit bounds it. */
export const REPORT_TEXT_MAX = 200_000;
export const REPORTS_PAGE_MAX = 100;

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const page = {
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(REPORTS_PAGE_MAX).default(25),
};

/** POST /api/reports */
export const CreateReportBody = z.object({
  /** `detectionId` of the detector's answer. */
  detectionId: z.uuid({ message: 'This result cannot be reported: it has no detection id.' }),
  expected: z.enum(REPORT_EXPECTED, { message: 'Say whether the text is your own writing or AI text.' }),
  comment: z.string().trim().max(REPORT_COMMENT_MAX, `Please keep the comment under ${REPORT_COMMENT_MAX} characters.`).default(''),
  /** The checked text, only when the reporter chose to attach it. */
  text: z.string().max(REPORT_TEXT_MAX, 'The attached text is too long.').optional(),
});
export type CreateReportBody = z.infer<typeof CreateReportBody>;

export interface CreateReportResponse {
  report: { id: string; status: ReportStatus };
  message: string;
}

/** GET /api/admin/reports?status=&expected=&offset=&limit= */
export const AdminReportsQuery = z.object({
  status: z.preprocess(blankToUndefined, z.enum(REPORT_STATUSES, { message: 'Status is open, upheld or dismissed.' }).default('open')),
  expected: z.preprocess(blankToUndefined, z.enum(REPORT_EXPECTED, { message: 'Expected is human or ai.' }).optional()),
  ...page,
});
export type AdminReportsQuery = z.infer<typeof AdminReportsQuery>;

/** POST /api/admin/reports/:id/review */
export const ReviewReportBody = z.object({
  decision: z.enum(['upheld', 'dismissed'], { message: 'The decision is upheld or dismissed.' }),
  note: z.string().trim().max(REPORT_COMMENT_MAX, `Please keep the note under ${REPORT_COMMENT_MAX} characters.`).default(''),
});
export type ReviewReportBody = z.infer<typeof ReviewReportBody>;

export interface AdminReport {
  id: string;
  detectionId: string | null;
  tool: string;
  expected: ReportExpected;
  /** The detector's answer the report is about (copied from the detection). */
  score: number | null;
  verdict: Verdict | null;
  engine: string | null;
  words: number | null;
  comment: string;
  /** The text, only when the reporter attached it. */
  text: string | null;
  status: ReportStatus;
  reporter: { id: string; email: string; username: string } | null;
  reviewer: { id: string; username: string } | null;
  reviewedAt: string | null;
  reviewNote: string | null;
  createdAt: string;
}

/** Reports of each kind in each status: the detector's false positives ('human') and false negatives ('ai'). */
export type ReportCounts = Record<ReportExpected, Record<ReportStatus, number>>;

export interface AdminReportsResponse {
  items: AdminReport[];
  total: number;
  offset: number;
  limit: number;
  counts: ReportCounts;
}

export interface ReviewReportResponse {
  report: AdminReport;
}

// ---------- AI Detection Logs ----------

export const DETECTION_VERDICTS = ['ai', 'mixed', 'human', 'uncertain'] as const satisfies readonly Verdict[];
export const DETECTION_ENGINES = ['veritext', 'veritext+scorer', 'gptzero', 'sapling'] as const;

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
const day = z.preprocess(blankToUndefined, z.string().refine(isDay, 'Dates are written YYYY-MM-DD.').optional());

/** GET /api/admin/detection-logs?verdict=&engine=&from=&to=&offset=&limit= (from and to are UTC days, both included). */
export const DetectionLogsQuery = z
  .object({
    verdict: z.preprocess(blankToUndefined, z.enum(DETECTION_VERDICTS, { message: 'Unknown verdict.' }).optional()),
    engine: z.preprocess(blankToUndefined, z.enum(DETECTION_ENGINES, { message: 'Unknown engine.' }).optional()),
    from: day,
    to: day,
    ...page,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date is after the end date.', path: ['from'] });
export type DetectionLogsQuery = z.infer<typeof DetectionLogsQuery>;

/** Characters of a saved text shown in the list; the whole text is on the entry's own answer. */
export const DETECTION_TEXT_PREVIEW = 280;

export interface DetectionLogEntry {
  id: string;
  createdAt: string;
  score: number;
  verdict: Verdict;
  words: number;
  engine: string;
  /** The account that ran it; null for a visitor. */
  user: { id: string; email: string; username: string } | null;
  /** Whether the text was saved (its author opted in to sharing submissions). */
  textSaved: boolean;
  /** The start of the saved text, or null when it was not saved. */
  textPreview: string | null;
  /** Reports filed about this detection. */
  reports: number;
}

export interface DetectionLogsResponse {
  items: DetectionLogEntry[];
  total: number;
  offset: number;
  limit: number;
  /** Detections matching the filters other than the verdict, by verdict. */
  byVerdict: Record<Verdict, number>;
}

/** GET /api/admin/detection-logs/:id */
export interface DetectionLogDetail {
  entry: DetectionLogEntry;
  /** The whole text, or null when it was not saved. */
  text: string | null;
}
