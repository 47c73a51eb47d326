import { z } from 'zod';

/** POST /api/tools/plagiarism-checker — request and response contract (docs/plagiarism.md). */
export const PlagiarismRequest = z.object({
  text: z.string({ message: 'Please enter some text to analyze.' }).max(200_000, { message: 'This text is too long.' }),
});

export interface PlagiarismSpan {
  start: number;
  end: number;
}

export interface PlagiarismPassage {
  /** UTF-16 offsets into the submitted text */
  submitted: PlagiarismSpan;
  /** UTF-16 offsets into the source document */
  source: PlagiarismSpan;
  words: number;
  /** the source's text of the passage (source.start..source.end) */
  sourceExcerpt: string;
}

export interface PlagiarismSource {
  id: string;
  title: string;
  /** link or citation */
  reference: string;
  /** 0–100: share of the submitted words covered by this source */
  matchedPercent: number;
  /** 0–1: near-duplicate estimate (MinHash) */
  jaccard: number;
  passages: PlagiarismPassage[];
}

export interface PlagiarismResponse {
  status: 'completed';
  items: PlagiarismSource[];
  /** true only when a configured external provider failed and the local library alone answered */
  fallback: boolean;
  /** 0–100: share of the submitted words covered by any source */
  similarity: number;
  checkedAgainst: { documents: number };
  wordCount: number;
  /** the extracted text, when the input was a file (passage offsets refer to it) */
  text?: string;
}

export interface PlagiarismStatus {
  documents: number;
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
