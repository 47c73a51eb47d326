import { describe, expect, it } from 'vitest';
import {
  buildOutline,
  comparisonSubjects,
  ESSAY_LEVELS,
  ESSAY_MAX_WORDS,
  ESSAY_MIN_WORDS,
  ESSAY_TYPES,
  outlineToText,
  PARAGRAPH_WORDS,
  splitWords,
  TYPES_WITH_COUNTER_ARGUMENT,
  type EssayType,
} from '../../src/engines/essay';

const base = {
  topic: 'Should cities ban cars from their centres?',
  thesis: 'Car-free centres make cities healthier and richer.',
  level: 'undergraduate' as const,
};
const total = (o: ReturnType<typeof buildOutline>) => o.sections.reduce((n, s) => n + s.paragraphs.reduce((m, p) => m + p.words, 0), 0);

describe('essay outline builder', () => {
  it('splits word budgets exactly, in steps of 5 where it can', () => {
    expect(splitWords(1000, 3)).toEqual([335, 335, 330]);
    expect(splitWords(103, 2)).toEqual([50, 53]);
    for (const [t, n] of [
      [997, 7],
      [250, 3],
      [5000, 14],
    ])
      expect(splitWords(t, n).reduce((a, b) => a + b, 0)).toBe(t);
  });

  it.each(ESSAY_TYPES)('%s: introduction first, conclusion last, budgets add up to the target at every length and level', (type) => {
    for (const level of ESSAY_LEVELS) {
      for (const words of [ESSAY_MIN_WORDS, 600, 1000, 2500, ESSAY_MAX_WORDS]) {
        const o = buildOutline({ ...base, type, level, words });
        expect(o.kind).toBe('outline');
        expect(o.sections[0].kind).toBe('introduction');
        expect(o.sections.at(-1)!.kind).toBe('conclusion');
        expect(total(o)).toBe(words);
        for (const s of o.sections) expect(s.paragraphs.reduce((m, p) => m + p.words, 0)).toBe(s.words);
        for (const s of o.sections) for (const p of s.paragraphs) expect(p.words).toBeGreaterThan(0);
        const body = o.sections.find((s) => s.kind === 'body')!;
        expect(body.paragraphs.length).toBeGreaterThanOrEqual(type === 'compare-contrast' || type === 'cause-effect' ? 2 : 3);
        expect(body.paragraphs.length).toBeLessThanOrEqual(14);
      }
    }
  });

  it('has a counter-argument exactly for the types that argue a side', () => {
    for (const type of ESSAY_TYPES) {
      const o = buildOutline({ ...base, type, words: 1200 });
      const counter = o.sections.filter((s) => s.kind === 'counter-argument');
      expect(counter.length, type).toBe(TYPES_WITH_COUNTER_ARGUMENT.includes(type) ? 1 : 0);
      if (counter.length) {
        // about 15 % of the length: one paragraph at 1,200 words, the opposing view and its rebuttal apart at 2,000
        expect(counter[0].words).toBe(180);
        expect(counter[0].paragraphs.map((p) => p.label)).toEqual(['Opposing view and rebuttal']);
        const long = buildOutline({ ...base, type, words: 2000 }).sections.find((s) => s.kind === 'counter-argument')!;
        expect(long.words).toBe(300);
        expect(long.paragraphs.map((p) => p.label)).toEqual(['Opposing view', 'Rebuttal']);
      }
    }
  });

  it('puts the thesis in the introduction, and says so when none was given', () => {
    const o = buildOutline({ ...base, type: 'argumentative', words: 1000 });
    const intro = o.sections[0].paragraphs.flatMap((p) => p.guidance).join('\n');
    expect(intro).toContain(`"${base.thesis}"`);
    const none = buildOutline({ ...base, thesis: '', type: 'argumentative', words: 1000 });
    expect(none.thesis).toBeNull();
    expect(none.sections[0].paragraphs.flatMap((p) => p.guidance).join('\n')).toMatch(/Thesis statement: write one arguable sentence/);
    expect(none.notes.join(' ')).toMatch(/No thesis was given/);
  });

  it('sizes paragraphs by level: more, shorter paragraphs in high school than at graduate level', () => {
    const bodyOf = (level: (typeof ESSAY_LEVELS)[number]) =>
      buildOutline({ ...base, level, type: 'expository', words: 2000 }).sections.find((s) => s.kind === 'body')!;
    const hs = bodyOf('high-school');
    const grad = bodyOf('graduate');
    expect(hs.paragraphs.length).toBeGreaterThan(grad.paragraphs.length);
    expect(Math.abs(hs.words / hs.paragraphs.length - PARAGRAPH_WORDS['high-school'])).toBeLessThan(25);
    expect(Math.abs(grad.words / grad.paragraphs.length - PARAGRAPH_WORDS.graduate)).toBeLessThan(25);
  });

  it('gives each type its own body roles', () => {
    const labels = (type: EssayType) =>
      buildOutline({ ...base, type, words: 1000 })
        .sections.find((s) => s.kind === 'body')!
        .paragraphs.map((p) => p.label);
    expect(labels('argumentative')[0]).toBe('Reason 1');
    expect(labels('argumentative').at(-1)).toMatch(/strongest/);
    expect(labels('persuasive')[0]).toMatch(/logos/);
    expect(labels('narrative')[0]).toMatch(/^Beginning/);
    expect(labels('narrative').at(-1)).toMatch(/^Resolution/);
    expect(labels('narrative')).toContain('Turning point');
    expect(labels('cause-effect')[0]).toBe('Cause 1');
    expect(labels('cause-effect').at(-1)).toMatch(/^Effect/);
    expect(labels('compare-contrast')[0]).toBe('Point of comparison 1');
  });

  it('names both subjects of a comparison when the topic does', () => {
    expect(comparisonSubjects('Cats vs. dogs')).toEqual(['Cats', 'dogs']);
    expect(comparisonSubjects('Compare Rome and Carthage')).toEqual(['Rome', 'Carthage']);
    expect(comparisonSubjects('The history of bread')).toBeNull();
    const o = buildOutline({ ...base, topic: 'Electric cars versus hydrogen cars', type: 'compare-contrast', words: 800 });
    const g = o.sections.find((s) => s.kind === 'body')!.paragraphs[0].guidance.join('\n');
    expect(g).toContain('How Electric cars stands on it');
    expect(g).toContain('How hydrogen cars stands on it');
  });

  it('adds the reference list of the citation style, not counted in the length', () => {
    const heads = { apa: 'References', mla: 'Works Cited', chicago: 'References', harvard: 'Reference list' } as const;
    for (const [style, heading] of Object.entries(heads)) {
      const o = buildOutline({ ...base, type: 'expository', words: 1000, citationStyle: style as keyof typeof heads });
      expect(o.sections.at(-1)).toMatchObject({ kind: 'references', heading, words: 0, paragraphs: [] });
      expect(o.sections.at(-2)!.kind).toBe('conclusion');
      expect(total(o)).toBe(1000);
    }
    expect(buildOutline({ ...base, type: 'expository', words: 1000 }).sections.some((s) => s.kind === 'references')).toBe(false);
  });

  it('clamps the length to the supported range', () => {
    expect(buildOutline({ ...base, type: 'narrative', words: 10 }).targetWords).toBe(ESSAY_MIN_WORDS);
    expect(buildOutline({ ...base, type: 'narrative', words: 99_999 }).targetWords).toBe(ESSAY_MAX_WORDS);
  });

  it('renders as text that says from its first line that it is an outline, not an essay', () => {
    const o = buildOutline({ ...base, type: 'argumentative', words: 1000, citationStyle: 'apa' });
    const text = outlineToText(o);
    expect(text.split('\n')[0]).toBe(`OUTLINE (a plan to write from, not an essay): ${base.topic}`);
    expect(text).toContain('I. Introduction (about 100 words)');
    expect(text).toContain('Counter-argument and rebuttal');
    expect(text).toContain('References');
    for (const s of o.sections) for (const p of s.paragraphs) expect(text).toContain(`${p.label} (about ${p.words} words)`);
  });

  it('is deterministic', () => {
    expect(buildOutline({ ...base, type: 'persuasive', words: 1500 })).toEqual(buildOutline({ ...base, type: 'persuasive', words: 1500 }));
  });
});
