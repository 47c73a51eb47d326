import { beforeAll, describe, expect, it } from 'vitest';
import { applyIssues, checkGrammar, loadTimeMs, mergeIssues, warmUp, type GrammarIssue } from '../../src/engines/grammar';

describe('grammar engine (harper.js + retext)', () => {
  beforeAll(async () => {
    await warmUp();
  }, 120_000);

  it('measures harper load time once', () => {
    expect(loadTimeMs()).toBeGreaterThan(0);
  });

  it("corrects 'tomorow' to 'tomorrow'", async () => {
    const r = await checkGrammar('I will call you tomorow.');
    const issue = r.issues.find((i) => i.kind === 'spelling');
    expect(issue?.suggestions[0]).toBe('tomorrow');
    expect(r.corrected).toBe('I will call you tomorrow.');
  });

  it("fixes 'a apple' to 'an apple'", async () => {
    const r = await checkGrammar('She ate a apple at lunch.');
    expect(r.issues.some((i) => i.kind === 'article')).toBe(true);
    expect(r.corrected).toBe('She ate an apple at lunch.');
  });

  it("flags 'the the'", async () => {
    const text = 'We walked to the the park.';
    const r = await checkGrammar(text);
    const rep = r.issues.find((i) => i.kind === 'repetition');
    expect(rep).toBeDefined();
    expect(text.slice(rep!.start, rep!.end).toLowerCase()).toContain('the');
    expect(r.corrected).toBe('We walked to the park.');
  });

  it('offsets point at the flagged text, also after accents and emoji (UTF-16 indices)', async () => {
    const text = 'Café 😀 naïve résumé: I will see you tomorow and eat a apple at the the café.';
    const r = await checkGrammar(text);
    const flagged = r.issues.map((i) => text.slice(i.start, i.end));
    expect(flagged).toContain('tomorow');
    expect(flagged).toContain('a');
    expect(flagged.some((f) => /^the the$/i.test(f))).toBe(true);
    for (const i of r.issues) expect(i.end).toBeGreaterThan(i.start);
    expect(r.corrected).toContain('tomorrow and eat an apple at the café.');
    expect(r.corrected.startsWith('Café 😀 naïve résumé:')).toBe(true);
  });

  it('finds nothing in a clean sentence', async () => {
    const r = await checkGrammar('The committee met on Tuesday to discuss the budget.');
    expect(r.issues).toEqual([]);
    expect(r.corrected).toBe('The committee met on Tuesday to discuss the budget.');
  });

  it('does not flag parts of tokens such as GPT-4o', async () => {
    const r = await checkGrammar('We compared GPT-4o with an older model.');
    expect(r.issues.filter((i) => i.kind === 'spelling')).toEqual([]);
  });

  it('merges overlapping issues, preferring harper on the same span', () => {
    const base = { message: '', kind: 'spelling' as const, rule: 'x' };
    const merged = mergeIssues([
      { ...base, start: 4, end: 11, suggestions: ['tomorrows'], source: 'retext' },
      { ...base, start: 4, end: 11, suggestions: ['tomorrow'], source: 'harper' },
      { ...base, start: 0, end: 20, suggestions: [], source: 'harper', kind: 'style' },
    ] satisfies GrammarIssue[]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ source: 'harper', suggestions: ['tomorrow', 'tomorrows'] });
    expect(applyIssues('see tomorow!', merged)).toBe('see tomorrow!');
  });

  it('checks off the main thread: timers keep firing while a long text is checked', async () => {
    // distinct sentences, so harper's per-sentence cache cannot answer for it
    const text = Array.from(
      { length: 60 },
      (_, i) => `Sentence ${i} says that the ${['red', 'blue', 'green'][i % 3]} team met ${i + 2} times in week ${i * 3}, and they recieved notes.`,
    ).join(' ');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const t0 = performance.now();
    let done = false;
    const check = checkGrammar(text).finally(() => {
      done = true;
    });
    // whether the event loop turned while the check was still running
    let turnedWhileChecking = false;
    setImmediate(() => {
      turnedWhileChecking = !done;
    });
    const r = await check;
    clearInterval(timer);
    const ms = performance.now() - t0;
    expect(r.issues.some((i) => text.slice(i.start, i.end) === 'recieved')).toBe(true);
    expect(r.timings.harperMs).toBeGreaterThan(0);
    // with the checkers on the main thread the check would run to its end before the event loop turned, and no
    // timer could fire until it returned: at least one tick per 50 ms of checking (a loose bound for a busy machine)
    expect(turnedWhileChecking).toBe(true);
    expect(ticks).toBeGreaterThanOrEqual(Math.floor(ms / 50));
  });
});
