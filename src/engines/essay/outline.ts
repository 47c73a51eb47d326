/**
 * The essay writer's offline part: an outline builder. From a topic, an optional thesis, the essay type, the level and a
 * target length it lays out the structure of the essay: the introduction (with the thesis), the body sections with
 * their roles and a word budget per paragraph, a counter-argument where the type needs one, the conclusion, and the
 * reference list's place when a citation style is chosen.
 *
 * It writes no essay prose: every line is an instruction about what the writer puts there ("Topic sentence: one
 * reason that supports the thesis"), and the whole result is labelled as an outline. Generating the essay itself
 * needs the language model (see prompt.ts).
 */

export const ESSAY_TYPES = ['argumentative', 'persuasive', 'expository', 'narrative', 'descriptive', 'compare-contrast', 'cause-effect'] as const;
export type EssayType = (typeof ESSAY_TYPES)[number];

export const ESSAY_LEVELS = ['high-school', 'undergraduate', 'graduate'] as const;
export type EssayLevel = (typeof ESSAY_LEVELS)[number];

export const CITATION_STYLES = ['none', 'apa', 'mla', 'chicago', 'harvard'] as const;
export type CitationStyle = (typeof CITATION_STYLES)[number];

export const ESSAY_MIN_WORDS = 250;
export const ESSAY_MAX_WORDS = 5000;

export const ESSAY_TYPE_LABELS: Record<EssayType, string> = {
  argumentative: 'Argumentative',
  persuasive: 'Persuasive',
  expository: 'Expository',
  narrative: 'Narrative',
  descriptive: 'Descriptive',
  'compare-contrast': 'Compare and contrast',
  'cause-effect': 'Cause and effect',
};

export const ESSAY_LEVEL_LABELS: Record<EssayLevel, string> = {
  'high-school': 'High school',
  undergraduate: 'Undergraduate',
  graduate: 'Graduate',
};

export const CITATION_STYLE_LABELS: Record<CitationStyle, string> = {
  none: 'No citations',
  apa: 'APA (7th ed.)',
  mla: 'MLA (9th ed.)',
  chicago: 'Chicago (author-date)',
  harvard: 'Harvard',
};

/** The heading of the source list in each style. */
export const REFERENCE_HEADINGS: Record<Exclude<CitationStyle, 'none'>, string> = {
  apa: 'References',
  mla: 'Works Cited',
  chicago: 'References',
  harvard: 'Reference list',
};

/** Types whose body answers the other side before concluding. */
export const TYPES_WITH_COUNTER_ARGUMENT: readonly EssayType[] = ['argumentative', 'persuasive'];

export interface OutlineInput {
  topic: string;
  thesis?: string;
  type: EssayType;
  level: EssayLevel;
  /** Target length of the essay in words. */
  words: number;
  citationStyle?: CitationStyle;
}

export interface OutlineParagraph {
  /** What the paragraph is for, e.g. "Reason 2". */
  label: string;
  /** Word budget of the paragraph. */
  words: number;
  /** What goes in it, as instructions to the writer. */
  guidance: string[];
}

export type OutlineSectionKind = 'introduction' | 'body' | 'counter-argument' | 'conclusion' | 'references';

export interface OutlineSection {
  kind: OutlineSectionKind;
  heading: string;
  /** The section's job in the essay. */
  role: string;
  /** Sum of its paragraphs' budgets (0 for the reference list, which is not counted in the length). */
  words: number;
  paragraphs: OutlineParagraph[];
}

export interface EssayOutline {
  /** Always 'outline': this is a plan of an essay, never the essay. */
  kind: 'outline';
  title: string;
  topic: string;
  thesis: string | null;
  type: EssayType;
  level: EssayLevel;
  citationStyle: CitationStyle;
  targetWords: number;
  sections: OutlineSection[];
  /** Advice for the level, the type and the citation style. */
  notes: string[];
}

/** Typical body paragraph length per level, in words. */
export const PARAGRAPH_WORDS: Record<EssayLevel, number> = { 'high-school': 130, undergraduate: 160, graduate: 190 };

const MAX_BODY_PARAGRAPHS = 14;

const clean = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** "Cats vs. dogs", "Rome versus Carthage", "Comparing X and Y": the two subjects of a comparison, when the topic names them. */
export function comparisonSubjects(topic: string): [string, string] | null {
  const t = clean(topic)
    .replace(/^(compare|comparing|contrast|contrasting|the differences between|differences between|similarities between)\s+/i, '')
    .replace(/[.?!]+$/, '');
  const m = /^(.+?)\s+(?:vs\.?|versus|and|or|compared (?:to|with)|against)\s+(.+)$/i.exec(t);
  if (!m) return null;
  const a = m[1].trim();
  const b = m[2].trim();
  return a && b ? [a, b] : null;
}

/** Split `total` into `n` budgets that are multiples of 5 where possible and add up to `total` exactly. */
export function splitWords(total: number, n: number): number[] {
  if (n <= 0) return [];
  const base = Math.floor(total / n / 5) * 5;
  const parts = Array<number>(n).fill(base);
  let left = total - base * n;
  // hand out the rest in steps of 5 from the first paragraph on, then the last few words to the last one
  for (let i = 0; left >= 5; i = (i + 1) % n) {
    parts[i] += 5;
    left -= 5;
  }
  parts[n - 1] += left;
  return parts;
}

function thesisLine(input: OutlineInput): string {
  const thesis = clean(input.thesis);
  if (input.type === 'narrative')
    return thesis ? `The point of the story: "${thesis}"` : 'The point of the story: one sentence on what the experience taught or showed';
  if (input.type === 'descriptive')
    return thesis ? `Dominant impression: "${thesis}"` : 'Dominant impression: one sentence naming the overall feeling the description builds';
  return thesis
    ? `Thesis statement (last sentence of the introduction): "${thesis}"`
    : 'Thesis statement: write one arguable sentence that answers the topic (none was given)';
}

function introGuidance(input: OutlineInput, count: number): OutlineParagraph['guidance'][] {
  const hook =
    input.type === 'narrative'
      ? 'Hook: open in the middle of a moment, with a concrete detail'
      : input.type === 'descriptive'
        ? 'Hook: a vivid first image of the subject'
        : 'Hook: a question, a surprising fact you can source, or a short scene that leads into the topic';
  const context =
    input.type === 'compare-contrast'
      ? 'Context: introduce both subjects and why comparing them is worthwhile'
      : input.type === 'cause-effect'
        ? 'Context: describe the situation or event whose causes and effects you examine'
        : input.type === 'narrative'
          ? 'Context: where and when it happens, and who is involved'
          : 'Context: the background a reader needs, and key terms defined';
  const roadmap =
    input.type === 'narrative' || input.type === 'descriptive'
      ? null
      : input.level === 'high-school'
        ? 'Preview: name the main points in the order the body takes them'
        : 'Roadmap: one sentence on how the essay proceeds';
  const all = [hook, context, thesisLine(input), ...(roadmap ? [roadmap] : [])];
  if (count === 1) return [all];
  // two paragraphs: hook and context first, then the thesis and the roadmap
  return [all.slice(0, 2), all.slice(2)];
}

function conclusionGuidance(input: OutlineInput): string[] {
  const restate =
    input.type === 'narrative'
      ? 'Reflection: what the experience meant then and what it means now'
      : input.type === 'descriptive'
        ? 'Return to the dominant impression, in new words'
        : 'Restate the thesis in new words (do not copy the introduction)';
  const closing: Record<EssayType, string> = {
    argumentative: 'Close with the implications: why the position matters, or what should follow from it',
    persuasive: 'Close with a call to action: what the reader should do or believe now',
    expository: 'Close with the significance of the topic, or a question that remains open',
    narrative: 'Close with the lesson or change, without stating a moral too bluntly',
    descriptive: 'Close with a final image that leaves the impression with the reader',
    'compare-contrast': 'Close with your overall judgement: which matters more, or what the comparison reveals',
    'cause-effect': 'Close with the implications: what could be done about the causes, or what the effects mean next',
  };
  return [restate, 'Summarise the main points briefly, in the order of the body', closing[input.type], 'Add no new evidence or new arguments here'];
}

const PERSUASIVE_APPEALS = [
  { name: 'logic and evidence (logos)', hint: 'facts, figures or reasoning the reader can check' },
  { name: 'credibility (ethos)', hint: 'expert views, experience or trustworthy sources' },
  { name: "the reader's values (pathos)", hint: 'an example that shows what is at stake for real people' },
];

const EXPOSITORY_ASPECTS = [
  'Definition and background',
  'How it works, or how it came about',
  'Examples and cases',
  'Significance and effects',
  'Current debates or developments',
  'Common misconceptions',
];

const DESCRIPTIVE_FOCUS = [
  'Sight: shapes, colours, light',
  'Sound and silence',
  'Smell, taste and texture',
  'Movement and people',
  'What it feels like to be there',
];

function bodyParagraphs(input: OutlineInput, budgets: number[]): OutlineParagraph[] {
  const n = budgets.length;
  const evidence =
    input.citationStyle && input.citationStyle !== 'none' ? 'Evidence: a fact, example or source you can cite' : 'Evidence: a fact or example you can check';
  switch (input.type) {
    case 'argumentative':
      return budgets.map((words, i) => ({
        label: `Reason ${i + 1}${i === n - 1 && n > 2 ? ' (strongest)' : ''}`,
        words,
        guidance: [
          'Topic sentence: one reason that supports the thesis',
          evidence,
          'Analysis: explain how the evidence proves the reason',
          'Link: tie the reason back to the thesis',
        ],
      }));
    case 'persuasive':
      return budgets.map((words, i) => {
        const appeal = PERSUASIVE_APPEALS[i % PERSUASIVE_APPEALS.length];
        return {
          label: `Point ${i + 1}: ${appeal.name}`,
          words,
          guidance: [
            'Topic sentence: a claim the reader should accept',
            `Support: ${appeal.hint}`,
            'Address the reader directly and keep the tone confident, not aggressive',
          ],
        };
      });
    case 'expository':
      return budgets.map((words, i) => ({
        label: i < EXPOSITORY_ASPECTS.length ? EXPOSITORY_ASPECTS[i] : `Aspect ${i + 1}`,
        words,
        guidance: ['Topic sentence naming this aspect', evidence.replace('Evidence', 'Facts'), 'Explain neutrally, without arguing for a side'],
      }));
    case 'narrative': {
      // the turning point about two thirds of the way through
      const climax = Math.max(1, Math.min(n - 2, Math.round((n - 1) * 0.66)));
      return budgets.map((words, i) => {
        const label =
          i === 0
            ? 'Beginning: the situation before things change'
            : i === n - 1
              ? 'Resolution: how it ends'
              : i === climax
                ? 'Turning point'
                : i < climax
                  ? 'Rising action'
                  : 'Falling action';
        return {
          label,
          words,
          guidance: [
            'Events in order, with one clear moment per paragraph',
            'Concrete sensory details; dialogue only where it reveals character',
            i === climax ? 'The moment of greatest tension or decision' : 'Show change through actions rather than telling it',
          ],
        };
      });
    }
    case 'descriptive':
      return budgets.map((words, i) => ({
        label: DESCRIPTIVE_FOCUS[i % DESCRIPTIVE_FOCUS.length],
        words,
        guidance: [
          'Topic sentence tied to the dominant impression',
          'Precise nouns and verbs over piled-up adjectives',
          'Move in a clear order: near to far, or outside to inside',
        ],
      }));
    case 'compare-contrast': {
      const [a, b] = comparisonSubjects(input.topic) ?? ['the first subject', 'the second subject'];
      return budgets.map((words, i) => ({
        label: `Point of comparison ${i + 1}`,
        words,
        guidance: [
          'Topic sentence: name the criterion compared in this paragraph',
          `How ${a} stands on it`,
          `How ${b} stands on it`,
          'Say whether they are alike or differ here, and why it matters for the thesis',
        ],
      }));
    }
    case 'cause-effect': {
      const causes = Math.max(1, Math.ceil(n / 2));
      return budgets.map((words, i) =>
        i < causes
          ? {
              label: `Cause ${i + 1}`,
              words,
              guidance: ['Topic sentence naming the cause', evidence, 'Show the mechanism: how it leads to the effect, not only that both occur'],
            }
          : {
              label: `Effect ${i - causes + 1}`,
              words,
              guidance: ['Topic sentence naming the effect', evidence, 'Say who or what is affected, and how much, where you can'],
            },
      );
    }
  }
}

const BODY_ROLE: Record<EssayType, string> = {
  argumentative: 'Support the thesis with reasons, each backed by evidence and analysis.',
  persuasive: 'Win the reader over with points that appeal to logic, credibility and values.',
  expository: 'Explain the topic aspect by aspect, neutrally and with facts.',
  narrative: 'Tell the story in order, building to the turning point.',
  descriptive: 'Build the dominant impression through the senses, one focus per paragraph.',
  'compare-contrast': 'Compare both subjects point by point, on the same criteria.',
  'cause-effect': 'Explain the causes first, then their effects, showing how they connect.',
};

const LEVEL_NOTES: Record<EssayLevel, string> = {
  'high-school': 'High school: clear topic sentences, one idea per paragraph, and transitions between paragraphs.',
  undergraduate: 'Undergraduate: engage with sources critically, define key terms, and keep claims as strong as the evidence.',
  graduate: 'Graduate: situate the thesis in the scholarly debate, acknowledge limitations, and keep the argument precise.',
};

function citationNote(style: CitationStyle): string | null {
  switch (style) {
    case 'apa':
      return 'APA: cite in the text as (Author, Year) or (Author, Year, p. X) for quotations; list sources alphabetically under "References".';
    case 'mla':
      return 'MLA: cite in the text as (Author page); list sources alphabetically under "Works Cited".';
    case 'chicago':
      return 'Chicago author-date: cite in the text as (Author Year, page); list sources alphabetically under "References".';
    case 'harvard':
      return 'Harvard: cite in the text as (Author Year) or (Author Year, p. X); list sources alphabetically under "Reference list".';
    default:
      return null;
  }
}

/** Build the outline. Deterministic: the same input gives the same outline. */
export function buildOutline(input: OutlineInput): EssayOutline {
  const topic = clean(input.topic);
  const thesis = clean(input.thesis) || null;
  const style = input.citationStyle ?? 'none';
  const target = Math.round(Math.min(ESSAY_MAX_WORDS, Math.max(ESSAY_MIN_WORDS, input.words)));
  const p = PARAGRAPH_WORDS[input.level];

  // shares of the length: introduction about 10 %, conclusion about 8 %, a counter-argument about 15 %
  const introWords = Math.max(50, Math.round((target * 0.1) / 5) * 5);
  const conclusionWords = Math.max(50, Math.round((target * 0.08) / 5) * 5);
  const counter = TYPES_WITH_COUNTER_ARGUMENT.includes(input.type);
  const counterWords = counter ? Math.round((target * 0.15) / 5) * 5 : 0;
  const bodyWords = target - introWords - conclusionWords - counterWords;

  const minBody = input.type === 'compare-contrast' || input.type === 'cause-effect' ? 2 : 3;
  const bodyCount = Math.min(MAX_BODY_PARAGRAPHS, Math.max(minBody, Math.round(bodyWords / p)));
  const introCount = introWords > p * 1.6 ? 2 : 1;
  const conclusionCount = conclusionWords > p * 1.6 ? 2 : 1;

  const sections: OutlineSection[] = [];
  const introBudgets = splitWords(introWords, introCount);
  const introParts = introGuidance({ ...input, thesis: thesis ?? undefined }, introCount);
  sections.push({
    kind: 'introduction',
    heading: 'Introduction',
    role: 'Draw the reader in, give the context, and state the thesis.',
    words: introWords,
    paragraphs: introBudgets.map((words, i) => ({
      label: introCount === 1 ? 'Opening paragraph' : i === 0 ? 'Hook and context' : 'Thesis and roadmap',
      words,
      guidance: introParts[i],
    })),
  });

  sections.push({
    kind: 'body',
    heading: 'Body',
    role: BODY_ROLE[input.type],
    words: bodyWords,
    paragraphs: bodyParagraphs({ ...input, citationStyle: style }, splitWords(bodyWords, bodyCount)),
  });

  if (counter) {
    const split = counterWords >= p * 1.2;
    const budgets = splitWords(counterWords, split ? 2 : 1);
    const opposing = ['State the strongest opposing view fairly, as its supporters would', 'Give the evidence its supporters rely on'];
    const rebuttal = ['Concede what is true in it', 'Rebut the rest with evidence or reasoning', 'Show why the thesis still holds'];
    sections.push({
      kind: 'counter-argument',
      heading: input.type === 'persuasive' ? 'Objections and answers' : 'Counter-argument and rebuttal',
      role: 'Answer the other side, which makes the position more convincing than ignoring it.',
      words: counterWords,
      paragraphs: split
        ? [
            { label: 'Opposing view', words: budgets[0], guidance: opposing },
            { label: 'Rebuttal', words: budgets[1], guidance: rebuttal },
          ]
        : [{ label: 'Opposing view and rebuttal', words: budgets[0], guidance: [opposing[0], ...rebuttal.slice(1)] }],
    });
  }

  const conclusionBudgets = splitWords(conclusionWords, conclusionCount);
  const closing = conclusionGuidance(input);
  sections.push({
    kind: 'conclusion',
    heading: 'Conclusion',
    role: 'Bring the essay to a close and leave the reader with its point.',
    words: conclusionWords,
    paragraphs: conclusionBudgets.map((words, i) => ({
      label: conclusionCount === 1 ? 'Closing paragraph' : i === 0 ? 'Summary' : 'Final thought',
      words,
      guidance: conclusionCount === 1 ? closing : i === 0 ? closing.slice(0, 2) : closing.slice(2),
    })),
  });

  if (style !== 'none') {
    sections.push({
      kind: 'references',
      heading: REFERENCE_HEADINGS[style],
      role: `Every source cited in the text, formatted in ${CITATION_STYLE_LABELS[style]} style; not counted in the length.`,
      words: 0,
      paragraphs: [],
    });
  }

  const notes = [LEVEL_NOTES[input.level]];
  const cite = citationNote(style);
  if (cite) notes.push(cite);
  if (!thesis && input.type !== 'narrative' && input.type !== 'descriptive') notes.push('No thesis was given: decide your position before you write the body.');
  if (input.type === 'compare-contrast' && !comparisonSubjects(topic))
    notes.push('Name both subjects in the topic (for example "A vs. B") to see them in the outline.');

  return {
    kind: 'outline',
    title: `Outline: ${topic}`,
    topic,
    thesis,
    type: input.type,
    level: input.level,
    citationStyle: style,
    targetWords: target,
    sections,
    notes,
  };
}

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII'];

/** The outline as plain text (copy and download), labelled as an outline from its first line. */
export function outlineToText(o: EssayOutline): string {
  const lines: string[] = [
    `OUTLINE (a plan to write from, not an essay): ${o.topic}`,
    `${ESSAY_TYPE_LABELS[o.type]} essay · ${ESSAY_LEVEL_LABELS[o.level]} · about ${o.targetWords.toLocaleString('en-US')} words · ${CITATION_STYLE_LABELS[o.citationStyle]}`,
  ];
  if (o.thesis) lines.push(`Thesis: ${o.thesis}`);
  o.sections.forEach((s, i) => {
    lines.push('', `${ROMAN[i] ?? i + 1}. ${s.heading}${s.words ? ` (about ${s.words} words)` : ''}`, `   ${s.role}`);
    s.paragraphs.forEach((para, j) => {
      lines.push(`   ${j + 1}. ${para.label} (about ${para.words} words)`);
      for (const g of para.guidance) lines.push(`      - ${g}`);
    });
  });
  if (o.notes.length) lines.push('', 'Notes', ...o.notes.map((n) => `- ${n}`));
  return lines.join('\n');
}
