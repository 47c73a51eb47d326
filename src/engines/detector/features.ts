/**
 * Feature extraction for the AI-text detector. Pure, deterministic, no I/O.
 * Shared by the runtime (detect) and the training / evaluation scripts.
 */
import { deflateRawSync } from 'node:zlib';
import { fnv1a32 } from '../text/hash';
import { charLmFeatures, LM_FEATURE_NAMES, type CharLmTables } from './charlm';

// ---------------------------------------------------------------------------
// Layout normalisation
// ---------------------------------------------------------------------------

/**
 * Normalise layout and tokenisation artefacts so that newline counts, paragraphing, curly vs straight
 * quotes and PTB-style tokenised text (" , " / " n't") cannot decide the verdict.
 */
export function normalise(text: string): string {
  let t = text.normalize('NFKC');
  t = t.replace(/<newline>|<br\s*\/?>/gi, ' ');
  t = t.replace(/[\u2018\u2019\u201A\u201B\u2032`]/g, "'").replace(/[\u201C\u201D\u201E\u201F\u2033]/g, '"');
  t = t.replace(/''/g, '"');
  t = t.replace(/[\u2013\u2014\u2015]/g, ' - ').replace(/\s-{2,}\s/g, ' - ');
  t = t.replace(/[\u00A0\u200B\uFEFF]/g, ' ');
  t = t.replace(/\s+/g, ' ').trim();
  // detokenise PTB-style spacing
  t = t.replace(/ ([,.;:!?%)\]}])/g, '$1').replace(/([([{$]) /g, '$1');
  t = t.replace(/ (n't|'s|'re|'ve|'ll|'d|'m)(?=[^\p{L}]|$)/giu, '$1');
  t = t.replace(/\b(gon|wan|got) (na|ta)\b/gi, '$1$2');
  return t;
}

// ---------------------------------------------------------------------------
// Sentence splitting with offsets into the ORIGINAL text
// ---------------------------------------------------------------------------

export interface Span {
  start: number;
  end: number;
}

// Kept apart from engines/text's splitter: the committed weights (model/*.json) were trained on exactly this split.
const ABBREV = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'eg',
  'ie',
  'fig',
  'no',
  'vol',
  'inc',
  'ltd',
  'co',
  'corp',
  'dept',
  'approx',
  'est',
  'u.s',
  'u.k',
  'a.m',
  'p.m',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'gen',
  'gov',
  'sen',
  'rep',
  'rev',
  'mt',
  'al',
  'cf',
]);

/**
 * Split text into sentences. Returns spans into `text` such that text.slice(start, end) is the sentence,
 * trimmed of surrounding whitespace. Boundaries: ., ! or ? (plus closing quotes/brackets) followed by
 * whitespace (abbreviations and initials excepted), blank lines, and line breaks that start a list item.
 */
export function splitSentences(text: string): Span[] {
  const cuts: number[] = [];
  const re = /[.!?\u2026]+["'\u201D\u2019)\]]*(?=\s|$)|\n[ \t\r]*\n|\n(?=[ \t]*(?:[-*\u2022]|\d{1,2}[.)])\s)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const tok = m[0];
    const end = m.index + tok.length;
    if (tok[0] === '.' && tok.length === 1) {
      // abbreviation / initial check: the word right before the dot
      let i = m.index - 1;
      while (i >= 0 && /[\p{L}.]/u.test(text[i])) i--;
      const word = text.slice(i + 1, m.index).toLowerCase();
      if (word.length === 1 && /\p{L}/u.test(word)) continue; // initials "J. Smith"
      if (ABBREV.has(word)) continue;
    }
    cuts.push(tok[0] === '\n' ? m.index : end);
  }
  cuts.push(text.length);
  const spans: Span[] = [];
  let prev = 0;
  for (const c of cuts) {
    if (c <= prev) continue;
    let s = prev;
    let e = c;
    while (s < e && /\s/.test(text[s])) s++;
    while (e > s && /\s/.test(text[e - 1])) e--;
    if (e > s) spans.push({ start: s, end: e });
    prev = c;
  }
  return spans;
}

// ---------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------

// Kept apart from engines/text's tokenizer: the committed weights hash exactly these tokens.
const TOKEN_RE = /\p{L}+(?:['-]\p{L}+)*|\p{N}+(?:[.,:]\p{N}+)*|[^\s\p{L}\p{N}]/gu;
const WORD_RE = /^\p{L}/u;

export function tokenize(normLower: string): string[] {
  return normLower.match(TOKEN_RE) ?? [];
}

export const FUNCTION_WORDS = new Set(
  (
    'a an the and or but nor so yet for of in on at to from by with without about above below over under into onto ' +
    'upon through during before after since until while as than then though although because if unless whether ' +
    'i me my mine myself we us our ours ourselves you your yours yourself he him his himself she her hers herself ' +
    'it its itself they them their theirs themselves this that these those who whom whose which what where when why how ' +
    'is am are was were be been being have has had having do does did doing will would shall should can could may might must ' +
    'not no yes all any both each every few more most other some such only own same very just also too even still ' +
    'there here again once out up down off further now well much many one two first like get got really quite rather ' +
    "however therefore thus moreover furthermore additionally overall instead indeed perhaps maybe actually though don't " +
    "it's i'm can't didn't doesn't isn't wasn't won't wouldn't couldn't shouldn't i've i'd i'll you're they're we're that's there's"
  ).split(/\s+/),
);

function shape(tok: string): string {
  if (FUNCTION_WORDS.has(tok)) return tok;
  const c = tok.charCodeAt(0);
  if (!WORD_RE.test(tok)) {
    if (c >= 48 && c <= 57) return '<n>';
    return tok; // punctuation
  }
  if (tok.includes('-')) return '<hy>';
  if (tok.endsWith('ly')) return '<ly>';
  if (tok.endsWith('ing')) return '<ing>';
  if (tok.endsWith('ed')) return '<ed>';
  if (tok.endsWith('tion') || tok.endsWith('sion') || tok.endsWith('ment') || tok.endsWith('ness')) return '<nom>';
  if (tok.endsWith('s')) return '<s>';
  return tok.length >= 8 ? '<long>' : '<w>';
}

/**
 * Richer shape classes ('style2', DET_SPARSE_MODE=style2; experiments only, no shipped model uses them): a content
 * word's derivational suffix and plural mark, and three length classes. Measured and not adopted (model card).
 */
const SUFFIX_CLASSES: [string, string][] = [
  ['tion', '<tion>'],
  ['sion', '<tion>'],
  ['ment', '<ment>'],
  ['ness', '<ness>'],
  ['ity', '<ity>'],
  ['ive', '<ive>'],
  ['ous', '<ous>'],
  ['able', '<able>'],
  ['ible', '<able>'],
  ['ful', '<ful>'],
  ['less', '<less>'],
  ['ize', '<ize>'],
  ['ise', '<ize>'],
  ['ance', '<ence>'],
  ['ence', '<ence>'],
  ['ant', '<ent>'],
  ['ent', '<ent>'],
  ['ic', '<ic>'],
  ['al', '<al>'],
  ['er', '<er>'],
  ['or', '<er>'],
  ['ly', '<ly>'],
  ['ing', '<ing>'],
  ['ed', '<ed>'],
];
function shape2(tok: string): string {
  if (FUNCTION_WORDS.has(tok)) return tok;
  const c = tok.charCodeAt(0);
  if (!WORD_RE.test(tok)) {
    if (c >= 48 && c <= 57) return '<n>';
    return tok;
  }
  if (tok.includes('-')) return '<hy>';
  let stem = tok;
  let pl = '';
  if (tok.length > 4 && tok.endsWith('s') && !tok.endsWith('ss')) {
    stem = tok.slice(0, -1);
    pl = 's';
  }
  for (const [suf, cls] of SUFFIX_CLASSES) if (stem.length > suf.length + 2 && stem.endsWith(suf)) return cls + pl;
  return (stem.length >= 8 ? '<long>' : stem.length >= 5 ? '<mid>' : '<w>') + pl;
}

// Hashed sparse features use the shared FNV-1a (engines/text/hash.ts), whose values are pinned by a unit test;
// `fnv1a` stays exported under its old name for the training scripts.
export { fnv1a32 as fnv1a } from '../text/hash';

// ---------------------------------------------------------------------------
// Dense stylometric features
// ---------------------------------------------------------------------------

export const DENSE_NAMES = [
  'mattr', // moving-average type-token ratio, 50-word window
  'hapax', // hapax rate in 50-word windows
  'sentLenMean',
  'sentLenStd',
  'sentLenCv', // burstiness
  'sentLenAdjDiff', // mean |len_i - len_{i-1}| / mean
  'longSentRate',
  'shortSentRate',
  'wordLenMean',
  'wordLenStd',
  'longWordRate',
  'commaRate',
  'semicolonRate',
  'colonRate',
  'dashRate',
  'parenRate',
  'quoteRate',
  'contractionRate',
  'exclaimRate',
  'questionRate',
  'numberRate',
  'firstPersonRate',
  'secondPersonRate',
  'functionWordRate',
  'aiLexRate',
  'humanLexRate',
  'zlibRatio',
  'sentStartRepeat', // share of sentences whose first word repeats an earlier sentence's first word
  'transitionStartRate', // sentences opening with a connective ("However,", "Moreover,")
  'uniqueBigramRate',
  // character n-gram LM statistics (document level only; 0 for sentence windows)
  ...LM_FEATURE_NAMES,
] as const;
export type DenseName = (typeof DENSE_NAMES)[number];
export const N_DENSE = DENSE_NAMES.length;

export interface Lexicon {
  /** phrase (lower-case, 1–3 words separated by single spaces) -> strength */
  ai: Map<string, number>;
  human: Map<string, number>;
}

export interface Features {
  dense: Float64Array;
  idx: Int32Array;
  val: Float32Array;
  words: number;
  aiPhrases: string[];
  humanPhrases: string[];
  /** with ExtractOptions.keys: the lower-cased tokens, and the bucket of each of their keys (KEYS_PER_TOKEN each) */
  keys?: { toks: string[]; buckets: Int32Array };
}

const TRANSITIONS = new Set([
  'however',
  'moreover',
  'furthermore',
  'additionally',
  'overall',
  'ultimately',
  'consequently',
  'therefore',
  'thus',
  'in',
  'while',
  'although',
  'by',
  'as',
  'with',
  'this',
  'these',
]);

function mattr(words: string[], w: number): number {
  const n = words.length;
  if (n === 0) return 0;
  if (n <= w) return new Set(words).size / n;
  const counts = new Map<string, number>();
  let types = 0;
  for (let i = 0; i < w; i++) {
    const c = counts.get(words[i]) ?? 0;
    if (c === 0) types++;
    counts.set(words[i], c + 1);
  }
  let sum = types;
  let k = 1;
  // step 5 keeps it cheap and still length-independent
  for (let i = w; i < n; i++) {
    const add = words[i];
    const rem = words[i - w];
    const cr = (counts.get(rem) ?? 0) - 1;
    counts.set(rem, cr);
    if (cr === 0) types--;
    const ca = counts.get(add) ?? 0;
    if (ca === 0) types++;
    counts.set(add, ca + 1);
    if ((i - w) % 5 === 4) {
      sum += types;
      k++;
    }
  }
  return sum / k / w;
}

function hapaxRate(words: string[], w: number): number {
  const n = words.length;
  if (n === 0) return 0;
  const chunks = Math.max(1, Math.floor(n / w));
  const size = n < w ? n : w;
  let tot = 0;
  for (let c = 0; c < chunks; c++) {
    const counts = new Map<string, number>();
    for (let i = c * size; i < (c + 1) * size; i++) counts.set(words[i], (counts.get(words[i]) ?? 0) + 1);
    let h = 0;
    for (const v of counts.values()) if (v === 1) h++;
    tot += h / size;
  }
  return tot / chunks;
}

function zlibRatio(norm: string): number {
  const CH = 600;
  if (norm.length === 0) return 0;
  if (norm.length < CH * 1.5) {
    return deflateRawSync(Buffer.from(norm, 'utf8'), { level: 6 }).length / Buffer.byteLength(norm, 'utf8');
  }
  let sum = 0;
  let k = 0;
  for (let i = 0; i + CH <= norm.length; i += CH) {
    const chunk = Buffer.from(norm.slice(i, i + CH), 'utf8');
    sum += deflateRawSync(chunk, { level: 6 }).length / chunk.length;
    k++;
  }
  return sum / k;
}

/**
 * Hashed n-grams over the words themselves ('words', models before 2.0.0) or over their shapes ('style': function
 * words, punctuation and the curated AI phrases kept, every other word reduced to a class such as <ing>), so that
 * what a text is about cannot decide who wrote it. 'common' (2.5.0) is 'style' with the assistant corpus's common
 * words also kept (ExtractOptions.commonWords). 'style2' (finer shapes) is an experiment no model ships.
 */
export type SparseMode = 'words' | 'style' | 'style2' | 'common';

export interface ExtractOptions {
  buckets: number;
  lexicon: Lexicon;
  /** compute zlib feature (slightly costly; skipped for sentence windows) */
  zlib?: boolean;
  /** character LM for the LM features (document level); omitted -> the LM features are 0 */
  lm?: CharLmTables | null;
  /** how the hashed n-grams see words (SparseMode) */
  sparse?: SparseMode;
  /**
   * 'common' only: content words kept as themselves rather than reduced to their shape. The trainer derives them from
   * the assistant corpus's training genres (common across its genres, so they say how it writes, not what about) and
   * the weights carry them.
   */
  commonWords?: ReadonlySet<string>;
  /** also return the tokens and each key's bucket (Features.keys), for the explanations (patterns.ts) */
  keys?: boolean;
  /**
   * false: skip the dense features (all returned as 0, no lexicon phrases), for models that give them no weight; the
   * sentence statistics, the lexicon scan and zlib are most of extract()'s time after the n-grams
   */
  dense?: boolean;
}

const CURATED_WORDS = new Set<string>();

/** How the n-grams see a token in this mode (see ExtractOptions.sparse). */
function shaperFor(opts: ExtractOptions): (tok: string) => string {
  if (opts.sparse === 'style2') return shape2;
  const common = opts.sparse === 'common' ? opts.commonWords : undefined;
  if (!common?.size) return shape;
  return (tok) => (common.has(tok) ? tok : shape(tok));
}

/** Feature extraction on already-normalised text. */
export function extract(norm: string, opts: ExtractOptions): Features {
  const lower = norm.toLowerCase();
  const toks = tokenize(lower);
  const words: string[] = [];
  for (const t of toks) if (WORD_RE.test(t)) words.push(t);
  const nw = Math.max(1, words.length);

  // hashed sparse features: word unigrams, word bigrams, masked (function-word / shape) trigrams
  const B = opts.buckets;
  const counts = new Map<number, number>();
  const keyBuckets = opts.keys ? new Int32Array(toks.length * KEYS_PER_TOKEN) : null;
  let nk = 0;
  const bump = (key: string) => {
    const h = fnv1a32(key) % B;
    counts.set(h, (counts.get(h) ?? 0) + 1);
    if (keyBuckets) keyBuckets[nk++] = h;
  };
  forEachSparseKey(toks, opts.sparse !== undefined && opts.sparse !== 'words', bump, shaperFor(opts));
  const keys = [...counts.keys()].sort((a, b) => a - b);
  const idx = new Int32Array(keys.length);
  const val = new Float32Array(keys.length);
  let norm2 = 0;
  for (let i = 0; i < keys.length; i++) {
    const v = Math.log1p(counts.get(keys[i])!);
    idx[i] = keys[i];
    val[i] = v;
    norm2 += v * v;
  }
  const inv = norm2 > 0 ? 1 / Math.sqrt(norm2) : 0;
  for (let i = 0; i < val.length; i++) val[i] *= inv;

  const sparse = { idx, val, words: words.length, keys: keyBuckets ? { toks, buckets: keyBuckets } : undefined };
  if (opts.dense === false) return { ...sparse, dense: new Float64Array(N_DENSE), aiPhrases: [], humanPhrases: [] };

  // sentences (on normalised text)
  const sents = splitSentences(norm);
  const sentLens: number[] = [];
  let repeatStart = 0;
  let transStart = 0;
  const starts = new Set<string>();
  for (const s of sents) {
    const st = tokenize(lower.slice(s.start, s.end)).filter((t) => WORD_RE.test(t));
    if (st.length === 0) continue;
    sentLens.push(st.length);
    const first = st[0];
    if (starts.has(first)) repeatStart++;
    starts.add(first);
    if (TRANSITIONS.has(first)) transStart++;
  }
  const ns = Math.max(1, sentLens.length);
  const mean = sentLens.reduce((a, b) => a + b, 0) / ns;
  const variance = sentLens.reduce((a, b) => a + (b - mean) * (b - mean), 0) / ns;
  const std = Math.sqrt(variance);
  let adj = 0;
  for (let i = 1; i < sentLens.length; i++) adj += Math.abs(sentLens[i] - sentLens[i - 1]);
  adj = sentLens.length > 1 ? adj / (sentLens.length - 1) / Math.max(1, mean) : 0;

  let wlSum = 0;
  let wlSq = 0;
  let longW = 0;
  let fw = 0;
  let fp = 0;
  let sp = 0;
  let contr = 0;
  for (const w of words) {
    const l = w.length;
    wlSum += l;
    wlSq += l * l;
    if (l >= 8) longW++;
    if (FUNCTION_WORDS.has(w)) fw++;
    if (w === 'i' || w === 'me' || w === 'my' || w === 'mine' || w === "i'm" || w === "i've" || w === "i'd") fp++;
    if (w === 'you' || w === 'your' || w === 'yours' || w === "you're") sp++;
    if (w.includes("'")) contr++;
  }
  const wlMean = wlSum / nw;
  const wlStd = Math.sqrt(Math.max(0, wlSq / nw - wlMean * wlMean));

  let comma = 0,
    semi = 0,
    colon = 0,
    dash = 0,
    paren = 0,
    quote = 0,
    excl = 0,
    ques = 0,
    num = 0;
  for (const t of toks) {
    switch (t) {
      case ',':
        comma++;
        break;
      case ';':
        semi++;
        break;
      case ':':
        colon++;
        break;
      case '-':
        dash++;
        break;
      case '(':
        paren++;
        break;
      case '"':
        quote++;
        break;
      case '!':
        excl++;
        break;
      case '?':
        ques++;
        break;
      default:
        if (t.charCodeAt(0) >= 48 && t.charCodeAt(0) <= 57) num++;
    }
  }

  const { aiLex, huLex, aiPhrases, humanPhrases } = lexiconMatch(words, opts.lexicon);

  const bigrams = new Set<string>();
  let prev = '<s>';
  for (const t of toks) {
    bigrams.add(prev + ' ' + t);
    prev = t;
  }
  const per100 = 100 / nw;
  const d = new Float64Array(N_DENSE);
  let j = 0;
  d[j++] = mattr(words, 50);
  d[j++] = hapaxRate(words, 50);
  d[j++] = Math.log1p(mean);
  d[j++] = Math.log1p(std);
  d[j++] = mean > 0 ? std / mean : 0;
  d[j++] = adj;
  d[j++] = sentLens.filter((l) => l > 35).length / ns;
  d[j++] = sentLens.filter((l) => l < 8).length / ns;
  d[j++] = wlMean;
  d[j++] = wlStd;
  d[j++] = longW / nw;
  d[j++] = comma * per100;
  d[j++] = semi * per100;
  d[j++] = colon * per100;
  d[j++] = dash * per100;
  d[j++] = paren * per100;
  d[j++] = quote * per100;
  d[j++] = contr * per100;
  d[j++] = excl * per100;
  d[j++] = ques * per100;
  d[j++] = num * per100;
  d[j++] = fp * per100;
  d[j++] = sp * per100;
  d[j++] = fw / nw;
  d[j++] = Math.log1p(aiLex * per100);
  d[j++] = Math.log1p(huLex * per100);
  d[j++] = opts.zlib === false ? 0 : zlibRatio(norm);
  d[j++] = sentLens.length > 1 ? repeatStart / (sentLens.length - 1) : 0;
  d[j++] = transStart / ns;
  d[j++] = toks.length > 0 ? bigrams.size / toks.length : 0;
  if (opts.lm) for (const v of charLmFeatures(opts.lm, norm)) d[j++] = v;

  return { ...sparse, dense: d, aiPhrases, humanPhrases };
}

/** keys per token: its unigram, the bigram it ends and the masked trigram it ends, in that order */
export const KEYS_PER_TOKEN = 3;

/**
 * The hashed n-gram keys of a token list, in order, KEYS_PER_TOKEN per token: the unigram, the bigram and the masked
 * trigram that end at it. `style` keys words by their shape (curated AI words kept as words).
 */
function forEachSparseKey(toks: readonly string[], style: boolean, fn: (key: string) => void, shapeOf: (t: string) => string = shape): void {
  let p1 = '<s>';
  let p2 = '<s>';
  let prevKey = '<s>';
  for (const t of toks) {
    const sh = shapeOf(t);
    const key = style ? (CURATED_WORDS.has(t) ? t : sh) : t;
    fn('u:' + key);
    fn('b:' + prevKey + ' ' + key);
    prevKey = key;
    fn('m:' + p2 + ' ' + p1 + ' ' + sh);
    p2 = p1;
    p1 = sh;
  }
}

/** A token's shape class in the hashed n-grams (function words and punctuation stand for themselves). */
export { shape as tokenShape };

export interface LexiconMatch {
  aiLex: number;
  huLex: number;
  aiPhrases: string[];
  humanPhrases: string[];
}

/** Count lexicon hits over word-only n-grams (1..3). */
export function lexiconMatch(words: string[], lexicon: Lexicon): LexiconMatch {
  let aiLex = 0;
  let huLex = 0;
  const aiPhrases: string[] = [];
  const humanPhrases: string[] = [];
  const { ai, human } = lexicon;
  if (ai.size === 0 && human.size === 0) return { aiLex, huLex, aiPhrases, humanPhrases };
  for (let i = 0; i < words.length; i++) {
    let g = words[i];
    for (let n = 1; n <= 3 && i + n <= words.length; n++) {
      if (n > 1) g += ' ' + words[i + n - 1];
      if (ai.has(g)) {
        aiLex++;
        aiPhrases.push(g);
      }
      if (human.has(g)) {
        huLex++;
        humanPhrases.push(g);
      }
    }
  }
  return { aiLex, huLex, aiPhrases, humanPhrases };
}

/** The two lexicon dense features (indices AI_LEX_INDEX, HUMAN_LEX_INDEX) for a normalised text. */
export function lexiconDense(norm: string, lexicon: Lexicon): [number, number] {
  const words = tokenize(norm.toLowerCase()).filter((t) => WORD_RE.test(t));
  const { aiLex, huLex } = lexiconMatch(words, lexicon);
  const per100 = 100 / Math.max(1, words.length);
  return [Math.log1p(aiLex * per100), Math.log1p(huLex * per100)];
}

export const AI_LEX_INDEX = DENSE_NAMES.indexOf('aiLexRate');
export const HUMAN_LEX_INDEX = DENSE_NAMES.indexOf('humanLexRate');

/** Word-only n-grams (1..3) of a text, lower-cased, for lexicon derivation at training time. */
export function wordNgrams(norm: string, maxN = 3): Set<string> {
  const words = tokenize(norm.toLowerCase()).filter((t) => WORD_RE.test(t));
  const out = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    let g = words[i];
    out.add(g);
    for (let n = 2; n <= maxN && i + n <= words.length; n++) {
      g += ' ' + words[i + n - 1];
      out.add(g);
    }
  }
  return out;
}

/** Known over-represented LLM words/phrases (curated seed list; merged with a data-derived list at training time). */
export const CURATED_AI_PHRASES = [
  'delve',
  'delve into',
  'delves',
  'delving',
  'tapestry',
  'is important to',
  'important to note',
  "it's important to",
  'it is worth',
  'worth noting',
  'in conclusion',
  'furthermore',
  'moreover',
  'additionally',
  'crucial',
  'pivotal',
  'foster',
  'fostering',
  'fosters',
  'showcase',
  'showcasing',
  'showcases',
  'realm',
  'landscape',
  'navigate',
  'navigating',
  'testament',
  'a testament to',
  'intricate',
  'multifaceted',
  'underscore',
  'underscores',
  'underscoring',
  'vibrant',
  'seamless',
  'seamlessly',
  'embark',
  'enhance',
  'enhancing',
  'comprehensive',
  'notably',
  'vital',
  'valuable insights',
  'plays a crucial',
  'a crucial role',
  'a vital role',
  'a pivotal role',
  'ever-evolving',
  'paramount',
  'nuanced',
  'leverage',
  'leveraging',
  'utilize',
  'utilizing',
  'holistic',
  'resonate',
  'resonates',
  'captivating',
  'commendable',
  'meticulous',
  'meticulously',
  'bustling',
  'invaluable',
  'in summary',
  'serves as',
  'a myriad of',
  'myriad',
  'plethora',
  'unwavering',
  'elevate',
  'harness',
  'transformative',
  'cutting-edge',
  'game-changer',
  'boasts',
  'nestled',
  'intricacies',
  'interplay',
  'cornerstone',
  'endeavor',
  'endeavors',
  'overall',
  'ensuring',
  "in today's",
  'a rich',
  'rich tapestry',
  'profound',
  'garnered',
  'highlighting',
  'emphasizing',
  'strive',
  'striving',
];
for (const p of CURATED_AI_PHRASES) if (!p.includes(' ')) CURATED_WORDS.add(p);
