import { describe, expect, it } from 'vitest';
import { corpusGleu, gleuFromStats, gleuStats, pythonRandom, sentenceGleu } from '../../src/engines/grammar/gleu';
import {
  AUTO_APPLY,
  AUTO_APPLY_THRESHOLD,
  autoApplies,
  isSpellingVariant,
  MAX_PROSE_EDITS_PER_1000,
  NEVER_AUTO_APPLIED,
  policyKey,
  PROSE_CHECK_EXEMPT,
} from '../../src/engines/grammar/policy';
import { applyEditsToTokens, detokenize, tokenize } from '../../bench/grammar-lib';

const t = (s: string) => s.split(' ');

describe('GLEU (JFLEG gleu.py definition)', () => {
  it('counts n-gram matches minus the source n-grams the reference dropped', () => {
    // source "a b c", reference "a b d", hypothesis "a b c": 1-grams a, b match (2) and c is a dropped source
    // 1-gram (-1); 2-grams: "a b" matches, "b c" was dropped (-1) -> 0; 3-grams: none match, "a b c" dropped -> 0
    expect(gleuStats(t('a b c'), t('a b c'), t('a b d'))).toEqual([3, 3, 1, 3, 0, 2, 0, 1, 0, 0]);
    // the hypothesis that fixes the word: every n-gram matches
    expect(gleuStats(t('a b d'), t('a b c'), t('a b d'))).toEqual([3, 3, 3, 3, 2, 2, 1, 1, 0, 0]);
  });

  it('is 1 for a hypothesis equal to its reference, smoothed at sentence level', () => {
    const s = t('the cat sat on the mat');
    expect(gleuFromStats(gleuStats(s, t('a cat sat on a mat'), s))).toBeCloseTo(1, 12);
    expect(sentenceGleu(s, t('a cat sat on a mat'), [s, s])).toBeCloseTo(1, 12);
  });

  it('computes a known value by hand', () => {
    // hyp = src "a b c d", ref "a b x d": 1-grams 3 match - "c" dropped = 2 of 4; 2-grams 1 ("a b") - 2 dropped
    // ("b c", "c d") = 0 of 3; 3-grams and 4-grams 0. Corpus GLEU is 0; sentence GLEU smooths each 0 to 1:
    // exp((log 2/4 + log 1/3 + log 1/2 + log 1/1) / 4), brevity penalty 1
    const stats = gleuStats(t('a b c d'), t('a b c d'), t('a b x d'));
    expect(stats).toEqual([4, 4, 2, 4, 0, 3, 0, 2, 0, 1]);
    expect(gleuFromStats(stats)).toBe(0);
    const expected = Math.exp((Math.log(2 / 4) + Math.log(1 / 3) + Math.log(1 / 2) + Math.log(1 / 1)) / 4);
    expect(gleuFromStats(stats, true)).toBeCloseTo(expected, 12);
  });

  it('applies the brevity penalty when the hypothesis is shorter than the reference', () => {
    const ref = t('a b c d e f');
    const hyp = t('a b c d');
    const stats = gleuStats(hyp, hyp, ref);
    expect(stats.slice(0, 2)).toEqual([4, 6]);
    expect(gleuFromStats(stats)).toBeCloseTo(Math.exp(1 - 6 / 4), 12);
  });

  it('draws references as Python 2.7 random.seed(j * 101) does', () => {
    // values printed by CPython 2.7.18: random.seed(101); random.random(), random.random(); random.seed(0); random.random()
    expect(pythonRandom(101, 2)).toEqual([0.5811521325045647, 0.1947544955341367]);
    expect(pythonRandom(0, 1)).toEqual([0.8444218515250481]);
  });

  it('corpus GLEU of the references themselves is 1 and of a changed corpus is below', () => {
    const src = [t('he go to school'), t('she like cat')];
    const refs = [
      [t('he goes to school'), t('he goes to school')],
      [t('she likes cats'), t('she likes cats')],
    ];
    expect(corpusGleu([refs[0]![0]!, refs[1]![0]!], src, refs, 20).mean).toBeCloseTo(1, 12);
    expect(corpusGleu(src, src, refs, 20).mean).toBeLessThan(0.5);
  });
});

describe('JFLEG tokens', () => {
  it('detokenizes Treebank tokens and maps edits back, leaving untouched tokens as they were', () => {
    const d = detokenize('I do n\'t like it , he said " ok " .');
    expect(d.text).toBe('I don\'t like it, he said "ok".');
    expect(tokenize(d.text)).toEqual(d.tokens);
    const at = d.text.indexOf('like');
    expect(applyEditsToTokens(d, [{ start: at, end: at + 4, replacement: 'love' }]).join(' ')).toBe('I do n\'t love it , he said " ok " .');
    // an insertion right after a word retokenizes that word with it
    const it = d.text.indexOf('it') + 2;
    expect(applyEditsToTokens(d, [{ start: it - 2, end: it, replacement: 'it all' }]).join(' ')).toBe('I do n\'t like it all , he said " ok " .');
  });
});

describe('auto-apply table', () => {
  const rules = Object.entries(AUTO_APPLY.rules);

  it('auto-applies only rules with precision above 0.5 on dev and few edits on edited prose, as stored', () => {
    expect(rules.length).toBeGreaterThan(10);
    expect(AUTO_APPLY.threshold).toBe(AUTO_APPLY_THRESHOLD);
    for (const [rule, r] of rules) {
      expect(r.right + r.wrong + r.neutral, rule).toBe(r.fired);
      expect(r.precision, rule).toBeCloseTo(r.right / r.fired, 3);
      if (!r.autoApply) continue;
      expect(r.precision, rule).toBeGreaterThan(0.5);
      expect(r.fired, rule).toBeGreaterThan(0);
      expect(NEVER_AUTO_APPLIED.has(rule), rule).toBe(false);
      if (!PROSE_CHECK_EXEMPT.has(rule)) expect(r.proseEditsPer1000, rule).toBeLessThanOrEqual(MAX_PROSE_EDITS_PER_1000);
    }
    // and the rules below 0.5 are in the table too, as suggestions only
    expect(rules.some(([, r]) => !r.autoApply && r.precision <= 0.5)).toBe(true);
  });

  it('never auto-applies an unmeasured rule or hunspell-only spelling', () => {
    const issue = { kind: 'grammar', start: 0, end: 1, suggestions: ['x'] };
    expect(autoApplies({ ...issue, rule: 'NoSuchRule' })).toBe(false);
    expect(autoApplies({ ...issue, rule: 'retext-spell', kind: 'spelling' }, 'x')).toBe(false);
    expect(autoApplies({ ...issue, rule: 'SpellCheck', suggestions: [] })).toBe(false);
  });

  it('splits spelling by class: names, British/American variants, far suggestions, typos', () => {
    const spell = (text: string, word: string, suggestion: string) => {
      const start = text.indexOf(word);
      return policyKey({ rule: 'SpellCheck', kind: 'spelling', start, end: start + word.length, suggestions: [suggestion] }, text);
    };
    expect(spell('We drove to Wiltshire today.', 'Wiltshire', 'Wildfire')).toBe('SpellCheck/name');
    expect(spell('The BHA said so.', 'BHA', 'Baa')).toBe('SpellCheck/name');
    expect(spell('It is in favour of it.', 'favour', 'favor')).toBe('SpellCheck/variant');
    expect(spell('A white quadcopter flew.', 'quadcopter', 'adopter')).toBe('SpellCheck/far');
    expect(spell('I will call you tomorow.', 'tomorow', 'tomorrow')).toBe('SpellCheck');
    expect(isSpellingVariant('organisers', 'organizers')).toBe(true);
    expect(isSpellingVariant('travelled', 'traveled')).toBe(true);
    expect(isSpellingVariant('becouse', 'because')).toBe(false);
  });
});
