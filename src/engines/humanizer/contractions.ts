/** Contraction and expansion rules (phrase-rule format). */
import type { PhraseRule } from '../text';

const A = "['\\u2019]";
/** the next thing must be a word (never contract "it is" at the end of a clause: "I know what it is.") */
const NEEDS_WORD = '(?!\\s+[\\p{L}\\d])';

const NEGATIONS: ReadonlyArray<[string, string]> = [
  ['do not', "don't"],
  ['does not', "doesn't"],
  ['did not', "didn't"],
  ['is not', "isn't"],
  ['are not', "aren't"],
  ['was not', "wasn't"],
  ['were not', "weren't"],
  ['cannot', "can't"],
  ['can not', "can't"],
  ['will not', "won't"],
  ['would not', "wouldn't"],
  ['should not', "shouldn't"],
  ['could not', "couldn't"],
  ['has not', "hasn't"],
  ['have not', "haven't"],
  ['had not', "hadn't"],
];

const PRONOUN_BE: ReadonlyArray<[string, string]> = [
  ['it is', "it's"],
  ['that is', "that's"],
  ['there is', "there's"],
  ['what is', "what's"],
  ['he is', "he's"],
  ['she is', "she's"],
  ['they are', "they're"],
  ['we are', "we're"],
  ['you are', "you're"],
  ['I am', "I'm"],
  ['we will', "we'll"],
  ['they will', "they'll"],
  ['you will', "you'll"],
  ['I will', "I'll"],
  ['let us', "let's"],
];

const sp = (s: string) => s.replace(/ /g, '\\s+');

/** Negation contractions only (professional: "light"). */
export const CONTRACT_LIGHT: PhraseRule[] = NEGATIONS.map(([p, r]) => ({
  pattern: sp(p),
  replacement: r,
  kind: 'contraction',
  // "do not only", "is not to be" stay readable either way; avoid "can not only" style emphasis breaks
  notBefore: '\\s+only\\b',
}));

export const CONTRACT_FULL: PhraseRule[] = [
  ...CONTRACT_LIGHT,
  ...PRONOUN_BE.filter(([p]) => p !== 'let us').map(([p, r]) => ({
    pattern: sp(p),
    replacement: r,
    kind: 'contraction',
    // "You're William Clark": before a name, you're/they're/we're read (and get flagged) as your/their/were
    notBefore: `${NEEDS_WORD}|\\s+not\\b`,
    notBeforeCased: /^(?:you|they|we) are$/.test(p) ? '\\s+\\p{Lu}' : undefined,
    // "some of it is genuine" -> "some of it's genuine" reads as (and is flagged as) the possessive "of its genuine";
    // "some of you are seniors" -> "some of you're seniors" the same way ("of your seniors")
    notAfter: p === 'it is' || p === 'you are' ? '\\bof\\s+' : undefined,
  })),
];

const HAS_NEXT = '(?=\\s+(?:been|got|had|gone|done|made|taken|seen|become)\\b)';
/** 'd before a past participle is "had" ("you'd known" -> "you had known"), otherwise "would". */
const HAD_NEXT =
  '(?=\\s+(?:been|better|had|gone|done|made|taken|seen|become|already|never|known|got|gotten|left|lost|met|found|thought|told|heard|said|brought|bought|taught|felt|kept|built|sent|spent|come|run|begun|written|given|driven|eaten|fallen|forgotten|chosen|spoken|broken|grown|shown|thrown|drawn|flown|worn|hidden|risen|stolen|[a-z]+[^e\\W]ed)\\b)';

/** Expand every contraction (academic). */
export const EXPAND: PhraseRule[] = [
  { pattern: `can${A}t`, replacement: 'cannot', kind: 'expansion' },
  { pattern: `won${A}t`, replacement: 'will not', kind: 'expansion' },
  { pattern: `shan${A}t`, replacement: 'shall not', kind: 'expansion' },
  ...['do', 'does', 'did', 'is', 'are', 'was', 'were', 'has', 'have', 'had', 'would', 'should', 'could', 'must', 'need', 'might'].map((w): PhraseRule => ({
    pattern: `${w}n${A}t`,
    replacement: `${w} not`,
    kind: 'expansion',
  })),
  ...['it', 'he', 'she', 'that', 'there', 'what', 'who', 'here', 'where'].flatMap((w): PhraseRule[] => [
    { pattern: `${w}${A}s${HAS_NEXT}`, replacement: `${w} has`, kind: 'expansion' },
    { pattern: `${w}${A}s`, replacement: `${w} is`, kind: 'expansion' },
  ]),
  { pattern: `I${A}m`, replacement: 'I am', kind: 'expansion' },
  ...['you', 'we', 'they'].map((w): PhraseRule => ({ pattern: `${w}${A}re`, replacement: `${w} are`, kind: 'expansion' })),
  ...['I', 'you', 'we', 'they', 'would', 'should', 'could', 'might', 'must'].map((w): PhraseRule => ({
    pattern: `${w}${A}ve`,
    replacement: `${w} have`,
    kind: 'expansion',
  })),
  ...['I', 'you', 'he', 'she', 'it', 'we', 'they', 'that', 'there'].flatMap((w): PhraseRule[] => [
    { pattern: `${w}${A}ll`, replacement: `${w} will`, kind: 'expansion' },
    { pattern: `${w}${A}d${HAD_NEXT}`, replacement: `${w} had`, kind: 'expansion' },
    { pattern: `${w}${A}d`, replacement: `${w} would`, kind: 'expansion' },
  ]),
  { pattern: `let${A}s`, replacement: 'let us', kind: 'expansion' },
];
