/**
 * Offline rewriter: paraphrase + tone adjustment. Pure, deterministic.
 *
 *   rewrite(text, { tone }) -> { text, changes: [{ start, end, replacement, kind }] }
 *
 * Built on the humanizer's machinery (phrase tables, POS-checked WordNet-vetted synonyms, contractions,
 * sentence splitting/merging) plus tone rules:
 *  - casual / conversational: contractions, plain words and connectives ("However," -> "But", "obtain" -> "get")
 *  - professional: light contractions, neutral connectives ("So," -> "As a result,")
 *  - academic: no contractions (expanded), formal connectives ("But" -> "However,", "about 30" -> "approximately 30")
 *  - creative: humanizer creative column
 *  - persuasive: second person where it is safe ("one should" -> "you should", "it is recommended to" -> "you should")
 */
import type { PhraseRule } from '../text';
import { rewriteCore, type CoreConfig, type HumanizeChange } from '../humanizer';
import type { RewriterTone } from '../styles';

export { REWRITER_TONES, type RewriterTone } from '../styles';

export interface RewriteOptions {
  tone?: RewriterTone;
}

export interface RewriteResult {
  text: string;
  changes: HumanizeChange[];
}

const w = (pattern: string, replacement: string, extra: Partial<PhraseRule> = {}): PhraseRule => ({
  pattern,
  replacement,
  kind: 'tone',
  ...extra,
});
const start = (pattern: string, replacement: string): PhraseRule => w(pattern, replacement, { sentenceStartOnly: true });

const POSSESSIVE_OR_DET = '(?:a|an|the|this|that|your|their|his|her|our|my|its|each|every|any|no)\\s+';

/** formal -> plain */
const PLAIN: PhraseRule[] = [
  start('however,', 'But'),
  start('nevertheless,', 'Still,'),
  start('nonetheless,', 'Still,'),
  start('therefore,', 'So'),
  start('consequently,', 'So'),
  start('in addition,', 'Also,'),
  w('approximately', 'about'),
  w('purchase', 'buy', { notAfter: POSSESSIVE_OR_DET }),
  w('purchases', 'buys', { notAfter: POSSESSIVE_OR_DET + '|\\bthe\\s+\\w+\\s+' }),
  w('purchased', 'bought'),
  w('purchasing', 'buying', { notBefore: '\\s+(?:power|decisions?|managers?|department)' }),
  w('obtain', 'get'),
  w('obtains', 'gets'),
  w('obtained', 'got', { notAfter: "(?:have|has|had|been|be|being|was|were|is|are|'ve)\\s+" }),
  w('obtaining', 'getting'),
  w('assist', 'help', { notAfter: POSSESSIVE_OR_DET }),
  w('assists', 'helps', { notAfter: POSSESSIVE_OR_DET }),
  w('assisted', 'helped'),
  w('assisting', 'helping'),
  w('require', 'need'),
  w('requires', 'needs'),
  w('required', 'needed', { notBefore: '\\s+(?:fields?|reading|by law)' }),
  w('sufficient', 'enough'),
  w('individuals', 'people'),
  w('regarding', 'about'),
  w('prior to', 'before'),
  w('in order to', 'to'),
  w('perhaps', 'maybe'),
  w('children', 'kids'),
];

/** plain -> formal */
const FORMAL: PhraseRule[] = [
  start('but', 'However,'),
  start('so', 'Therefore,'),
  start('also,', 'In addition,'),
  start('plus,', 'In addition,'),
  start('still,', 'Nevertheless,'),
  w('about(?=\\s+\\d)', 'approximately'),
  w('around(?=\\s+\\d)', 'approximately'),
  w('maybe', 'perhaps'),
  w('kids', 'children'),
  w('buy', 'purchase', { notAfter: POSSESSIVE_OR_DET }),
  w('bought', 'purchased'),
  w('get rid of', 'eliminate'),
  w('find out', 'determine'),
  w('look into', 'investigate'),
  w('set up', 'establish', { notAfter: POSSESSIVE_OR_DET }),
  w('figure out', 'determine'),
  w('come up with', 'devise'),
  w('deal with', 'address'),
  w('okay', 'acceptable'),
];

/** second person, only in safe frames */
const PERSUASIVE: PhraseRule[] = [
  ...['can', 'should', 'must', 'may', 'will'].map((m) => w(`one ${m}`, `you ${m}`)),
  ...['can', 'should', 'must'].map((m) => start(`people ${m}`, `you ${m}`)),
  w("it(?: is|['\u2019]s) (?:recommended|advisable|advised) (?:that you|to)", 'you should'),
  w("it(?: is|['\u2019]s) (?:important|essential|vital|crucial) to(?!\\s+(?:note|remember|mention|recognize|highlight|understand))", 'you need to'),
  w('it is worth considering', 'consider'),
  w('may want to', 'should'),
  w('might want to', 'should'),
  w("one's", 'your'),
  // the reader addressed directly, where the sentence already speaks of what its reader can or should do
  ...['people', 'users', 'customers', 'readers', 'students', 'visitors', 'consumers', 'individuals', 'anyone', 'everyone'].flatMap((who) =>
    ['can', 'should', 'must', 'need to', 'will be able to'].map((m) => start(`${who} ${m}`, `you ${m}`)),
  ),
  w("it(?: is|['’]s) possible to", 'you can'),
  w("it(?: is|['’]s) necessary to", 'you need to'),
  w("it(?: is|['’]s) easy to", 'you can easily'),
  w('there is no need to', "you don't need to"),
  w('one needs to', 'you need to'),
];

const TONES: Record<RewriterTone, CoreConfig> = {
  // casual splits long sentences sooner than the humanizer does: short sentences are what casual reads like
  casual: { style: 'casual', contractions: 'full', split: 'informal', merge: false, extraRules: PLAIN, salt: 'rw-casual', splitMinWords: 20 },
  conversational: {
    style: 'casual',
    contractions: 'full',
    split: 'informal',
    merge: true,
    extraRules: [...PERSUASIVE.slice(0, 8), ...PLAIN],
    salt: 'rw-conversational',
  },
  creative: { style: 'creative', contractions: 'full', split: 'informal', merge: true, extraRules: PLAIN.slice(0, 6), salt: 'rw-creative' },
  professional: {
    style: 'professional',
    contractions: 'light',
    split: 'formal',
    merge: true,
    extraRules: FORMAL.filter((r) => !['maybe', 'kids'].includes(r.pattern)).slice(0),
    salt: 'rw-professional',
  },
  academic: { style: 'academic', contractions: 'expand', split: 'formal', merge: false, extraRules: FORMAL, salt: 'rw-academic', splitMinWords: 35 },
  persuasive: { style: 'professional', contractions: 'light', split: 'formal', merge: true, extraRules: PERSUASIVE, salt: 'rw-persuasive' },
};

export function rewrite(text: string, opts: RewriteOptions = {}): RewriteResult {
  const tone = opts.tone ?? 'professional';
  const cfg = TONES[tone];
  if (!cfg) throw new RangeError(`unknown rewriter tone: ${String(tone)}`);
  return rewriteCore(text, cfg);
}
