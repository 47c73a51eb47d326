/**
 * Veritext's own offline grammar rules, on top of harper and retext: deterministic patterns over wink-nlp's tokens,
 * part-of-speech tags and lemmas, for errors harper misses (measured on JFLEG dev by bench/grammar.ts, listed in
 * docs/grammar.md). Plain JavaScript, like worker.mjs, so the retext worker can load it under node, tsx and vitest.
 *
 *   lintRules(text) -> [{ start, end, rule, kind, message, suggestions }]   (UTF-16 offsets into text)
 *
 * Every rule looks only at the clause it is in and fires only where the pattern leaves one reading: a subject is a
 * subject only when its noun phrase starts a clause (so "the list of students is" is never touched), a pronoun case
 * only inside a coordination ("me and him", "you and I"), and so on. Each rule has tests with the sentences that
 * must fire and those that must not (tests/unit/grammar-rules.test.ts); how often each fires on edited prose, where
 * nearly every firing is a false alarm, is measured by bench/grammar.ts.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let nlp = null;

function getNlp() {
  if (!nlp) {
    const wink = require('wink-nlp');
    nlp = wink(require('wink-eng-lite-web-model'));
  }
  return nlp;
}

// ---------------------------------------------------------------------------
// lexicon
// ---------------------------------------------------------------------------

/** a word list written as text, one or more words a line */
const words = (list) => list.split(/\s+/).filter(Boolean);

/** Plural nouns wink's lemmas do not mark (the lemma equals the word) */
const IRREGULAR_PLURALS = new Set(
  words(`
  people children men women feet teeth mice geese cattle
`),
);
/** Nouns ending in -s that take a singular verb */
const SINGULAR_IN_S = new Set(
  words(`
  news physics mathematics maths economics politics ethics athletics gymnastics linguistics statistics
  electronics genetics series species means measles diabetes billiards headquarters crossroads whereabouts corps
  lens bus gas class boss glass business process access success progress address analysis basis crisis thesis
  status campus virus bonus focus census
`),
);
/**
 * Nouns with no plural in ordinary use ("many informations" is wrong, and so is "many information"): the number rules
 * leave them alone, and their -s forms are corrected to the singular.
 */
const UNCOUNTABLE = new Set(
  words(`
  information advice knowledge money furniture equipment news research homework housework traffic evidence
  luggage baggage software hardware music pollution weather health happiness education progress fun garbage
  rubbish trash jewelry jewellery clothing mail machinery scenery vocabulary grammar feedback electricity
  transportation employment unemployment safety wealth luck patience courage confidence intelligence behavior
  behaviour violence permission rice bread meat milk sugar salt butter stuff wildlife livestock cattle police
  people staff water air oil work fun honesty leisure accommodation
`),
);
/** -s plurals of uncountable nouns that are only ever errors (never verbs, never a count sense in common use) */
const UNCOUNTABLE_PLURALS = new Map(
  words(`
  information advice knowledge furniture equipment homework housework luggage baggage feedback machinery scenery jewelry
`).map((w) => [`${w}s`, w]),
);
/** Nouns that name a group: British English lets them take a plural verb, so no agreement rule touches them */
const COLLECTIVE = new Set(
  words(`
  team family government staff group audience committee police crew class public majority minority couple band
  army company council board jury number lot variety percentage half rest kind sort type pair series total range
  population generation people data media criteria phenomena bacteria personnel youth faculty party union club
  community multitude crowd society organization organisation management administration bunch set none
`),
);
/** Units: "two weeks is a long time", "five dollars is enough" take a singular verb */
const UNITS = new Set(
  words(`
  second minute hour day week month year decade century dollar euro pound cent yen mile kilometer kilometre
  meter metre foot inch yard percent kilogram gram ton liter litre gallon point time
`),
);

const IRREGULAR_PLURAL_OF = new Map(
  Object.entries({
    child: 'children',
    person: 'people',
    man: 'men',
    woman: 'women',
    foot: 'feet',
    tooth: 'teeth',
    mouse: 'mice',
    goose: 'geese',
    life: 'lives',
    wife: 'wives',
    knife: 'knives',
    leaf: 'leaves',
    half: 'halves',
    wolf: 'wolves',
    shelf: 'shelves',
    thief: 'thieves',
    loaf: 'loaves',
    calf: 'calves',
    self: 'selves',
    potato: 'potatoes',
    tomato: 'tomatoes',
    hero: 'heroes',
    echo: 'echoes',
    analysis: 'analyses',
    crisis: 'crises',
    thesis: 'theses',
    phenomenon: 'phenomena',
    criterion: 'criteria',
    fish: 'fish',
    sheep: 'sheep',
    deer: 'deer',
    species: 'species',
    series: 'series',
  }),
);

export function pluralOf(noun) {
  const lo = noun.toLowerCase();
  const irregular = IRREGULAR_PLURAL_OF.get(lo);
  if (irregular) return matchCase(noun, irregular);
  if (/(s|x|z|ch|sh)$/.test(lo)) return `${noun}es`;
  if (/[^aeiou]y$/.test(lo)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

const IRREGULAR_THIRD = new Map(Object.entries({ be: 'is', have: 'has', do: 'does', go: 'goes' }));

/** The third person singular of a verb's base form: need -> needs, watch -> watches, try -> tries */
export function thirdPersonOf(base) {
  const lo = base.toLowerCase();
  const irregular = IRREGULAR_THIRD.get(lo);
  if (irregular) return matchCase(base, irregular);
  if (/(s|x|z|ch|sh|o)$/.test(lo)) return `${base}es`;
  if (/[^aeiou]y$/.test(lo)) return `${base.slice(0, -1)}ies`;
  return `${base}s`;
}

/** Auxiliaries by number: singular -> plural, and back */
const AUX_PLURAL = new Map(Object.entries({ is: 'are', was: 'were', has: 'have', does: 'do' }));
const AUX_SINGULAR = new Map(Object.entries({ are: 'is', were: 'was', have: 'has', do: 'does' }));

/** Simple past forms that are not also past participles: after a modal they can only stand for the base form */
const SIMPLE_PAST = new Set(
  words(`
  went came ate saw took gave did began broke chose drove drank fell flew forgot froze grew knew rode rang rose
  ran sang sank spoke stole swam threw woke wore wrote was were had bought brought thought taught caught made
  said
`),
);

const MODALS = new Set(
  words(`
  can could will would shall should may might must ca wo
`),
);
/** Adverbs that may stand between a subject and its verb, or a modal and its verb */
const MID_ADVERBS = new Set([
  'also',
  'always',
  'often',
  'usually',
  'sometimes',
  'never',
  'still',
  'just',
  'really',
  'only',
  'even',
  'generally',
  'actually',
  'probably',
  'already',
  'mostly',
  'simply',
  'certainly',
  'normally',
  'rarely',
  'seldom',
  'definitely',
  'truly',
  'all',
  'both',
  'not',
  "n't",
]);
const POSSESSIVES = new Set(['my', 'your', 'his', 'her', 'its', 'our', 'their']);
const SUBJECT_CASE = new Map(Object.entries({ me: 'I', him: 'he', her: 'she', us: 'we', them: 'they' }));
const OBJECT_CASE = new Map(Object.entries({ i: 'me', he: 'him', she: 'her', we: 'us', they: 'them' }));
const PERSONAL = new Set(
  words(`
  i me he him she her we us they them you
`),
);
/** Words after which a new clause (and so a new subject) starts */
const CLAUSE_OPENERS = new Set(
  words(`
  and but or so because if when while although though since unless whether that whereas once until where why how
`),
);
/** Verbs that take a clause without "that": "I think students ..." */
const CLAUSE_VERBS = new Set(
  words(`
  think thinks thought believe believes believed know knows knew feel feels felt say says said guess hope
  suppose agree mean means realize realise realized realised found see seems notice noticed argue argues claim
  claims
`),
);
/** Indefinite pronouns: singular subjects */
const INDEFINITE = new Set(
  words(`
  everyone everybody someone somebody anyone anybody nobody everything something anything nothing
`),
);
/** Prepositions after which a coordinated pronoun is an object ("between you and I") */
const OBJECT_PREPOSITIONS = new Set(
  words(`
  between for with to from about among except without against of behind toward towards upon at by on beside
  around near
`),
);
/** Verbs after which a coordinated pronoun is an object ("let you and I") */
const OBJECT_VERBS = new Set(
  words(`
  let help helped told tell give gave invited invite asked ask thank thanked join joined show showed taught
  teach
`),
);
const NEGATORS = new Set(['not', "n't", 'never']);
const NEGATIVE_TO_ANY = new Map(
  Object.entries({ no: 'any', nothing: 'anything', nobody: 'anybody', none: 'any', nowhere: 'anywhere', neither: 'either', noone: 'anyone' }),
);
/** Quantifiers that need a plural count noun */
const PLURAL_QUANTIFIERS = new Set(
  words(`
  many several few various numerous both these those multiple countless
`),
);
const NUMBER_WORDS = new Set(
  words(`
  two three four five six seven eight nine ten eleven twelve twenty thirty hundreds thousands millions dozens
`),
);
/** Units and abbreviations that stay as they are after a number ("19 stone", "60 mph") */
const INVARIABLE_MEASURES = new Set(
  words(`
  stone foot head mph kph kmh bpm rpm mpg psi mm cm km kg mg ml lb lbs oz ft hr hrs min sec score percent per
  cent dozen hundred thousand million billion
`),
);
/** Adjectives that follow a measure ("ten year old", "five foot tall"): the noun before them stays singular */
const MEASURE_ADJECTIVES = new Set(
  words(`
  old long tall high wide deep thick away later ago older younger
`),
);

/**
 * Introductory words and phrases that a comma follows at the start of a sentence. `next` constrains the word after
 * the phrase where the phrase can also open a longer construction ("However hard", "After that meeting").
 */
const SUBJECTISH = (t) => t.pos === 'PRON' || t.pos === 'DET' || t.pos === 'PROPN' || t.pos === 'NOUN' || t.pos === 'NUM' || t.pos === 'ADJ';
const PRONOUN_OR_DET = (t) => (t.pos === 'PRON' && !POSSESSIVES.has(t.lo)) || (t.pos === 'DET' && t.lo !== 'that') || POSSESSIVES.has(t.lo);
const INTRODUCTORY = [
  ['for example'],
  ['for instance'],
  ['in my opinion'],
  ['in my view'],
  ['in addition'],
  ['in conclusion'],
  ['in fact'],
  ['in general'],
  ['in short'],
  ['in summary'],
  ['in other words'],
  ['on the other hand'],
  ['on the contrary'],
  ['as a result'],
  ['of course'],
  ['first of all'],
  ['above all'],
  ['to sum up'],
  ['to conclude'],
  ['in the end', PRONOUN_OR_DET],
  ['firstly'],
  ['secondly'],
  ['thirdly'],
  ['lastly'],
  ['finally', PRONOUN_OR_DET],
  ['moreover'],
  ['furthermore'],
  ['however', (t) => t.pos !== 'ADJ' && t.pos !== 'ADV' && t.lo !== 'much' && t.lo !== 'many'],
  ['therefore'],
  ['consequently'],
  ['nevertheless'],
  ['nonetheless'],
  ['additionally'],
  ['meanwhile'],
  ['similarly'],
  ['likewise'],
  ['unfortunately'],
  ['fortunately'],
  ['personally', PRONOUN_OR_DET],
  ['nowadays'],
  ['also', SUBJECTISH],
  ['these days', PRONOUN_OR_DET],
  ['in the past', PRONOUN_OR_DET],
  ['in the future', PRONOUN_OR_DET],
  ['in this case', PRONOUN_OR_DET],
  ['in that case', PRONOUN_OR_DET],
  ['after that', PRONOUN_OR_DET],
  ["in today 's world", PRONOUN_OR_DET],
  ['otherwise', PRONOUN_OR_DET],
  ['instead', PRONOUN_OR_DET],
  ['actually', PRONOUN_OR_DET],
  ['obviously', PRONOUN_OR_DET],
  ['overall', PRONOUN_OR_DET],
  ['besides', PRONOUN_OR_DET],
].map(([phrase, next]) => ({
  /* wink splits "today's" into two tokens, as written here */ words: phrase.split(' '),
  next: next ?? ((t) => t.pos !== 'PUNCT'),
}));

// ---------------------------------------------------------------------------
// tokens
// ---------------------------------------------------------------------------

/**
 * wink's tokens with offsets into the text. Contractions come apart ("does" + "n't", "they" + "'re", "can" + "not"
 * inside "cannot"); each piece keeps its own span.
 */
function tokenize(text) {
  const n = getNlp();
  const doc = n.readDoc(text);
  const t = doc.tokens();
  const values = t.out();
  const pos = t.out(n.its.pos);
  const lemmas = t.out(n.its.lemma);
  const out = [];
  let cursor = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    const at = text.indexOf(v, cursor);
    // wink normalised this token (rare): it is left out, and the rules treat the gap as a boundary
    if (at < 0 || at - cursor > 40) {
      out.push({ v, lo: v.toLowerCase(), pos: 'X', lemma: v.toLowerCase(), start: cursor, end: cursor, gap: true });
      continue;
    }
    const between = text.slice(cursor, at);
    // wink reads a final "I." as an initial: it is the pronoun and a full stop
    if (v === 'I.' && !/\p{L}/u.test(text.slice(at + 2, at + 4))) {
      out.push({ v: 'I', lo: 'i', pos: 'PRON', lemma: 'i', start: at, end: at + 1, nl: /\n/.test(between) });
      out.push({ v: '.', lo: '.', pos: 'PUNCT', lemma: '.', start: at + 1, end: at + 2 });
      cursor = at + 2;
      continue;
    }
    const lo = v.toLowerCase().replace(/’/g, "'");
    out.push({ v, lo, pos: FIXED_POS.get(lo) ?? pos[i], lemma: String(lemmas[i] ?? v).toLowerCase(), start: at, end: at + v.length, nl: /\n/.test(between) });
    cursor = at + v.length;
  }
  // a hyphen or slash written between two words ("self-esteem", "and/or") joins them: it is no clause boundary
  for (let i = 1; i + 1 < out.length; i++) {
    const t = out[i];
    if (/^[-/–]$/.test(t.v) && out[i - 1].end === t.start && out[i + 1].start === t.end) t.joiner = true;
  }
  return out;
}

/** wink tags these wrongly often enough to matter ("Also people like it": people/VERB); they have one reading */
const FIXED_POS = new Map([
  ['people', 'NOUN'],
  ['everyone', 'PRON'],
  ['everybody', 'PRON'],
]);

const isWord = (t) => t && t.pos !== 'PUNCT' && t.pos !== 'SPACE' && t.pos !== 'SYM' && !t.gap;
/** a token that ends a clause: punctuation, a line break, or the start of the text */
const isBoundary = (t) => !t || ((t.pos === 'PUNCT' || t.pos === 'SPACE' || t.gap) && !t.joiner);
/** a token that starts a sentence */
function startsSentence(toks, i) {
  const prev = toks[i - 1];
  if (!prev) return true;
  if (toks[i].nl) return true;
  if (prev.pos === 'SPACE') return startsSentence(toks, i - 1) || /\n/.test(prev.v);
  return prev.pos === 'PUNCT' && /^[.!?;]+$|^[.!?]["”']$/.test(prev.v);
}

export function matchCase(orig, repl) {
  if (orig.length > 1 && orig === orig.toUpperCase() && /\p{L}/u.test(orig)) return repl.toUpperCase();
  if (/^\p{Lu}/u.test(orig)) return repl.charAt(0).toUpperCase() + repl.slice(1);
  return repl;
}

const isPluralNoun = (t) =>
  t.pos === 'NOUN' &&
  !SINGULAR_IN_S.has(t.lo) &&
  (IRREGULAR_PLURALS.has(t.lo) || (/[^s']s$/.test(t.lo) && t.lemma !== t.lo && t.lo.startsWith(t.lemma.slice(0, 2))));
const isSingularNoun = (t) =>
  t.pos === 'NOUN' && !MODALS.has(t.lo) && t.lemma === t.lo && !IRREGULAR_PLURALS.has(t.lo) && !/[^s]s$/.test(t.lo) && /^\p{L}+$/u.test(t.lo);
/** a verb in the third person singular: "needs", "likes", "does", "has", "is" */
const isThirdPerson = (t) => (t.pos === 'VERB' || t.pos === 'AUX') && t.lo !== t.lemma && thirdPersonOf(t.lemma) === t.lo;
/** a verb in its base form (not a participle, not a past): "need", "have" */
const isBase = (t) => (t.pos === 'VERB' || t.pos === 'AUX') && t.lo === t.lemma && !/ing$/.test(t.lo) && !MODALS.has(t.lo) && /^\p{L}+$/u.test(t.lo);

/**
 * Where the noun phrase ending at `head` starts: back over adjectives, compound nouns, numbers, determiners and
 * possessives. Returns the index of its first token.
 */
function phraseStart(toks, head) {
  let s = head;
  while (s > 0) {
    const p = toks[s - 1];
    // "active, enterprising and intelligent people": a list of adjectives is one modifier
    const before = toks[s - 2]?.v === ',' ? toks[s - 3] : toks[s - 2];
    const adjectiveList = (p.v === ',' || p.lo === 'and' || p.lo === 'or') && before?.pos === 'ADJ' && toks[s]?.pos === 'ADJ';
    if (
      adjectiveList ||
      p.joiner ||
      toks[s].joiner ||
      p.pos === 'ADJ' ||
      p.pos === 'NUM' ||
      p.pos === 'DET' ||
      POSSESSIVES.has(p.lo) ||
      (p.pos === 'NOUN' && s - 1 < head) ||
      (p.pos === 'ADV' && /^(very|really|most|more|so|too|quite)$/.test(p.lo)) ||
      (p.pos === 'VERB' && /(ed|ing)$/.test(p.lo) && s === head)
    )
      s--;
    else break;
  }
  return s;
}

/** Whether a clause starts at token i (so a noun phrase starting there is its subject) */
function clauseStartsAt(toks, i, { allowAnd = true } = {}) {
  const p = toks[i - 1];
  if (isBoundary(p)) return true;
  if (!allowAnd && (p.lo === 'and' || p.lo === 'or')) return false;
  // "since your adjournment", "until the end": these open a clause only as conjunctions, not as prepositions
  if (CLAUSE_OPENERS.has(p.lo)) return p.pos !== 'ADP';
  return CLAUSE_VERBS.has(p.lo) && (p.pos === 'VERB' || p.pos === 'AUX');
}

/** The finite verb after index i, past mid-sentence adverbs: its index, or -1 */
function verbAfter(toks, i) {
  let j = i + 1;
  while (toks[j] && MID_ADVERBS.has(toks[j].lo) && toks[j].lo !== 'not' && toks[j].lo !== "n't") j++;
  const t = toks[j];
  return t && (t.pos === 'VERB' || t.pos === 'AUX') ? j : -1;
}

const issue = (rule, kind, start, end, suggestion, message) => ({ start, end, rule, kind, message, suggestions: [suggestion] });

// ---------------------------------------------------------------------------
// rules
// ---------------------------------------------------------------------------

/** The plural form a singular verb takes after a plural subject, or null */
function pluralVerb(t) {
  const aux = AUX_PLURAL.get(t.lo);
  if (aux) return matchCase(t.v, aux);
  if (t.pos === 'VERB' && isThirdPerson(t) && !MODALS.has(t.lemma)) return matchCase(t.v, t.lemma);
  return null;
}

/** The singular form a plural verb takes after a singular subject, or null */
function singularVerb(t) {
  const aux = AUX_SINGULAR.get(t.lo);
  if (aux) return matchCase(t.v, aux);
  if (t.pos === 'VERB' && isBase(t)) return matchCase(t.v, thirdPersonOf(t.lemma));
  return null;
}

/** "students doesn't", "the instructions was", "endangered animals is": a plural noun subject with a singular verb */
function pluralSubject(toks, out) {
  for (let h = 0; h < toks.length; h++) {
    const head = toks[h];
    if (!isPluralNoun(head)) continue;
    const v = verbAfter(toks, h);
    if (v < 0) continue;
    const next = toks[h + 1];
    if (next && next.pos === 'NOUN') continue; // "students loans": head is further on
    let s = phraseStart(toks, h);
    // "across all our hospitals and care homes is": a coordination is a subject only if its first phrase is
    while (s > 1 && (toks[s - 1].lo === 'and' || toks[s - 1].lo === 'or') && /^(NOUN|PROPN|PRON)$/.test(toks[s - 2].pos)) s = phraseStart(toks, s - 2);
    if (!clauseStartsAt(toks, s)) continue;
    // "two weeks is a long time": a measure is one quantity
    if (UNITS.has(head.lemma) && toks.slice(s, h).some((t) => t.pos === 'NUM' || NUMBER_WORDS.has(t.lo))) continue;
    // a singular determiner means the noun is not what it seems ("this means", "a series")
    if (toks.slice(s, h).some((t) => /^(a|an|this|that|each|every|one)$/.test(t.lo))) continue;
    const verb = toks[v];
    // "the students has to": still agreement; but "'s" is a contraction we do not rewrite
    if (verb.lo.startsWith("'")) continue;
    const fixed = pluralVerb(verb);
    if (!fixed) continue;
    out.push(issue('PluralSubjectVerb', 'grammar', verb.start, verb.end, fixed, `The subject “${head.v}” is plural: use “${fixed}”.`));
  }
}

/** "each student have", "this car need", "my friend were": a singular noun subject with a plural verb */
function singularSubject(toks, out) {
  for (let h = 1; h < toks.length; h++) {
    const head = toks[h];
    if (!isSingularNoun(head) || COLLECTIVE.has(head.lo)) continue;
    const v = verbAfter(toks, h);
    if (v < 0 || v !== h + 1) continue; // adverbs between are too often part of something else here
    const s = phraseStart(toks, h);
    const det = toks[s];
    // only a phrase opened by a singular determiner or a possessive is surely singular
    if (!det || !(/^(a|an|this|that|each|every|another|the)$/.test(det.lo) || POSSESSIVES.has(det.lo))) continue;
    if (!clauseStartsAt(toks, s, { allowAnd: false })) continue;
    // "the car and the bike are": coordinated subjects are plural
    if (toks.slice(h + 1, v).some((t) => t.lo === 'and')) continue;
    const verb = toks[v];
    const fixed = AUX_SINGULAR.has(verb.lo) ? matchCase(verb.v, AUX_SINGULAR.get(verb.lo)) : null;
    if (!fixed) continue;
    // "the police have", "the family were": group nouns are plural in British English
    out.push(issue('SingularSubjectVerb', 'grammar', verb.start, verb.end, fixed, `The subject “${head.v}” is singular: use “${fixed}”.`));
  }
}

/** "everyone need", "nobody have", "someone are": indefinite pronouns are singular */
function indefiniteSubject(toks, out) {
  for (let i = 0; i < toks.length; i++) {
    let t = toks[i];
    let end = i;
    // "no one" is two tokens
    if (t.lo === 'no' && toks[i + 1]?.lo === 'one') end = i + 1;
    else if (!INDEFINITE.has(t.lo)) continue;
    if (!clauseStartsAt(toks, i)) continue;
    let v = end + 1;
    if (toks[v]?.lo === 'else') v++;
    while (toks[v] && MID_ADVERBS.has(toks[v].lo) && toks[v].lo !== 'not' && toks[v].lo !== "n't" && toks[v].lo !== 'all') v++;
    const verb = toks[v];
    if (!verb || !(verb.pos === 'VERB' || verb.pos === 'AUX')) continue;
    const fixed = singularVerb(verb);
    if (!fixed) continue;
    // "everyone needs to" is the fix; but "nobody need worry" (modal need) is old but right: only before "to" or an object
    out.push(
      issue(
        'IndefinitePronounVerb',
        'grammar',
        verb.start,
        verb.end,
        fixed,
        `“${toks
          .slice(i, end + 1)
          .map((x) => x.v)
          .join(' ')}” takes a singular verb: “${fixed}”.`,
      ),
    );
  }
}

/**
 * A coordination of two conjuncts at toks[i]: pronouns, names, or short noun phrases ("my brother"). Returns the
 * conjuncts ([start, end) token ranges) and the index after it, or null.
 */
function coordination(toks, i) {
  const conjunct = (k) => {
    const t = toks[k];
    if (!t) return null;
    if (t.pos === 'PRON' && PERSONAL.has(t.lo)) return [k, k + 1];
    if (t.pos === 'PROPN') {
      let e = k + 1;
      while (toks[e]?.pos === 'PROPN') e++;
      return [k, e];
    }
    if (POSSESSIVES.has(t.lo) || /^(the|a|an)$/.test(t.lo)) {
      let e = k + 1;
      while (toks[e]?.pos === 'ADJ') e++;
      if (toks[e]?.pos === 'NOUN' && isSingularNoun(toks[e])) return [k, e + 1];
    }
    return null;
  };
  const a = conjunct(i);
  if (!a || toks[a[1]]?.lo !== 'and') return null;
  const b = conjunct(a[1] + 1);
  if (!b) return null;
  return { parts: [a, b], end: b[1] };
}

const phraseText = (text, toks, [s, e]) => text.slice(toks[s].start, toks[e - 1].end);

/** "Me and him has": the coordination takes subject case, with "I" last, and a plural verb */
function compoundSubject(text, toks, out) {
  for (let i = 0; i < toks.length; i++) {
    if (!clauseStartsAt(toks, i)) continue;
    const c = coordination(toks, i);
    if (!c) continue;
    const pronouns = c.parts.filter(([s, e]) => e - s === 1 && PERSONAL.has(toks[s].lo));
    if (pronouns.length === 0) continue;
    const v = verbAfter(toks, c.end - 1);
    if (v < 0) continue;
    const verb = toks[v];
    // case: object pronouns in subject position
    if (c.parts.some(([s, e]) => e - s === 1 && SUBJECT_CASE.has(toks[s].lo))) {
      const initial = startsSentence(toks, i);
      const words = c.parts.map(([s, e]) => {
        const t = toks[s];
        if (e - s === 1 && PERSONAL.has(t.lo)) return t.lo === 'i' ? 'I' : (SUBJECT_CASE.get(t.lo) ?? t.lo);
        const raw = phraseText(text, toks, [s, e]);
        // a sentence-initial capital belongs to the sentence, not the phrase (names keep theirs)
        return initial && s === i && t.pos !== 'PROPN' ? raw.charAt(0).toLowerCase() + raw.slice(1) : raw;
      });
      // "I" goes last: "he and I", "my brother and I"
      const ordered = words.filter((w) => w !== 'I').concat(words.filter((w) => w === 'I'));
      let fixed = ordered.join(' and ');
      if (initial) fixed = fixed.charAt(0).toUpperCase() + fixed.slice(1);
      const span = [toks[i].start, toks[c.end - 1].end];
      if (fixed !== text.slice(span[0], span[1]))
        out.push(issue('CompoundSubjectCase', 'grammar', span[0], span[1], fixed, `A subject takes “I”, “he”, “she”, “we”, “they”: “${fixed}”.`));
    }
    // number: "X and Y" is plural (never with "you", where the verb is already plural, or after "or")
    const fixedVerb = pluralVerb(verb);
    if (fixedVerb && !verb.lo.startsWith("'"))
      out.push(issue('CompoundSubjectVerb', 'grammar', verb.start, verb.end, fixedVerb, `Two subjects joined by “and” take a plural verb: “${fixedVerb}”.`));
    i = c.end - 1;
  }
}

/** "between you and I", "for him and I", "let you and I": a coordinated object takes object case */
function compoundObject(toks, out) {
  for (let i = 1; i < toks.length; i++) {
    const p = toks[i - 1];
    if (!(OBJECT_PREPOSITIONS.has(p.lo) && (p.pos === 'ADP' || p.pos === 'PART' || p.lo === 'to')) && !(OBJECT_VERBS.has(p.lo) && p.pos === 'VERB')) continue;
    const c = coordination(toks, i);
    if (!c) continue;
    // "... to you and I went home", "the squad and he definitely will": the pronoun starts a new clause
    let k = c.end;
    while (toks[k] && (toks[k].pos === 'ADV' || MID_ADVERBS.has(toks[k].lo))) k++;
    const after = toks[k];
    if (after && (after.pos === 'VERB' || after.pos === 'AUX')) continue;
    for (const [s, e] of c.parts) {
      if (e - s !== 1) continue;
      const t = toks[s];
      const obj = OBJECT_CASE.get(t.lo);
      if (!obj) continue;
      out.push(issue('CompoundObjectCase', 'grammar', t.start, t.end, obj, `After “${p.v}”, use the object form: “${obj}”.`));
    }
    i = c.end - 1;
  }
}

/** Words that follow "they're" as a predicate ("they're home", "they're back") */
const PREDICATE_WORDS = new Set(
  words(`
  home here there back away out in up down off on ok okay right fine alone ready done over inside outside online
  abroad together asleep awake alive busy free wrong sorry late early safe sure all not so too very still just
  also both
`),
);

/** "they're work", "they're own": the possessive is "their" */
function theyreTheir(toks, out) {
  for (let i = 0; i + 2 < toks.length; i++) {
    const t = toks[i];
    let end;
    let next;
    if (t.lo === 'they' && (toks[i + 1].lo === "'re" || toks[i + 1].lo === 're') && toks[i + 1].start === t.end) {
      end = toks[i + 1].end;
      next = i + 2;
    } else if (t.lo === 'theyre') {
      end = t.end;
      next = i + 1;
    } else continue;
    const w = toks[next];
    if (!w || PREDICATE_WORDS.has(w.lo)) continue;
    const after = toks[next + 1];
    const possessive =
      w.lo === 'own' ||
      // a singular noun right after "they are" cannot be its complement ("they are work"), and one followed by a
      // finite verb is the subject of that verb ("they're work is good")
      (isSingularNoun(w) && !/(ing|ed|ly)$/.test(w.lo) && after && (after.pos === 'AUX' || after.pos === 'VERB' || isBoundary(after) || after.pos === 'ADP')) ||
      // "they're work." / "they're work is": a bare verb cannot follow "they are"; read as a noun, it is possessed
      (w.pos === 'VERB' &&
        w.lo === w.lemma &&
        !/(ing|ed)$/.test(w.lo) &&
        (!after || isBoundary(after) || after.pos === 'ADP' || (after.pos === 'AUX' && AUX_PLURAL.has(after.lo))));
    if (!possessive) continue;
    const fixed = matchCase(t.v, 'their');
    out.push(issue('TheyreTheir', 'word-choice', t.start, end, fixed, `“${fixed}” is the possessive; “they're” means “they are”.`));
  }
}

/** "don't have no money", "never told nobody", "can't hardly": one negation is enough */
function doubleNegative(toks, out) {
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i];
    if (!NEGATORS.has(t.lo)) continue;
    if (toks[i + 1]?.lo === 'only') continue; // "not only ... but"
    // "can't hardly": drop the negation from the modal
    const h = toks[i + 1];
    if (t.lo === "n't" && h && /^(hardly|barely|scarcely)$/.test(h.lo)) {
      const modal = toks[i - 1];
      const base = { ca: 'can', could: 'could', wo: 'will', would: 'would', should: 'should' }[modal?.lo ?? ''];
      if (modal && base)
        out.push(
          issue(
            'DoubleNegative',
            'grammar',
            modal.start,
            t.end,
            matchCase(modal.v, base),
            `“${h.v}” is already negative: “${matchCase(modal.v, base)} ${h.v}”.`,
          ),
        );
      continue;
    }
    for (let j = i + 1; j < toks.length && j <= i + 6; j++) {
      const u = toks[j];
      if (isBoundary(u) || CLAUSE_OPENERS.has(u.lo) || u.lo === 'who' || u.lo === 'which') break;
      const any = NEGATIVE_TO_ANY.get(u.lo);
      if (!any) continue;
      const nxt = toks[j + 1];
      // idioms: "no matter", "no doubt", "no longer", "no sooner", "none the less"
      if (u.lo === 'no' && nxt && /^(matter|doubt|longer|sooner|less|more|way)$/.test(nxt.lo)) break;
      if (u.lo === 'none' && nxt?.lo === 'the') break;
      if (u.lo === 'no' && nxt?.lo === 'one') {
        out.push(issue('DoubleNegative', 'grammar', u.start, nxt.end, matchCase(u.v, 'anyone'), `With “${t.v}”, use “anyone”, not “no one”.`));
      } else out.push(issue('DoubleNegative', 'grammar', u.start, u.end, matchCase(u.v, any), `With “${t.v}”, use “${any}”, not “${u.v}”.`));
      break;
    }
  }
}

/** "For example people ...", "In addition we ...": a comma after an introductory word or phrase */
function introductoryComma(toks, out) {
  for (let i = 0; i < toks.length; i++) {
    if (!isWord(toks[i]) || !startsSentence(toks, i)) continue;
    for (const p of INTRODUCTORY) {
      const n = p.words.length;
      let ok = true;
      for (let k = 0; k < n && ok; k++) ok = toks[i + k]?.lo === p.words[k];
      if (!ok) continue;
      const next = toks[i + n];
      if (!next || !isWord(next) || !p.next(next)) continue;
      // "In addition to ...", "Instead of ...": a preposition follows, so the phrase is not introductory
      if (next.lo === 'to' || next.lo === 'of') continue;
      // "Also known as", "Finally arrived": the phrase is part of the clause when an inflected verb follows
      if ((next.pos === 'VERB' || next.pos === 'AUX') && next.lo !== next.lemma) continue;
      const last = toks[i + n - 1];
      const phrase = textOf(toks, i, i + n);
      out.push(issue('IntroductoryComma', 'punctuation', toks[i].start, last.end, `${phrase},`, `Put a comma after the introductory “${phrase}”.`));
      break;
    }
  }
}

let currentText = '';
const textOf = (toks, a, b) => currentText.slice(toks[a].start, toks[b - 1].end);

/** "many student", "two car", "several reason": a plural quantifier takes a plural noun */
function quantifierPlural(toks, out) {
  for (let i = 0; i + 1 < toks.length; i++) {
    const q = toks[i];
    const prev = toks[i - 1];
    const isNumber = (q.pos === 'NUM' && /^\d+$/.test(q.lo) && Number(q.lo) >= 2 && Number(q.lo) < 1000) || NUMBER_WORDS.has(q.lo);
    if (!PLURAL_QUANTIFIERS.has(q.lo) && !isNumber) continue;
    // "a 10 minute walk", "the 2 car garage", "every 3 hours", "one of the two": measures and other readings
    if (prev && /^(a|an|the|every|each|per|of|one|first)$/.test(prev.lo) && isNumber) continue;
    // "both of", "these are": not before a noun
    let j = i + 1;
    while (toks[j]?.pos === 'ADJ' && !/(ing)$/.test(toks[j].lo)) j++;
    const n = toks[j];
    if (
      !n ||
      !isSingularNoun(n) ||
      UNCOUNTABLE.has(n.lo) ||
      INVARIABLE_MEASURES.has(n.lo) ||
      /(ing|ed)$/.test(n.lo) ||
      n.v !== n.v.toLowerCase() ||
      n.lo.length < 3
    )
      continue;
    // "a numerous class", "a few use the ...": with an article these are not plural quantifiers
    if ((q.lo === 'numerous' || q.lo === 'few') && prev && /^(a|an)$/.test(prev.lo)) continue;
    // "have both won", "both expressed anger": "both" as an adverb; it quantifies a noun only right before it
    if (q.lo === 'both' && (j !== i + 1 || (prev && (prev.pos === 'AUX' || prev.pos === 'VERB' || prev.pos === 'PRON')))) continue;
    // "phase two area", "top 10 hit": a number naming one thing, not counting
    if (isNumber && prev && (prev.pos === 'NOUN' || prev.lo === 'top' || /^[(\-–—'’]$/.test(prev.v))) continue;
    // "both content and structure": "both ... and" pairs two singulars
    // "95mph", "£50m": a unit written onto its number; "£49 deposit", "Note 7 device", "FTSE 250 index": an amount
    // or a model number qualifying the noun
    if (n.start === q.end || (isNumber && prev && (prev.pos === 'SYM' || prev.pos === 'PROPN' || /^[£$€¥#]/.test(q.v) || /^\p{Lu}/u.test(prev.v)))) continue;
    const after = toks[j + 1];
    // "two car garage", "many student loans": the head is the next noun; "ten year old": a measure
    if ((q.lo === 'both' && after?.lo === 'and') || after?.lo === 'per') continue;
    // "a few use the ...", "these will draw": a noun followed by a determiner or pronoun was a verb
    if (after && (after.pos === 'DET' || (after.pos === 'PRON' && !POSSESSIVES.has(after.lo)))) continue;
    // "mandolin licks", "government aided schools": wink may tag the head noun as a verb; an -s or -ed word after the
    // noun leaves the reading open
    if (after && (after.pos === 'VERB' || after.pos === 'AUX') && /(s|ed)$/.test(after.lo)) continue;
    if (
      after &&
      (after.pos === 'NOUN' ||
        after.pos === 'PROPN' ||
        MEASURE_ADJECTIVES.has(after.lo) ||
        after.v === '-' ||
        after.v === ')' ||
        (after.start === n.end && /^[-–]/.test(after.v)))
    )
      continue;
    if (n.lo === 'kind' || n.lo === 'sort' || n.lo === 'type') continue; // "these kind of" is colloquial and ambiguous
    const fixed = pluralOf(n.v);
    out.push(issue('QuantifierPlural', 'grammar', n.start, n.end, fixed, `After “${q.v}”, use the plural “${fixed}”.`));
  }
}

/** "there is many ways", "there was some problems": "there is" agrees with the noun after it */
function thereIsPlural(toks, out) {
  for (let i = 0; i + 2 < toks.length; i++) {
    if (toks[i].lo !== 'there') continue;
    const be = toks[i + 1];
    if (be.lo !== 'is' && be.lo !== 'was') continue;
    // "Is there many": the question has "there" after the verb; "there is" here is the statement
    let j = i + 2;
    while (toks[j] && /^(also|still|always|usually|often|only|really|just)$/.test(toks[j].lo)) j++;
    const first = toks[j];
    if (!first || /^(a|an|one|each|every|this|that|much|little|lots|plenty|no)$/.test(first.lo) || toks[j + 1]?.lo === 'a') continue;
    const fixed = matchCase(be.v, be.lo === 'is' ? 'are' : 'were');
    // "there is many ...", "there was two ...": the quantifier is plural whatever the noun's form
    if (PLURAL_QUANTIFIERS.has(first.lo) || NUMBER_WORDS.has(first.lo) || (first.pos === 'NUM' && /^\d+$/.test(first.lo) && Number(first.lo) >= 2)) {
      if (first.lo === 'few' || UNITS.has(toks[j + 1]?.lemma ?? '')) continue;
      out.push(issue('ThereIsPlural', 'grammar', be.start, be.end, fixed, `“${first.v}” is plural: “there ${fixed.toLowerCase()}”.`));
      continue;
    }
    let k = j;
    if (
      first.pos === 'DET' ||
      PLURAL_QUANTIFIERS.has(first.lo) ||
      first.pos === 'NUM' ||
      NUMBER_WORDS.has(first.lo) ||
      first.lo === 'some' ||
      first.lo === 'many'
    )
      k++;
    while (toks[k]?.pos === 'ADJ') k++;
    const n = toks[k];
    if (!n || !isPluralNoun(n) || toks[k + 1]?.pos === 'NOUN') continue;
    // "there is two weeks left": a measure
    if (UNITS.has(n.lemma)) continue;
    out.push(issue('ThereIsPlural', 'grammar', be.start, be.end, fixed, `“${n.v}” is plural: “there ${fixed.toLowerCase()}”.`));
  }
}

/** "can helps", "should went", "doesn't likes": after a modal or "do", the base form */
function baseAfterAuxiliary(toks, out) {
  for (let i = 0; i + 1 < toks.length; i++) {
    const m = toks[i];
    // "knowledge on may subjects": a modal right after a preposition or determiner is a misspelt word
    const isModal = MODALS.has(m.lo) && m.pos === 'AUX' && !/^(ADP|DET)$/.test(toks[i - 1]?.pos ?? '');
    const isDo = /^(do|does|did)$/.test(m.lo) && m.pos === 'AUX' && (toks[i + 1]?.lo === "n't" || toks[i + 1]?.lo === 'not');
    if (!isModal && !isDo) continue;
    let j = i + 1;
    while (toks[j] && MID_ADVERBS.has(toks[j].lo)) j++;
    const v = toks[j];
    if (!v || v.pos !== 'VERB') continue;
    // "will went" is harper's (WillNonLemma); the others are ours
    if (m.lo === 'will' || m.lo === 'wo') continue;
    let base = null;
    if (isThirdPerson(v)) base = v.lemma;
    else if (SIMPLE_PAST.has(v.lo) && v.lemma !== v.lo && !(isDo && m.lo === 'did')) base = v.lemma;
    if (!base || !/^\p{L}+$/u.test(base)) continue;
    // "did" + past is harper's (DidPast)
    if (m.lo === 'did') continue;
    const fixed = matchCase(v.v, base);
    out.push(
      issue(
        'BaseVerbAfterAuxiliary',
        'grammar',
        v.start,
        v.end,
        fixed,
        `After “${m.v}${toks[i + 1]?.lo === "n't" ? "n't" : ''}”, use the base form “${fixed}”.`,
      ),
    );
  }
}

/** A personal pronoun that can be a subject, and "there" */
const SUBJECT_PRONOUNS = new Set(
  words(`
  i you he she it we they there
`),
);
/** a clause starts at k: a subject pronoun and, right after it (or after one adverb), a finite verb */
function clauseAt(toks, k) {
  const t = toks[k];
  if (!t || !SUBJECT_PRONOUNS.has(t.lo)) return false;
  let v = k + 1;
  if (toks[v] && MID_ADVERBS.has(toks[v].lo) && toks[v].lo !== 'not' && toks[v].lo !== "n't") v++;
  const verb = toks[v];
  return !!verb && (verb.pos === 'AUX' || verb.pos === 'VERB') && !/ing$/.test(verb.lo);
}

/** "He is poor but he is happy": a comma before "but" when it joins two clauses */
function conjunctionComma(toks, out) {
  for (let i = 2; i + 2 < toks.length; i++) {
    const c = toks[i];
    // only "but": "so" may mean "so that" ("moved it from June so he could play"), where a comma changes the sense
    if (c.lo !== 'but') continue;
    const prev = toks[i - 1];
    if (!isWord(prev) || prev.pos === 'CCONJ' || prev.pos === 'SCONJ' || prev.pos === 'ADP' || prev.pos === 'DET' || prev.lo === 'not') continue;
    if (!clauseAt(toks, i + 1)) continue;
    // the part before must be a clause too: a verb since the last boundary
    let k = i - 1;
    let verb = false;
    while (k >= 0 && !isBoundary(toks[k])) {
      if (toks[k].pos === 'VERB' || toks[k].pos === 'AUX') verb = true;
      k--;
    }
    if (!verb) continue;
    out.push(
      issue(
        'ConjunctionComma',
        'punctuation',
        prev.start,
        prev.end,
        `${currentText.slice(prev.start, prev.end)},`,
        `Put a comma before “${c.v}” when it joins two clauses.`,
      ),
    );
  }
}

/** Words that open an introductory subordinate clause */
const SUBORDINATORS = new Set(
  words(`
  if when although though because while since once unless whenever after before as
`),
);
/** Words after which a pronoun does not start the main clause ("If you think you can", "because I know that it is") */
const NOT_BEFORE_MAIN = new Set(
  words(`
  that think thinks thought know knows knew say says said believe believes feel feels hope guess mean means wish
  tell told sure than like where what how why who which
`),
);

/** "If you want to succeed you must work": a comma after an introductory subordinate clause */
function introductoryClauseComma(toks, out) {
  for (let i = 0; i + 4 < toks.length; i++) {
    const sub = toks[i];
    if (!SUBORDINATORS.has(sub.lo) || !startsSentence(toks, i)) continue;
    // "As a result", "Before the war": a subordinator that is a preposition here opens no clause
    if (!clauseAt(toks, i + 1) && !(toks[i + 1]?.pos === 'DET' || toks[i + 1]?.pos === 'NOUN' || POSSESSIVES.has(toks[i + 1]?.lo ?? ''))) continue;
    let sawVerb = false;
    for (let k = i + 1; k < toks.length; k++) {
      const t = toks[k];
      if (isBoundary(t)) break; // a comma (or the sentence end) is already there
      if (sawVerb && k > i + 2 && clauseAt(toks, k)) {
        const p = toks[k - 1];
        if (
          !isWord(p) ||
          p.pos === 'PRON' ||
          p.pos === 'CCONJ' ||
          p.pos === 'SCONJ' ||
          p.pos === 'ADP' ||
          p.pos === 'DET' ||
          p.pos === 'PART' ||
          NOT_BEFORE_MAIN.has(p.lo) ||
          SUBORDINATORS.has(p.lo)
        )
          break;
        out.push(
          issue(
            'IntroductoryClauseComma',
            'punctuation',
            p.start,
            p.end,
            `${currentText.slice(p.start, p.end)},`,
            `Put a comma after the introductory “${sub.v} …” clause.`,
          ),
        );
        break;
      }
      if (t.pos === 'VERB' || t.pos === 'AUX') sawVerb = true;
      if (NOT_BEFORE_MAIN.has(t.lo) && t.lo !== 'like') break; // a clause inside the clause: where it ends is unclear
    }
  }
}

/** "can not go" -> "cannot go" (but "can not only ... but also" keeps both words) */
function canNot(toks, out) {
  for (let i = 0; i + 2 < toks.length; i++) {
    const c = toks[i];
    const n = toks[i + 1];
    if (c.lo !== 'can' || n.lo !== 'not' || n.start === c.end) continue;
    if (/^(only|just|but)$/.test(toks[i + 2].lo)) continue;
    const fixed = matchCase(c.v, 'cannot');
    out.push(issue('CanNot', 'spelling', c.start, n.end, fixed, `“${fixed}” is written as one word.`));
  }
}

/** "much people" -> "many people": "much" goes with uncountable nouns */
function muchMany(toks, out) {
  for (let i = 0; i + 1 < toks.length; i++) {
    const m = toks[i];
    if (m.lo !== 'much') continue;
    const n = toks[i + 1];
    if (!isPluralNoun(n)) continue;
    if (/^(as|so|too|very|how)$/.test(toks[i - 1]?.lo ?? '') && toks[i - 1].lo !== 'how') continue;
    const fixed = matchCase(m.v, 'many');
    out.push(issue('MuchMany', 'grammar', m.start, m.end, fixed, `“${n.v}” can be counted: “${fixed}”.`));
  }
}

/** "informations", "advices", "furnitures": these nouns have no plural */
function uncountablePlural(toks, out) {
  for (const t of toks) {
    const base = UNCOUNTABLE_PLURALS.get(t.lo);
    if (!base) continue;
    const fixed = matchCase(t.v, base);
    out.push(issue('UncountablePlural', 'grammar', t.start, t.end, fixed, `“${base}” has no plural: “${fixed}”.`));
  }
}

const RULES = [
  (text, toks, out) => pluralSubject(toks, out),
  (text, toks, out) => singularSubject(toks, out),
  (text, toks, out) => indefiniteSubject(toks, out),
  (text, toks, out) => compoundSubject(text, toks, out),
  (text, toks, out) => compoundObject(toks, out),
  (text, toks, out) => theyreTheir(toks, out),
  (text, toks, out) => doubleNegative(toks, out),
  (text, toks, out) => introductoryComma(toks, out),
  (text, toks, out) => conjunctionComma(toks, out),
  (text, toks, out) => introductoryClauseComma(toks, out),
  (text, toks, out) => quantifierPlural(toks, out),
  (text, toks, out) => thereIsPlural(toks, out),
  (text, toks, out) => baseAfterAuxiliary(toks, out),
  (text, toks, out) => canNot(toks, out),
  (text, toks, out) => muchMany(toks, out),
  (text, toks, out) => uncountablePlural(toks, out),
];

/** The rules' names, for the auto-apply table and the docs */
export const RULE_NAMES = words(`
  PluralSubjectVerb SingularSubjectVerb IndefinitePronounVerb CompoundSubjectCase CompoundSubjectVerb
  CompoundObjectCase TheyreTheir DoubleNegative IntroductoryComma ConjunctionComma IntroductoryClauseComma
  QuantifierPlural ThereIsPlural BaseVerbAfterAuxiliary CanNot MuchMany UncountablePlural
`);

/** Longer runs without whitespace are not words; wink's tokenizer is slow on them, so they are blanked out first */
const LONG_RUN = /\S{101,}/g;
/** wink reads a paragraph at a time: its cost grows faster than linearly on one huge line */
const PARAGRAPH = /[^\n]+/g;

/** Run every rule over `text`. Issues may overlap each other; the engine's merge keeps one per span. */
export function lintRules(input) {
  const text = input.replace(LONG_RUN, (run) => ' '.repeat(run.length));
  const out = [];
  for (const m of text.matchAll(PARAGRAPH)) {
    const para = m[0];
    if (!/\p{L}/u.test(para)) continue;
    currentText = para;
    const toks = tokenize(para);
    const found = [];
    for (const rule of RULES) rule(para, toks, found);
    for (const f of found) out.push({ ...f, start: f.start + m.index, end: f.end + m.index });
  }
  currentText = '';
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}
