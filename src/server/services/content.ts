/**
 * The content generator (articles, blog posts, social posts, product descriptions from a brief). There is no offline engine: toolRoute's `available` (requireLanguageModel)
 * refuses with 503 llm_not_configured before anything is charged when no model is configured.
 */
import type { ChatMessage } from '../../engines/llm';
import { CONTENT_TYPE_LABELS, CONTENT_WORDS, type ContentInput, type ContentType } from '../../shared/api/content';
import { countWords } from '../../shared/limits';
import type { ToolCall } from '../tool-route';
import { generateWithModel, type GenerationResult } from './model-call';

// the code tool's model modes import it from here too
export { generateWithModel, type GenerationResult } from './model-call';

const TONE_RULES: Record<ContentInput['tone'], string> = {
  casual: 'casual and relaxed, with contractions and everyday words',
  professional: 'professional: clear, confident and courteous, without hype',
  academic: 'academic: precise and formal, no contractions or slang, claims measured',
  creative: 'creative: vivid, fresh wording and varied rhythm',
  conversational: 'conversational, as if talking to the reader, with contractions',
  persuasive: 'persuasive: address the reader and motivate action, without exaggerating',
};

const TYPE_RULES: Record<ContentType, string> = {
  article:
    'an article: a clear title on the first line as a Markdown heading (#), an introduction that states what the reader will learn, ' +
    'several sections with ## subheadings, and a short conclusion',
  blog_post:
    'a blog post: a catchy title as a Markdown heading (#), a hook in the first paragraph, short paragraphs with ## subheadings, and a closing call to action',
  social_post: 'a social media post: one short post with a strong opening line, no title, at most three relevant hashtags at the end',
  product_description:
    'a product description: a one-line headline, a short paragraph on what the product is for and who it is for, then its key benefits as a bullet list ("- ")',
};

/** The content generator's prompt: the brief travels only in the user message; type, tone and length set the rules. */
export function contentPrompt(input: Pick<ContentInput, 'text' | 'type' | 'tone' | 'length'>): ChatMessage[] {
  const words = CONTENT_WORDS[input.type][input.length];
  return [
    {
      role: 'system',
      content:
        `You are an experienced content writer. Write ${TYPE_RULES[input.type]}. ` +
        `Length: about ${words} words (${input.length}). Tone: ${TONE_RULES[input.tone]}. ` +
        'Follow the brief: cover what it asks for, for the audience it names. Do not invent statistics, quotations, prices, ' +
        'studies or facts about real people or companies that the brief does not give; where a number would help and none is given, ' +
        'write around it. Write in the language of the brief. Answer with the content only: no preamble, no notes about how you wrote it.',
    },
    {
      role: 'user',
      content: `<brief type="${CONTENT_TYPE_LABELS[input.type]}" tone="${input.tone}" length="${input.length}, about ${words} words">\n${input.text}\n</brief>`,
    },
  ];
}

export async function generateContent(call: ToolCall<ContentInput>): Promise<GenerationResult> {
  const words = CONTENT_WORDS[call.input.type][call.input.length];
  // about 1.4 tokens per English word, with room for headings and markup
  return generateWithModel(call, contentPrompt(call.input), { maxTokens: Math.round(words * 2 + 200), failure: 'The content could not be written' });
}

export function contentWords(output: string): number {
  return countWords(output);
}
