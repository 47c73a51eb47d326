/** The platforms hashtags are made for and their limits: plain constants with no imports (the page reads them too). */
export const PLATFORMS = ['instagram', 'x', 'linkedin', 'tiktok'] as const;
export type Platform = (typeof PLATFORMS)[number];

export interface PlatformLimits {
  label: string;
  /** the most tags the platform allows or that still reads well there */
  maxTags: number;
  /** how many we suggest by default */
  defaultTags: number;
  /** the longest single tag, in characters including '#' */
  maxTagLength: number;
  /** the characters all tags together may take (space-separated), for platforms with a short post limit */
  maxTotalChars: number;
  note: string;
}

export const PLATFORM_LIMITS: Record<Platform, PlatformLimits> = {
  instagram: { label: 'Instagram', maxTags: 30, defaultTags: 15, maxTagLength: 30, maxTotalChars: 2200, note: 'Instagram allows up to 30 hashtags per post.' },
  x: {
    label: 'X (Twitter)',
    maxTags: 3,
    defaultTags: 2,
    maxTagLength: 25,
    maxTotalChars: 60,
    note: 'Posts are limited to 280 characters; 1–2 hashtags work best.',
  },
  linkedin: { label: 'LinkedIn', maxTags: 5, defaultTags: 3, maxTagLength: 30, maxTotalChars: 150, note: 'LinkedIn suggests 3–5 hashtags per post.' },
  tiktok: {
    label: 'TikTok',
    maxTags: 8,
    defaultTags: 5,
    maxTagLength: 25,
    maxTotalChars: 100,
    note: 'Keep hashtags short so the caption stays readable: 3–5 work best.',
  },
};
