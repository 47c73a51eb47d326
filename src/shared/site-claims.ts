import { z } from 'zod';

/**
 * GET /api/site/claims: the home page's marketing figures (SPEC §1: pieces analysed, accuracy, active users,
 * availability). Each is either measured by this server, or worded by staff in the admin settings (`source`).
 * `value: null` means the server has nothing true to show, and the home page leaves the figure out.
 */
export const SiteClaim = z.object({
  value: z.string().nullable(),
  /** What the figure is, e.g. "Pieces analysed". */
  label: z.string(),
  /** How it was measured, shown under the figure; empty for a staff-worded figure. */
  note: z.string(),
  source: z.enum(['measured', 'override']),
});
export type SiteClaim = z.infer<typeof SiteClaim>;

export const SiteClaims = z.object({
  piecesAnalysed: SiteClaim,
  accuracy: SiteClaim,
  activeUsers: SiteClaim,
  availability: SiteClaim,
});
export type SiteClaims = z.infer<typeof SiteClaims>;
export type ClaimKey = keyof SiteClaims;

// zod-free, for the home page (src/shared/site-claim-keys.ts)
export { CLAIM_KEYS } from './site-claim-keys';
