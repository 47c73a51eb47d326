/**
 * Rewrite suggestions for the weak parts of an analyzed page, by a language model. The model gets the page's text
 * and the analyzer's problems (each with its measured value and fix) and must keep to the facts of the page. The
 * suggested title and meta description are measured again by the same rules as the analyzer (measureSuggestions).
 */
import type { ChatMessage } from '../llm';

export interface SuggestionProblem {
  label: string;
  value: string;
  fix: string;
}

export const TITLE_MAX_CHARS = 60;
export const META_MIN = 120;
export const META_MAX = 158;

export function seoSuggestionsPrompt(p: {
  text: string;
  keyphrase?: string;
  title?: string;
  metaDescription?: string;
  problems: SuggestionProblem[];
}): ChatMessage[] {
  const focus = p.keyphrase ? `The focus keyphrase is "${p.keyphrase}".` : 'No focus keyphrase was given; use the page’s main topic.';
  const problems = p.problems.map((x, i) => `${i + 1}. ${x.label}: ${x.value}. Fix: ${x.fix}`).join('\n');
  return [
    {
      role: 'system',
      content:
        'You are an SEO editor. For each problem the analyzer found, give a concrete rewrite the writer can paste, using only facts in the page. ' +
        `${focus} Write "SEO title: …" (at most ${TITLE_MAX_CHARS} characters, with the keyphrase) if the title is a problem, ` +
        `"Meta description: …" (${META_MIN}–${META_MAX} characters, with the keyphrase) if the meta description is a problem, ` +
        '"Introduction: …" (a first sentence that contains the keyphrase) if the introduction is a problem, and for long or passive sentences ' +
        '"Original: …" then "Suggestion: …" pairs. Skip problems a rewrite cannot fix (links, images), saying in one line what to add. ' +
        'Do not invent numbers, names or claims. Plain text, no Markdown headings.',
    },
    {
      role: 'user',
      content:
        `Problems:\n${problems || '(none listed)'}\n\n` +
        (p.title ? `Current SEO title: ${p.title}\n` : '') +
        (p.metaDescription ? `Current meta description: ${p.metaDescription}\n` : '') +
        `\nPage:\n${p.text.slice(0, 12_000)}`,
    },
  ];
}

export interface MeasuredSuggestion {
  kind: 'title' | 'meta_description';
  text: string;
  length: number;
  /** within the analyzer's length rule */
  ok: boolean;
  hasKeyphrase: boolean | null;
}

/** The suggested SEO title and meta description, found in the model's answer and measured by the analyzer's rules. */
export function measureSuggestions(answer: string, keyphrase?: string): MeasuredSuggestion[] {
  const out: MeasuredSuggestion[] = [];
  const find = (label: RegExp) =>
    answer
      .split('\n')
      .map((l) => l.trim())
      .find((l) => label.test(l))
      ?.replace(label, '')
      .trim()
      .replace(/^["“]|["”]$/g, '');
  const has = (t: string) => (keyphrase ? t.toLowerCase().includes(keyphrase.toLowerCase()) : null);
  const title = find(/^\**SEO title\**\s*:\s*/i);
  if (title) out.push({ kind: 'title', text: title, length: title.length, ok: title.length <= TITLE_MAX_CHARS, hasKeyphrase: has(title) });
  const meta = find(/^\**Meta description\**\s*:\s*/i);
  if (meta)
    out.push({ kind: 'meta_description', text: meta, length: meta.length, ok: meta.length >= META_MIN && meta.length <= META_MAX, hasKeyphrase: has(meta) });
  return out;
}
