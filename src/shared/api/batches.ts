import { z } from 'zod';
import { Verdict } from './detector';

/**
 * Batch checks: many documents checked by one tool in the background (POST /api/batches, GET /api/batches/:id).
 * Zod schemas, so the answers can be documented from the same definitions the client's types come from.
 */

/** The tools a batch runs, as the upload names them, and the catalogue tool each one meters as. */
export const BATCH_TOOLS = ['content_detector', 'plagiarism_checker'] as const;
export const BatchTool = z.enum(BATCH_TOOLS, { message: 'Choose the AI detector (content_detector) or the plagiarism checker (plagiarism_checker).' });
export type BatchTool = z.infer<typeof BatchTool>;

export const BATCH_CATALOGUE_TOOL: Record<BatchTool, string> = {
  content_detector: 'ai_content_detector',
  plagiarism_checker: 'plagiarism_checker',
};

export const BATCH_TOOL_LABEL: Record<BatchTool, string> = {
  content_detector: 'AI detector',
  plagiarism_checker: 'Plagiarism checker',
};

/** The batch tool of a catalogue tool id, or null. */
export function batchToolOf(catalogueTool: string): BatchTool | null {
  return (Object.keys(BATCH_CATALOGUE_TOOL) as BatchTool[]).find((t) => BATCH_CATALOGUE_TOOL[t] === catalogueTool) ?? null;
}

/** Limits of one upload (the server enforces them; the page says them). */
export const BATCH_LIMITS = {
  /** documents in one batch, after any .zip is unpacked */
  maxDocuments: 50,
  /** one document, uploaded or inside a .zip */
  maxFileBytes: 5 * 1024 * 1024,
  /** the whole upload, every file and .zip together */
  maxUploadBytes: 25 * 1024 * 1024,
  /** what the documents of all .zip files may expand to together */
  maxUnzippedBytes: 50 * 1024 * 1024,
  /** entries in one .zip (folders and system files included) */
  maxZipEntries: 200,
  /** batches of one user queued or running at once */
  maxActive: 3,
} as const;

export const BATCH_EXTENSIONS = ['.txt', '.docx', '.pdf', '.zip'] as const;

/** Multipart fields besides the files (`files`, repeated). */
export const BatchUploadFields = z.object({
  tool: BatchTool,
  name: z.string().trim().max(120, { message: 'The name is limited to 120 characters.' }).optional(),
});
export type BatchUploadFields = z.infer<typeof BatchUploadFields>;

export const BATCH_STATUSES = ['queued', 'running', 'done', 'cancelled'] as const;
export const BatchStatus = z.enum(BATCH_STATUSES);
export type BatchStatus = z.infer<typeof BatchStatus>;

export const BATCH_ITEM_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const BatchItemStatus = z.enum(BATCH_ITEM_STATUSES);
export type BatchItemStatus = z.infer<typeof BatchItemStatus>;

export const BatchItemError = z.object({
  /** an API error code, or 'quota' (the plan's allowance ran out: not checked, not charged) or 'cancelled' */
  code: z.string(),
  message: z.string(),
});
export type BatchItemError = z.infer<typeof BatchItemError>;

/** One document's outcome, without the full result (sentences, passages). */
export const BatchItemView = z.object({
  id: z.string(),
  position: z.number().int(),
  filename: z.string(),
  words: z.number().int(),
  status: BatchItemStatus,
  /** detector: the AI probability (0–1) and the verdict */
  score: z.number().nullable(),
  verdict: Verdict.nullable(),
  verdictText: z.string().nullable(),
  /** plagiarism checker: share of the words found in sources (0–100) and the source covering most */
  similarity: z.number().nullable(),
  topSource: z.object({ title: z.string(), reference: z.string(), matchedPercent: z.number() }).nullable(),
  error: BatchItemError.nullable(),
  finishedAt: z.string().nullable(),
});
export type BatchItemView = z.infer<typeof BatchItemView>;

export const BatchSummary = z.object({
  id: z.string(),
  tool: BatchTool,
  name: z.string().nullable(),
  status: BatchStatus,
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BatchSummary = z.infer<typeof BatchSummary>;

export const BatchView = BatchSummary.extend({
  items: z.array(BatchItemView),
});
export type BatchView = z.infer<typeof BatchView>;

export const BatchList = z.object({
  /** whether the caller's plan runs batches (the upload refuses otherwise) */
  allowed: z.boolean(),
  batches: z.array(BatchSummary),
});
export type BatchList = z.infer<typeof BatchList>;

/** /admin/batch-processing: every user's batches. */
export const AdminBatchQuery = z.object({
  status: BatchStatus.or(z.literal('')).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminBatchQuery = z.infer<typeof AdminBatchQuery>;

export const AdminBatchRow = BatchSummary.extend({
  owner: z.object({ id: z.string(), username: z.string(), email: z.string() }),
  running: z.number().int(),
});
export type AdminBatchRow = z.infer<typeof AdminBatchRow>;

export const AdminBatchList = z.object({
  batches: z.array(AdminBatchRow),
  total: z.number().int(),
  byStatus: z.record(BatchStatus, z.number().int()),
});
export type AdminBatchList = z.infer<typeof AdminBatchList>;

/** Documents still to check (queued or running). */
export function batchRemaining(b: Pick<BatchSummary, 'total' | 'done' | 'failed'>): number {
  return Math.max(0, b.total - b.done - b.failed);
}

/** Whether a batch may still change (the page polls while it may). */
export function batchActive(b: Pick<BatchSummary, 'status'>): boolean {
  return b.status === 'queued' || b.status === 'running';
}
