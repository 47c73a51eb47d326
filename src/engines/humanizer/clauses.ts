/**
 * Moves inside one sentence: a short time or place adverbial moved from the front to the end ("In 2020, the firm
 * grew." -> "The firm grew in 2020.") or its comma dropped, "This + noun" -> "The + noun", a trailing ", making it ..."
 * participle made a clause, and a naming aside set off by commas put in parentheses.
 */
import { countWords, isFree, overlapsAny, type Edit, type Span } from '../text';
import { SUBJECT_START } from './joins';
import type { PassContext, Tok } from './types';

// ---------------------------------------------------------------------------
// sentence openings
// ---------------------------------------------------------------------------

/** Connectives built like adverbials ("In the end,", "At the same time,"): they keep their place and comma. */
const FIXED_CONNECTIVE =
  /^(?:In|On|At|By|Over|After|Before)\s+(?:the\s+)?(?:end|meantime|contrary|other hand|same time|first place|long run|short term|long term|time being|beginning|start|course of time|past|future)\s*,/i;

/** Prepositions that open a movable time or place adverbial. */
const ADVERBIAL_PREP = /^(?:In|On|At|During|After|Before|Since|Over|Throughout|Across|Within|Until|By)$/;
const TIME_WORDS =
  /^(?:\d.*|years?|decades?|centuries|century|months?|weeks?|days?|mornings?|evenings?|nights?|afternoons?|summer|winter|spring|autumn|fall|times?|periods?|eras?|ages?|past|recent|early|late|wake|course|meantime|end|beginning|start|january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|yesterday|war|pandemic|crisis)$/i;

export function openerEdits(ctx: PassContext, sent: Span, toks: Tok[], h: number): void {
  const { text, cfg, edits, prot } = ctx;
  const first = toks[0];
  if (!first || first.start !== 0) return;
  const free = (s: number, e: number) => isFree(edits, s, e) && !overlapsAny(prot, s, e);

  // "This/These + noun" -> "The + noun" (half of them: a demonstrative now and then is human too)
  if (cfg.openers === 'full' && /^(?:This|These)$/.test(first.text) && first.pos === 'DET' && h % 2 === 0) {
    const next = toks[1];
    // "This way, ..." / "These days, ..." are adverbials, not a demonstrative before a noun
    const adverbial =
      next &&
      /^(?:way|time|times|year|years|month|week|day|days|morning|evening|afternoon|weekend|season|summer|winter|spring|fall|autumn|point|moment)$/i.test(
        next.text,
      );
    if (next && !adverbial && (next.pos === 'NOUN' || (next.pos === 'ADJ' && toks[2]?.pos === 'NOUN'))) {
      const e: Edit = { start: sent.start, end: sent.start + first.text.length, replacement: 'The', kind: 'opener' };
      if (free(e.start, e.end)) edits.push(e);
    }
    return;
  }

  // a short adverbial before the first comma: "In 2020, the company grew." / "During the war, many left."
  if (!ADVERBIAL_PREP.test(first.text) || first.pos !== 'ADP') return;
  // "By using X, we ..." (a means) moves like a time or place phrase: "We ... by using X."
  const gerund = first.text === 'By' && toks[1]?.pos === 'VERB' && /ing$/i.test(toks[1].text);
  const comma = toks.findIndex((t) => t.text === ',');
  if (comma < 2 || comma > (gerund ? 8 : 6)) return;
  const intro = toks.slice(1, comma);
  const allowed = gerund ? ['DET', 'NUM', 'NOUN', 'PROPN', 'ADJ', 'PRON', 'ADP'] : ['DET', 'NUM', 'NOUN', 'PROPN', 'ADJ'];
  if (intro.slice(gerund ? 1 : 0).some((t) => !allowed.includes(t.pos))) return;
  const rest = toks.slice(comma + 1);
  const r0 = rest[0];
  if (!r0 || (!SUBJECT_START.has(r0.pos) && r0.pos !== 'ADJ')) return;
  if (!rest.some((t) => t.pos === 'VERB' || t.pos === 'AUX')) return;
  const introEnd = sent.start + toks[comma - 1]!.end;
  const restStart = sent.start + r0.start;
  if (!free(sent.start, restStart)) return;
  const keepCase = (t: Tok) => t.pos === 'PROPN' || t.text === 'I' || /^\p{Lu}{2,}/u.test(t.text);
  const movable =
    /[.]$/.test(sent.text) &&
    !/[,;:!?"\u201C\u201D()]/.test(sent.text.slice(r0.start, -1)) &&
    // a short, single clause: after a long one or a reported one ("the court said he ...") the moved phrase could
    // attach to the wrong verb
    countWords(sent.text.slice(r0.start)) <= (gerund ? 14 : 11) &&
    !rest.some(
      (t) =>
        t.pos === 'SCONJ' || /^(?:that|who|which|whom|whose|where|when|said|says|stated|announced|reported|argued|claimed|found|showed|noted)$/i.test(t.text),
    ) &&
    (gerund || intro.some((t) => t.pos === 'PROPN' || TIME_WORDS.test(t.text))) &&
    // the clause must not already end with another adverbial of the same kind ("... in 2021.")
    !/\b(?:in|on|at|during|since|by)\s+\S+\s*\.$/i.test(sent.text);
  if (movable && h % 3 !== 2) {
    // "In 2020, the company grew." -> "The company grew in 2020."
    const phrase = text.slice(sent.start, introEnd);
    const moved = keepCase(first) ? phrase : first.text.toLowerCase() + phrase.slice(first.text.length);
    // the clause's first word now opens the sentence: capitalised even when it is a name ("sub-Saharan Africa")
    const cap = r0.text[0]!.toUpperCase();
    const dot = sent.end - 1;
    if (!free(dot, dot + 1) || !isFree(edits, restStart, restStart + 1)) return;
    edits.push({ start: sent.start, end: restStart + 1, replacement: cap, kind: 'reorder' });
    edits.push({ start: dot, end: dot, replacement: ` ${moved}`, kind: 'reorder' });
    return;
  }
  // otherwise drop the comma after a short time or place phrase ("By the 1730s this style ..."; not in formal styles)
  const timeOrPlace = intro.some((t) => t.pos === 'PROPN' || t.pos === 'NUM' || TIME_WORDS.test(t.text));
  if (cfg.openers === 'full' && cfg.style !== 'professional' && intro.length <= 3 && timeOrPlace && !FIXED_CONNECTIVE.test(sent.text)) {
    const cs = sent.start + toks[comma]!.start;
    const e: Edit = { start: cs, end: cs + 1, replacement: '', kind: 'punctuation' };
    if (free(e.start, e.end)) edits.push(e);
  }
}

// ---------------------------------------------------------------------------
// trailing participle clauses
// ---------------------------------------------------------------------------

const PAST_MARK = /^(?:was|were|had|did)$/i;
const PRESENT_MARK = /^(?:is|are|am|has|have|do|does|can|will|may|must|should|shall)$/i;

/**
 * ", making it/them + predicate" (a participle tail that chat models lean on) -> ", so it's / so they're ..." in
 * casual and creative styles and ", which makes it ..." in professional, in the tense of the main clause.
 */
export function participleEdits(ctx: PassContext, sent: Span, toks: Tok[]): void {
  const { cfg, edits, prot } = ctx;
  for (let i = 1; i + 3 < toks.length; i++) {
    if (toks[i]!.text !== ',' || !/^making$/i.test(toks[i + 1]!.text)) continue;
    const obj = toks[i + 2]!;
    const pred = toks[i + 3]!;
    if (!/^(?:it|them)$/i.test(obj.text)) continue;
    // "making it to the final" is an idiom (reaching), not a result
    if (!['ADJ', 'DET', 'ADV'].includes(pred.pos) || /^(?:to|through|into|out|up|home|back)$/i.test(pred.text)) continue;
    const main = toks.slice(0, i);
    if (!main.some((t) => t.pos === 'VERB' || t.pos === 'AUX')) continue;
    const past =
      main.some((t) => PAST_MARK.test(t.text) || (t.pos === 'VERB' && /ed$/i.test(t.text))) && !main.some((t) => t.pos === 'AUX' && PRESENT_MARK.test(t.text));
    const plural = /^them$/i.test(obj.text);
    let rep: string;
    if (cfg.split === 'informal') {
      const be = past ? (plural ? 'were' : 'was') : plural ? "'re" : "'s";
      const subj = plural ? 'they' : 'it';
      rep = be.startsWith("'") && cfg.contractions === 'full' ? `, so ${subj}${be}` : `, so ${subj} ${be.startsWith("'") ? (plural ? 'are' : 'is') : be}`;
    } else {
      rep = `, which ${past ? 'made' : 'makes'} ${obj.text.toLowerCase()}`;
    }
    const start = sent.start + toks[i]!.start;
    const end = sent.start + obj.end;
    if (overlapsAny(prot, start, end)) continue;
    const e: Edit = { start, end, replacement: rep, kind: 'structure' };
    if (isFree(edits, e.start, e.end)) edits.push(e);
  }
}

// ---------------------------------------------------------------------------
// asides
// ---------------------------------------------------------------------------

const ASIDE_OPENERS = /^(?:(?:also |commonly |often |better |more commonly )?known as|(?:also |often |sometimes )?called|such as|including|like)\s/i;

/**
 * A naming or example aside set off by two commas mid-sentence -> parentheses: "Venture capital, commonly known as
 * VC, is ..." -> "Venture capital (commonly known as VC) is ...". Only short asides without commas of their own, followed
 * by the sentence's verb, and never after a number (", such as 3, 4" could be a list).
 */
export function asideEdits(ctx: PassContext, sent: Span, toks: Tok[]): void {
  const { text, edits, prot } = ctx;
  for (let i = 1; i + 2 < toks.length; i++) {
    if (toks[i]!.text !== ',') continue;
    const open = toks[i]!;
    const rest = sent.text.slice(open.end).replace(/^\s+/, '');
    if (!ASIDE_OPENERS.test(rest)) continue;
    const close = toks.findIndex((t, j) => j > i + 1 && /^[,;:.!?()"\u201C\u201D]$/.test(t.text));
    if (close < 0 || toks[close]!.text !== ',') continue;
    const inner = toks.slice(i + 1, close);
    if (
      inner.length < 3 ||
      inner.length > 8 ||
      inner.some((t) => t.pos === 'VERB' && !/^(?:known|called)$/i.test(t.text)) ||
      inner.some((t) => t.pos === 'AUX')
    )
      continue;
    // the sentence must go on with its verb ("..., is a type of"): anything else may be the rest of a list
    // ("such as Americans, Germans, and Jews")
    const after = toks[close + 1];
    const verbAt = after?.pos === 'ADV' ? toks[close + 2] : after;
    if (!after || !verbAt || (verbAt.pos !== 'VERB' && verbAt.pos !== 'AUX')) continue;
    if (toks[i - 1]!.pos === 'NUM') continue;
    // "Its skipper, Kevin Lunney, also known as ...": the opening comma also closes an earlier appositive
    const prevComma = toks
      .slice(0, i)
      .map((t) => t.text)
      .lastIndexOf(',');
    if (prevComma >= 0 && !toks.slice(prevComma + 1, i).some((t) => t.pos === 'VERB' || t.pos === 'AUX')) continue;
    const start = sent.start + open.start;
    const end = sent.start + toks[close]!.end;
    if (overlapsAny(prot, start, end)) continue;
    const body = text.slice(sent.start + inner[0]!.start, sent.start + inner[inner.length - 1]!.end);
    const e: Edit = { start, end, replacement: ` (${body})`, kind: 'structure' };
    if (isFree(edits, e.start, e.end)) edits.push(e);
  }
}
