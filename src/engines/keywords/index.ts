/**
 * Offline keyphrase extraction. Pure and deterministic (same text and options, same answer).
 *
 *   extractKeyphrases(text, { max }) -> { keyphrases: [{ phrase, score, frequency, firstPosition, positions }], ... }
 *
 * 1. wink-nlp tags the text (engines/text posTag); candidates are noun phrases: runs of adjectives and nouns that end
 *    in a noun, and the shorter runs inside them that also end in a noun.
 * 2. Word scores: PositionRank (TextRank on a word co-occurrence graph, personalised towards words that appear early).
 * 3. A candidate's score is the sum of its words' graph scores, times its YAKE score (statistical features: casing,
 *    position, frequency, relatedness, spread) and its frequency, raised to weights tuned on the benchmark's dev split
 *    (bench/keywords.ts). Candidates with the same stems ("neural network", "neural networks") are one keyphrase.
 */
import { analyze, type Analysis, type Tok } from './analyze';
import { yakeScore } from './yake';

export { porterStem, stemKey } from './stemmer';
export { yakeBaseline } from './yake';
export { analyze, type Analysis } from './analyze';

export interface RankParams {
  /** co-occurrence window of the word graph, in tokens */
  window: number;
  damping: number;
  /** 0: plain TextRank; 1: the random jump goes only to words by their early positions (PositionRank) */
  positionBias: number;
  /** exponent of the YAKE factor (1/S) */
  yakeWeight: number;
  /** exponent of the candidate's frequency */
  freqWeight: number;
  /** exponent of the word count (SingleRank sums favour long phrases; a negative value tempers that) */
  lengthWeight: number;
  /**
   * In long texts (news, articles) repetition is the stronger signal and readers' keyphrases are shorter than in a
   * dense abstract: from `adaptFrom` to `adaptTo` words (log scale) the two weights above move to these values.
   */
  longLengthWeight: number;
  longFreqWeight: number;
  adaptFrom: number;
  adaptTo: number;
  /** also score the shorter noun runs inside a longer one */
  subphrases: boolean;
  /** longest candidate, in words */
  maxWords: number;
  /** single verbs are candidates too (news keyphrases are often events: "resigned", "won") */
  verbs: boolean;
}

/** Tuned on the dev split of bench/keywords.ts (Inspec and 500N-KPCrowd, even positions). */
export const DEFAULT_PARAMS: RankParams = {
  window: 4,
  damping: 0.85,
  positionBias: 0.5,
  yakeWeight: 0.2,
  freqWeight: 0.5,
  lengthWeight: 0.3,
  longLengthWeight: -2,
  longFreqWeight: 1,
  adaptFrom: 200,
  adaptTo: 300,
  subphrases: true,
  maxWords: 4,
  verbs: true,
};

export interface Keyphrase {
  /** the phrase as it is written in the text (lower-cased unless it is a name or an acronym) */
  phrase: string;
  /** stemmed match key, e.g. "neural network" */
  key: string;
  /** relative score, 1 for the best keyphrase */
  score: number;
  /** occurrences in the text (as written or inflected) */
  frequency: number;
  /** character offset of the first occurrence */
  firstPosition: number;
  /** every occurrence's [start, end) character offsets (at most 100) */
  positions: { start: number; end: number }[];
  words: number;
  /** 'verb' for a single verb (an event word such as "resigned"), else 'phrase' (a noun phrase) */
  kind: 'phrase' | 'verb';
}

export interface KeyphraseOptions {
  /** how many keyphrases to return (default 20) */
  max?: number;
  params?: Partial<RankParams>;
  /** a ready analysis of the same text (the benchmark's tuning reuses one across weight settings) */
  analysis?: Analysis;
}

export interface KeyphraseResult {
  keyphrases: Keyphrase[];
  /** the analysis the keyphrases come from (the meta description engine reuses its sentences) */
  analysis: Analysis;
}

const NOUNISH = new Set(['NOUN', 'PROPN']);
const MODIFIER = new Set(['NOUN', 'PROPN', 'ADJ']);
const MAX_POSITIONS = 100;

/** A participle before a noun modifies it ("charging stations", "distributed systems"). */
const participle = (t: Tok) => t.pos === 'VERB' && /(?:ing|ed)$/.test(t.lower) && t.lower.length > 4;
const eligible = (t: Tok) => t.word && !t.stop && (MODIFIER.has(t.pos) || participle(t));
const isVerb = (t: Tok) => t.word && !t.stop && t.pos === 'VERB' && t.lower.length > 2;

interface Occurrence {
  start: number;
  end: number;
  toks: Tok[];
}

/** Every n-gram of stop-free words within a sentence, by stem key: frequencies and positions of any phrase. */
function occurrenceIndex(toks: Tok[], maxWords: number): Map<string, Occurrence[]> {
  const out = new Map<string, Occurrence[]>();
  for (let i = 0; i < toks.length; i++) {
    if (!toks[i]!.word || toks[i]!.stop) continue;
    let key = '';
    for (let j = i; j < Math.min(toks.length, i + maxWords); j++) {
      const u = toks[j]!;
      if (!u.word || u.stop || u.sent !== toks[i]!.sent) break;
      key = key ? key + ' ' + u.stem : u.stem;
      let list = out.get(key);
      if (!list) out.set(key, (list = []));
      list.push({ start: toks[i]!.start, end: u.end, toks: toks.slice(i, j + 1) });
    }
  }
  return out;
}

/** Noun-phrase candidates: maximal adjective/noun runs ending in a noun, and (optionally) their noun-ending sub-runs. */
function nounPhraseKeys(toks: Tok[], p: RankParams): Map<string, Tok[]> {
  const out = new Map<string, Tok[]>();
  const add = (run: Tok[]) => {
    const key = run.map((t) => t.stem).join(' ');
    if (!out.has(key)) out.set(key, run);
  };
  let i = 0;
  while (i < toks.length) {
    if (p.verbs && isVerb(toks[i]!)) add([toks[i]!]);
    if (!eligible(toks[i]!)) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < toks.length && eligible(toks[j + 1]!) && toks[j + 1]!.sent === toks[i]!.sent) j++;
    let from = i;
    // "are changing city traffic": a participle after an auxiliary is the verb, not a modifier
    while (from <= j && participle(toks[from]!) && from > 0 && (toks[from - 1]!.pos === 'AUX' || toks[from - 1]!.pos === 'PRON')) from++;
    const run = toks.slice(from, j + 1);
    i = j + 1;
    for (let e = run.length - 1; e >= 0; e--) {
      if (!NOUNISH.has(run[e]!.pos)) continue;
      if (!p.subphrases) {
        add(run.slice(Math.max(0, e + 1 - p.maxWords), e + 1));
        break;
      }
      for (let s = Math.max(0, e + 1 - p.maxWords); s <= e; s++) add(run.slice(s, e + 1));
    }
  }
  return out;
}

/** PositionRank over stems of the eligible words. */
function wordGraphScores(toks: Tok[], p: RankParams): Map<string, number> {
  const inGraph = p.verbs ? (t: Tok) => eligible(t) || isVerb(t) : eligible;
  const ids = new Map<string, number>();
  const idOf = (s: string) => {
    let id = ids.get(s);
    if (id === undefined) ids.set(s, (id = ids.size));
    return id;
  };
  const edges = new Map<number, Map<number, number>>();
  const link = (a: number, b: number) => {
    if (a === b) return;
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      let m = edges.get(x);
      if (!m) edges.set(x, (m = new Map()));
      m.set(y, (m.get(y) ?? 0) + 1);
    }
  };
  const personal: number[] = [];
  let wordIndex = 0;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (t.word) wordIndex++;
    if (!inGraph(t)) continue;
    const a = idOf(t.stem);
    personal[a] = (personal[a] ?? 0) + 1 / wordIndex;
    for (let j = i + 1; j < Math.min(toks.length, i + p.window); j++) if (inGraph(toks[j]!)) link(a, idOf(toks[j]!.stem));
  }
  const n = ids.size;
  if (n === 0) return new Map();
  const psum = personal.reduce((x, y) => x + (y ?? 0), 0) || 1;
  const jump = Array.from({ length: n }, (_, i) => (1 - p.positionBias) / n + (p.positionBias * (personal[i] ?? 0)) / psum);
  const outW = Array.from({ length: n }, (_, i) => {
    let s = 0;
    for (const w of edges.get(i)?.values() ?? []) s += w;
    return s;
  });
  let r = new Array<number>(n).fill(1 / n);
  for (let it = 0; it < 60; it++) {
    const next = jump.map((j) => (1 - p.damping) * j);
    for (let i = 0; i < n; i++) {
      const m = edges.get(i);
      if (!m) {
        // a word with no neighbour gives its score back by the random jump
        for (let k = 0; k < n; k++) next[k]! += p.damping * r[i]! * jump[k]!;
        continue;
      }
      for (const [k, w] of m) next[k]! += (p.damping * r[i]! * w) / outW[i]!;
    }
    let diff = 0;
    for (let i = 0; i < n; i++) diff += Math.abs(next[i]! - r[i]!);
    r = next;
    if (diff < 1e-7) break;
  }
  const out = new Map<string, number>();
  for (const [s, id] of ids) out.set(s, r[id]! * n);
  return out;
}

/** How a phrase is shown: its most frequent written form, with a sentence-initial capital undone (unless a name). */
function displayForm(a: Analysis, occ: Occurrence[]): string {
  const { text } = a;
  const forms = new Map<string, { n: number; o: Occurrence }>();
  for (const o of occ) {
    const f = text.slice(o.start, o.end).replace(/\s+/g, ' ');
    const e = forms.get(f);
    if (e) e.n++;
    else forms.set(f, { n: 1, o });
  }
  let best: { n: number; o: Occurrence; f: string } | null = null;
  for (const [f, e] of forms) if (!best || e.n > best.n) best = { ...e, f };
  const o = best!.o;
  return o.toks
    .map((t, i) => {
      const rawGap = i === 0 ? '' : text.slice(o.toks[i - 1]!.end, t.start).replace(/\s+/g, ' ');
      // capitals stay on acronyms and inner capitals ("GMDH", "iPhone") and on words also capitalised mid-sentence
      const name = /\p{Lu}/u.test(t.text.slice(1)) || (/^\p{Lu}/u.test(t.text) && (a.stats.get(t.stem)?.upper ?? 0) > 0);
      const w = name ? t.text : t.text.toLowerCase();
      return rawGap + w;
    })
    .join('');
}

/** Rank the keyphrases of `text`. */
export function extractKeyphrases(text: string, opts: KeyphraseOptions = {}): KeyphraseResult {
  const p: RankParams = { ...DEFAULT_PARAMS, ...opts.params };
  const max = opts.max ?? 20;
  const analysis = opts.analysis ?? analyze(text, 'pos');
  const { toks } = analysis;
  const occ = occurrenceIndex(toks, p.maxWords);
  const graph = wordGraphScores(toks, p);
  let nWords = 0;
  for (const t of toks) if (t.word) nWords++;
  const t = Math.min(1, Math.max(0, Math.log(Math.max(1, nWords) / p.adaptFrom) / Math.log(p.adaptTo / p.adaptFrom)));
  const lengthWeight = p.lengthWeight + t * (p.longLengthWeight - p.lengthWeight);
  const freqWeight = p.freqWeight + t * (p.longFreqWeight - p.freqWeight);
  const scored: { key: string; run: Tok[]; score: number; first: number; tf: number }[] = [];
  for (const [key, run] of nounPhraseKeys(toks, p)) {
    const o = occ.get(key);
    const tf = o?.length ?? 1;
    let tr = 0;
    for (const t of run) tr += graph.get(t.stem) ?? 0;
    const y = yakeScore(analysis, run, tf);
    const score = tr * Math.pow(1 / Math.max(y, 1e-12), p.yakeWeight) * Math.pow(tf, freqWeight) * Math.pow(run.length, lengthWeight);
    scored.push({ key, run, score, first: o?.[0]?.start ?? run[0]!.start, tf });
  }
  // A phrase inside a longer one that occurs exactly as often never appears alone ("panels" only in "solar panels"):
  // the longer phrase stands for both, with the better score.
  const byKey = new Map(scored.map((c) => [c.key, c]));
  const dropped = new Set<string>();
  for (const c of scored) {
    if (c.run.length < 2) continue;
    const words = c.key.split(' ');
    for (let s = 0; s < words.length; s++)
      for (let e = s + 1; e <= words.length; e++) {
        if (e - s === words.length) continue;
        const sub = byKey.get(words.slice(s, e).join(' '));
        if (!sub || sub.tf !== c.tf || dropped.has(sub.key)) continue;
        c.score = Math.max(c.score, sub.score);
        dropped.add(sub.key);
      }
  }
  const kept = scored.filter((c) => !dropped.has(c.key));
  kept.sort((a, b) => b.score - a.score || a.first - b.first || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const top = kept.slice(0, max);
  const best = top[0]?.score || 1;
  const keyphrases = top.map((c): Keyphrase => {
    const o = occ.get(c.key) ?? [{ start: c.run[0]!.start, end: c.run[c.run.length - 1]!.end, toks: c.run }];
    return {
      phrase: displayForm(analysis, o),
      key: c.key,
      score: Math.round((c.score / best) * 1e4) / 1e4,
      frequency: o.length,
      firstPosition: o[0]!.start,
      positions: o.slice(0, MAX_POSITIONS).map(({ start, end }) => ({ start, end })),
      words: c.run.length,
      kind: c.run.length === 1 && c.run[0]!.pos === 'VERB' ? 'verb' : 'phrase',
    };
  });
  return { keyphrases, analysis };
}
