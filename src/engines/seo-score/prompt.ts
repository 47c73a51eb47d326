/**
 * Rewrite suggestions for the weak parts of an analyzed page, by a language model. The page sends what the analyzer
 * already found (the weak checks, the introduction, the long and passive sentences); the prompt asks for a rewrite of
 * exactly those items, each as "original → suggestion", using only the page's own facts. The suggested title and meta
 * description are then measured by the analyzer's own rules (measureSuggestions): flagged when they miss, never dropped.
 */
import type { ChatMessage } from '../llm';
import type { SeoLight } from '../../shared/api/seo-score';
import { BANDS, metaVerdict, titleVerdict } from './index';
import { hasKeyphrase, keyphraseOf } from './measure';

export interface SuggestionCheck {
  id: string;
  light: 'problem' | 'ok';
  /** the measured value and the fix, as the report shows them */
  message: string;
}

export interface SuggestionsPromptInput {
  /** the weak parts, as written on the page: the facts the model may use */
  text: string;
  keyphrase?: string;
  title?: string;
  metaDescription?: string;
  checks: SuggestionCheck[];
  introduction?: string;
  longSentences: string[];
  passiveSentences: string[];
}

/** Checks whose weakness a rewrite of the title, the meta description or the introduction fixes. */
const TITLE_CHECKS = ['seo_title', 'keyphrase_in_title'];
const META_CHECKS = ['meta_description', 'keyphrase_in_meta_description'];
const INTRO_CHECKS = ['keyphrase_in_introduction'];

/** The items the model is asked to rewrite, in the answer's order. Exported for the tests and the page's wording. */
export function rewriteItems(p: SuggestionsPromptInput): { title: boolean; meta: boolean; intro: boolean; long: string[]; passive: string[] } {
  const weak = new Set(p.checks.map((c) => c.id));
  const any = (ids: string[]) => ids.some((id) => weak.has(id));
  const long = weak.has('sentence_length') ? unique(p.longSentences) : [];
  const passive = weak.has('passive_voice') ? unique(p.passiveSentences).filter((s) => !long.includes(s)) : [];
  return { title: any(TITLE_CHECKS), meta: any(META_CHECKS), intro: any(INTRO_CHECKS) && !!p.introduction, long, passive };
}

const unique = (list: string[]) => [...new Set(list.map((s) => s.trim()).filter(Boolean))];
const line = (s: string) => s.replace(/\s+/g, ' ').trim();

export function seoSuggestionsPrompt(p: SuggestionsPromptInput): ChatMessage[] {
  const items = rewriteItems(p);
  const kp = p.keyphrase ? `"${p.keyphrase}"` : null;
  const withKp = kp ? `, containing the focus keyphrase ${kp}` : '';
  const { min, max } = BANDS.metaDescription;
  const asks: string[] = [];
  if (items.title) asks.push(`SEO title: ${line(p.title ?? '(none)')} → <a new SEO title of at most ${TITLE_MAX_CHARS} characters${withKp}>`);
  if (items.meta) asks.push(`Meta description: ${line(p.metaDescription ?? '(none)')} → <a new meta description of ${min}–${max} characters${withKp}>`);
  if (items.intro) asks.push(`Introduction: ${firstSentence(p.introduction!)} → <a new first sentence for the introduction${withKp}>`);
  for (const s of items.long) asks.push(`Sentence: ${line(s)} → <the same content in shorter sentences of at most ${BANDS.sentenceWords} words>`);
  for (const s of items.passive) asks.push(`Sentence: ${line(s)} → <the same sentence in the active voice, the doer first>`);
  // an API caller that sends only text: its sentences are the weak parts
  if (!asks.length) asks.push('Sentence: <each sentence of the text that is long, passive or unclear> → <a shorter, active, clearer version>');

  const rewritable = new Set([...TITLE_CHECKS, ...META_CHECKS, ...INTRO_CHECKS, 'sentence_length', 'passive_voice']);
  const others = p.checks.filter((c) => !rewritable.has(c.id));
  const problems = p.checks.map((c) => `- ${c.id} (${c.light === 'problem' ? 'problem' : 'improvement'}): ${line(c.message)}`).join('\n');

  return [
    {
      role: 'system',
      content:
        'You are an SEO editor. Rewrite only the weak items you are given, nothing else. ' +
        'Answer with one line per item, in the given order, in the form "Label: original → suggestion", keeping the label and the original exactly as given ' +
        'and replacing the part in angle brackets with your rewrite. ' +
        'Use only facts stated in the page text: do not invent numbers, names, prices, dates, quotes or claims. ' +
        'Keep the meaning and the language of the original. Plain text, no Markdown, no commentary before or after the lines.',
    },
    {
      role: 'user',
      content:
        (kp ? `Focus keyphrase: ${kp}\n` : 'No focus keyphrase was given; keep to the page’s main topic.\n') +
        (problems ? `\nThe analyzer's weak checks:\n${problems}\n` : '') +
        (others.length ? `(${others.map((c) => c.id).join(', ')} cannot be fixed by a rewrite: do not write lines for them.)\n` : '') +
        `\nRewrite these items:\n${asks.join('\n')}\n` +
        `\nPage text (the only facts you may use):\n${p.text.slice(0, 12_000)}`,
    },
  ];
}

function firstSentence(text: string): string {
  const t = line(text);
  const m = /^.+?[.!?](?=\s|$)/.exec(t);
  return (m ? m[0] : t).slice(0, 300);
}

export const TITLE_MAX_CHARS = 60;

export interface MeasuredSuggestion {
  kind: 'title' | 'meta_description';
  text: string;
  chars: number;
  /** the title's width in a search result (null for a meta description) */
  pixels: number | null;
  /** the analyzer's light for this title or description */
  light: SeoLight;
  /** the measured value as the analyzer writes it, e.g. "52 characters, about 470 px of 600 px" */
  value: string;
  /** what the measurement means */
  note: string;
  hasKeyphrase: boolean | null;
}

/**
 * The suggested SEO title and meta description in the model's answer ("SEO title: old → new"), measured by the
 * analyzer's rules. A suggestion outside the rules is kept and flagged, so the writer sees what the model got wrong.
 */
export function measureSuggestions(answer: string, keyphrase?: string): MeasuredSuggestion[] {
  const kp = keyphraseOf(keyphrase);
  const lines = answer.split('\n').map((l) => l.trim().replace(/^[-*•]\s*/, ''));
  const find = (label: RegExp) => {
    const l = lines.find((x) => label.test(x));
    if (!l) return undefined;
    const rest = l.replace(label, '');
    const arrow = Math.max(rest.lastIndexOf('→'), rest.lastIndexOf('->'));
    const text = (arrow >= 0 ? rest.slice(arrow + (rest[arrow] === '→' ? 1 : 2)) : rest)
      .trim()
      .replace(/^["“'<]+|["”'>]+$/g, '')
      .trim();
    return text || undefined;
  };
  const has = (t: string) => (kp ? hasKeyphrase(kp, t) : null);
  const out: MeasuredSuggestion[] = [];
  const title = find(/^\**SEO title\**\s*:\s*/i);
  if (title) {
    const v = titleVerdict(title);
    const note =
      v.light === 'problem'
        ? `wider than ${BANDS.titlePixels} px: search results cut it off`
        : v.light === 'ok'
          ? `short: under ${BANDS.titleMinChars} characters`
          : 'fits the search result';
    out.push({ kind: 'title', text: title, chars: v.chars, pixels: v.px, light: v.light, value: v.value, note, hasKeyphrase: has(title) });
  }
  const meta = find(/^\**Meta description\**\s*:\s*/i);
  if (meta) {
    const v = metaVerdict(meta);
    const { min, max } = BANDS.metaDescription;
    const note =
      v.light === 'problem'
        ? `longer than ${max} characters: search results truncate it`
        : v.light === 'ok'
          ? `shorter than ${min} characters`
          : `within ${min}–${max} characters`;
    out.push({ kind: 'meta_description', text: meta, chars: v.chars, pixels: null, light: v.light, value: v.value, note, hasKeyphrase: has(meta) });
  }
  return out;
}
