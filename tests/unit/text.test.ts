import { describe, expect, it } from 'vitest';
import { applyEdits, countWords, hash32, matchCase, posTag, splitSentences, tokenize } from '../../src/engines/text';

describe('text utilities', () => {
  it('splits sentences with offsets, respecting abbreviations, initials, decimals and paragraphs', () => {
    const t = 'Dr. Smith paid $3.50 at 5 p.m. on Monday. J. R. R. Tolkien wrote it! Did he?\n\nNew paragraph "Quoted." Next one.';
    const s = splitSentences(t);
    expect(s.map((x) => x.text)).toEqual([
      'Dr. Smith paid $3.50 at 5 p.m. on Monday.',
      'J. R. R. Tolkien wrote it!',
      'Did he?',
      'New paragraph "Quoted."',
      'Next one.',
    ]);
    for (const x of s) expect(t.slice(x.start, x.end)).toBe(x.text);
    // a line break after a stop ends the sentence whatever follows; "v." (versus) does not
    expect(splitSentences('Done.\n- next item. Smith v. Jones was heard.').map((x) => x.text)).toEqual(['Done.', '- next item.', 'Smith v. Jones was heard.']);
  });

  it('counts words and tokenises with offsets', () => {
    expect(countWords("It's a well-known fact: 3.5 million people, 12% of U.S. adults.")).toBe(11);
    expect(countWords('')).toBe(0);
    const toks = tokenize('Pay 3.5%, now!');
    expect(toks.map((t) => [t.text, t.kind])).toEqual([
      ['Pay', 'word'],
      ['3.5%', 'number'],
      [',', 'punct'],
      ['now', 'word'],
      ['!', 'punct'],
    ]);
  });

  it('applies non-overlapping edits and repairs capitals after removed openers', () => {
    const t = 'Basically, it works.';
    const r = applyEdits(t, [{ start: 0, end: 11, replacement: '', kind: 'filler', capNext: true }]);
    expect(r.text).toBe('It works.');
    const r2 = applyEdits('abc def', [
      { start: 0, end: 3, replacement: 'x', kind: 'a' },
      { start: 2, end: 5, replacement: 'y', kind: 'b' },
    ]);
    expect(r2.text).toBe('x def');
  });

  it('matchCase, hash32, posTag', () => {
    expect(matchCase('Moreover', 'also')).toBe('Also');
    expect(matchCase('NASA', 'agency')).toBe('AGENCY');
    expect(hash32('abc')).toBe(hash32('abc'));
    expect(hash32('abc')).not.toBe(hash32('abd'));
    const tags = posTag('Alice utilizes 3 robust tools.');
    expect(tags.map((t) => t.pos)).toEqual(['PROPN', 'VERB', 'NUM', 'ADJ', 'NOUN', 'PUNCT']);
    expect(tags[1]).toMatchObject({ text: 'utilizes', start: 6, end: 14 });
  });
});
