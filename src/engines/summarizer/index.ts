/**
 * Offline extractive summarizer. Pure, deterministic, linear in the input size (the sentence graph is ranked in
 * blocks of at most GRAPH_MAX sentences).
 *
 *   summarize(text, { length: 'short' | 'medium' | 'long' | n, format: 'paragraph' | 'bullets', words? })
 *     -> { summary, sentences: [{ start, end, score }] }
 *
 * 1. Sentences are split, stemmed (Porter) and weighted by TF-IDF; headings, lists and fragments are marked as such.
 * 2. Relevance of each sentence: PageRank on the LexRank graph (cosine similarity, edges under a threshold dropped),
 *    plus a bonus for the first real sentence and the sentence's share of the document's repeated terms. (A lead
 *    prior and a position score are there too, but tuning set their weights to zero.)
 * 3. Selection under a word budget, greedily: relevance, plus the weight of the document terms the sentence adds to
 *    what is already chosen (so later facts get in), plus a bonus for a part of the text not yet represented, minus
 *    redundancy with the chosen sentences. Near-duplicates are never taken while anything else fits.
 *
 * Named lengths are word budgets that grow with the text (short about 10 %, medium 18 %, long 30 %, each within
 * bounds); a number asks for exactly that many sentences; `words` asks for a budget in words. Selected sentences are
 * returned in input order and are exact substrings of the input (text.slice(start, end)). The parameters were tuned
 * on the dev half of datasets/summaries (scripts/summarizer-tune.ts; figures: npm run bench:summarizer and
 * docs/summarizer.md).
 */
import { porterStem } from '../keywords/stemmer';
import { capitalizeFirst, splitParagraphs, splitSentences, type Span } from '../text';

export type SummaryLength = 'short' | 'medium' | 'long' | number;
export type SummaryFormat = 'paragraph' | 'bullets';

export interface SummarizerParams {
  /** PageRank damping */
  damping: number;
  /** LexRank: similarities under this are not edges */
  edgeThreshold: number;
  /** lead prior of the personalised PageRank: 1 / (1 + leadDecay * sentence index) */
  leadDecay: number;
  /** weight of the PageRank centrality in the relevance (normalised to the best sentence) */
  centralityWeight: number;
  /** weight of the position score: 1 for the first sentence, falling as 1 / (1 + positionDecay * index) */
  positionWeight: number;
  positionDecay: number;
  /** extra relevance of the first sentence that is not a heading (the lead of news, the purpose of a message) */
  firstBonus: number;
  /** weight of the sentence's share of the document's frequent terms (a centroid score) */
  centroidWeight: number;
  /** weight of the document term weight a sentence adds to the selection */
  coverageWeight: number;
  /** penalty per unit of the greatest similarity to a chosen sentence */
  redundancy: number;
  /** bonus for a sentence from a part of the text no chosen sentence comes from */
  sectionBonus: number;
  /** selection value is divided by (sentence words / 20) ^ lengthExponent: 0 ignores length, 1 is value per word */
  lengthExponent: number;
  /** relevance multiplier of list lines and scraps ("ACP, AfDB, AU, ...", "Yes.") */
  fragmentPenalty: number;
  /** relevance multiplier of a line that does not end like a sentence (a field of a fact sheet, a caption) */
  unfinishedPenalty: number;
  /** relevance multiplier of a sentence that opens with a pronoun or connective pointing back ("He", "But", "This") */
  danglingPenalty: number;
  /** relevance multiplier of a sentence that is mostly a quotation */
  quotePenalty: number;
}

export const DEFAULT_PARAMS: SummarizerParams = {
  damping: 0.7,
  edgeThreshold: 0.1,
  leadDecay: 0,
  centralityWeight: 1,
  positionWeight: 0,
  positionDecay: 0.2,
  firstBonus: 1,
  centroidWeight: 0.25,
  coverageWeight: 1,
  redundancy: 1,
  sectionBonus: 0.8,
  lengthExponent: 0.5,
  fragmentPenalty: 0.3,
  unfinishedPenalty: 0.7,
  danglingPenalty: 0.85,
  quotePenalty: 0.85,
};

export interface SummarizeOptions {
  length?: SummaryLength;
  format?: SummaryFormat;
  /** a budget in words instead of `length` (the summary ends at the sentence that reaches it) */
  words?: number;
  /** engine parameters, for tuning (npm run bench:summarizer with BENCH_PARAMS) */
  params?: Partial<SummarizerParams>;
}

export interface SummarySentence {
  start: number;
  end: number;
  score: number;
}

export interface SummarizeResult {
  summary: string;
  sentences: SummarySentence[];
}

const STOP = new Set(
  (
    'a an the and or but if then else of to in on at by for with from as is are was were be been being it its this that these those ' +
    'there their they them he she his her we our us you your i me my not no so than too very can could will would shall should may might ' +
    'must do does did done have has had having into over under about after before between through during also just more most such only ' +
    'own same other some any each all both few many much which who whom whose what when where why how while because until upon within ' +
    "without again further once here s t said says don't isn't it's"
  ).split(/\s+/),
);

/** First words that point back to an earlier sentence: out of context they read as a non sequitur. */
const DANGLING = new Set(
  'he she it they his her its their them this these those that such but and also however yet so then there thus hence moreover meanwhile still'.split(' '),
);

interface SentenceInfo extends Span {
  /** stemmed content terms */
  terms: string[];
  /** the same, each once */
  uniq: string[];
  /** whitespace-separated words */
  words: number;
  /** a title or heading: a short line without an end mark. Taken only when nothing else is left */
  heading: boolean;
  /** list line or scrap */
  fragment: boolean;
  /** does not end like a sentence */
  unfinished: boolean;
  /** stands on a line of its own, with more text after it */
  line: boolean;
  dangling: boolean;
  quote: boolean;
}

function analyse(s: Span, text: string): SentenceInfo {
  const toks = s.text.toLowerCase().match(/[\p{L}\p{N}]+(?:['\u2019][\p{L}]+)?/gu) ?? [];
  const terms: string[] = [];
  let stop = 0;
  for (const t of toks) {
    if (STOP.has(t)) stop++;
    else if (t.length > 1 || /\d/.test(t)) terms.push(porterStem(t.replace(/['\u2019]s$/, '')));
  }
  const words = s.text.split(/\s+/).length;
  const unfinished = !/[.!?\u2026]["'\u201D\u2019)\]]*$/.test(s.text);
  // a line of its own: the text goes on after a line break
  const line = /^[ \t]*\r?\n\s*\S/.test(text.slice(s.end, s.end + 200));
  // a heading ("Government - Flag", a headline), a list line ("ACP, AfDB, AU, ...") or a scrap ("Yes.") rarely
  // summarises anything, and a heading glued to the next sentence reads as nonsense
  const heading = unfinished && words <= 12 && line;
  const digits = toks.filter((t) => /^\d/.test(t)).length;
  const fragment = toks.length < 4 || (toks.length >= 6 && stop / toks.length < 0.12) || digits / Math.max(1, toks.length) > 0.25;
  const first = toks[0] ?? '';
  const quoteChars = (s.text.match(/["\u201C\u201D]/g) ?? []).length;
  const quote = /^["\u201C]/.test(s.text) || (quoteChars >= 2 && /["\u201D]\s*,?\s*(he|she|they|it)?\s*(said|says|added|told|explained)/i.test(s.text));
  return { ...s, terms, uniq: [...new Set(terms)], words, heading, fragment, unfinished, line, dangling: DANGLING.has(first), quote };
}

/**
 * A line break ends a sentence, but splitSentences skips one that follows an abbreviation's period ("(2012 est.)" then
 * a new line), which glues a fact-sheet heading to the line before it: split such spans at their line breaks.
 */
function splitLines(s: Span): Span[] {
  if (!s.text.includes('\n')) return [s];
  const out: Span[] = [];
  const re = /[^\n]+/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s.text))) {
    const lead = m[0].length - m[0].trimStart().length;
    const t = m[0].trim();
    if (t) out.push({ text: t, start: s.start + m.index + lead, end: s.start + m.index + lead + t.length });
  }
  return out;
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/** The word budget of a named length for a text of `totalWords` words. */
export function wordBudget(length: 'short' | 'medium' | 'long', totalWords: number): number {
  // share of the text, its bounds, and a cap so that a short text is still summarised rather than returned whole
  const [share, lo, hi, cap] = length === 'short' ? [0.1, 35, 90, 0.3] : length === 'long' ? [0.3, 120, 320, 0.65] : [0.18, 70, 170, 0.45];
  return Math.max(1, Math.round(Math.min(clamp(share * totalWords, lo, hi), cap * totalWords)));
}

/** How many sentences a numeric length asks for, given n input sentences (at most MAX_PICKS). */
export function targetCount(length: number, n: number): number {
  return n === 0 ? 0 : Math.max(1, Math.min(n, MAX_PICKS, Math.floor(length)));
}

function cosine(a: Map<string, number>, b: Map<string, number>, na: number, nb: number): number {
  if (na === 0 || nb === 0) return 0;
  let dot = 0;
  const [small, big] = a.size <= b.size ? [a, b] : [b, a];
  for (const [k, v] of small) {
    const w = big.get(k);
    if (w) dot += v * w;
  }
  return dot / (na * nb);
}

/** At most this many sentences in a summary (a numeric length is capped too). */
export const MAX_PICKS = 100;
/** Candidates of the greedy selection in a long text (the best by their starting value). */
const POOL = 400;

/** Sentences ranked in one graph; longer texts are ranked in consecutive blocks of this many (see summarize). */
export const GRAPH_MAX = 200;

/** Personalised PageRank of sentences [from, to) on their thresholded similarity graph (LexRank with a prior). */
function lexRank(from: number, to: number, prior: readonly number[], pairSim: (i: number, j: number) => number, p: SummarizerParams): number[] {
  const n = to - from;
  const inFrom: number[][] = Array.from({ length: n }, () => []);
  const inWeight: number[][] = Array.from({ length: n }, () => []);
  const outW = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const s = pairSim(from + i, from + j);
      if (s < p.edgeThreshold || s <= 0) continue;
      outW[i]! += s;
      outW[j]! += s;
      inFrom[i]!.push(j);
      inWeight[i]!.push(s);
      inFrom[j]!.push(i);
      inWeight[j]!.push(s);
    }
  for (let i = 0; i < n; i++) inWeight[i] = inWeight[i]!.map((w, q) => w / outW[inFrom[i]![q]!]!);
  const pr = prior.slice(from, to);
  const prSum = pr.reduce((a, b) => a + b, 0) || 1;
  const pers = pr.map((x) => x / prSum);
  const d = p.damping;
  let r = new Array<number>(n).fill(1 / n);
  for (let it = 0; it < 100; it++) {
    let dangling = 0;
    for (let j = 0; j < n; j++) if (outW[j] === 0) dangling += r[j]!;
    const next = new Array<number>(n);
    let delta = 0;
    for (let i = 0; i < n; i++) {
      let acc = dangling * pers[i]!;
      const f = inFrom[i]!;
      const w = inWeight[i]!;
      for (let q = 0; q < f.length; q++) acc += w[q]! * r[f[q]!]!;
      next[i] = (1 - d) * pers[i]! + d * acc;
      delta += Math.abs(next[i]! - r[i]!);
    }
    r = next;
    if (delta < 1e-9) break;
  }
  return r;
}

export function summarize(text: string, opts: SummarizeOptions = {}): SummarizeResult {
  const p: SummarizerParams = { ...DEFAULT_PARAMS, ...opts.params };
  const format = opts.format ?? 'paragraph';
  const sents = splitSentences(text)
    .flatMap(splitLines)
    .map((s) => analyse(s, text));
  const n = sents.length;
  if (n === 0) return { summary: '', sentences: [] };
  const totalWords = sents.reduce((a, s) => a + s.words, 0);
  const length = opts.length ?? 'medium';
  // either an exact sentence count or a word budget
  const count = opts.words === undefined && typeof length === 'number' ? targetCount(length, n) : undefined;
  const budget = opts.words !== undefined ? Math.max(1, opts.words) : typeof length === 'number' ? Infinity : wordBudget(length, totalWords);

  // TF-IDF vectors (log tf, smoothed idf) and the document's term weights (how many sentences use each term)
  const df = new Map<string, number>();
  for (const s of sents) for (const t of s.uniq) df.set(t, (df.get(t) ?? 0) + 1);
  const vecs = sents.map((s) => {
    const tf = new Map<string, number>();
    for (const t of s.terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    const v = new Map<string, number>();
    for (const [t, c] of tf) v.set(t, (1 + Math.log(c)) * Math.log(1 + n / df.get(t)!));
    return v;
  });
  const norms = vecs.map((v) => Math.sqrt([...v.values()].reduce((a, x) => a + x * x, 0)));
  const pairSim = (i: number, j: number) => cosine(vecs[i]!, vecs[j]!, norms[i]!, norms[j]!);
  // a term used in one sentence says nothing about the document's subject; repeated terms do
  const termWeight = new Map<string, number>();
  for (const [t, c] of df) if (c > 1) termWeight.set(t, c - 1);
  const addedWeight = (s: SentenceInfo, covered: ReadonlySet<string>) => {
    let w = 0;
    for (const t of s.uniq) if (!covered.has(t)) w += termWeight.get(t) ?? 0;
    return w;
  };
  // coverage gains are measured against the best single sentence's, so that they weigh the same in any text
  const maxGain = sents.reduce((a, s) => Math.max(a, addedWeight(s, new Set())), 0) || 1;

  // centrality: LexRank personalised by the lead prior, in blocks so that a huge text stays linear
  const prior = sents.map((_, i) => 1 / (1 + i * p.leadDecay));
  const rank: number[] = [];
  for (let from = 0; from < n; from += GRAPH_MAX) rank.push(...lexRank(from, Math.min(n, from + GRAPH_MAX), prior, pairSim, p));
  const maxRank = rank.reduce((a, b) => Math.max(a, b), 0) || 1;
  const centroid = sents.map((s) => {
    let w = 0;
    for (const t of s.uniq) w += termWeight.get(t) ?? 0;
    return w / Math.sqrt(Math.max(1, s.terms.length));
  });
  const maxCentroid = centroid.reduce((a, b) => Math.max(a, b), 0) || 1;
  const firstReal = sents.findIndex((s) => !s.heading);
  // how much a sentence is worth as a summary sentence at all, whatever it says
  const quality = sents.map((s, i) => {
    let q = 1;
    if (s.fragment) q *= p.fragmentPenalty;
    if (s.unfinished) q *= p.unfinishedPenalty;
    if (s.dangling && i > 0) q *= p.danglingPenalty;
    if (s.quote) q *= p.quotePenalty;
    return q;
  });
  const relevance = sents.map(
    (_, i) =>
      quality[i]! *
      ((i === firstReal ? p.firstBonus : 0) +
        p.centralityWeight * (rank[i]! / maxRank) +
        p.positionWeight / (1 + p.positionDecay * i) +
        p.centroidWeight * (centroid[i]! / maxCentroid)),
  );
  const maxRel = relevance.reduce((a, b) => Math.max(a, b), 0) || 1;
  const rel = relevance.map((r) => r / maxRel);

  // parts of the text, by word position, that the selection should reach
  const parts = clamp(Math.round(Math.min(budget, totalWords) / 40), 1, 5);
  const partOf: number[] = [];
  let seen = 0;
  for (const s of sents) {
    partOf.push(Math.min(parts - 1, Math.floor((seen / Math.max(1, totalWords)) * parts)));
    seen += s.words;
  }

  // greedy selection under the budget
  const chosen: number[] = [];
  const covered = new Set<string>();
  const partTaken = new Array<boolean>(parts).fill(false);
  const red = new Array<number>(n).fill(0);
  const lengthFactor = (s: SentenceInfo) => Math.pow(Math.max(10, s.words) / 20, p.lengthExponent);
  const maxPicks = count ?? MAX_PICKS;
  // headings are candidates only if the text has nothing else
  let pool = sents.map((_, i) => i).filter((i) => !sents[i]!.heading);
  if (pool.length === 0) pool = sents.map((_, i) => i);
  // a long text: only the sentences with the best starting value compete, so the selection stays linear in the text
  const poolSize = Math.max(POOL, 4 * maxPicks);
  if (pool.length > poolSize) {
    const v0 = pool.map(
      (i) => (rel[i]! + quality[i]! * ((p.coverageWeight * addedWeight(sents[i]!, covered)) / maxGain + p.sectionBonus)) / lengthFactor(sents[i]!),
    );
    pool = pool
      .map((i, q) => [i, v0[q]!] as const)
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, poolSize)
      .map(([i]) => i);
  }
  const left = new Set(pool);
  let used = 0;
  // A budget of one or two sentences: the first pick is the most relevant sentence, not the most relevant per word.
  // Per-word value is the right trade when several sentences share the budget; with room for one it picks a short
  // side remark over a long lead (a four-sentence news item summarised by its last line).
  const tinyBudget = count === undefined && budget < (2.5 * totalWords) / n;
  while (chosen.length < maxPicks && left.size > 0 && used < budget) {
    let best = -1;
    let bestVal = -Infinity;
    for (const i of left) {
      const s = sents[i]!;
      // past the budget by more than half the sentence: leave it for a shorter one (unless nothing is chosen yet)
      if (count === undefined && chosen.length > 0 && used + s.words > budget + s.words / 2) continue;
      const gain = addedWeight(s, covered) / maxGain;
      let val = rel[i]! + quality[i]! * (p.coverageWeight * gain + (partTaken[partOf[i]!] ? 0 : p.sectionBonus)) - p.redundancy * red[i]!;
      // near-duplicates only when nothing else is left
      if (red[i]! > 0.6) val -= 10;
      // per word, but a scrap of a sentence is not worth more per word than a ten-word one
      if (!(tinyBudget && chosen.length === 0)) val /= lengthFactor(s);
      if (val > bestVal + 1e-12) {
        bestVal = val;
        best = i;
      }
    }
    if (best < 0) break;
    chosen.push(best);
    left.delete(best);
    used += sents[best]!.words;
    for (const t of sents[best]!.terms) covered.add(t);
    partTaken[partOf[best]!] = true;
    for (const i of left) red[i] = Math.max(red[i]!, pairSim(i, best));
  }
  chosen.sort((a, b) => a - b);
  return {
    summary: render(
      text,
      chosen.map((i) => sents[i]!),
      format,
    ),
    sentences: chosen.map((i) => ({ start: sents[i]!.start, end: sents[i]!.end, score: Number(rel[i]!.toFixed(6)) })),
  };
}

/**
 * Bullets: one sentence a line. Paragraph: the sentences joined, with a paragraph break where the chosen sentences
 * come from different paragraphs of a multi-paragraph input and the summary is long enough to want one.
 */
function render(text: string, picked: SentenceInfo[], format: SummaryFormat): string {
  if (format === 'bullets') return picked.map((s) => `- ${s.text}`).join('\n');
  // a line without an end mark (a fact-sheet field) gets a period, or the paragraph runs it into the next sentence
  const asText = (s: SentenceInfo) => (s.unfinished && s.line ? `${capitalizeFirst(s.text)}.` : s.text);
  const words = picked.reduce((a, s) => a + s.text.split(/\s+/).length, 0);
  const paras = words >= 120 ? splitParagraphs(text) : [];
  if (paras.length < 2) return picked.map(asText).join(' ');
  // group consecutive sentences into at most three paragraphs, breaking where the source paragraph changes
  const paraOf = (s: Span) => {
    let lo = 0;
    let hi = paras.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (paras[mid]!.start <= s.start) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const groups: SentenceInfo[][] = [];
  const maxGroups = Math.min(3, Math.ceil(words / 80));
  let lastPara = -1;
  for (const s of picked) {
    const para = paraOf(s);
    const g = groups[groups.length - 1];
    const gWords = g ? g.reduce((a, x) => a + x.text.split(/\s+/).length, 0) : 0;
    if (!g || (para !== lastPara && groups.length < maxGroups && gWords >= 40)) groups.push([s]);
    else g.push(s);
    lastPara = para;
  }
  return groups.map((g) => g.map(asText).join(' ')).join('\n\n');
}
