import { z } from 'zod';
import { REWRITER_TONES as TONES } from '../../engines/styles';

/** Request and response contracts of the content generator (/tools/content-generator). */
export { TONES as CONTENT_TONES };
export const CONTENT_TYPES = ['article', 'blog_post', 'social_post', 'product_description'] as const;
export const CONTENT_LENGTHS = ['short', 'medium', 'long'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export type ContentLength = (typeof CONTENT_LENGTHS)[number];

export const CONTENT_TYPE_LABELS: Record<ContentType, string> = {
  article: 'Article',
  blog_post: 'Blog post',
  social_post: 'Social media post',
  product_description: 'Product description',
};

/** Target words per type and length (the prompt asks for about this many; the model's token budget follows from it). */
export const CONTENT_WORDS: Record<ContentType, Record<ContentLength, number>> = {
  article: { short: 400, medium: 800, long: 1500 },
  blog_post: { short: 350, medium: 700, long: 1200 },
  social_post: { short: 40, medium: 80, long: 150 },
  product_description: { short: 60, medium: 120, long: 250 },
};

export const BRIEF_MAX_CHARS = 4_000;

export const ContentRequest = z.object({
  text: z
    .string({ message: 'Please write a brief.' })
    .max(BRIEF_MAX_CHARS, { message: 'The brief is too long: the limit is 4,000 characters.' })
    .refine((s) => s.trim() !== '', { message: 'Please write a brief.' }),
  type: z.enum(CONTENT_TYPES).default('article'),
  tone: z.enum(TONES).default('professional'),
  length: z.enum(CONTENT_LENGTHS).default('medium'),
});
export type ContentInput = z.infer<typeof ContentRequest>;

export interface ContentResponse {
  output: string;
  /** The language model's name. */
  engine: string;
  type: ContentType;
  tone: string;
  length: ContentLength;
  /** Words in the output. */
  words: number;
  text?: string;
}
