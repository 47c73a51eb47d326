import { describe, expect, it } from 'vitest';
import { factCovered, factCoverage, lcsLength, rouge, rougeTokens } from '../../src/engines/summarizer/rouge';

describe('ROUGE (rouge-score tokenization, hand-computed)', () => {
  it('tokenizes like rouge-score: lower-case, non-alphanumerics split, Porter stems past 3 letters', () => {
    expect(rougeTokens("Hello, World! It's 2024.")).toEqual(['hello', 'world', 'it', 's', '2024']);
    expect(rougeTokens('Police arrested the running men')).toEqual(['polic', 'arrest', 'the', 'run', 'men']);
  });

  it('one changed word: R1 = RL = 5/6, R2 = 3/5', () => {
    const s = rouge('the cat lay on the mat', 'the cat sat on the mat');
    expect(s.rouge1.f).toBeCloseTo(5 / 6, 10);
    expect(s.rouge2.p).toBeCloseTo(3 / 5, 10);
    expect(s.rouge2.f).toBeCloseTo(3 / 5, 10);
    expect(s.rougeL.f).toBeCloseTo(5 / 6, 10);
  });

  it('different lengths and stemmed matches', () => {
    // candidate: polic arrest the run men; reference: the polic are arrest two men who ran
    const s = rouge('Police arrested the running men', 'The police are arresting two men who ran');
    expect(s.rouge1.p).toBeCloseTo(4 / 5, 10);
    expect(s.rouge1.r).toBeCloseTo(4 / 8, 10);
    expect(s.rouge1.f).toBeCloseTo((2 * 0.8 * 0.5) / 1.3, 10);
    expect(s.rouge2.f).toBe(0);
    // LCS = polic, arrest, men
    expect(s.rougeL.p).toBeCloseTo(3 / 5, 10);
    expect(s.rougeL.r).toBeCloseTo(3 / 8, 10);
    expect(s.rougeL.f).toBeCloseTo((2 * 0.6 * 0.375) / 0.975, 10);
  });

  it('edge cases: identical texts score 1, empty texts 0', () => {
    const same = rouge('A summary of the text.', 'A summary of the text.');
    expect([same.rouge1.f, same.rouge2.f, same.rougeL.f]).toEqual([1, 1, 1]);
    const none = rouge('', 'something');
    expect([none.rouge1.f, none.rouge2.f, none.rougeL.f]).toEqual([0, 0, 0]);
    expect(lcsLength(['a', 'b', 'c', 'd'], ['b', 'd', 'a'])).toBe(2);
  });

  it('late facts: covered only when all content words (stemmed) are in the summary', () => {
    const summary = 'The Olympic Games will go on, and 17 million tons of wheat were sold.';
    expect(factCovered('Olympic games in Moscow', summary)).toBe(false);
    expect(factCovered('the Olympic games', summary)).toBe(true);
    expect(factCovered('17 million tons of grain', summary)).toBe(false);
    expect(factCoverage(['the Olympic game', '17 million tons of grain'], summary)).toBe(0.5);
    expect(factCoverage([], summary)).toBe(0);
  });
});
