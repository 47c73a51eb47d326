import { describe, expect, it } from 'vitest';
import { rewrite, REWRITER_TONES } from '../../src/engines/rewriter';

const TEXT =
  'However, one should obtain approximately 40 samples prior to the trial at Johns Hopkins. ' +
  'Moreover, the team will utilize a robust protocol designed by Prof. Alan Turing in 1950. ' +
  "It is recommended to purchase the kit in March. The results don't lie.";

const CONTRACTION = /\b\w+['\u2019](?:t|s|re|ve|ll|d|m)\b/i;

describe('rewriter', () => {
  it('every tone changes the text and keeps numbers and names', () => {
    const outs = new Set<string>();
    for (const tone of REWRITER_TONES) {
      const r = rewrite(TEXT, { tone });
      expect(r.text, tone).not.toBe(TEXT);
      for (const keep of ['40', '1950', 'Johns Hopkins', 'Prof. Alan Turing', 'March']) expect(r.text, `${tone}: ${keep}`).toContain(keep);
      outs.add(r.text);
    }
    expect(outs.size).toBeGreaterThanOrEqual(4);
  });

  it('casual and conversational: plain words and contractions', () => {
    const casual = rewrite(TEXT, { tone: 'casual' }).text;
    expect(casual).toContain('But one should get about 40 samples before the trial');
    expect(casual).toContain("It's recommended to buy the kit");
    const conv = rewrite(TEXT, { tone: 'conversational' }).text;
    expect(conv).toContain('you should get about 40 samples');
  });

  it('academic: formal connectives and no contractions', () => {
    const out = rewrite('But maybe about 30 kids will buy it. So it works. ' + TEXT, { tone: 'academic' }).text;
    expect(out).not.toMatch(CONTRACTION);
    expect(out).toContain('However, perhaps approximately 30 children will purchase it.');
    expect(out).toContain('Therefore, it works.');
    expect(out).toContain('do not lie');
  });

  it('persuasive: second person only in safe frames', () => {
    const out = rewrite(TEXT, { tone: 'persuasive' }).text;
    expect(out).toContain('you should obtain approximately 40 samples');
    expect(out).toContain('You should purchase the kit in March.');
    expect(rewrite('It is important to note that sales fell.', { tone: 'persuasive' }).text).toBe('Sales fell.');
  });

  it('is deterministic', () => {
    for (const tone of REWRITER_TONES) expect(rewrite(TEXT, { tone })).toEqual(rewrite(TEXT, { tone }));
    expect(() => rewrite('x', { tone: 'angry' as never })).toThrow(RangeError);
  });

  it('keeps the verb form around a replaced verb: a perfect takes the participle (has emerged → has become)', () => {
    const outs = REWRITER_TONES.map((tone) => rewrite('Remote work has emerged as a major trend. It emerged as a trend in 2020.', { tone }).text);
    for (const out of outs) expect(out).not.toMatch(/\b(?:has|have|had) became\b/i);
    // the rule does fire: the perfect gets the participle, the simple past keeps the past
    expect(outs.some((o) => o.includes('has become') && /\bbecame a trend\b/.test(o))).toBe(true);
  });
});
