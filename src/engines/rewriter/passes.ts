/**
 * The rewriter's own sentence passes, run after the shared core (humanizer machinery) on the sentences it left
 * alone. Each tone gets edits that its register calls for and that the word-level rules cannot make:
 *
 * - casual: long sentences split where a second clause starts ("X, which is why Y" -> "X. That's why Y"; "X, because
 *   Y" -> "X. That's because Y"; "Although X, Y" -> "X. But Y"; "X, allowing us to Y" -> "X. That allows us to Y";
 *   "X, when Y" -> "X. That was when Y"; "X, some of which Y" -> "X. Some of them Y"; a comma splice "X, this job
 *   makes Y" -> "X. This job makes Y"; "X; Y" and "X: Y" between clauses; ", and/but/so + clause" as ". And/But/So";
 *   "He logged in, and waited" -> "He logged in. And he waited"), and a relative "that" dropped before a pronoun
 *   ("the things that we do" -> "the things we do");
 * - academic: ", but / , so / , yet + clause" -> "; however, / ; therefore, / ; nevertheless,";
 * - persuasive: "can help" -> "helps" (in the subject's number), and a reader-directed lead ("Consider this:", "Note
 *   that", "Keep in mind that") before the sentence that carries the text's evidence, once per passage of prose.
 *
 * Every split checks that both halves are clauses (a subject and a finite verb each), so no fragment is left; the
 * edits index into the input and never overlap the core's. Pure and deterministic; one tagging pass per sentence
 * that a cheap test finds a candidate in, so the work stays linear in the text.
 */
import { opensSubject } from '../humanizer/joins';
import type { HumanizeChange } from '../humanizer';
import { countWords, hash32, isFree, overlapsAny, posTag, type Edit, type PosToken, type Span } from '../text';

export interface PassInput {
  text: string;
  sentences: readonly Span[];
  /** the core's changes and the pass's own: a new edit must be free of them */
  edits: Edit[];
  prot: readonly { start: number; end: number }[];
  /** sentences whose structure the core already changed (split, merged, reordered): no second split there */
  restructured: (s: Span) => boolean;
}

type Tok = PosToken;

const finiteVerb = (toks: readonly Tok[], j: number) => {
  const t = toks[j]!;
  const prev = toks[j - 1];
  if (/^to$/i.test(prev?.text ?? '')) return false;
  if (t.pos === 'AUX') {
    if (/^(?:be|been|being|having)$/i.test(t.text)) return false;
    // "Newman's salsa": after a noun, 's is a possessive the tagger took for "is"
    return !/^['’]s$/i.test(t.text) || /^(?:it|that|this|he|she|there|here|what|who|where|how|let)$/i.test(prev?.text ?? '');
  }
  return t.pos === 'VERB' && !/ing$/i.test(t.text);
};
const hasFinite = (toks: readonly Tok[], from: number, to: number) => {
  for (let j = from; j < to; j++) if (finiteVerb(toks, j)) return true;
  return false;
};
const keepCase = (t: Tok) => t.pos === 'PROPN' || t.text === 'I' || /^I['’]/.test(t.text) || /^\p{Lu}{2,}/u.test(t.text);
const lowerWord = (t: Tok) => (keepCase(t) ? t.text[0]! : t.text[0]!.toLowerCase());
const words = (toks: readonly Tok[], from: number, to: number) => toks.slice(from, to).filter((t) => /[\p{L}\p{N}]/u.test(t.text)).length;

/** Words that open a subordinate clause: "If X, Y" is not two sentences. */
const SUBORDINATOR =
  /^(?:if|when|whenever|while|although|though|because|since|as|after|before|unless|until|once|whether|where|wherever|whereas|so|even|only|not|no|now|than)$/i;
/** A reporting or thinking verb ending the left part: "he said, it was late" reports, it does not state. */
const REPORTING =
  /^(?:said|says|say|thought|think|thinks|believe|believes|believed|know|knew|knows|told|tells|asked|asks|replied|added|noted|explained|wrote|writes|claimed|claims|argued|argues|felt|feel|feels|hoped|hope|guess|suppose|mean|admit|admitted|agree|agreed|see|saw|hear|heard|reckon|insisted|warned|announced|reported|stated)$/i;
/** Verbs (often tagged as nouns) whose "that" opens their object clause: it stays. */
const THAT_VERB =
  /^(?:shows?|showed|shown|suggests?|suggested|means?|meant|proves?|proved|proven|demonstrates?|demonstrated|indicates?|indicated|finds?|found|ensures?|ensured|notes?|noted|observes?|observed|assumes?|assumed|realizes?|realized|hopes?|hoped|wish|wishes|wished|expects?|expected|fears?|feared|doubts?|doubted|argues?|argued|claims?|claimed|reports?|reported|states?|stated|confirms?|confirmed|reveals?|revealed|learns?|learned|learnt|decides?|decided|predicts?|predicted|requires?|required|implies|implied|assures?|assured|insists?|insisted)$/i;
/** Subordinators inside the left part's last stretch: the comma then ends a subordinate clause. */
const OPENS_CLAUSE = /^(?:if|when|whenever|while|although|though|because|since|unless|until|whether|whereas)$/i;
const SPLICE_PRONOUN = /^(?:I|we|you|he|she|they|it|this|that|there)$/i;

/**
 * The left part must read as a sentence on its own: it opens with no subordinator and holds a finite verb, and so
 * does its last stretch (after its last comma or dash): in "X—instead of depicting Y, the artist ..." or "the mango
 * is mild, although it's sweet, it ..." the comma closes a phrase or a subordinate clause, not a sentence. Nor may it
 * report speech: "McAveety said while X, the council faced Y" is one report.
 */
function standsAlone(toks: readonly Tok[], to: number): boolean {
  if (to < 3 || SUBORDINATOR.test(toks[0]!.text) || toks[0]!.pos === 'SCONJ') return false;
  if (!hasFinite(toks, 0, to)) return false;
  // the last stretch starts after the last comma or dash outside brackets
  let from = 0;
  let depth = 0;
  for (let j = to - 1; j > 0; j--) {
    const x = toks[j]!.text;
    if (x === ')' || x === ']') depth++;
    else if (x === '(' || x === '[') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (/^(?:[,;:\u2014\u2013]|--|-)$/.test(x) || /[\u2014\u2013]/.test(x))) {
      from = j + 1;
      break;
    }
  }
  if (!hasFinite(toks, from, to)) return false;
  let inside = 0;
  for (const t of toks.slice(from, to)) {
    if (t.text === '(' || t.text === '[') inside++;
    else if (t.text === ')' || t.text === ']') inside = Math.max(0, inside - 1);
    else if (inside === 0 && (OPENS_CLAUSE.test(t.text) || (t.pos === 'SCONJ' && /^(?:after|before|once|as)$/i.test(t.text)))) return false;
  }
  let depthAll = 0;
  for (const t of toks.slice(0, to)) {
    if (t.text === '(' || t.text === '[') depthAll++;
    else if (t.text === ')' || t.text === ']') depthAll = Math.max(0, depthAll - 1);
    else if (depthAll === 0 && t.pos === 'VERB' && REPORTING.test(t.text)) return false;
  }
  // inside a bracket or a quotation that the comma does not close
  const left = toks.slice(0, to).map((t) => t.text);
  const opened = (o: string, c: string) => left.filter((x) => x === o).length > left.filter((x) => x === c).length;
  if (opened('(', ')') || opened('[', ']') || left.filter((x) => /^["“”]$/.test(x)).length % 2 === 1) return false;
  return !REPORTING.test(toks[to - 1]!.text);
}

interface Split {
  /** offsets in the sentence */
  start: number;
  end: number;
  replacement: string;
  /** a second edit (a dropped subordinator at the sentence start) */
  lead?: { start: number; end: number; replacement: string };
  rank: number;
}

const PAST_MARK = /^(?:was|were|had|did)$/i;
const PRESENT_MARK = /^(?:is|are|am|has|have|do|does|can|will|may|must|should|shall)$/i;
const isPast = (toks: readonly Tok[], to: number) => {
  const main = toks.slice(0, to);
  return (
    main.some(
      (t) => PAST_MARK.test(t.text) || (t.pos === 'VERB' && /ed$/i.test(t.text) && !/^(?:need|feed|seed|speed|exceed|proceed|succeed)$/i.test(t.text)),
    ) && !main.some((t) => t.pos === 'AUX' && PRESENT_MARK.test(t.text))
  );
};

/** ", which is why" -> ". That's why": the which-clause verbs that take a whole clause as their subject. */
const WHICH_VERBS: Record<string, string> = {
  is: "That's",
  was: 'That was',
  means: 'That means',
  meant: 'That meant',
  makes: 'That makes',
  made: 'That made',
  leads: 'That leads',
  led: 'That led',
  explains: 'That explains',
  explained: 'That explained',
  allows: 'That allows',
  allowed: 'That allowed',
  results: 'That results',
  resulted: 'That resulted',
  caused: 'That caused',
  causes: 'That causes',
  gives: 'That gives',
  gave: 'That gave',
};

/** Trailing participles that state a result of the whole clause ("..., allowing us to ..."). */
const RESULT_PARTICIPLES: Record<string, [present: string, past: string, needs: RegExp | null]> = {
  allowing: ['allows', 'allowed', /^to$/i],
  enabling: ['enables', 'enabled', /^to$/i],
  forcing: ['forces', 'forced', /^to$/i],
  prompting: ['prompts', 'prompted', null],
  causing: ['causes', 'caused', null],
  resulting: ['results', 'resulted', /^in$/i],
  leading: ['leads', 'led', /^to$/i],
};

/** Split points of one sentence, for the casual tone. */
function casualSplits(sent: Span, toks: readonly Tok[]): Split[] {
  const out: Split[] = [];
  const n = toks.length;
  const total = words(toks, 0, n);
  if (total < 12 || !/[.!]["'”’)]*$/.test(sent.text)) return out;
  const at = (i: number) => toks[i]!;
  // "Although X, Y." -> "X. But Y."; "Because X, Y." -> "X. So Y."
  const first = at(0);
  const lead = /^(?:although|though|because)$/i.test(first.text) ? 1 : /^even$/i.test(first.text) && /^though$/i.test(toks[1]?.text ?? '') ? 2 : 0;
  if (lead) {
    const comma = toks.findIndex((t) => t.text === ',');
    if (comma > lead + 2 && opensSubject(toks, lead) && hasFinite(toks, lead, comma) && clauseAt(toks, comma + 1)) {
      const subj = at(lead);
      const conj = /^because$/i.test(first.text) ? 'So' : 'But';
      if (words(toks, lead, comma) >= 4 && words(toks, comma + 1, n) >= 4)
        out.push({
          start: at(comma).start,
          end: at(comma + 1).start + 1,
          replacement: `. ${conj} ${lowerWord(at(comma + 1))}`,
          lead: { start: 0, end: subj.start + 1, replacement: subj.text[0]!.toUpperCase() },
          rank: 1,
        });
    }
  }
  // "The result is clear: we need more data." -> "The result is clear. We need more data." (a list after the colon is
  // no clause and stays)
  const colon = toks.findIndex((t) => t.text === ':');
  if (colon >= 3 && colon + 3 < n && toks.filter((t) => t.text === ':').length === 1 && standsAlone(toks, colon) && clauseAt(toks, colon + 1)) {
    const next = at(colon + 1);
    if (words(toks, 0, colon) >= 4 && words(toks, colon + 1, n) >= 4 && !/^["'“‘]/.test(sent.text.slice(next.start)))
      out.push({ start: at(colon).start, end: next.start + 1, replacement: `. ${keepCase(next) ? next.text[0]! : next.text[0]!.toUpperCase()}`, rank: 1 });
  }
  // "X; Y" -> "X. Y" when Y is a clause and the semicolon is the sentence's only one (several separate list items)
  const semis = toks.filter((t) => t.text === ';').length;
  for (let i = 3; semis === 1 && i + 3 < n; i++) {
    if (at(i).text !== ';' || !standsAlone(toks, i) || !clauseAt(toks, i + 1)) continue;
    if (words(toks, 0, i) < 4 || words(toks, i + 1, n) < 4) continue;
    const next = at(i + 1);
    out.push({ start: at(i).start, end: next.start + 1, replacement: `. ${next.text === 'I' ? 'I' : next.text[0]!.toUpperCase()}`, rank: 1 });
  }
  for (let i = 3; i + 3 < n; i++) {
    if (at(i).text !== ',') continue;
    if (!standsAlone(toks, i)) continue;
    const left = words(toks, 0, i);
    const next = at(i + 1);
    const nextWord = next.text.toLowerCase();
    const restWords = words(toks, i + 1, n);
    if (left < 4 || restWords < 3) continue;
    const comma = at(i).start;
    const before = at(i - 1);
    // a comma splice: "X, this job makes Y" / "X, that's Y"
    const spliceSubject =
      (SPLICE_PRONOUN.test(next.text) && (next.pos === 'PRON' || next.pos === 'DET') && finiteAt(toks, i + 2) && clauseAt(toks, i + 1)) ||
      (/^(?:this|that|these|those)$/i.test(next.text) && next.pos === 'DET' && at(i + 2).pos === 'NOUN' && finiteAt(toks, i + 3));
    // "X, that makes Y" may be a relative clause; "X, that's Y" is a splice
    if (spliceSubject && !(nextWord === 'that' && at(i + 2).pos !== 'AUX')) {
      const cap = next.text === 'I' ? 'I' : next.text[0]!.toUpperCase();
      out.push({ start: comma, end: next.start + 1, replacement: `. ${cap}`, rank: 0 });
      continue;
    }
    // "X, current works were displayed ..." (a comma splice with a noun for subject) -> "X. Current works were ..."
    const theMore = /^the$/i.test(at(0).text) && /^(?:more|less|\p{L}+er)$/iu.test(toks[1]?.text ?? '');
    if (!theMore && next.pos !== 'PROPN' && nounSubjectAt(toks, i + 1) > 0 && clauseAt(toks, i + 1)) {
      out.push({ start: comma, end: next.start + 1, replacement: `. ${next.text[0]!.toUpperCase()}`, rank: 1 });
      continue;
    }
    // ", some of which became Y" -> ". Some of them became Y"
    if (OF_WHICH.test(next.text) && /^of$/i.test(at(i + 2).text) && /^(?:which|whom)$/i.test(at(i + 3)?.text ?? '') && finiteAt(toks, i + 4)) {
      if (toks.slice(i + 4).some((t) => t.text === ',')) continue;
      const q = next.text[0]!.toUpperCase() + next.text.slice(1);
      out.push({ start: comma, end: at(i + 3).end, replacement: `. ${q} of them`, rank: 1 });
      continue;
    }
    // "we introduce the BIDAF network, a multi-stage process that ..." -> "... network. It's a multi-stage process ..."
    if (
      /^(?:a|an)$/i.test(nextWord) &&
      before.pos === 'NOUN' &&
      !/s$/i.test(before.text) &&
      !PERSON_NOUN.test(before.text) &&
      !toks.slice(i + 1).some((t) => t.text === ',' || t.text === ';') &&
      toks.slice(i + 2, i + 6).some((t) => t.pos === 'NOUN') &&
      !PERSON_NOUN.test(toks.slice(i + 2, i + 6).find((t) => t.pos === 'NOUN')!.text)
    ) {
      out.push({ start: comma, end: next.start + 1, replacement: `. It's ${next.text[0]!}`, rank: 2 });
      continue;
    }
    // ", which is why Y" -> ". That's why Y"; "the Commission, which produced Y" -> "the Commission. It produced Y" (the
    // which-clause runs to the end: no comma after it)
    if (nextWord === 'which' && finiteAt(toks, i + 2) && !toks.slice(i + 2).some((t) => t.text === ',')) {
      const verb = at(i + 2);
      const v = verb.text.toLowerCase();
      // "which" stands for the noun before it or for the whole clause: "that" covers both, unless the verb is plural
      // (then it is a plural noun: "they"); a past verb after a plural noun could be either, and is left alone
      const pluralNoun = before.pos === 'NOUN' && /s$/i.test(before.text) && !SINGULAR_S.test(before.text);
      const pluralVerb = /^(?:are|were|have|do)$/.test(v) || (verb.pos === 'VERB' && verb.lemma === v && !/ed$/.test(v));
      const singularVerb = /^(?:is|was|has|does)$/.test(v) || (verb.pos === 'VERB' && /[^s]s$/.test(v) && v !== verb.lemma);
      let rep: string | null = null;
      if (pluralVerb && pluralNoun) rep = v === 'are' ? "They're" : `They ${verb.text}`;
      else if (singularVerb || (!pluralVerb && !pluralNoun)) rep = WHICH_VERBS[v] ?? `That ${verb.text}`;
      if (rep && (pluralVerb ? pluralNoun : true)) {
        out.push({ start: comma, end: verb.end, replacement: `. ${rep}`, rank: 1 });
        continue;
      }
    }
    // "X, however Y" (a comma splice) -> "X. But Y"
    if (nextWord === 'however' && clauseAt(toks, at(i + 2).text === ',' ? i + 3 : i + 2)) {
      const k = at(i + 2).text === ',' ? i + 3 : i + 2;
      out.push({ start: comma, end: at(k).start + 1, replacement: `. But ${lowerWord(at(k))}`, rank: 1 });
      continue;
    }
    // ", allowing us to Y" -> ". That allows us to Y", in the tense of the main clause
    const part = RESULT_PARTICIPLES[nextWord];
    if (part && next.pos === 'VERB' && !toks.slice(i + 2).some((t) => t.text === ',')) {
      const [present, past, needs] = part;
      if (needs && !toks.slice(i + 2, i + 6).some((t) => needs.test(t.text))) continue;
      out.push({ start: comma, end: next.end, replacement: `. That ${isPast(toks, i) ? past : present}`, rank: 1 });
      continue;
    }
    // ", when Y" -> ". That's when Y" / ". That was when Y"; ", where Y" after a place -> ". There, Y"
    if ((nextWord === 'when' || nextWord === 'where') && clauseAt(toks, i + 2) && !toks.slice(i + 2).some((t) => t.text === ',')) {
      const subj = at(i + 2);
      if (nextWord === 'when') {
        const past = isPast(toks.slice(i + 2), toks.length - i - 2);
        out.push({ start: comma, end: subj.start + 1, replacement: `. ${past ? 'That was' : "That's"} when ${lowerWord(subj)}`, rank: 1 });
        continue;
      }
      if (before.pos === 'PROPN' || PLACE_NOUN.test(before.text)) {
        out.push({ start: comma, end: subj.start + 1, replacement: `. There, ${lowerWord(subj)}`, rank: 1 });
        continue;
      }
    }
    // "X, and waited for the call" (one subject, two verbs) -> "X. And he waited for the call": the subject comes back as
    // a pronoun that agrees with the verb
    if (/^(?:and|but)$/.test(nextWord) && total >= 14 && left >= 5 && restWords >= 5) {
      const pron = subjectPronoun(toks, at(i + 2), i);
      if (pron) {
        const conj = nextWord === 'and' ? 'And' : 'But';
        out.push({ start: comma, end: at(i + 2).start, replacement: `. ${conj} ${pron} `, rank: 2 });
        continue;
      }
    }
    // ", because Y" -> ". That's because Y"; ", although / whereas Y" -> ". But Y"
    const sub =
      nextWord === 'because' ? 1 : /^(?:although|though|whereas)$/.test(nextWord) ? 1 : nextWord === 'even' && /^though$/i.test(at(i + 2).text) ? 2 : 0;
    if (sub && clauseAt(toks, i + 1 + sub)) {
      const subj = at(i + 1 + sub);
      const rep = nextWord === 'because' ? `. That's because ${lowerWord(subj)}` : `. But ${lowerWord(subj)}`;
      out.push({ start: comma, end: subj.start + 1, replacement: rep, rank: 1 });
      continue;
    }
    // ", and/but/so/yet + clause" -> ". And/But/So/Yet ..." in sentences the core found too short to split
    if (/^(?:and|but|so|yet)$/.test(nextWord) && total >= 14 && left >= 5 && restWords >= 6 && clauseAt(toks, i + 2)) {
      if (/^(?:who|whom|whose|which|what|where|when|that|how|why)$/i.test(at(i + 2).text)) continue;
      // ", and" closing a list: the conjunct before it has no verb
      const prevComma = toks
        .slice(0, i)
        .map((t) => t.text)
        .lastIndexOf(',');
      if (prevComma >= 0 && !hasFinite(toks, prevComma + 1, i)) continue;
      const subj = at(i + 2);
      const conj = nextWord[0]!.toUpperCase() + nextWord.slice(1);
      out.push({ start: comma, end: subj.start + 1, replacement: `. ${conj} ${lowerWord(subj)}`, rank: 2 });
    }
  }
  // "X was recommended by my vet because my cat was ill" -> "X was recommended by my vet. That's because my cat was ill"
  if (total >= 14 && !out.length) {
    const b = toks.findIndex((t, j) => j >= 4 && /^because$/i.test(t.text) && toks[j - 1]!.text !== ',');
    if (
      b > 0 &&
      !/^of$/i.test(toks[b + 1]?.text ?? '') &&
      standsAlone(toks, b) &&
      clauseAt(toks, b + 1) &&
      words(toks, 0, b) >= 5 &&
      words(toks, b + 1, n) >= 4
    ) {
      out.push({ start: at(b - 1).end, end: at(b + 1).start + 1, replacement: `. That's because ${lowerWord(at(b + 1))}`, rank: 2 });
    }
  }
  // "X kicked butt and we didn't even have to wait" -> "X kicked butt. And we didn't even have to wait": a second
  // clause joined without a comma, in longer sentences whose first clause is a plain statement
  if (total >= 14 && !out.length && !toks.some((t) => t.pos === 'SCONJ' || /^(?:that|who|which|whom|whose|where|when|if)$/i.test(t.text))) {
    for (let i = 3; i + 3 < n; i++) {
      const conj = at(i).text.toLowerCase();
      if (!/^(?:and|but|so)$/.test(conj) || at(i - 1).text === ',' || !standsAlone(toks, i)) continue;
      const subj = at(i + 1);
      if (subj.pos === 'PROPN' || !clauseAt(toks, i + 1)) continue;
      if (words(toks, 0, i) < 5 || words(toks, i + 1, n) < 5) continue;
      const rep = `. ${conj[0]!.toUpperCase()}${conj.slice(1)} ${lowerWord(subj)}`;
      out.push({ start: at(i - 1).end, end: subj.start + 1, replacement: rep, rank: 3 });
    }
  }
  return out;
}

/**
 * A short noun phrase that opens a clause at toks[i] ("current works", "this job", "tears"), followed by its finite
 * verb: the index of the verb, or -1. Names are left out ("Paris, Texas has ...").
 */
function nounSubjectAt(toks: readonly Tok[], i: number): number {
  let j = i;
  // a determiner or a possessive ("my old cat": the tagger calls "my" a pronoun)
  if (
    ['DET', 'PRON'].includes(toks[j]?.pos ?? '') &&
    /^(?:the|this|that|these|those|its|their|our|his|her|my|your|some|many|most|all|both|each|every|no)$/i.test(toks[j]!.text)
  )
    j++;
  let nouns = 0;
  while (j < toks.length && j - i < 4 && (toks[j]!.pos === 'ADJ' || toks[j]!.pos === 'NOUN')) {
    if (toks[j]!.pos === 'NOUN') nouns++;
    j++;
  }
  if (nouns === 0 || toks[j - 1]!.pos !== 'NOUN') return -1;
  return finiteAt(toks, j) ? j : -1;
}

/** nouns of places: ", where" after them opens what happens there */
const PLACE_NOUN =
  /^(?:city|town|country|area|region|room|house|home|school|hospital|village|island|state|office|place|street|park|church|camp|club|restaurant|hotel|market|station|farm|border|coast|valley)s?$/i;

/**
 * The pronoun for the subject of the clause that starts the sentence, fitting `verb` (the second verb of "X did A,
 * and did B"): the same personal pronoun, or "it"/"they" for a short noun phrase that names no person. Null when it
 * is unsure, a name, or the verb's form does not fit.
 */
function subjectPronoun(toks: readonly Tok[], verb: Tok, comma: number): string | null {
  if (!finiteVerb(toks, toks.indexOf(verb)) || (verb.pos !== 'VERB' && verb.pos !== 'AUX')) return null;
  // the first verb of the sentence must come right after its subject, and be the only one before the comma
  const t0 = toks[0]!;
  let pron: string | null = null;
  let firstVerb = -1;
  if (t0.pos === 'PRON' && /^(?:I|we|you|he|she|they|it)$/i.test(t0.text)) {
    pron = t0.text === 'I' ? 'I' : t0.text.toLowerCase();
    firstVerb = finiteAt(toks, 1) ? 1 : -1;
  } else {
    firstVerb = nounSubjectAt(toks, 0);
    const head = firstVerb > 0 ? toks[firstVerb - 1]! : null;
    if (!head || PERSON_NOUN.test(head.text)) return null;
    pron = /s$/i.test(head.text) && !SINGULAR_S.test(head.text) ? 'they' : 'it';
  }
  if (!pron || firstVerb < 0) return null;
  // one verb phrase before the comma: a participle after its auxiliary ("were built") belongs to it
  const afterAux = (j: number) => toks[j - 1]?.pos === 'AUX' || (toks[j - 1]?.pos === 'ADV' && toks[j - 2]?.pos === 'AUX');
  if (toks.slice(firstVerb + 1, comma).some((t, k) => finiteVerb(toks, firstVerb + 1 + k) && !afterAux(firstVerb + 1 + k))) return null;
  // "was pioneered by X, and joined by Y": the second verb shares the auxiliary ("was joined"), so it cannot take a
  // subject of its own ("it joined by Y")
  if (toks[firstVerb]!.pos === 'AUX' && verb.pos === 'VERB') return null;
  // agreement: "was" wants I/he/she/it, "were" we/you/they; "-s" verbs he/she/it; other present forms the rest
  const v = verb.text.toLowerCase();
  const third = /^(?:he|she|it)$/.test(pron);
  if (v === 'was' && !(third || pron === 'I')) return null;
  if (v === 'were' && (third || pron === 'I')) return null;
  if (/^(?:is|has|does)$/.test(v) && !third) return null;
  if (/^(?:are|have|do)$/.test(v) && third) return null;
  if (verb.pos === 'VERB' && !/(?:ed|[^s]s)$/.test(v) && verb.lemma === v && third) return null;
  if (verb.pos === 'VERB' && /[^s]s$/.test(v) && v !== verb.lemma && !third) return null;
  return pron;
}

/** "some of which" -> "some of them": quantifiers that open a relative clause on a plural. */
const OF_WHICH = /^(?:some|many|most|all|none|one|both|each|several|few|two|three|half)$/i;
/** nouns that name people: "John Smith, a lawyer" must not become "It's a lawyer" */
const PERSON_NOUN =
  /(?:er|or|ist|ian|ant|ent|man|woman|men|women|person|people|child|children|boy|girl|friend|wife|husband|mother|father|son|daughter|brother|sister|chef|chief|boss|king|queen|guy)s?$/i;

/**
 * A clause opens at toks[i]: a subject pronoun or a short noun phrase right before its finite verb ("and my father who
 * chooses ..." has no verb of its own), and it is not a bare report ("..., the ambulance service said.").
 */
function clauseAt(toks: readonly Tok[], i: number): boolean {
  const t = toks[i];
  if (!t) return false;
  let verb = -1;
  if (t.pos === 'PRON' && /^(?:I|we|you|he|she|they|it|this|that|there)$/i.test(t.text) && finiteAt(toks, i + 1))
    verb = finiteVerb(toks, i + 1) ? i + 1 : i + 2;
  else if (t.pos === 'PROPN') {
    let j = i;
    while (toks[j]?.pos === 'PROPN' && j - i < 4) j++;
    if (finiteAt(toks, j)) verb = finiteVerb(toks, j) ? j : j + 1;
  } else verb = nounSubjectAt(toks, i);
  if (verb < 0) return false;
  if (verb >= 0 && toks[verb]!.pos === 'ADV') verb++;
  const rest = toks.slice(verb + 1).filter((x) => x.pos !== 'PUNCT');
  return !(REPORTING.test(toks[verb]!.text) && rest.length <= 2);
}

/** A finite verb at toks[j], or right after an adverb there ("it really was"). */
function finiteAt(toks: readonly Tok[], j: number): boolean {
  if (!toks[j]) return false;
  if (finiteVerb(toks, j)) return true;
  return toks[j]!.pos === 'ADV' && !!toks[j + 1] && finiteVerb(toks, j + 1);
}

/** A cheap test before tagging: could the sentence hold a split point? */
const CASUAL_HINT = /[,;:]|^(?:although|though|because|even though)\b|\s(?:and|but|so|because)\s/i;

/**
 * "the things that we do" -> "the things we do": casual speech drops the relative "that" (or "which") before a pronoun
 * subject and its verb.
 */
function dropRelative(p: PassInput, sent: Span, toks: readonly Tok[]): void {
  for (let i = 1; i + 2 < toks.length; i++) {
    const rel = toks[i]!;
    if (!/^(?:that|which)$/i.test(rel.text) || toks[i - 1]!.pos !== 'NOUN') continue;
    const subj = toks[i + 1]!;
    if (!/^(?:I|we|you|they|he|she)$/.test(subj.text) || !finiteAt(toks, i + 2)) continue;
    // "the fact that" and "so that" join a clause, they are no relative pronoun to drop; nor after a verb the tagger
    // took for a noun ("and show that they can": dropped, "show they" reads as "show them")
    if (/^(?:fact|idea|belief|hope|news|way|so|now|such)$/i.test(toks[i - 1]!.text)) continue;
    if (REPORTING.test(toks[i - 1]!.text) || THAT_VERB.test(toks[i - 1]!.text)) continue;
    const e: Edit = { start: sent.start + rel.start, end: sent.start + subj.start, replacement: '', kind: 'relative' };
    if (isFree(p.edits, e.start, e.end) && !overlapsAny(p.prot, e.start, e.end)) p.edits.push(e);
  }
}

export function casualPass(p: PassInput): void {
  for (const sent of p.sentences) {
    const relative = /\b(?:that|which)\s+(?:I|we|you|they|he|she)\b/.test(sent.text);
    if (!relative && (p.restructured(sent) || !CASUAL_HINT.test(sent.text) || countWords(sent.text) < 12)) continue;
    const toks = posTag(sent.text);
    if (relative) dropRelative(p, sent, toks);
    if (p.restructured(sent) || !CASUAL_HINT.test(sent.text) || countWords(sent.text) < 12) continue;
    const cands = casualSplits(sent, toks);
    if (cands.length === 0) continue;
    // the best-ranked split, nearest the middle among those
    const mid = sent.text.length / 2;
    cands.sort((a, b) => a.rank - b.rank || Math.abs(a.start - mid) - Math.abs(b.start - mid));
    for (const c of cands) {
      const main: Edit = { start: sent.start + c.start, end: sent.start + c.end, replacement: c.replacement, kind: 'split' };
      const lead: Edit | null = c.lead
        ? { start: sent.start + c.lead.start, end: sent.start + c.lead.end, replacement: c.lead.replacement, kind: 'split' }
        : null;
      const free = (e: Edit) => isFree(p.edits, e.start, e.end) && !overlapsAny(p.prot, e.start, e.end);
      if (!free(main) || (lead && !free(lead))) continue;
      p.edits.push(main);
      if (lead) p.edits.push(lead);
      break;
    }
  }
}

/** ", but / , so / , yet + clause" -> "; however, / ; therefore, / ; nevertheless," (academic). */
const FORMAL_JOINS: Record<string, string> = { but: 'however', so: 'therefore', yet: 'nevertheless' };

export function academicPass(p: PassInput): void {
  for (const sent of p.sentences) {
    if (p.restructured(sent) || !/,\s+(?:but|so|yet)\s/i.test(sent.text)) continue;
    const toks = posTag(sent.text);
    for (let i = 3; i + 3 < toks.length; i++) {
      const conj = toks[i + 1]!.text.toLowerCase();
      if (toks[i]!.text !== ',' || !FORMAL_JOINS[conj]) continue;
      // "so that" is purpose, "but also" and "but not" join phrases, not clauses
      if (!clauseAt(toks, i + 2) || !standsAlone(toks, i)) continue;
      if (/^(?:who|whom|whose|which|what|where|when|that|how|why)$/i.test(toks[i + 2]!.text)) continue;
      const subj = toks[i + 2]!;
      const e: Edit = {
        start: sent.start + toks[i]!.start,
        end: sent.start + subj.start + 1,
        replacement: `; ${FORMAL_JOINS[conj]!}, ${lowerWord(subj)}`,
        kind: 'connective',
      };
      if (isFree(p.edits, e.start, e.end) && !overlapsAny(p.prot, e.start, e.end)) p.edits.push(e);
      break;
    }
  }
}

/** Pronouns before "can help" and the verb form they take. */
const SINGULAR_SUBJECT = /^(?:it|this|that|he|she|one|everyone|everything|anyone|something|each)$/i;
const PLURAL_SUBJECT = /^(?:they|we|you|these|those|both|many|I)$/i;
/** nouns that end in s but are singular */
const SINGULAR_S = /(?:ss|us|is|ics|news|series|species|means)$/i;

/** Evidence and weight: the sentence a reader's attention is drawn to. */
const WEIGHT =
  /\b(?:important|significant|key|crucial|critical|essential|vital|major|best|worst|most|only|first|largest|highest|lowest|clear|strong|effective|proven|never|always)\b/i;
const LEADS = ['Consider this: ', 'Note that ', 'Keep in mind that '];
/** one reader-directed lead for about this many words of prose */
const LEAD_EVERY_WORDS = 200;

/**
 * Persuasive: "This tool can help teams" -> "This tool helps teams"; and a lead that speaks to the reader before the
 * sentences that carry the text's evidence (numbers first, then weighty claims), one per LEAD_EVERY_WORDS words.
 */
export function persuasivePass(p: PassInput): void {
  const candidates: { sent: Span; toks: Tok[]; score: number; index: number; subject: boolean; after?: number }[] = [];
  for (const [index, sent] of statements(p.text, p.sentences).entries()) {
    const hasHelp = /\bcan help\b/i.test(sent.text);
    const n = countWords(sent.text);
    if (!hasHelp && !(sent.declarative && n >= 6 && n <= 80)) continue;
    const toks = posTag(sent.text);
    if (hasHelp) canHelp(p, sent, toks);
    if (!sent.declarative) continue;
    const t0 = toks[0]!;
    // "However, the plan failed." -> "However, note that the plan failed."
    if (CONNECTIVE.test(t0.text) && toks[1]?.text === ',' && toks[2] && opensSubject(toks, 2) && isName(toks.slice(2)) !== null) {
      const score = (/\d/.test(sent.text) ? 3 : 0) + (WEIGHT.test(sent.text) ? 2 : 0);
      candidates.push({ sent, toks, score, index, subject: true, after: 2 });
      continue;
    }
    // nor a question or an exclamation written without its mark ("Will we ever ...", "How I ever made it ...")
    if (CONNECTIVE.test(t0.text) || /^(?:here|how|what|why|who|where|when|which)$/i.test(t0.text) || ['INTJ', 'CCONJ', 'AUX'].includes(t0.pos)) continue;
    // dialogue ("B: Aye, that I can") and interjections ("Hell, it isn't") are not statements to lead into, nor an
    // imperative ("Honour that which is ...": a bare word before a determiner is a verb)
    if (toks.slice(1, 3).some((t) => t.text === ':' || t.text === ',')) continue;
    const t1 = toks[1];
    if (
      ['NOUN', 'PROPN', 'VERB'].includes(t0.pos) &&
      t1 &&
      (['DET', 'PRON'].includes(t1.pos) || /^that$/i.test(t1.text)) &&
      !/^(?:its|their|his|her|our|my|your)$/i.test(t1.text)
    )
      continue;
    // a statement that opens with a connective phrase ("As a result, ...", "Among the Mayans, ...") keeps its opening
    if (!opensSubject(toks, 0) && toks.slice(0, 8).some((t) => t.text === ',')) continue;
    if (toks.some((t) => t.text === '?' || t.text === '!') || !toks.some((t, j) => j > 0 && (t.pos === 'VERB' || t.pos === 'AUX'))) continue;
    // a clause that opens with its subject takes "Note that" + the clause; any other statement "Consider this:"
    // (the tagger reads some acronyms as verbs, "ACT adapts": a capitalised acronym is a name)
    const subject = opensSubject(toks, 0) || /^\p{Lu}{2,}$/u.test(t0.text) || (t0.pos === 'ADJ' && ['NOUN', 'ADJ'].includes(toks[1]?.pos ?? ''));
    const score = (/\d/.test(sent.text) ? 3 : 0) + (WEIGHT.test(sent.text) ? 2 : 0) + (subject ? 1 : 0) + (index > 0 ? 1 : 0);
    candidates.push({ sent, toks, score, index, subject });
  }
  const total = countWords(p.text);
  const want = Math.max(1, Math.round(total / LEAD_EVERY_WORDS));
  const chosen: number[] = [];
  for (const c of [...candidates].sort((a, b) => b.score - a.score || a.index - b.index)) {
    if (chosen.length >= want) break;
    // never two leads in neighbouring sentences
    if (chosen.some((i) => Math.abs(i - c.index) < 3)) continue;
    if (c.after !== undefined) {
      // after an opening connective: "However, note that the plan failed."
      const t = c.toks[c.after]!;
      const at = c.sent.start + t.start;
      const e: Edit = {
        start: at,
        end: at + 1,
        replacement: `note that ${isName(c.toks.slice(c.after)) ? t.text[0]! : t.text[0]!.toLowerCase()}`,
        kind: 'address',
      };
      if (!isFree(p.edits, e.start, e.end) || overlapsAny(p.prot, e.start, e.end)) continue;
      p.edits.push(e);
      chosen.push(c.index);
      continue;
    }
    const t0 = c.toks[0]!;
    // after "Consider this:" the sentence keeps its capital; after "that" the clause goes on in lower case, unless its
    // first word is a name, and when that is unsure the lead is "Consider this:" ("That is ...", "I ..." and "We ..."
    // take it too: "Keep in mind that that is", "Note that I" would not read)
    const name = c.subject && !/^(?:I|we|you)$/i.test(t0.text) ? isName(c.toks) : null;
    const lead = name === null ? LEADS[0]! : LEADS[hash32(c.sent.text) % LEADS.length]!;
    // "Consider this:" promises evidence: before a plain statement ("Consider this: The hall opened in 1990." is fine,
    // "Consider this: The meeting was on Tuesday." reads oddly) only when the sentence has a number or a weighty word
    if (lead === LEADS[0] && !/\d/.test(c.sent.text) && !WEIGHT.test(c.sent.text)) continue;
    const first = lead.endsWith(': ') || name ? t0.text[0]! : t0.text[0]!.toLowerCase();
    const e: Edit = { start: c.sent.start, end: c.sent.start + 1, replacement: lead + first, kind: 'address' };
    if (!isFree(p.edits, e.start, e.end) || overlapsAny(p.prot, e.start, e.end)) continue;
    p.edits.push(e);
    chosen.push(c.index);
  }
}

/** Openers that tie a sentence to the one before: "Consider this: However, ..." would not read. */
const CONNECTIVE =
  /^(?:however|but|and|so|yet|also|still|again|thus|therefore|moreover|furthermore|then|instead|meanwhile|finally|first|firstly|second|secondly|anyway|besides|indeed|overall|accordingly|consequently|otherwise|nevertheless|hence|plus|or|nor|well|oh|yes|no|ok|okay)$/i;

interface Statement extends Span {
  /** opens with a capital and ends with a period (or stands alone between wide gaps, as in texts without stops) */
  declarative: boolean;
}

/**
 * The sentences, with those that hold several lines of a text written without stops ("... reinsurers  The Company
 * manages ...") cut at the gaps, so that each statement can take a lead.
 */
function statements(text: string, sentences: readonly Span[]): Statement[] {
  const out: Statement[] = [];
  for (const sent of sentences) {
    const parts = /\s{2,}\p{Lu}/u.test(sent.text) ? sent.text.split(/\s{2,}(?=\p{Lu})/u) : [sent.text];
    let at = sent.start;
    for (const [k, part] of parts.entries()) {
      const start = text.indexOf(part, at);
      at = start + part.length;
      const body = part.trimEnd();
      const closed = /\.["'\u201D\u2019)]*$/.test(body) || (parts.length > 1 && k < parts.length - 1 && !/[?!:;,]$/.test(body));
      out.push({ text: body, start, end: start + body.length, declarative: /^\p{Lu}/u.test(body) && closed });
    }
  }
  return out;
}

/**
 * May the sentence's first word go on in lower case after "Note that"? A determiner or pronoun may ("the", "our",
 * "most"); an acronym or "I" keeps its capital. A content word is unsure: the tagger calls most capitalised openers
 * proper nouns, and a term the spelling dictionaries know only capitalised ("Recommender systems") would read as a
 * misspelling in lower case. Null then, and the lead is "Consider this:", which keeps the capital.
 */
function isName(toks: readonly Tok[]): boolean | null {
  const t0 = toks[0]!;
  if (t0.text === 'I' || /^\p{Lu}{2,}/u.test(t0.text)) return true;
  if (['DET', 'PRON', 'NUM'].includes(t0.pos) && !/^that$/i.test(t0.text)) return false;
  return null;
}

/** "X can help (to) Y" -> "X helps Y" / "they help Y": the claim stays, the hedge of "can" goes. */
function canHelp(p: PassInput, sent: Span, toks: readonly Tok[]): void {
  for (let i = 1; i + 1 < toks.length; i++) {
    if (!/^can$/i.test(toks[i]!.text) || !/^help$/i.test(toks[i + 1]!.text)) continue;
    const subj = toks[i - 1]!;
    let plural: boolean | null = null;
    if (SINGULAR_SUBJECT.test(subj.text)) plural = false;
    else if (PLURAL_SUBJECT.test(subj.text)) plural = true;
    else if (subj.pos === 'NOUN' || subj.pos === 'PROPN') plural = /s$/i.test(subj.text) && !SINGULAR_S.test(subj.text);
    if (plural === null) continue;
    // "to" after help goes too: "can help to reduce" -> "helps reduce"
    const to = toks[i + 2] && /^to$/i.test(toks[i + 2]!.text) ? toks[i + 2]! : null;
    const end = to ? to.end : toks[i + 1]!.end;
    const e: Edit = { start: sent.start + toks[i]!.start, end: sent.start + end, replacement: plural ? 'help' : 'helps', kind: 'verb' };
    // a following "to" was dropped with its space: keep one space before the next word
    if (isFree(p.edits, e.start, e.end) && !overlapsAny(p.prot, e.start, e.end)) p.edits.push(e);
  }
}

/** The core's changes that restructure a sentence: no split may be added there. */
export function restructuredBy(changes: readonly HumanizeChange[]): (s: Span) => boolean {
  const spans = changes.filter((c) => /^(?:split|merge|reorder|structure)$/.test(c.kind));
  return (s) => overlapsAny(spans, s.start, s.end);
}
