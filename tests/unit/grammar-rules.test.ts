import { describe, expect, it } from 'vitest';
import { lintRules, matchCase, pluralOf, thirdPersonOf } from '../../src/engines/grammar/rules.mjs';

/** [flagged text, rule, first suggestion] of every issue in `text` */
const found = (text: string) => lintRules(text).map((i) => [text.slice(i.start, i.end), i.rule, i.suggestions[0]]);
/** the issues of one rule */
const of = (rule: string, text: string) => found(text).filter(([, r]) => r === rule);
/** `text` with the first suggestion of each issue of `rule` applied */
function fix(rule: string, text: string): string {
  let out = text;
  for (const i of lintRules(text)
    .filter((x) => x.rule === rule)
    .sort((a, b) => b.start - a.start))
    out = out.slice(0, i.start) + i.suggestions[0] + out.slice(i.end);
  return out;
}

describe('grammar rules: the issue’s examples', () => {
  it('"Me and him has" -> "He and I have"', () => {
    expect(fix('CompoundSubjectCase', fix('CompoundSubjectVerb', 'Me and him has a car.'))).toBe('He and I have a car.');
  });
  it('"everyone need" -> "everyone needs"', () => {
    expect(fix('IndefinitePronounVerb', 'I think everyone need a break.')).toBe('I think everyone needs a break.');
  });
  it('"they\'re work" -> "their work"', () => {
    expect(fix('TheyreTheir', "They're work is good.")).toBe('Their work is good.');
    expect(fix('TheyreTheir', "I like they're work.")).toBe('I like their work.');
  });
  it('"instructions was" -> "instructions were"', () => {
    expect(fix('PluralSubjectVerb', 'The instructions was clear.')).toBe('The instructions were clear.');
  });
  it('"Between you and I" -> "Between you and me"', () => {
    expect(fix('CompoundObjectCase', 'Between you and I, this is bad.')).toBe('Between you and me, this is bad.');
  });
  it('"students doesn\'t" -> "students don\'t"', () => {
    expect(fix('PluralSubjectVerb', "Most students doesn't like exams.")).toBe("Most students don't like exams.");
  });
  it('a double negative', () => {
    expect(fix('DoubleNegative', "I don't have no money.")).toBe("I don't have any money.");
    expect(fix('DoubleNegative', 'She never told nobody.')).toBe('She never told anybody.');
    expect(fix('DoubleNegative', "We didn't see no one.")).toBe("We didn't see anyone.");
    expect(fix('DoubleNegative', "I can't hardly see.")).toBe('I can hardly see.');
  });
});

describe('grammar rules: positive and negative cases', () => {
  it('subject–verb agreement fires only on a clause subject', () => {
    expect(of('PluralSubjectVerb', 'Endangered animals is breaking nature.')).toEqual([['is', 'PluralSubjectVerb', 'are']]);
    expect(of('PluralSubjectVerb', 'I think the results shows nothing.')).toEqual([['shows', 'PluralSubjectVerb', 'show']]);
    // the subject is "list", not "students"; a measure; a singular -s noun
    expect(of('PluralSubjectVerb', 'The list of students is long.')).toEqual([]);
    expect(of('PluralSubjectVerb', 'Two weeks is a long time.')).toEqual([]);
    expect(of('PluralSubjectVerb', 'The news is good and physics is hard.')).toEqual([]);
    expect(of('PluralSubjectVerb', 'The students are happy.')).toEqual([]);
    expect(of('SingularSubjectVerb', 'Each student have a book.')).toEqual([['have', 'SingularSubjectVerb', 'has']]);
    expect(of('SingularSubjectVerb', 'The car and the bike are red.')).toEqual([]);
    expect(of('SingularSubjectVerb', 'The team are playing well.')).toEqual([]);
  });

  it('indefinite pronouns take a singular verb, but not after "does" or a causative verb', () => {
    expect(of('IndefinitePronounVerb', 'Everyone need to go home.')).toEqual([['need', 'IndefinitePronounVerb', 'needs']]);
    expect(of('IndefinitePronounVerb', 'If nobody have time, we wait.')).toEqual([['have', 'IndefinitePronounVerb', 'has']]);
    expect(of('IndefinitePronounVerb', 'Does everyone need a ticket?')).toEqual([]);
    expect(of('IndefinitePronounVerb', 'They made everyone leave.')).toEqual([]);
    expect(of('IndefinitePronounVerb', 'Everyone needs a break.')).toEqual([]);
  });

  it('pronoun case in coordinations', () => {
    expect(of('CompoundSubjectCase', 'My brother and me were there.')).toEqual([['My brother and me', 'CompoundSubjectCase', 'My brother and I']]);
    expect(of('CompoundSubjectCase', 'Him and her went out.')).toEqual([['Him and her', 'CompoundSubjectCase', 'He and she']]);
    expect(of('CompoundSubjectCase', 'He and I were there.')).toEqual([]);
    expect(of('CompoundObjectCase', 'This is for him and I.')).toEqual([['I', 'CompoundObjectCase', 'me']]);
    expect(of('CompoundObjectCase', 'Let you and I try.')).toEqual([]); // "let" + a verb after: left alone
    expect(of('CompoundObjectCase', 'I talked to you and I went home.')).toEqual([]);
    expect(of('CompoundObjectCase', 'Between you and me, it works.')).toEqual([]);
  });

  it("they're / their", () => {
    expect(of('TheyreTheir', "They're own car is red.")).toEqual([["They're", 'TheyreTheir', 'Their']]);
    expect(of('TheyreTheir', "They're happy and they're students.")).toEqual([]);
    expect(of('TheyreTheir', "They're going home.")).toEqual([]);
  });

  it('double negatives leave idioms and "not only" alone', () => {
    expect(of('DoubleNegative', 'It is not only fast but no longer expensive.')).toEqual([]);
    expect(of('DoubleNegative', "I can't go, no matter what.")).toEqual([]);
    expect(of('DoubleNegative', 'No one came.')).toEqual([]);
  });

  it('plural after quantifiers, not after measures, names or compounds', () => {
    expect(of('QuantifierPlural', 'I have two car and many friend.')).toEqual([
      ['car', 'QuantifierPlural', 'cars'],
      ['friend', 'QuantifierPlural', 'friends'],
    ]);
    expect(of('QuantifierPlural', 'There are several reason for this.')).toEqual([['reason', 'QuantifierPlural', 'reasons']]);
    expect(of('QuantifierPlural', 'He drove at 95mph for two hours to a ten year old boy.')).toEqual([]);
    expect(of('QuantifierPlural', 'The FTSE 250 index rose and many student loans grew.')).toEqual([]);
    expect(of('QuantifierPlural', 'We need much information and many people.')).toEqual([]);
    expect(of('ThereIsPlural', 'There is many way to do it.')).toEqual([['is', 'ThereIsPlural', 'are']]);
    expect(of('ThereIsPlural', 'There is a lot of people and there is no doubt.')).toEqual([]);
  });

  it('introductory commas', () => {
    expect(fix('IntroductoryComma', 'For example people like cars. In my opinion this is good.')).toBe(
      'For example, people like cars. In my opinion, this is good.',
    );
    expect(of('IntroductoryComma', 'However hard he tried, he failed.')).toEqual([]);
    expect(of('IntroductoryComma', 'In addition to cars, we sell bikes.')).toEqual([]);
    expect(of('IntroductoryComma', 'For example, people like cars.')).toEqual([]);
    expect(fix('IntroductoryClauseComma', 'If you want to succeed you must work hard.')).toBe('If you want to succeed, you must work hard.');
    expect(of('IntroductoryClauseComma', 'If you think you can do it, do it.')).toEqual([]);
    expect(fix('ConjunctionComma', 'He is poor but he is happy.')).toBe('He is poor, but he is happy.');
    expect(of('ConjunctionComma', 'He is poor but happy.')).toEqual([]);
  });

  it('base form after a modal or "do not"; "cannot"; "many"; uncountable plurals', () => {
    expect(of('BaseVerbAfterAuxiliary', 'He can helps us.')).toEqual([['helps', 'BaseVerbAfterAuxiliary', 'help']]);
    expect(of('BaseVerbAfterAuxiliary', "She doesn't likes it.")).toEqual([['likes', 'BaseVerbAfterAuxiliary', 'like']]);
    expect(of('BaseVerbAfterAuxiliary', 'He can help us.')).toEqual([]);
    expect(of('CanNot', 'We can not go.')).toEqual([['can not', 'CanNot', 'cannot']]);
    expect(of('CanNot', 'We can not only go but stay.')).toEqual([]);
    expect(of('MuchMany', 'Much people like it.')).toEqual([['Much', 'MuchMany', 'Many']]);
    expect(of('MuchMany', 'Thank you so much.')).toEqual([]);
    expect(of('UncountablePlural', 'I need some informations.')).toEqual([['informations', 'UncountablePlural', 'information']]);
  });

  it('finds nothing in clean sentences', () => {
    for (const s of [
      'The committee met on Tuesday to discuss the budget.',
      'Everyone needs a break, and nobody has time.',
      'He and I have two cars; their work is good.',
      "I don't have any money, but they're happy.",
      'The results of the study show that students learn more.',
    ])
      expect(found(s), s).toEqual([]);
  });

  it('keeps offsets right after accents, emoji and line breaks', () => {
    const text = 'Café 😀 naïve.\n\nThe instructions was clear.';
    const [i] = lintRules(text);
    expect(text.slice(i!.start, i!.end)).toBe('was');
  });

  it('inflects words', () => {
    expect([pluralOf('car'), pluralOf('city'), pluralOf('box'), pluralOf('child'), pluralOf('Person')]).toEqual([
      'cars',
      'cities',
      'boxes',
      'children',
      'People',
    ]);
    expect([thirdPersonOf('need'), thirdPersonOf('watch'), thirdPersonOf('try'), thirdPersonOf('have'), thirdPersonOf('go')]).toEqual([
      'needs',
      'watches',
      'tries',
      'has',
      'goes',
    ]);
    expect([matchCase('They', 'their'), matchCase('THEY', 'their'), matchCase('they', 'their')]).toEqual(['Their', 'THEIR', 'their']);
  });
});
