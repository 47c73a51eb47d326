/**
 * The one reviewed place for every tool's language-model prompt.
 *
 * Each builder returns chat messages: a system prompt with the rules and a user message carrying ONLY the input
 * text between markers. Every prompt instructs the model to keep facts, numbers and names, and to answer with the
 * resulting text alone (no preamble), so the server can show it as is.
 */
import type { HumanizerStyle, RewriterTone } from '../styles';
import type { ChatMessage } from './client';

export { HUMANIZER_STYLES, REWRITER_TONES, type HumanizerStyle, type RewriterTone } from '../styles';
export type SummaryLength = 'short' | 'medium' | 'long';
export type SummaryFormat = 'paragraph' | 'bullets';

const KEEP_FACTS =
  'Keep every fact, number, date, quantity, name, quotation and technical term exactly as in the input. ' +
  'Do not add information, opinions, examples or claims that are not in the input. Do not remove key points.';
const OUTPUT_ONLY =
  'Answer with the resulting text only: no preamble, no notes, no quotation marks around it, no markdown ' +
  'unless the input uses it. Write in the same language as the input.';

function userMessage(text: string): ChatMessage {
  return { role: 'user', content: `<text>\n${text}\n</text>` };
}

const HUMANIZER_STYLE_RULES: Record<HumanizerStyle, string> = {
  casual: 'Use a relaxed, friendly register with contractions, plain words and a few short sentences.',
  professional: 'Use a clear, confident business register: plain words, light use of contractions, no slang, no hype.',
  academic: 'Use a precise academic register: no contractions, no slang, measured claims, formal but not ornate wording.',
  creative: 'Use a vivid, lively register with contractions and varied rhythm, without inventing facts.',
};

export function humanizerPrompt(text: string, style: HumanizerStyle = 'casual'): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You rewrite text so that it reads as if a thoughtful human wrote it. ' +
        'Remove the tells of machine writing: stock phrases ("delve into", "it is important to note", ' +
        '"in today\'s fast-paced world", "plays a pivotal role", "a testament to", "navigate the complexities"), ' +
        'formulaic transitions ("moreover", "furthermore", "in conclusion"), inflated vocabulary ("leverage", ' +
        '"utilize", "robust", "seamless", "foster"), and uniform sentence length. Vary sentence length and structure. ' +
        `${HUMANIZER_STYLE_RULES[style]} ${KEEP_FACTS} Keep the meaning and roughly the same length. ${OUTPUT_ONLY}`,
    },
    userMessage(text),
  ];
}

const TONE_RULES: Record<RewriterTone, string> = {
  casual: 'a casual, relaxed tone with contractions and everyday words',
  professional: 'a professional, clear and courteous business tone',
  academic: 'a formal academic tone: precise vocabulary, no contractions, no slang',
  creative: 'a creative, vivid tone with fresh wording and varied rhythm',
  conversational: 'a conversational tone, as if speaking to the reader, with contractions',
  persuasive: 'a persuasive tone that addresses the reader and motivates action, without exaggerating the facts',
};

export function rewriterPrompt(text: string, tone: RewriterTone = 'professional'): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        `You paraphrase text in ${TONE_RULES[tone]}. Reword sentences and restructure them where it helps; ` + `keep the meaning. ${KEEP_FACTS} ${OUTPUT_ONLY}`,
    },
    userMessage(text),
  ];
}

const LENGTH_RULES: Record<SummaryLength, string> = {
  short: 'about 10% of the input length (1 to 3 sentences)',
  medium: 'about 20% of the input length (3 to 6 sentences)',
  long: 'about 35% of the input length (6 to 10 sentences)',
};

export function summarizerPrompt(text: string, opts: { length?: SummaryLength | number; format?: SummaryFormat } = {}): ChatMessage[] {
  const length = opts.length ?? 'medium';
  const format = opts.format ?? 'paragraph';
  const size = typeof length === 'number' ? `${length} sentence${length === 1 ? '' : 's'}` : LENGTH_RULES[length];
  const shape =
    format === 'bullets' ? 'Format: a list of bullet points, one point per line, each starting with "- ".' : 'Format: one paragraph of plain prose.';
  return [
    {
      role: 'system',
      content:
        `You write faithful summaries. Summarise the text in ${size}, covering its main points in order of ` +
        `importance. ${shape} ${KEEP_FACTS} ${OUTPUT_ONLY}`,
    },
    userMessage(text),
  ];
}

export function expanderPrompt(text: string, tone: RewriterTone = 'professional'): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        `You expand short text into a fuller version in ${TONE_RULES[tone]}. Develop the ideas already present ` +
        'with explanation, transitions and detail that follow from the input; roughly double to triple its length. ' +
        'Never invent statistics, quotations, sources, names or events. ' +
        `${KEEP_FACTS.replace(' Do not add information, opinions, examples or claims that are not in the input.', '')} ${OUTPUT_ONLY}`,
    },
    userMessage(text),
  ];
}

export function shortenerPrompt(text: string): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You make text shorter and clearer. Replace wordy phrases with short ones, remove fillers, hedges and ' +
        'redundancies, cut clauses that add nothing, and split sentences of more than 25 words in two, while ' +
        `keeping every point and the meaning. Keep the sentence order. ${KEEP_FACTS} ${OUTPUT_ONLY}`,
    },
    userMessage(text),
  ];
}
