import { describe, expect, it } from 'vitest';
import { shorten, SHORTENER_RULE_COUNT, SPLIT_MIN_WORDS } from '../../src/engines/sentence-shortener';
import { countWords } from '../../src/engines/text';

describe('sentence shortener', () => {
  it("'in order to' becomes 'to'", () => {
    const r = shorten('We met in order to plan the launch.');
    expect(r.text).toBe('We met to plan the launch.');
    expect(r.changes).toEqual([{ start: 7, end: 18, replacement: 'to', kind: 'wordy' }]);
  });

  it('reduces the word count of a wordy paragraph and reports counts', () => {
    const wordy =
      'Due to the fact that the budget was cut, a large number of projects were delayed. ' +
      'At this point in time, the team has the ability to finish each and every task. ' +
      'It should be noted that the end result was basically very good. ' +
      'In the event that it rains, we will meet prior to the game.';
    const r = shorten(wordy);
    expect(r.text).toBe(
      'Because the budget was cut, many projects were delayed. Now, the team can finish every task. ' +
        'The result was good. If it rains, we will meet before the game.',
    );
    expect(r.wordsBefore).toBe(countWords(wordy));
    expect(r.wordsAfter).toBe(countWords(r.text));
    expect(r.wordsAfter).toBeLessThan(r.wordsBefore * 0.7);
    const kinds = new Set(r.changes.map((c) => c.kind));
    expect(kinds).toEqual(new Set(['wordy', 'redundant', 'filler']));
  });

  it('splits a long sentence once at a safe join: ", and" goes, "but" opens the second sentence, "; " becomes ". "', () => {
    const and =
      'The committee reviewed every application submitted before the March deadline with great care, and it chose three projects that will receive funding for the next two years.';
    const r = shorten(and);
    expect(r.text).toBe(
      'The committee reviewed every application submitted before the March deadline with great care. It chose three projects that will receive funding for the next two years.',
    );
    expect(r.changes).toEqual([{ start: and.indexOf(', and it'), end: and.indexOf(', and it') + 7, replacement: '. I', kind: 'split' }]);
    expect(r.wordsAfter).toBe(r.wordsBefore - 1);
    expect(
      shorten(
        'The new library opened its doors to the public on a cold Monday morning in January, but the upper floors stayed closed until the heating system was finally repaired in March.',
      ).text,
    ).toBe(
      'The new library opened its doors to the public on a cold Monday morning in January. But the upper floors stayed closed until the heating system was finally repaired in March.',
    );
    expect(
      shorten(
        'The old bridge across the river had been closed to heavy traffic for most of the past decade; engineers now say that it can be repaired for less than the cost of a new one.',
      ).text,
    ).toBe(
      'The old bridge across the river had been closed to heavy traffic for most of the past decade. Engineers now say that it can be repaired for less than the cost of a new one.',
    );
  });

  it('does not split a short sentence, a list, a compound subject or a quotation', () => {
    for (const t of [
      // under SPLIT_MIN_WORDS
      'We reviewed every application with care, and we chose three projects for funding.',
      // ", and" closes a list: the part before it has no verb
      'The report covers sales in the northern region, staffing levels in the three largest branches, and the cost of the new delivery vans that were bought last spring.',
      // ", and" joins a compound subject
      'Our manager, a woman with many years of experience in the retail business and in logistics, and her deputy have to approve every order above five thousand dollars.',
      // quoted words are the speaker's
      'She said: "We reviewed every application submitted before the deadline with great care, and we chose three projects that will receive funding for the next two years."',
    ]) {
      expect(shorten(t).text).toBe(t);
    }
    expect(countWords('We reviewed every application with care, and we chose three projects for funding.')).toBeLessThan(SPLIT_MIN_WORDS);
  });

  it('leaves an already concise paragraph unchanged', () => {
    const concise = 'The cat sat on the mat. Rain fell at 6 pm. Sales rose 12% in May, so we hired two people.';
    const r = shorten(concise);
    expect(r.text).toBe(concise);
    expect(r.changes).toEqual([]);
    expect(r.wordsAfter).toBe(r.wordsBefore);
  });

  it('keeps capitalisation right at sentence starts and commas tidy', () => {
    expect(shorten('Basically, in order to win we trained.').text).toBe('To win we trained.');
    expect(shorten('I think that the plan works.').text).toBe('The plan works.');
    expect(shorten('The plan is, basically, sound.').text).toBe('The plan is sound.');
    expect(shorten('It is fine, actually.').text).toBe('It is fine.');
    expect(shorten('First and foremost, check the past history.').text).toBe('First, check the history.');
  });

  it('does not change meaning with guarded fillers', () => {
    expect(shorten('This is not really fine.').text).toBe('This is not really fine.');
    expect(shorten('Thank you very much.').text).toBe('Thank you very much.');
    expect(shorten('It was the very same car.').text).toBe('It was the very same car.');
    expect(shorten('Quite a few came.').text).toBe('Quite a few came.');
    expect(shorten('It was very cold.').text).toBe('It was cold.');
  });

  it('never touches quoted text', () => {
    expect(shorten('He wrote "in order to win" twice.').text).toBe('He wrote "in order to win" twice.');
  });

  it('change offsets index into the input', () => {
    const input = 'Prior to the meeting, we made a decision in order to save time.';
    const r = shorten(input);
    let rebuilt = '';
    let pos = 0;
    for (const c of r.changes) {
      rebuilt += input.slice(pos, c.start) + c.replacement;
      pos = c.end;
    }
    expect(rebuilt + input.slice(pos)).toBe(r.text);
    expect(r.text).toBe('Before the meeting, we decided to save time.');
  });

  it('has a curated table of 60+ wordy phrases and is deterministic', () => {
    expect(SHORTENER_RULE_COUNT.wordy).toBeGreaterThanOrEqual(60);
    const t = 'A great deal of effort was made in an effort to help.';
    expect(shorten(t)).toEqual(shorten(t));
  });

  it('cuts padding without doubling what is already there (the issue 18 examples)', () => {
    expect(shorten('The library is currently in the process of being renovated.').text).toBe('The library is currently being renovated.');
    expect(shorten('The bridge is in the process of being repaired.').text).toBe('The bridge is currently being repaired.');
    expect(shorten('I would like to take this opportunity to thank you for your help.').text).toBe('I would like to thank you for your help.');
    expect(shorten('Please do not hesitate to reach out and contact us if you have any questions.').text).toBe('Please contact us if you have any questions.');
  });
});
