import { HUMANIZER_STYLES, SUMMARY_FORMATS, SUMMARY_LENGTHS, TONES } from '@/shared/api/writing';
import type { AnonAllowance } from '@/shared/limits';

/** What each writing-tool page shows and sends. */
export interface WritingOption {
  name: string;
  label: string;
  values: readonly string[];
  initial: string;
}

export interface WritingPageConfig {
  title: string;
  lead: string;
  endpoint: string;
  /** The visitor allowance the server counts this tool against (its limit message is shown when it runs out). */
  allowance: AnonAllowance;
  action: string;
  busy: string;
  outputLabel: string;
  options: WritingOption[];
  /** Show the diff view against the input (tools that rewrite). */
  diff: boolean;
  /** Needs a language model: no offline engine. */
  needsModel?: boolean;
  failure: string;
}

export const WRITING_PAGES: Record<string, WritingPageConfig> = {
  'ai-humanizer': {
    title: 'AI Humanizer',
    lead: 'Rewrite stiff, AI-sounding text so it reads naturally, keeping its meaning, numbers and names.',
    endpoint: '/api/tools/ai-humanizer',
    allowance: 'humanize',
    action: 'Humanize',
    busy: 'Humanizing...',
    outputLabel: 'Humanized text',
    options: [{ name: 'style', label: 'Style', values: HUMANIZER_STYLES, initial: 'casual' }],
    diff: true,
    failure: 'Failed to humanize text. Please try again.',
  },
  'ai-rewriter': {
    title: 'AI Rewriter',
    lead: 'Paraphrase a text in the tone you need.',
    endpoint: '/api/tools/ai-rewriter',
    allowance: 'rewrite',
    action: 'Rewrite',
    busy: 'Rewriting...',
    outputLabel: 'Rewritten text',
    options: [{ name: 'tone', label: 'Tone', values: TONES, initial: 'professional' }],
    diff: true,
    failure: 'Failed to rewrite text. Please try again.',
  },
  'ai-summarizer': {
    title: 'AI Summarizer',
    lead: 'Condense a long text into its key points, as a paragraph or bullet points.',
    endpoint: '/api/tools/ai-summarizer',
    allowance: 'summarize',
    action: 'Summarize',
    busy: 'Summarizing...',
    outputLabel: 'Summary',
    options: [
      { name: 'length', label: 'Length', values: SUMMARY_LENGTHS, initial: 'medium' },
      { name: 'format', label: 'Format', values: SUMMARY_FORMATS, initial: 'paragraph' },
    ],
    diff: false,
    failure: 'Failed to summarize text. Please try again.',
  },
  'sentence-shortener': {
    title: 'Sentence Shortener',
    lead: 'Cut wordy phrases, fillers, hedges and redundant pairs, and split over-long sentences at safe joins, keeping the meaning.',
    endpoint: '/api/tools/sentence-shortener',
    allowance: 'shorten',
    action: 'Shorten',
    busy: 'Shortening...',
    outputLabel: 'Shorter text',
    options: [],
    diff: true,
    failure: 'Failed to shorten text. Please try again.',
  },
  'text-expander': {
    title: 'Text Expander',
    lead: 'Turn short notes into fuller paragraphs in the tone you choose.',
    endpoint: '/api/tools/text-expander',
    allowance: 'expand',
    action: 'Expand',
    busy: 'Expanding...',
    outputLabel: 'Expanded text',
    options: [{ name: 'tone', label: 'Tone', values: TONES, initial: 'professional' }],
    diff: false,
    needsModel: true,
    failure: 'Failed to expand text. Please try again.',
  },
};
WRITING_PAGES.expander = WRITING_PAGES['text-expander'];
