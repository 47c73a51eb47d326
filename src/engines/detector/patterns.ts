/**
 * What the hashed n-grams saw, in words a reader can check.
 *
 * The document model is a linear model over hashed n-grams of word shapes (features.ts), so its logit is a sum of
 * one term per bucket. Each bucket's term is shared out over the keys that filled it, and each key is given to one
 * readable pattern: the most telling token it covers (a colon before an adverb in -ly, before a comma). Summed per
 * pattern, that gives how far each pattern pushed this text's score, in logit units.
 *
 * A pattern's push is only meaningful against what it does in human writing (full stops push every text a little
 * towards AI, because the weight of the full-stop unigram is positive), so the trainer stores each pattern's mean and
 * spread over held-out human documents (`explain` in weights.json), and a pattern is named only when this text is
 * well beyond that.
 */
import { CURATED_AI_PHRASES, KEYS_PER_TOKEN, tokenShape } from './features';

export const PATTERN_IDS = [
  'colon',
  'semicolon',
  'dash',
  'parenthesis',
  'quote',
  'exclamation',
  'question',
  'ly',
  'ing',
  'nominal',
  'hyphenated',
  'number',
  'ai-word',
  'contraction',
  'first-person',
  'second-person',
  'function-word',
  'comma',
  'full-stop',
  'other',
] as const;
export type PatternId = (typeof PATTERN_IDS)[number];

/** how a pattern is named in a reason; `examples` are the text's own words for it */
const LABEL: Record<PatternId, string> = {
  colon: 'colons',
  semicolon: 'semicolons',
  dash: 'dashes',
  parenthesis: 'parentheses',
  quote: 'quotation marks',
  exclamation: 'exclamation marks',
  question: 'questions',
  ly: 'words ending in -ly',
  ing: 'words ending in -ing',
  nominal: 'abstract nouns ending in -tion, -ment or -ness',
  hyphenated: 'hyphenated words',
  number: 'numbers',
  'ai-word': 'words favoured by AI models',
  contraction: 'words with apostrophes',
  'first-person': 'the first person',
  'second-person': 'addressing the reader as "you"',
  'function-word': 'the words',
  comma: 'where commas fall',
  'full-stop': 'how sentences begin and end',
  other: '',
};
/** patterns named by their words rather than a count */
const WORDY = new Set<PatternId>(['ly', 'ing', 'nominal', 'hyphenated', 'ai-word', 'contraction', 'function-word']);

const PUNCT: Record<string, PatternId> = {
  ':': 'colon',
  ';': 'semicolon',
  '-': 'dash',
  '(': 'parenthesis',
  ')': 'parenthesis',
  '"': 'quote',
  '!': 'exclamation',
  '?': 'question',
  ',': 'comma',
  '.': 'full-stop',
};
const SHAPES: Record<string, PatternId> = { '<ly>': 'ly', '<ing>': 'ing', '<nom>': 'nominal', '<hy>': 'hyphenated', '<n>': 'number' };
const FIRST = new Set(['i', 'me', 'my', 'mine', 'myself', "i'm", "i've", "i'd", "i'll", 'we', 'us', 'our', 'ours', 'ourselves', "we're"]);
const SECOND = new Set(['you', 'your', 'yours', 'yourself', "you're"]);
const CURATED = new Set(CURATED_AI_PHRASES.filter((p) => !p.includes(' ')));
/** the order in which a key that covers several tokens is given to one of them: the rarer, more telling mark first */
const PRIORITY = new Map<PatternId, number>(PATTERN_IDS.map((id, i) => [id, i]));
const FUNCTION_WORD = PRIORITY.get('function-word')!;

export function tokenPattern(tok: string): PatternId {
  const p = PUNCT[tok];
  if (p) return p;
  if (CURATED.has(tok)) return 'ai-word';
  const sh = tokenShape(tok);
  const s = SHAPES[sh];
  if (s) return s;
  if (tok.includes("'")) return 'contraction';
  if (FIRST.has(tok)) return 'first-person';
  if (SECOND.has(tok)) return 'second-person';
  if (sh === tok && /^\p{L}/u.test(tok)) return 'function-word';
  return 'other';
}

export interface PatternPush {
  /** logit push of each pattern, in PATTERN_IDS order */
  push: Float64Array;
  /** for the function words, each word's own push (they are named one by one) */
  words: Map<string, number>;
  /** the text's tokens of each pattern, with their counts */
  tokens: Map<PatternId, Map<string, number>>;
}

/**
 * How far each pattern pushed a linear model's sparse logit, from extract()'s tokens and key buckets
 * (ExtractOptions.keys).
 */
export function patternPush(keys: { toks: readonly string[]; buckets: Int32Array }, wSparse: ArrayLike<number>): PatternPush {
  const { toks, buckets } = keys;
  const memo = new Map<string, PatternId>();
  const pats = toks.map((t) => {
    let p = memo.get(t);
    if (p === undefined) memo.set(t, (p = tokenPattern(t)));
    return p;
  });
  const rank = Uint8Array.from(pats, (p) => PRIORITY.get(p)!);
  // bucket counts in a scratch array sized for the model, cleared again before returning (a Map was a third of the
  // cost of an explanation)
  if (scratch.length < wSparse.length) scratch = new Uint32Array(wSparse.length);
  for (const b of buckets) scratch[b]++;
  let norm2 = 0;
  for (const b of buckets) {
    const c = scratch[b]!;
    // each distinct bucket once: its last key brings its count to the square sum
    norm2 += Math.log1p(c) ** 2 / c;
  }
  const inv = norm2 > 0 ? 1 / Math.sqrt(norm2) : 0;
  const push = new Float64Array(PATTERN_IDS.length);
  const words = new Map<string, number>();
  for (let k = 0; k < buckets.length; k++) {
    const end = (k / KEYS_PER_TOKEN) | 0;
    // the unigram covers its token, the bigram one more before it, the trigram two more: the key goes to the most
    // telling of them
    let best = end;
    for (let i = Math.max(0, end - (k % KEYS_PER_TOKEN)); i < end; i++) if (rank[i]! < rank[best]!) best = i;
    const b = buckets[k]!;
    const c = scratch[b]!;
    // the bucket's term, shared equally over the key occurrences that filled it
    const share = (wSparse[b]! * Math.log1p(c) * inv) / c;
    push[rank[best]!] += share;
    if (rank[best] === FUNCTION_WORD) words.set(toks[best]!, (words.get(toks[best]!) ?? 0) + share);
  }
  for (const b of buckets) scratch[b] = 0;
  return { push, words, tokens: patternTokens(toks, pats) };
}
let scratch = new Uint32Array(0);

/** The tokens of each pattern, with their counts. */
export function patternTokens(toks: readonly string[], pats?: readonly PatternId[]): Map<PatternId, Map<string, number>> {
  const tokens = new Map<PatternId, Map<string, number>>();
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const p = pats ? pats[i]! : tokenPattern(t);
    let m = tokens.get(p);
    if (!m) tokens.set(p, (m = new Map()));
    m.set(t, (m.get(t) ?? 0) + 1);
  }
  return tokens;
}

/** Per-pattern mean and spread of the push over human documents (stored by the trainer). */
export interface PatternBaseline {
  patterns: readonly string[];
  humanMean: number[];
  humanStd: number[];
}

/** a pattern is named when it pushes this far (logit) beyond its human mean, and by this many of its spreads */
export const MIN_PUSH = 0.15;
export const MIN_Z = 1;

/**
 * The patterns that pushed the score towards AI (dir 1) or human (dir -1) well beyond what they do in human writing,
 * strongest first.
 */
export interface Standout {
  id: PatternId;
  /**
   * the push comes from having less of a pattern that leans the other way (few semicolons reading as AI, few words in
   * -ing reading as human), not from having it
   */
  few: boolean;
}

export function standoutPatterns(pp: PatternPush, base: PatternBaseline, dir: 1 | -1, n = 3): Standout[] {
  const out: { id: PatternId; d: number; few: boolean }[] = [];
  PATTERN_IDS.forEach((id, i) => {
    const j = base.patterns.indexOf(id);
    // function words in general ("and", "a") are how ordinary words combine, which no reader can act on
    if (id === 'other' || id === 'function-word' || j < 0) return;
    const d = (pp.push[i]! - base.humanMean[j]!) * dir;
    if (d >= MIN_PUSH && d >= MIN_Z * base.humanStd[j]!) out.push({ id, d, few: pp.push[i]! * dir <= 0 });
  });
  return out
    .sort((a, b) => b.d - a.d || PRIORITY.get(a.id)! - PRIORITY.get(b.id)!)
    .slice(0, n)
    .map(({ id, few }) => ({ id, few }));
}

// tokens are lower-cased: give "I" and "I've" back their capital
const q = (w: string) => `"${w.replace(/^i(?=$|')/, 'I')}"`;

/** "colons (4)", "adverbs ending in -ly ("quickly", "clearly")", "the words "every" and "your"" */
export function describePattern(
  { id, few }: Standout,
  tokens: ReadonlyMap<PatternId, ReadonlyMap<string, number>>,
  words: ReadonlyMap<string, number>,
  dir: 1 | -1,
): string {
  const toks = tokens.get(id) ?? new Map<string, number>();
  let count = 0;
  for (const c of toks.values()) count += c;
  // comma and full-stop pushes are about where they fall, not how many there are
  if (few && id !== 'comma' && id !== 'full-stop') return count === 0 ? `no ${LABEL[id]}` : `few ${LABEL[id]} (${count})`;
  if (id === 'function-word') {
    const top = [...words]
      .filter(([, v]) => v * dir > 0)
      .sort((a, b) => b[1] * dir - a[1] * dir || (a[0] < b[0] ? -1 : 1))
      .slice(0, 3)
      .map(([w]) => q(w));
    return top.length ? `the word${top.length > 1 ? 's' : ''} ${top.join(', ')}` : 'function words';
  }
  if (WORDY.has(id)) {
    const top = [...toks]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, 3)
      .map(([w]) => q(w));
    return top.length ? `${LABEL[id]} (${top.join(', ')})` : LABEL[id];
  }
  return id === 'comma' || id === 'full-stop' || count === 0 ? LABEL[id] : `${LABEL[id]} (${count})`;
}
