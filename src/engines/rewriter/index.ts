/**
 * Offline rewriter: paraphrase + tone adjustment. Pure, deterministic.
 *
 *   rewrite(text, { tone }) -> { text, changes: [{ start, end, replacement, kind }] }
 *
 * Built on the humanizer's machinery (phrase tables, POS-checked WordNet-vetted synonyms, contractions,
 * sentence splitting/merging) plus tone rules (word-level tables below, sentence passes in passes.ts):
 *  - casual / conversational: contractions (also "we've", "it's been", "I'd"), plain words and connectives
 *    ("However," -> "But", "obtain" -> "get", "numerous" -> "many"), and shorter sentences (casual splits at ", which",
 *    ", because", "Although ..., ...", comma splices and ", and/but/so + clause")
 *  - professional: light contractions, neutral connectives ("So," -> "As a result,")
 *  - academic: no contractions (expanded), formal and precise connectives ("But" -> "However,", ", but it" -> ";
 *    however, it", "about 30" -> "approximately 30"), formal verbs ("look at" -> "examine", "talk about" -> "discuss")
 *  - creative: humanizer creative column
 *  - persuasive: direct address where it is safe ("one should" -> "you should", "it can be seen that" -> "you can see
 *    that", "Consider this:" before the sentence that carries the evidence) and stronger verbs from a small curated
 *    map ("can help" -> "helps", "get rid of" -> "eliminate", "has an impact on" -> "affects")
 *
 * With a language model configured, the server asks the model instead (src/engines/llm prompts); this engine is the
 * offline answer.
 */
import { applyEdits, quoteSpans, splitSentences, type Edit, type PhraseRule } from '../text';
import { rewriteCore, type CoreConfig, type HumanizeChange } from '../humanizer';
import type { RewriterTone } from '../styles';
import { academicPass, casualPass, persuasivePass, restructuredBy, type PassInput } from './passes';

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
/**
 * A rule for the sentence's first word. The rule engine also lets such rules follow a short opening phrase ("Now, I
 * think"), which a connective must not: "We tried them all, but my cats" is no place for "However,".
 */
const start = (pattern: string, replacement: string, extra: Partial<PhraseRule> = {}): PhraseRule =>
  w(pattern, replacement, { sentenceStartOnly: true, notAfter: ',\\s+$', ...extra });

/** a sentence-opening "So" that is no connective: "So good.", "So far, ...", "So many came", "So, then ..." */
const SO_NOT_CONNECTIVE = '\\s+(?:much|many|far|long|few|little|often|well|called|then|what|that)\\b|\\s+\\p{L}+\\s*[.!?,;:]';

const POSSESSIVE_OR_DET = '(?:a|an|the|this|that|your|their|his|her|our|my|its|whose|each|every|any|no)\\s+';

/** formal -> plain */
const PLAIN: PhraseRule[] = [
  start('however,', 'But'),
  start('nevertheless,', 'Still,'),
  start('nonetheless,', 'Still,'),
  start('therefore,', 'So'),
  start('consequently,', 'So'),
  start('in addition,', 'Also,'),
  start('as a result,', 'So'),
  start('on the other hand,', 'But'),
  start('in conclusion,', 'So,'),
  w('in fact', 'actually'),
  w('a number of', 'several', { notBefore: '\\s+\\d' }),
  w('approximately', 'about'),
  w('purchase', 'buy', { notAfter: POSSESSIVE_OR_DET }),
  // "purchases" is mostly a noun ("whose purchases", "large purchases"): a verb only right after its subject
  w('purchases', 'buys', { onlyAfter: '\\b(?:he|she|it|who|that|which|one)\\s+(?:\\p{L}+ly\\s+)?' }),
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
  w('numerous', 'many'),
  w('additional', 'extra'),
  w('demonstrate', 'show'),
  w('demonstrates', 'shows'),
  w('demonstrating', 'showing'),
  w('commence', 'start'),
  w('commences', 'starts'),
  w('commenced', 'started'),
  w('commencing', 'starting'),
  w('frequently', 'often'),
  w('subsequently', 'later'),
  w('upon', 'on', { notAfter: 'once\\s+' }),
  w('whilst', 'while'),
  w('attempt to', 'try to', { notAfter: POSSESSIVE_OR_DET + '|\\b(?:first|second|last|failed|an?\\s+\\w+)\\s+' }),
  w('attempted to', 'tried to'),
  w('inquire', 'ask'),
  w('inquired', 'asked'),
  w('reside in', 'live in'),
  w('resides in', 'lives in'),
  w('resided in', 'lived in'),
  w('possess', 'have'),
  w('possesses', 'has'),
  w('ensure that', 'make sure that'),
  w('ensures that', 'makes sure that'),
  w('receive', 'get', { notAfter: '(?:to\\s+)?(?:be|been|being)\\s+' }),
  w('receives', 'gets'),
  w('it (?:might|may|could) be (?:speculated|supposed|assumed|suggested) that', 'maybe'),
];

/**
 * Casual speech drops the "that" after a verb of saying or thinking: "She says that my pronunciation is good" -> "She
 * says my pronunciation is good". Only before a subject, so that a demonstrative stays ("said that was fine"), and not
 * after verbs that also take an object ("show that they can" -> "show they can" reads as "show them").
 */
const DROP_THAT: PhraseRule = w(
  '(?<=\\b(?:said|says|say|think|thinks|believe|believes|believed|know|knows|knew|felt|feel|feels|hope|hoped|hopes|guess|guessed|suppose|supposed|realize|realized|realise|realised|figured|reckon|wish|wished|agree|agreed|argue|argued|claim|claimed|expect|expected|assume|assumed|understand|remember|bet|told\\s+(?:me|him|her|us|them|you))\\s+)that(?=\\s+(?:I|we|you|he|she|they|it|there|the|a|an|this|these|those|his|her|its|their|my|our|your)\\b)',
  '',
  // a determiner before the verb makes it a noun: "the hope that he", "a feeling that it"
  { notAfter: '\\b(?:the|a|an|my|our|their|his|her|its|your|this|that)\\s+\\p{L}+\\s+$' },
);

const PARTICIPLE_NEXT = '(?=\\s+(?:been|got|had|gone|done|made|taken|seen|become|never|always|already|just|\\w+ed)\\b)';

/** contractions the humanizer leaves alone, for the casual tones: "we have seen" -> "we've seen", "I would" -> "I'd" */
const CASUAL_CONTRACTIONS: PhraseRule[] = [
  ...['I', 'we', 'you', 'they'].map((p) => w(`${p} have${PARTICIPLE_NEXT}`, `${p}'ve`)),
  ...['it', 'that', 'there', 'he', 'she', 'who', 'what'].map((p) => w(`${p} has${PARTICIPLE_NEXT}`, `${p}'s`)),
  ...['I', 'we', 'you', 'they', 'he', 'she'].map((p) => w(`${p} would(?=\\s+(?!not\\b)\\p{L})`, `${p}'d`)),
  ...['it', 'that', 'there'].map((p) => w(`${p} will(?=\\s+(?!not\\b)\\p{L})`, `${p}'ll`)),
  ...['who', 'where', 'here', 'how'].map((p) => w(`${p} is(?=\\s+(?!not\\b)\\p{L})`, `${p}'s`)),
];

/** plain -> formal */
const FORMAL: PhraseRule[] = [
  // "So," and "But," take their comma with them ("So, then" must not become "Therefore,, then")
  start('but,?', 'However,'),
  start('so,?', 'Therefore,', { notBefore: SO_NOT_CONNECTIVE }),
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
  w('find out', 'determine', { notBefore: '\\s+about\\b' }),
  w('look into', 'investigate'),
  w('set up', 'establish', { notAfter: POSSESSIVE_OR_DET }),
  w('figure out', 'determine'),
  w('come up with', 'devise'),
  w('deal with', 'address'),
  w('okay', 'acceptable'),
  w('look at', 'examine'),
  w('looks at', 'examines'),
  w('looked at', 'examined'),
  w('looking at', 'examining'),
  w('talk about', 'discuss'),
  w('talks about', 'discusses'),
  w('talked about', 'discussed'),
  w('talking about', 'discussing'),
  w('try to', 'attempt to', { notAfter: POSSESSIVE_OR_DET }),
  w('tries to', 'attempts to'),
  w('tried to', 'attempted to'),
  w('trying to', 'attempting to'),
  w('show that', 'demonstrate that'),
  w('shows that', 'demonstrates that'),
  w('showed that', 'demonstrated that'),
  w('shown that', 'demonstrated that'),
  // countable nouns take "many", the rest "a great deal of"
  w('(?:a lot|lots) of(?=\\s+(?:\\p{L}+s|people|children|men|women)\\b)', 'many'),
  w('(?:a lot|lots) of', 'a great deal of'),
  w('a bit(?=\\s+\\p{L}+(?:er|ly)?\\b)', 'somewhat', { notBefore: '\\s+of\\b' }),
  w('because of', 'owing to', { notAfter: '\\b(?:both|either|partly|mainly|only|just|not)\\s+' }),
  // "the whole of these people" is no "the entire of"
  w('whole(?=\\s+\\p{L})', 'entire', { notAfter: '(?:on the|as a)\\s+', notBefore: '\\s+(?:lot|thing|new|of)\\b' }),
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
  // impersonal passives that speak of what anyone can see or say
  w('it can be (?:seen|observed) that', 'you can see that'),
  w('it (?:can|could) be argued that', 'you could argue that'),
  w('it (?:can|could) be said that', 'you could say that'),
  w('as can be seen', 'as you can see'),
  w('it should be noted that', 'note that'),
  w('it is worth noting that', 'note that'),
  w('it must be remembered that', 'remember that'),
  // stronger verbs: a small curated map, each keeping the meaning
  w('get rid of', 'eliminate'),
  w('gets rid of', 'eliminates'),
  w('got rid of', 'eliminated'),
  w('getting rid of', 'eliminating'),
  w('make sure(?!\\s+to\\b)', 'ensure'),
  w('makes sure(?!\\s+to\\b)', 'ensures'),
  w('made sure(?!\\s+to\\b)', 'ensured'),
  w('making sure(?!\\s+to\\b)', 'ensuring'),
  w('find out', 'discover'),
  w('finds out', 'discovers', { notBefore: '\\s+about\\b' }),
  w('found out', 'discovered', { notBefore: '\\s+about\\b' }),
  w('finding out', 'discovering', { notBefore: '\\s+about\\b' }),
  w('look for', 'seek'),
  w('looks for', 'seeks'),
  w('looked for', 'sought'),
  w('looking for', 'seeking'),
  w('has an? (?:impact|effect) on', 'affects'),
  w('have an? (?:impact|effect) on', 'affect', { notAfter: '\\b(?:to|will|would|can|could|may|might|must|should)\\s+' }),
  w('had an? (?:impact|effect) on', 'affected'),
  w('has an influence on', 'influences'),
  w('plays an? (?:key|crucial|vital|central|critical|major|pivotal|significant|important) role in', 'is key to'),
  w('improve(?=\\s+(?:the|your|their|our|its|his|her)\\b)', 'boost'),
  w('improves(?=\\s+(?:the|your|their|our|its|his|her)\\b)', 'boosts'),
  w('improved(?=\\s+(?:the|your|their|our|its|his|her)\\b)', 'boosted'),
  w('improving(?=\\s+(?:the|your|their|our|its|his|her)\\b)', 'boosting'),
  w('very important', 'vital'),
  w('very small', 'tiny'),
  w('very large', 'huge'),
  w('deal with', 'tackle', { onlyAfter: '\\b(?:to|can|could|will|would|must|should|we|they|you|and)\\s+' }),
];

const TONES: Record<RewriterTone, CoreConfig> = {
  // casual splits long sentences sooner than the humanizer does: short sentences are what casual reads like
  casual: {
    style: 'casual',
    contractions: 'full',
    split: 'informal',
    merge: false,
    extraRules: [...CASUAL_CONTRACTIONS, DROP_THAT, ...PLAIN],
    salt: 'rw-casual',
    splitMinWords: 20,
  },
  conversational: {
    style: 'casual',
    contractions: 'full',
    split: 'informal',
    merge: true,
    extraRules: [...PERSUASIVE.slice(0, 8), ...CASUAL_CONTRACTIONS, DROP_THAT, ...PLAIN],
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

/** The sentence passes of each tone (passes.ts), run on what the core left. */
const PASSES: Partial<Record<RewriterTone, (p: PassInput) => void>> = {
  casual: casualPass,
  academic: academicPass,
  persuasive: persuasivePass,
};

/** Spans no pass touches: quotations, code, URLs and e-mail addresses (as the core protects them). */
function protectedSpans(text: string): { start: number; end: number }[] {
  const out = quoteSpans(text);
  const re = /\bhttps?:\/\/\S+|\b[\w.+-]{1,64}@[\w-]{1,63}\.[\w.]{1,253}|```[\s\S]*?```/g;
  for (const m of text.matchAll(re)) out.push({ start: m.index, end: m.index + m[0].length });
  return out;
}

export function rewrite(text: string, opts: RewriteOptions = {}): RewriteResult {
  const tone = opts.tone ?? 'professional';
  const cfg = TONES[tone];
  if (!cfg) throw new RangeError(`unknown rewriter tone: ${String(tone)}`);
  const core = rewriteCore(text, cfg);
  const pass = PASSES[tone];
  if (!pass || !text.trim()) return core;
  // the core's changes index into the input, as the pass's edits do: both are applied to the input together
  const edits: Edit[] = core.changes.map((c) => ({ ...c }));
  const before = edits.length;
  pass({ text, sentences: splitSentences(text), edits, prot: protectedSpans(text), restructured: restructuredBy(core.changes) });
  if (edits.length === before) return core;
  const { text: out, changes } = applyEdits(text, edits);
  return { text: out, changes: changes as HumanizeChange[] };
}
