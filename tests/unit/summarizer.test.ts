import { describe, expect, it } from 'vitest';
import { summarize, targetCount } from '../../src/engines/summarizer';
import { splitSentences } from '../../src/engines/text';

const ARTICLE = [
  'Solar power capacity grew by 24 percent worldwide in 2023, according to the International Energy Agency.',
  'China installed more solar panels than the rest of the world combined.',
  'The growth was driven by falling panel prices and strong government support.',
  'Panel prices fell by almost half during the year as manufacturing capacity expanded.',
  'Europe also saw record installations, led by Germany and Spain.',
  'In Germany, rooftop solar on homes accounted for a large share of new capacity.',
  'Analysts warn that grid connections are becoming a bottleneck for new solar projects.',
  'Some projects wait years for a grid connection, which delays their benefits.',
  'Battery storage is growing quickly to help balance solar output across the day.',
  'The agency expects solar power to become the largest source of electricity by 2030.',
  'Solar power capacity grew by 24 percent worldwide in 2023, the International Energy Agency said.',
  'Wind power grew more slowly, held back by higher costs and supply chain problems.',
].join(' ');

describe('summarizer', () => {
  const input = splitSentences(ARTICLE).map((s) => s.text);

  it('summary sentences come from the input, in input order, with exact offsets', () => {
    const r = summarize(ARTICLE, { length: 'medium' });
    let last = -1;
    for (const s of r.sentences) {
      expect(input).toContain(ARTICLE.slice(s.start, s.end));
      expect(s.start).toBeGreaterThan(last);
      last = s.start;
    }
    expect(r.summary).toBe(r.sentences.map((s) => ARTICLE.slice(s.start, s.end)).join(' '));
  });

  it('respects the requested length (named and numeric)', () => {
    for (const n of [1, 2, 3, 5, 12, 50]) {
      expect(summarize(ARTICLE, { length: n }).sentences).toHaveLength(Math.min(n, input.length));
    }
    const short = summarize(ARTICLE, { length: 'short' }).sentences.length;
    const medium = summarize(ARTICLE, { length: 'medium' }).sentences.length;
    const long = summarize(ARTICLE, { length: 'long' }).sentences.length;
    expect(short).toBe(targetCount('short', input.length));
    expect(short).toBeLessThan(medium);
    expect(medium).toBeLessThan(long);
    expect(long).toBeLessThan(input.length);
  });

  it('bullets format: one input sentence per "- " line', () => {
    const r = summarize(ARTICLE, { length: 3, format: 'bullets' });
    const lines = r.summary.split('\n');
    expect(lines).toHaveLength(3);
    for (const l of lines) {
      expect(l.startsWith('- ')).toBe(true);
      expect(input).toContain(l.slice(2));
    }
  });

  it('redundancy control: never picks both near-duplicate sentences', () => {
    const r = summarize(ARTICLE, { length: 4 });
    const picked = r.sentences.map((s) => ARTICLE.slice(s.start, s.end));
    const dupes = picked.filter((s) => s.startsWith('Solar power capacity grew by 24 percent'));
    expect(dupes.length).toBeLessThanOrEqual(1);
    // the central sentence is selected
    expect(dupes.length).toBe(1);
  });

  it('is deterministic and handles edge cases', () => {
    expect(summarize(ARTICLE, { length: 'short' })).toEqual(summarize(ARTICLE, { length: 'short' }));
    expect(summarize('', {})).toEqual({ summary: '', sentences: [] });
    expect(summarize('Only one sentence here.', { length: 'long' }).summary).toBe('Only one sentence here.');
    const withAbbrev = 'Dr. Smith arrived at 5 p.m. on Monday. The U.S. team won. It rained.';
    const r = summarize(withAbbrev, { length: 3 });
    expect(r.sentences.map((s) => withAbbrev.slice(s.start, s.end))).toEqual(['Dr. Smith arrived at 5 p.m. on Monday.', 'The U.S. team won.', 'It rained.']);
  });
});
