import { z } from 'zod';
import { ExtractedText } from './tool-answer';

/** POST /api/tools/plagiarism-checker — request and response contract (docs/plagiarism.md). */
export const PlagiarismRequest = z.object({
  text: z.string({ message: 'Please enter some text to analyze.' }).max(200_000, { message: 'This text is too long.' }),
});

export const PlagiarismSpan = z.object({ start: z.number().int().min(0), end: z.number().int().min(0) });
export type PlagiarismSpan = z.infer<typeof PlagiarismSpan>;

export const PlagiarismPassage = z.object({
  submitted: PlagiarismSpan.describe('UTF-16 offsets into the submitted text.'),
  source: PlagiarismSpan.describe('UTF-16 offsets into the source document.'),
  words: z.number().int().min(0),
  sourceExcerpt: z.string().describe("The source's text of the passage (source.start..source.end)."),
});
export type PlagiarismPassage = z.infer<typeof PlagiarismPassage>;

export const PlagiarismSource = z.object({
  id: z.string(),
  title: z.string(),
  reference: z.string().describe("Link or citation (a web page's URL)."),
  origin: z.enum(['library', 'web']).describe('The reference library, or a web page found by the configured search providers.'),
  matchedPercent: z.number().min(0).max(100).describe('0–100: share of the submitted words covered by this source.'),
  jaccard: z.number().min(0).max(1).describe('0–1: near-duplicate estimate (MinHash).'),
  passages: z.array(PlagiarismPassage),
});
export type PlagiarismSource = z.infer<typeof PlagiarismSource>;

export const PlagiarismResponse = z.object({
  status: z.literal('completed'),
  items: z.array(PlagiarismSource),
  fallback: z.boolean().describe('True only when web search is configured and no provider answered, so the library alone answered.'),
  similarity: z.number().min(0).max(100).describe('0–100: share of the submitted words covered by any source.'),
  checkedAgainst: z.object({
    documents: z.number().int().min(0).describe('Reference library documents.'),
    web: z
      .object({ providers: z.array(z.string()), queries: z.number().int(), pages: z.number().int(), unreadable: z.number().int() })
      .optional()
      .describe('Present when web search is configured: who searched, how many passages, how many pages were read.'),
  }),
  wordCount: z.number().int().min(0),
  text: ExtractedText,
});
export type PlagiarismResponse = z.infer<typeof PlagiarismResponse>;

export interface PlagiarismStatus {
  documents: number;
  /** the web search providers a check also asks (SearXNG, Brave Search); empty when the library alone answers */
  webSearch: string[];
}

export const REFERENCE_ORIGINS = ['starter', 'staff', 'blog', 'user'] as const;

/** POST /api/admin/library */
export const LibraryDocumentRequest = z.object({
  title: z.string({ message: 'Title is required.' }).trim().min(1, 'Title is required.').max(500),
  reference: z.string({ message: 'Reference is required.' }).trim().min(1, 'Reference is required.').max(2000),
  licence: z.string().trim().max(500).optional(),
  text: z.string({ message: 'Please enter some text.' }).max(2_000_000, { message: 'This text is too long.' }),
});

export interface LibraryDocumentSummary {
  id: string;
  title: string;
  reference: string;
  licence: string;
  origin: string;
  wordCount: number;
  createdAt: string;
}

export interface LibraryListResponse {
  items: LibraryDocumentSummary[];
  total: number;
  counts: Record<string, number>;
}
