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
  /** link or citation (a web page's URL) */
  reference: string;
  /** the reference library, or a web page found by the configured search providers */
  origin: 'library' | 'web';
  /** 0–100: share of the submitted words covered by this source */
  matchedPercent: number;
  /** 0–1: near-duplicate estimate (MinHash) */
  jaccard: number;
  passages: PlagiarismPassage[];
}

export interface PlagiarismResponse {
  status: 'completed';
  items: PlagiarismSource[];
  /** true only when web search is configured and no provider answered, so the library alone answered */
  fallback: boolean;
  /** 0–100: share of the submitted words covered by any source */
  similarity: number;
  checkedAgainst: {
    /** library documents */
    documents: number;
    /** present when web search is configured: who searched, how many passages, how many pages were read */
    web?: { providers: string[]; queries: number; pages: number; unreadable: number };
  };
  wordCount: number;
  /** the extracted text, when the input was a file (passage offsets refer to it) */
  text?: string;
}

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
