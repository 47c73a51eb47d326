import type { ChatMessage } from '../llm/client';
import {
  CITATION_STYLE_LABELS,
  ESSAY_LEVEL_LABELS,
  ESSAY_TYPE_LABELS,
  outlineToText,
  REFERENCE_HEADINGS,
  type CitationStyle,
  type EssayOutline,
  type OutlineInput,
} from './outline';

/**
 * The essay writer's prompt. The model writes the essay along the offline outline (structure and word budgets), at
 * the level and length asked. On citations it may cite only the sources the user listed; where a claim would need a
 * source the user did not give, it writes a visible marker instead of making one up.
 */
export const CITATION_NEEDED = '[citation needed]';

export interface EssayPromptInput extends OutlineInput {
  /** The sources the user supplied, one per line (may be empty). */
  sources?: string;
}

const LEVEL_RULES: Record<OutlineInput['level'], string> = {
  'high-school': 'Write for a high-school class: clear, direct sentences, accessible vocabulary, explicit transitions.',
  undergraduate: 'Write at undergraduate level: precise vocabulary, critical engagement with evidence, measured claims.',
  graduate: 'Write at graduate level: a nuanced argument situated in the wider debate, precise terminology, acknowledged limitations.',
};

const TYPE_RULES: Record<OutlineInput['type'], string> = {
  argumentative: 'Argue for the thesis with reasons and evidence, and answer the strongest counter-argument fairly before concluding.',
  persuasive: 'Persuade the reader, appealing to logic, credibility and values; answer likely objections; end with a call to action.',
  expository: 'Explain the topic neutrally and clearly, aspect by aspect, without arguing for a side.',
  narrative: 'Tell a story in the first person, in chronological order, with concrete detail, building to a turning point and a reflection.',
  descriptive: 'Describe the subject vividly through the senses, building one dominant impression.',
  'compare-contrast': 'Compare the subjects point by point on the same criteria, showing similarities and differences, and end with a judgement.',
  'cause-effect': 'Explain the causes and then the effects, showing the mechanism that links them, not only that they occur together.',
};

function citationRules(style: CitationStyle, hasSources: boolean): string {
  if (style === 'none')
    return (
      'Do not use citations or a reference list. Never invent statistics, studies, quotations or named sources; ' +
      'state general knowledge as such and keep specific claims modest.'
    );
  const heading = REFERENCE_HEADINGS[style];
  const never =
    'Never invent a source, author, title, year, page number, URL, statistic or quotation. ' +
    `Where a claim would need support that no listed source gives, write ${CITATION_NEEDED} right after the claim instead of a citation.`;
  if (!hasSources)
    return `Citation style: ${CITATION_STYLE_LABELS[style]}. No sources were provided, so cite nothing: ${never} ` + `Do not add a ${heading} list.`;
  return (
    `Citation style: ${CITATION_STYLE_LABELS[style]}. Cite ONLY the sources listed between <sources> tags, with in-text citations ` +
    `in that style, and only for claims those sources can support. ${never} End with a "${heading}" section listing, in ` +
    `${CITATION_STYLE_LABELS[style]} format, only the listed sources you actually cited, using only the details given for them.`
  );
}

/** Chat messages for the full essay, following the outline. */
export function essayPrompt(input: EssayPromptInput, outline: EssayOutline): ChatMessage[] {
  const sources = (input.sources ?? '').trim();
  const style = input.citationStyle ?? 'none';
  const low = Math.round(outline.targetWords * 0.9);
  const high = Math.round(outline.targetWords * 1.1);
  const system =
    `You write complete, original ${ESSAY_TYPE_LABELS[input.type].toLowerCase()} essays. ${TYPE_RULES[input.type]} ` +
    `${LEVEL_RULES[input.level]} Length: ${low} to ${high} words (the reference list not counted). ` +
    'Follow the outline given between <outline> tags: its sections, their order, their roles and roughly their word budgets; ' +
    'the outline is a plan, so write real paragraphs, never its labels or instructions. ' +
    (outline.thesis ? 'Keep the thesis given by the user, in substance, as the thesis of the essay. ' : 'Choose a clear thesis that answers the topic. ') +
    `${citationRules(style, sources.length > 0)} ` +
    'Format: plain text. The first line is the title of the essay; then paragraphs separated by blank lines. ' +
    (outline.targetWords >= 1500 ? 'Short section headings on their own lines are allowed. ' : 'No headings besides the title. ') +
    'No markdown symbols, no preamble, no notes after the essay. Write in the language of the topic.';
  const parts = [`<topic>\n${outline.topic}\n</topic>`];
  if (outline.thesis) parts.push(`<thesis>\n${outline.thesis}\n</thesis>`);
  if (sources) parts.push(`<sources>\n${sources}\n</sources>`);
  parts.push(`<outline>\n${outlineToText(outline)}\n</outline>`);
  parts.push(`Level: ${ESSAY_LEVEL_LABELS[input.level]}.`);
  return [
    { role: 'system', content: system },
    { role: 'user', content: parts.join('\n\n') },
  ];
}
