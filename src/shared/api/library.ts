import { z } from 'zod';

/** Which bundled library a server imports at first start (env STARTER_LIBRARY). */
export const LIBRARY_KINDS = ['full', 'small'] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];

/**
 * The first-start import of the bundled public-domain library, as staff see it in /admin/library. The import runs in
 * the background on one instance at a time and resumes after a restart.
 */
export const LibraryImportStatus = z.object({
  kind: z.enum(LIBRARY_KINDS),
  /** 'running' while an instance imports (its heartbeat is fresh), 'stalled' when that instance stopped mid-way */
  status: z.enum(['running', 'stalled', 'done', 'failed']),
  total: z.number().int(),
  done: z.number().int(),
  startedAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type LibraryImportStatus = z.infer<typeof LibraryImportStatus>;

export interface LibraryImportResponse {
  /** null when this server never imported a bundled library (STARTER_LIBRARY=false) */
  import: LibraryImportStatus | null;
}
