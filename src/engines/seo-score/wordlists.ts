/**
 * Word lists of the English checks. Written for this analyzer (no list copied from a GPL source): the transition
 * words and phrases of style guides, the irregular past participles of English, and the function words left out
 * when a keyphrase is matched.
 */

/** Single-word transitions ("however", "therefore"). */
export const TRANSITION_WORDS = new Set(
  (
    'accordingly additionally afterward afterwards albeit also although altogether another basically because before besides briefly but ' +
    'consequently conversely correspondingly finally first firstly second secondly third thirdly fourth further furthermore generally hence ' +
    'however identically indeed initially instead lastly later likewise markedly meanwhile moreover namely nevertheless next nonetheless notably ' +
    'now obviously occasionally otherwise overall particularly presently previously rather regardless similarly simultaneously since ' +
    'specifically still subsequently surely then thereafter thereby therefore thus ultimately undeniably unlike whereas while yet admittedly ' +
    'alternatively certainly clearly consequently especially eventually evidently frequently importantly incidentally typically unquestionably ' +
    'usually though until unless so'
  ).split(' '),
);

/** Transitions of several words, matched as whole phrases. */
export const TRANSITION_PHRASES: readonly string[] = [
  'above all',
  'after all',
  'all in all',
  'all things considered',
  'as a result',
  'as a consequence',
  'as can be seen',
  'as long as',
  'as soon as',
  'as well as',
  'as shown above',
  'at first',
  'at last',
  'at the same time',
  'at this point',
  'because of',
  'by all means',
  'by and large',
  'by the same token',
  'by contrast',
  'due to',
  'even if',
  'even so',
  'even though',
  'first of all',
  'for example',
  'for instance',
  'for one thing',
  'for this reason',
  'for that reason',
  'given that',
  'in addition',
  'in any case',
  'in brief',
  'in conclusion',
  'in contrast',
  'in fact',
  'in general',
  'in other words',
  'in particular',
  'in short',
  'in spite of',
  'in summary',
  'in the end',
  'in the first place',
  'in the meantime',
  'in the same way',
  'in this case',
  'in turn',
  'just as',
  'last but not least',
  'on the contrary',
  'on the other hand',
  'on the whole',
  'once again',
  'only if',
  'provided that',
  'so that',
  'such as',
  'that is to say',
  'to begin with',
  'to conclude',
  'to illustrate',
  'to summarize',
  'to sum up',
  'to that end',
  'to this end',
  'to put it differently',
  'with this in mind',
  'what is more',
];

/** Irregular past participles (regular ones end in -ed and are recognised by their ending). */
export const IRREGULAR_PARTICIPLES = new Set(
  (
    'arisen awoken borne born beaten become begun bent bet bid bitten bled blown broken bred brought built burnt burst bought cast caught ' +
    'chosen clung come cost crept cut dealt dug done drawn dreamt drunk driven eaten fallen fed felt fought found fled flung flown forbidden ' +
    'forecast forgotten forgiven frozen got gotten given gone ground grown hung had heard hidden hit held hurt kept knelt known laid led ' +
    'leant leapt learnt left lent let lain lit lost made meant met mistaken misunderstood overcome overtaken overthrown paid proven put quit read ridden ' +
    'rung risen run sawn said seen sought sold sent set sewn shaken shed shone shot shown shrunk shut sung sunk sat slain slept slid slung ' +
    'slit smelt sown spoken sped spent spilt spun spat split spoilt spread sprung stood stolen stuck stung stunk stridden struck strung ' +
    'striven sworn swept swollen swum swung taken taught torn told thought thrown thrust trodden understood undertaken undone upset woken ' +
    'worn woven wed wept won wound withdrawn withheld withstood wrung written rebuilt rewritten redone remade retold'
  ).split(' '),
);

/** Words ending in -ed that are not participles (so "is a bed" or "is red" is not passive). */
export const NOT_PARTICIPLES = new Set(
  'bed red shed fed led wed sled need feed seed speed weed breed bleed greed deed reed creed embed hundred sacred naked wicked rugged ragged kindred shred bred'.split(
    ' ',
  ),
);

/** Forms of "be" and "get" that build a passive ("is written", "got fixed"). */
export const PASSIVE_AUXILIARIES = new Set("am is are was were be been being get gets got gotten getting isn't aren't wasn't weren't".split(' '));

/** Words that may stand between the auxiliary and the participle ("is not always written"). */
export const PASSIVE_GAP_WORDS = new Set("not never also always often still already just only rarely usually sometimes being been n't".split(' '));

/** Function words left out when a keyphrase is matched ("the best pizza in Rome" matches "pizza Rome best"). */
export const FUNCTION_WORDS = new Set(
  (
    'a an the and or but nor of in on at to for from by with without about into onto over under as is are was were be been being ' +
    'it its this that these those how what which who whom whose why when where do does did your you my our their his her i we they'
  ).split(' '),
);
