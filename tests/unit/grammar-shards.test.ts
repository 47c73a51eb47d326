import { afterAll, describe, expect, it } from 'vitest';
import { checkGrammar, configureGrammar, harperWorkerCount, shardPoints, warmUp } from '../../src/engines/grammar';

// Four paragraphs with known errors in each, long enough (> 2,400 characters) to be split across harper workers.
const para = (i: number, err: string) =>
  Array.from(
    { length: 5 },
    (_, k) =>
      `Paragraph ${i} sentence ${k} reports that the council met ${k + i + 2} times in district ${i * 7 + k}, and members wrote ${k + 3} letters about roads.`,
  ).join(' ') + ` ${err}`;
const TEXT = [
  para(1, 'They recieved the report tomorow.'),
  para(2, 'She ate a apple at lunch.'),
  para(3, 'He has went to the the market.'),
  para(4, 'We will definately call.'),
].join('\n\n');

describe('harper sharding', () => {
  afterAll(() => configureGrammar({ harperWorkers: 2 }));

  it('cuts at paragraph breaks, or after a sentence, near equal shares; short texts are not cut', () => {
    expect(TEXT.length).toBeGreaterThan(2400);
    const [cut] = shardPoints(TEXT, 2);
    expect(cut).toBeDefined();
    expect(TEXT.slice(cut! - 2, cut)).toBe('\n\n');
    expect(Math.abs(cut! - TEXT.length / 2)).toBeLessThan(TEXT.length / 6);
    const oneParagraph = TEXT.replace(/\n\n/g, ' ');
    const [mid] = shardPoints(oneParagraph, 2);
    expect(oneParagraph.slice(mid! - 2, mid)).toMatch(/[.!?] $/);
    expect(shardPoints('Short text. Another one.', 2)).toEqual([]);
    expect(shardPoints(TEXT, 1)).toEqual([]);
  });

  it('finds the same issues at the same offsets whether the text is linted whole or in parts', async () => {
    configureGrammar({ harperWorkers: 1 });
    expect(harperWorkerCount()).toBe(1);
    const whole = await checkGrammar(TEXT);
    expect(whole.timings.harperParts).toBe(1);
    configureGrammar({ harperWorkers: 2 });
    await warmUp(); // both harper workers loaded, so the next check is split
    const split = await checkGrammar(TEXT);
    expect(split.timings.harperParts).toBe(2);
    const key = (r: typeof whole) => r.issues.map((i) => `${i.start}:${i.end}:${i.rule}:${TEXT.slice(i.start, i.end)}`);
    expect(key(split)).toEqual(key(whole));
    expect(split.corrected).toBe(whole.corrected);
    // errors on both sides of the cut are found, at offsets into the whole text
    for (const w of ['recieved', 'tomorow', 'definately'])
      expect(
        split.issues.some((i) => TEXT.slice(i.start, i.end) === w),
        w,
      ).toBe(true);
    expect(split.corrected).toContain('We will definitely call.');
  }, 120_000);

  it('offers hunspell-only spelling flags for review but never applies them to the corrected text', async () => {
    // harper knows these technical words; hunspell does not, and would "correct" scalable to salable
    const text = 'Our storage is scalable and the codec is lossy.';
    const r = await checkGrammar(text);
    const flagged = r.issues.filter((i) => i.rule === 'retext-spell').map((i) => text.slice(i.start, i.end));
    expect(flagged.length).toBeGreaterThan(0);
    expect(r.corrected).toBe(text);
  }, 120_000);
});
