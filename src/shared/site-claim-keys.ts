/** The home page's figures, in the order it shows them (zod-free: the page loads no contract). */
export const CLAIM_KEYS = ['piecesAnalysed', 'accuracy', 'activeUsers', 'availability'] as const;
export type ClaimKey = (typeof CLAIM_KEYS)[number];
