/**
 * The run-time grammar guard for the offline humanizer (src/engines/humanizer/guard.ts), with an injected
 * checker: a sentence whose output gains an issue is reverted to the input, the others keep their rewrite.
 */
import { describe, expect, it } from 'vitest';
import { guardHumanized, humanize, humanizeUnits, repeatedWords, type GrammarCheck, type GuardIssue } from '../../src/engines/humanizer';

const TEXT =
  'Remote work has fundamentally transformed the way organizations operate. Additionally, it is crucial to recognize that employees value flexibility, and companies that leverage this insight can enhance retention. ' +
  'However, it is worth noting that collaboration may suffer without intentional effort. ' +
  'Ultimately, a balanced approach that fosters both autonomy and connection is essential for long-term success. ' +
  'The team met today. It was short.';

describe('humanizer grammar guard', () => {
  // without the critic, so the fixture does not depend on the detector's weights (the critic decides, by the
  // detector's score, whether "Additionally," is folded into the first sentence)
  const raw = humanize(TEXT, { style: 'casual', critic: false });
  const units = humanizeUnits(TEXT, raw);

  it('traces every output sentence to the input sentence(s) it came from', () => {
    // one unit per input sentence, except that a merge (two sentences joined) makes one unit of two: here the
    // "Additionally," sentence is folded into the first one and "It was short." into "The team met today."
    expect(units).toHaveLength(4);
    expect(TEXT.slice(units[0]!.inStart, units[0]!.inEnd)).toBe(TEXT.slice(0, TEXT.indexOf(' However')));
    expect(raw.text.slice(units[0]!.outStart, units[0]!.outEnd)).toMatch(
      /^Remote work has fundamentally transformed the way organizations operate, and it is important to recognize /,
    );
    expect(TEXT.slice(units[3]!.inStart, units[3]!.inEnd)).toBe('The team met today. It was short.');
    expect(raw.text.slice(units[3]!.outStart, units[3]!.outEnd)).toBe('The team met today and it was short.');
    for (const u of units) expect(u.changes.length).toBeGreaterThan(0);
    // the text between units is untouched
    for (let i = 0; i + 1 < units.length; i++)
      expect(raw.text.slice(units[i]!.outEnd, units[i + 1]!.outStart)).toBe(TEXT.slice(units[i]!.inEnd, units[i + 1]!.inStart));
  });

  it('reverts only the rewritten sentence the checker flags, and keeps the others', async () => {
    const flagged = raw.text.indexOf('In the end, a balanced approach');
    expect(flagged).toBeGreaterThan(0);
    const check: GrammarCheck = async (text) => {
      const issues: GuardIssue[] = [];
      // the same issue in input and output at shifted offsets is not new
      issues.push({ start: text.indexOf('collaboration'), end: text.indexOf('collaboration') + 13, rule: 'Example', message: 'same in both' });
      if (text === raw.text) issues.push({ start: flagged, end: flagged + 10, rule: 'Test', message: 'introduced by the rewrite' });
      return { issues };
    };
    const g = await guardHumanized(TEXT, raw, check);
    expect(units[2]!.outStart).toBe(flagged);
    expect(g.reverted).toEqual([2]);
    expect(g.result.text).toContain('Ultimately, a balanced approach that fosters both autonomy and connection is essential for long-term success.');
    expect(g.result.text).not.toContain('In the end');
    // the other rewrites stay
    for (const kept of ['operate, and it is important to recognize', 'However, collaboration may suffer', 'The team met today and it was short.'])
      expect(g.result.text).toContain(kept);
    expect(g.result.text).toBe(raw.text.slice(0, flagged) + TEXT.slice(units[2]!.inStart, units[2]!.inEnd) + raw.text.slice(units[2]!.outEnd));
    expect(g.result.changes.length).toBe(raw.changes.length - units[2]!.changes.length);
  });

  it('keeps everything when the output has no new issue, and rejects when the checker fails', async () => {
    const same: GrammarCheck = async () => ({ issues: [{ start: 0, end: 6, rule: 'R', message: 'm' }] });
    const g = await guardHumanized(TEXT, raw, same);
    expect(g.reverted).toEqual([]);
    expect(g.result.text).toBe(raw.text);
    await expect(guardHumanized(TEXT, raw, async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
  });

  it('does not call the checker when nothing was rewritten', async () => {
    let calls = 0;
    const text = 'I ran home.';
    const g = await guardHumanized(text, humanize(text), async () => (calls++, { issues: [] }));
    expect(calls).toBe(0);
    expect(g.result.text).toBe(humanize(text).text);
  });

  it('reverts a sentence whose edit doubles a word at its seam, even when the grammar checker says nothing', async () => {
    const input = 'The roof is currently in need of repair. The walls are fine.';
    // an edit that leaves "currently currently" (the bug the sentence shortener once had)
    const raw = {
      text: 'The roof is currently currently needing repair. The walls are fine.',
      changes: [{ start: 22, end: 32, replacement: 'currently needing', kind: 'wordy' }],
    };
    expect(input.slice(0, 22) + raw.changes[0]!.replacement + input.slice(32)).toBe(raw.text);
    const g = await guardHumanized(input, raw, async () => ({ issues: [] }));
    expect(g.reverted).toEqual([0]);
    expect(g.result.text).toBe(input);
    // a doubled word the input already had is not the edit's fault
    expect(repeatedWords('He said that that was fine.')).toHaveLength(1);
    const same = 'He said that that was fine. It is in need of paint.';
    const edited = { text: 'He said that that was fine. It needs paint.', changes: [{ start: 31, end: 50, replacement: 'needs paint', kind: 'wordy' }] };
    expect(same.slice(0, 31) + 'needs paint' + same.slice(50)).toBe(edited.text);
    expect((await guardHumanized(same, edited, async () => ({ issues: [] }))).reverted).toEqual([]);
  });
});
