/** Caption styles (no imports: the shared API contract and the page read these too). */
export const CAPTION_STYLES = ['short', 'detailed', 'social', 'seo'] as const;
export type CaptionStyle = (typeof CAPTION_STYLES)[number];

export const CAPTION_STYLE_INFO: Record<CaptionStyle, { label: string; description: string }> = {
  short: { label: 'Short', description: 'One line: who and what is in the picture.' },
  detailed: { label: 'Detailed', description: 'A few sentences: people, things, text, colours and shape.' },
  social: { label: 'Social media', description: 'A post-ready line with hashtags.' },
  seo: { label: 'SEO alt-text', description: 'Concise alt-text (≤ 125 characters) naming the objects and text.' },
};
