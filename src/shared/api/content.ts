import { z } from 'zod';
import { REWRITER_TONES as TONES } from '../../engines/styles';
import { ExtractedText } from './tool-answer';

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
    .refine((s) => s.trim() !== '', { message: 'Please write a brief.' })
    .meta({
      description: 'The brief: what to write about, for whom.',
      examples: ['A blog post introducing lightweight hiking boots for beginners: comfort, grip and price.'],
    }),
  type: z.enum(CONTENT_TYPES).default('article'),
  tone: z.enum(TONES).default('professional'),
  length: z.enum(CONTENT_LENGTHS).default('medium'),
});
export type ContentInput = z.infer<typeof ContentRequest>;

export const ContentResponse = z.object({
  output: z.string(),
  engine: z.string().describe("The language model's name."),
  type: z.enum(CONTENT_TYPES),
  tone: z.string(),
  length: z.enum(CONTENT_LENGTHS),
  words: z.number().int().min(0).describe('Words in the output.'),
  text: ExtractedText,
});
export type ContentResponse = z.infer<typeof ContentResponse>;
