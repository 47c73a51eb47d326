import { z } from 'zod';
import { findTool } from '../catalogue';

/**
 * Scan history (GET /api/history …): while a user has history on (GET/PUT /api/user/settings `historyEnabled`, off by
 * default), each successful check of theirs is kept with its tool, input, result, date and where it came from. Staff
 * set how long items are kept (`historyRetentionDays`, 90 by default); a daily sweep deletes older ones.
 */

export const HISTORY_SOURCES = ['web', 'api', 'batch'] as const;
export type HistorySource = (typeof HISTORY_SOURCES)[number];

export const HISTORY_SOURCE_LABELS: Record<HistorySource, string> = { web: 'Website', api: 'API', batch: 'Batch' };

export const HISTORY_PAGE_MAX = 50;
/** Characters of the input a list row shows. */
export const HISTORY_PREVIEW_CHARS = 240;
export const HISTORY_SEARCH_MAX = 200;

/** GET /api/history: a page of the caller's items, newest first; `q` searches the input text, `tool` filters. */
export const HistoryQuery = z.object({
  q: z.string().trim().max(HISTORY_SEARCH_MAX, `Search for at most ${HISTORY_SEARCH_MAX} characters.`).default(''),
  tool: z.string().trim().max(64).default(''),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(20),
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;

/** A few fields of a result, read in the database so a list never loads whole results. */
export interface HistoryDigest {
  score?: number;
  verdictText?: string;
  similarity?: number;
  sources?: number;
  engine?: string;
  engineLabel?: string;
  caption?: string;
  verdictSentence?: string;
  issues?: number;
  seoScore?: number;
  jobId?: string;
  keyphrases?: number;
  hashtags?: number;
}

export const HistoryItemSummary = z.object({
  id: z.string(),
  tool: z.string().describe('Catalogue tool id, e.g. `ai_content_detector`.'),
  toolName: z.string(),
  source: z.enum(HISTORY_SOURCES),
  createdAt: z.string(),
  /** The start of the input (a media tool's input is a description such as "photo.jpg (image/jpeg, 2.1 MB)"). */
  preview: z.string(),
  inputChars: z.number().int(),
  /** One line of the result, e.g. "Likely AI-generated · 92.10% AI" */
  summary: z.string(),
});
export type HistoryItemSummary = z.infer<typeof HistoryItemSummary>;

export const HistoryListResponse = z.object({
  items: z.array(HistoryItemSummary),
  total: z.number().int(),
  /** Whether new checks are being kept now. */
  enabled: z.boolean().describe('Whether new checks are being kept now (the account setting).'),
  /** Days an item is kept (staff setting). */
  retentionDays: z.number().int(),
  /** The tools the caller has items of, for the filter. */
  tools: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type HistoryListResponse = z.infer<typeof HistoryListResponse>;

export const HistoryItem = z.object({
  id: z.string(),
  tool: z.string(),
  toolName: z.string(),
  source: z.enum(HISTORY_SOURCES),
  createdAt: z.string(),
  /** When the daily sweep will delete it. */
  expiresAt: z.string(),
  input: z.string(),
  /** The tool's answer as it was sent (media binaries, visitor allowances and the repeated input text removed). */
  result: z.record(z.string(), z.unknown()),
});
export type HistoryItem = z.infer<typeof HistoryItem>;

export interface HistoryClearResponse {
  deleted: number;
}

export function toolNameOf(tool: string): string {
  return findTool(tool)?.name ?? tool.replace(/[_-]+/g, ' ');
}

const pct2 = (p: number) => `${(p * 100).toFixed(2)}%`;
const pct1 = (p: number) => `${Math.round(p * 10) / 10}%`;

/** The one-line result of a list row, from its digest. */
export function historySummary(tool: string, d: HistoryDigest): string {
  if (typeof d.score === 'number' && d.verdictText) return `${d.verdictText} · ${pct2(d.score)} AI`;
  if (typeof d.similarity === 'number') {
    const n = d.sources ?? 0;
    return `${pct1(d.similarity)} similarity · ${n} ${n === 1 ? 'source' : 'sources'}`;
  }
  if (d.verdictSentence) return d.verdictSentence;
  if (d.caption) return d.caption;
  if (typeof d.seoScore === 'number' && tool === 'seo_score_analyzer') return `SEO score ${d.seoScore}/100`;
  if (typeof d.issues === 'number') return `${d.issues} ${d.issues === 1 ? 'issue' : 'issues'} found`;
  if (typeof d.keyphrases === 'number') return `${d.keyphrases} ${d.keyphrases === 1 ? 'keyphrase' : 'keyphrases'}`;
  if (typeof d.hashtags === 'number') return `${d.hashtags} ${d.hashtags === 1 ? 'hashtag' : 'hashtags'}`;
  if (d.jobId) return 'Transcription';
  const engine = d.engineLabel ?? d.engine;
  return engine ? `Answered by ${engine === 'offline' ? 'the offline engine' : engine}` : 'Done';
}
