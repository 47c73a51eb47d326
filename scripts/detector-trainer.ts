/**
 * Training machinery for the detector, shared by scripts/train-detector.ts and scripts/eval-detector.ts.
 * Deterministic: no randomness except hash-based group splits with a fixed seed.
 */
import {
  AI_LEX_INDEX,
  CURATED_AI_PHRASES,
  FUNCTION_WORDS,
  HUMAN_LEX_INDEX,
  N_DENSE,
  extract,
  fnv1a,
  lexiconDense,
  normalise,
  splitSentences,
  tokenize,
  wordNgrams,
  type Features,
  type Lexicon,
  type SparseMode,
} from '../src/engines/detector/features';
import {
  LinearModel,
  Z_CLIP,
  combineSentenceScore,
  encodeSparse,
  sigmoid,
  withMargin,
  type LinearModelJson,
  type Thresholds,
  type WeightsJson,
} from '../src/engines/detector/model';
import { PATTERN_IDS, patternPush, type PatternBaseline } from '../src/engines/detector/patterns';
import { SOURCES, type Sample, wordCount } from './detector-data';
import { isEvalOnly } from './ai2026/corpus';

/**
 * Genre families (HYPER.genreMatch): the assistant corpus's genres grouped with the human corpora's genres they
 * resemble, so that its AI texts can be weighted like the human texts of the same family. A genre not listed forms a
 * family of its own, with no human weight, so its documents get no weight at all: a new genre must be listed.
 */
const GENRE_FAMILY: Record<string, string> = {
  'student-essay': 'essay',
  'argumentative-essay': 'essay',
  'expository-essay': 'essay',
  'history-paper': 'essay',
  'literature-analysis': 'essay',
  'college-application-essay': 'essay',
  'reflective-journal': 'essay',
  'lab-report': 'essay',
  'discussion-post': 'essay',
  'book-review': 'essay',
  'reading-response': 'essay',
  'film-review': 'essay',
  'book-report': 'essay',
  'peer-feedback': 'essay',
  'news-article': 'news',
  'entertainment-article': 'news',
  'finance-article': 'news',
  'environment-article': 'news',
  'sports-article': 'news',
  'culture-article': 'news',
  'opinion-editorial': 'news',
  newsletter: 'news',
  'letter-to-the-editor': 'news',
  'encyclopedia-entry': 'reference',
  'country-profile': 'reference',
  'technical-explanation': 'reference',
  'science-explainer': 'reference',
  'education-material': 'reference',
  'medical-text': 'reference',
  'research-abstract': 'reference',
  'faq-page': 'reference',
  'study-guide': 'reference',
  'literature-review': 'reference',
  biography: 'reference',
  'user-manual': 'reference',
  book: 'literary',
  'religious-text': 'literary',
  poem: 'literary',
  'business-writing': 'business',
  'government-text': 'business',
  'cover-letter': 'business',
  'professional-email': 'business',
  'recommendation-letter': 'business',
  'complaint-letter': 'business',
  'customer-support-reply': 'business',
  'job-posting': 'business',
  'product-description': 'business',
  'landing-page-copy': 'business',
  'resume-summary': 'business',
  'meeting-notes': 'business',
  'grant-proposal': 'business',
  'case-study': 'business',
  'thank-you-note': 'business',
  'policy-brief': 'business',
  'marketing-email': 'business',
  'ad-copy': 'business',
  'app-store-description': 'business',
  'report-card-comments': 'business',
  'incident-report': 'business',
  'real-estate-listing': 'business',
  'mixed-web': 'web',
  'blog-post': 'web',
  'seo-article': 'web',
  'travel-guide': 'web',
  'forum-answer': 'web',
  'social-post': 'web',
  'podcast-script': 'web',
  'video-script': 'web',
  'linkedin-post': 'web',
};
export const genreFamily = (g: string | undefined) => GENRE_FAMILY[g ?? ''] ?? `other:${g ?? ''}`;

/**
 * Contrast groups for the lexicon and the sign-consistency filter: each of the four public corpora (its AI texts
 * against its human texts), plus the project's assistant corpus against the human texts in training (that corpus
 * has no human side of its own). Since 2.1.0 that contrast is made within each genre family ('modern:essay':
 * the assistant's essays against human essays, …), so a word or a feature that only says "this is an essay" cannot
 * pass as an AI signal; before, it was one group, 'modern', against every human text (DET_FAMILY_GROUPS=0).
 */
const FAMILY_GROUPS = process.env.DET_FAMILY_GROUPS !== '0';
/** in first-seen order of GENRE_FAMILY: essay, news, reference, literary, business, web */
const FAMILIES = [...new Set(Object.values(GENRE_FAMILY))];
export const CONTRAST_GROUPS: readonly string[] = [...SOURCES, ...(FAMILY_GROUPS ? FAMILIES.map((f) => `modern:${f}`) : ['modern'])];
const MODERN = SOURCES.length;

/** The contrast groups a sample counts in (see CONTRAST_GROUPS). */
export function contrastGroups(s: Sample): number[] {
  const g: number[] = [];
  const own = SOURCES.indexOf(s.source);
  if (own >= 0) g.push(own);
  if (s.source === 'ai2026' || s.label === 0) {
    if (!FAMILY_GROUPS) g.push(MODERN);
    else {
      const f = FAMILIES.indexOf(genreFamily(s.genre));
      if (f >= 0) g.push(MODERN + f);
    }
  }
  return g;
}
import type { CharLmTables } from '../src/engines/detector/charlm';

/** hashed n-gram buckets; DET_BUCKETS_LOG2 exists for experiments only (the shipped model's value is in its weights) */
export const BUCKETS = 1 << Number(process.env.DET_BUCKETS_LOG2 ?? 16);
export const MIN_WORDS = 50;
const EMPTY_LEX: Lexicon = { ai: new Map(), human: new Map() };

export interface Doc {
  sample: Sample;
  norm: string;
  words: number;
  /** features with the lexicon-dependent entries zeroed (filled per fold by applyLexicon) */
  f: Features;
}

/**
 * The words sparse mode 'common' keeps as themselves: content words (not function words, which every mode keeps) in
 * at least HYPER.commonMinDf of the assistant corpus's training documents and in at least HYPER.commonMinGenres of its
 * training genres. Common to most of what the assistant writes, they carry its vocabulary habits more than a topic:
 * "significant", "benefits", "across", "honestly", "stuff" lean AI and "said", "seems", "thing", "another" lean human. Only assistant text of training genres decides the list, never a human text, so a human
 * source left out in the evaluation has no say in it, and no held-out genre does either.
 */
export function deriveCommonWords(samples: readonly Sample[]): string[] {
  const docs = samples.filter((s) => s.source === 'ai2026' && !isEvalOnly(s));
  const df = new Map<string, number>();
  const genres = new Map<string, Set<string>>();
  for (const s of docs) {
    const g = s.genre ?? '';
    for (const w of new Set(tokenize(normalise(s.text).toLowerCase()))) {
      if (!/^\p{L}+$/u.test(w) || FUNCTION_WORDS.has(w)) continue;
      df.set(w, (df.get(w) ?? 0) + 1);
      let seen = genres.get(w);
      if (!seen) genres.set(w, (seen = new Set()));
      seen.add(g);
    }
  }
  const nGenres = new Set(docs.map((s) => s.genre ?? '')).size;
  return [...df.keys()].filter((w) => df.get(w)! / docs.length >= HYPER.commonMinDf && genres.get(w)!.size / nGenres >= HYPER.commonMinGenres).sort();
}

let commonWords: ReadonlySet<string> = new Set();

/** Set the words sparse mode 'common' keeps (deriveCommonWords) before featurising; the weights carry them. */
export function useCommonWords(words: readonly string[]): void {
  commonWords = new Set(words);
}

/** The n-gram options of every extract() call of the trainer. */
const sparseOpts = () => ({ sparse: HYPER.sparseMode, commonWords });

export function featurizeDocs(samples: Sample[], log = false, lm: CharLmTables | null = null): Doc[] {
  if (HYPER.sparseMode === 'common' && commonWords.size === 0) throw new Error('sparse mode common: call useCommonWords() before featurising');
  const out: Doc[] = [];
  const t0 = Date.now();
  samples.forEach((s, i) => {
    const norm = normalise(s.text);
    const f = extract(norm, { buckets: BUCKETS, lexicon: EMPTY_LEX, zlib: true, lm, ...sparseOpts() });
    out.push({ sample: s, norm, words: f.words, f });
    if (log && i % 5000 === 4999) console.error(`  featurised ${i + 1}/${samples.length} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  });
  return out;
}

/** Fill the lexicon-dependent dense features in place. */
export function applyLexicon(docs: Doc[], lex: Lexicon): void {
  for (const d of docs) {
    const [a, h] = lexiconDense(d.norm, lex);
    d.f.dense[AI_LEX_INDEX] = a;
    d.f.dense[HUMAN_LEX_INDEX] = h;
  }
}

// ---------------------------------------------------------------------------
// Lexicon derivation by per-source log-odds
// ---------------------------------------------------------------------------

export interface LexiconResult {
  lexicon: Lexicon;
  ai: [string, number][];
  human: [string, number][];
}

/**
 * Topic-paired corpora: their AI texts answer the same prompts as their human texts (OUTFOX's essay prompts,
 * fast_detect_gpt's continuations of the human texts' openings), so a word that leans AI there is style, not topic.
 */
const TOPIC_PAIRED: readonly string[] = ['outfox', 'fast_detect_gpt'];

export function deriveLexicon(docs: Doc[], opts: { nAi?: number; nHuman?: number } = {}): LexiconResult {
  const nAi = opts.nAi ?? 200;
  const nHuman = opts.nHuman ?? 150;
  const NB = 1 << 21;
  const S = CONTRAST_GROUPS.length;
  const slots = S * 2;
  const counts = new Uint16Array(NB * slots);
  const N = new Float64Array(slots);
  const grams: Set<string>[] = [];
  const slotsOf = docs.map((d) => contrastGroups(d.sample).map((g) => g * 2 + d.sample.label));
  docs.forEach((d, i) => {
    for (const slot of slotsOf[i]) N[slot]++;
    const g = wordNgrams(d.norm, 3);
    grams.push(g);
    for (const x of g) {
      const b = (fnv1a(x) % NB) * slots;
      for (const slot of slotsOf[i]) if (counts[b + slot] < 65535) counts[b + slot]++;
    }
  });
  const present = CONTRAST_GROUPS.map((_, s) => N[s * 2] > 0 && N[s * 2 + 1] > 0);
  // the assistant corpus's family groups count together as one corpus in the mean and in the support count (each
  // family still bounds min/max), so its words need support from another corpus, as they did with one 'modern' group
  const stats = (b: number) => {
    let sum = 0;
    let min = Infinity;
    let max = -Infinity;
    let k = 0;
    let dfAi = 0;
    let dfHu = 0;
    let srcAi = 0;
    let srcHu = 0;
    let mSum = 0;
    let mK = 0;
    let mAi = false;
    let mHu = false;
    let paired = 0;
    for (let s = 0; s < S; s++) {
      if (!present[s]) continue;
      const h = counts[b * slots + s * 2];
      const a = counts[b * slots + s * 2 + 1];
      dfAi += a;
      dfHu += h;
      const pa = (a + 0.5) / (N[s * 2 + 1] + 1);
      const ph = (h + 0.5) / (N[s * 2] + 1);
      const lor = Math.log(pa / (1 - pa)) - Math.log(ph / (1 - ph));
      min = Math.min(min, lor);
      max = Math.max(max, lor);
      if (a >= 5 && lor >= 0.3 && TOPIC_PAIRED.includes(CONTRAST_GROUPS[s])) paired++;
      if (FAMILY_GROUPS && s >= MODERN) {
        mSum += lor;
        mK++;
        mAi ||= a >= 5;
        mHu ||= h >= 5;
        continue;
      }
      if (a >= 5) srcAi++;
      if (h >= 5) srcHu++;
      sum += lor;
      k++;
    }
    if (mK) {
      sum += mSum / mK;
      k++;
      if (mAi) srcAi++;
      if (mHu) srcHu++;
    }
    return { mean: k ? sum / k : 0, min, max, dfAi, dfHu, srcAi, srcHu, paired };
  };
  const curated = new Set(CURATED_AI_PHRASES);
  const nSrc = FAMILY_GROUPS
    ? present.filter((p, i) => p && i < MODERN).length + (present.some((p, i) => p && i >= MODERN) ? 1 : 0)
    : present.filter(Boolean).length;
  const need = Math.min(2, nSrc);
  // since 2.3.0 a derived AI phrase must also lean AI in every topic-paired corpus in training (HYPER.lexPaired)
  const nPaired = HYPER.lexPaired ? CONTRAST_GROUPS.filter((g, i) => present[i] && TOPIC_PAIRED.includes(g)).length : 0;
  // pass 1 (hashed, may collide): buckets that could pass; pass 2: exact counts for their strings
  const passAi = (st: ReturnType<typeof stats>, cur: boolean) =>
    cur ? st.dfAi >= 5 && st.mean >= 0.3 && st.min >= -0.3 : st.dfAi >= 30 && st.srcAi >= need && st.mean >= 1.0 && st.min >= -0.3 && st.paired >= nPaired;
  const passHu = (st: ReturnType<typeof stats>) => st.dfHu >= 30 && st.srcHu >= need && st.mean <= -1.0 && st.max <= 0.3;
  const bucketOk = new Uint8Array(NB);
  for (let b = 0; b < NB; b++) {
    let tot = 0;
    for (let s = 0; s < slots; s++) tot += counts[b * slots + s];
    if (tot < 5) continue;
    const st = stats(b);
    if (st.dfAi >= 5 && st.mean >= 0.3) bucketOk[b] = 1;
    else if (passHu(st)) bucketOk[b] = 1;
  }
  const exact = new Map<string, Uint16Array>();
  docs.forEach((_, i) => {
    for (const x of grams[i]) {
      if (!bucketOk[fnv1a(x) % NB]) continue;
      let c = exact.get(x);
      if (!c) exact.set(x, (c = new Uint16Array(slots)));
      for (const slot of slotsOf[i]) if (c[slot] < 65535) c[slot]++;
    }
  });
  const aiCand = new Map<string, number>();
  const huCand = new Map<string, number>();
  const tmpB = 0;
  for (const [x, c] of exact) {
    counts.set(c, tmpB * slots);
    const st = stats(tmpB);
    if (passAi(st, curated.has(x))) aiCand.set(x, st.mean);
    else if (passHu(st)) huCand.set(x, -st.mean);
  }
  const rank = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, n)
      .map(([k, v]) => [k, Number(v.toFixed(3))] as [string, number]);
  const ai = rank(aiCand, nAi);
  const human = rank(huCand, nHuman);
  return { lexicon: { ai: new Map(ai), human: new Map(human) }, ai, human };
}

// ---------------------------------------------------------------------------
// Logistic regression with L-BFGS
// ---------------------------------------------------------------------------

export interface TrainOptions {
  lambdaDense: number;
  lambdaSparse: number;
  maxIter: number;
  useSparse?: boolean;
  /** dense columns with mask 0 are excluded (weight fixed at 0) */
  mask?: Uint8Array;
}

export interface RawLinear {
  mean: Float64Array;
  std: Float64Array;
  wDense: Float64Array;
  wSparse: Float64Array;
  bias: number;
}

function lbfgs(fg: (w: Float64Array, g: Float64Array) => number, w: Float64Array, maxIter: number, m = 10): Float64Array {
  const n = w.length;
  const g = new Float64Array(n);
  let f = fg(w, g);
  const S: Float64Array[] = [];
  const Y: Float64Array[] = [];
  const RHO: number[] = [];
  const d = new Float64Array(n);
  const wNew = new Float64Array(n);
  const gNew = new Float64Array(n);
  const dot = (a: Float64Array, b: Float64Array) => {
    let s = 0;
    for (let i = 0; i < n; i++) s += a[i] * b[i];
    return s;
  };
  for (let it = 0; it < maxIter; it++) {
    // two-loop recursion
    for (let i = 0; i < n; i++) d[i] = -g[i];
    const alpha: number[] = [];
    for (let k = S.length - 1; k >= 0; k--) {
      const a = RHO[k] * dot(S[k], d);
      alpha[k] = a;
      const y = Y[k];
      for (let i = 0; i < n; i++) d[i] -= a * y[i];
    }
    if (S.length > 0) {
      const k = S.length - 1;
      const gamma = dot(S[k], Y[k]) / dot(Y[k], Y[k]);
      for (let i = 0; i < n; i++) d[i] *= gamma;
    } else {
      const gn = Math.sqrt(dot(g, g));
      for (let i = 0; i < n; i++) d[i] /= Math.max(1, gn);
    }
    for (let k = 0; k < S.length; k++) {
      const b = RHO[k] * dot(Y[k], d);
      const s = S[k];
      for (let i = 0; i < n; i++) d[i] += s[i] * (alpha[k] - b);
    }
    let gd = dot(g, d);
    if (gd >= 0) {
      for (let i = 0; i < n; i++) d[i] = -g[i];
      gd = dot(g, d);
      S.length = 0;
      Y.length = 0;
      RHO.length = 0;
    }
    let step = 1;
    let fNew = 0;
    let ok = false;
    for (let ls = 0; ls < 30; ls++) {
      for (let i = 0; i < n; i++) wNew[i] = w[i] + step * d[i];
      fNew = fg(wNew, gNew);
      if (fNew <= f + 1e-4 * step * gd) {
        ok = true;
        break;
      }
      step *= 0.5;
    }
    if (!ok) break;
    const s = new Float64Array(n);
    const y = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      s[i] = wNew[i] - w[i];
      y[i] = gNew[i] - g[i];
    }
    const sy = dot(s, y);
    if (sy > 1e-12) {
      S.push(s);
      Y.push(y);
      RHO.push(1 / sy);
      if (S.length > m) {
        S.shift();
        Y.shift();
        RHO.shift();
      }
    }
    w.set(wNew);
    g.set(gNew);
    const rel = (f - fNew) / Math.max(1, Math.abs(f));
    f = fNew;
    if (rel < 1e-7) break;
  }
  return w;
}

/**
 * Base (non-instruction-tuned) LMs sampled as plain continuations: GPT-2, GPT-Neo, GPT-J, GPT-NeoX, OPT.
 * Their stylometry runs opposite to chat assistants (repetitive, low type-token ratio), and chat assistants are
 * what users paste. They are down-weighted (not removed) in training.
 */
export function isBaseModel(generator: string): boolean {
  return /^(gpt2|gpt-?neo|gpt-?j|gptneo|gptj|gpt-neox|opt)/i.test(generator);
}

/** The public corpora's texts written by chat assistants themselves (see HYPER.oldAi). */
export function isChatAssistant(s: Sample): boolean {
  return (
    (s.source === 'outfox' && s.generator === 'chatgpt' && s.attack === 'none') || (s.source === 'fast_detect_gpt' && /^gpt-(3\.5-turbo|4)$/.test(s.generator))
  );
}

/** Per-(source, label) balancing weights: each present cell gets the same total weight. */
export function balancedWeights(
  samples: Sample[],
  byGenerator = HYPER.balanceGenerators,
  baseWeight = HYPER.baseModelWeight,
  voiceWeights: Record<string, number> = HYPER.voiceWeights,
): Float64Array {
  // each (source, label) cell gets the same total weight; with byGenerator, the AI share of a source is further
  // split equally between its generators (so e.g. five GPT-2-era models cannot outvote GPT-3.5/GPT-4)
  const cell = (s: Sample) => `${s.source}|${s.label}`;
  const sub = (s: Sample) => (byGenerator && s.label === 1 ? s.generator : '');
  const cnt = new Map<string, number>();
  const gens = new Map<string, Set<string>>();
  for (const s of samples) {
    const k = cell(s) + '|' + sub(s);
    cnt.set(k, (cnt.get(k) ?? 0) + 1);
    if (!gens.has(cell(s))) gens.set(cell(s), new Set());
    gens.get(cell(s))!.add(sub(s));
  }
  const w = new Float64Array(samples.length);
  samples.forEach((s, i) => {
    w[i] = 1 / cnt.get(cell(s) + '|' + sub(s))! / gens.get(cell(s))!.size;
    if (s.label === 1 && isBaseModel(s.generator)) w[i] *= baseWeight;
    if (s.source === 'ai2026') w[i] *= HYPER.modernWeight * (voiceWeights[s.voice ?? ''] ?? 1);
    else if (s.label === 1) w[i] *= HYPER.oldAiWeight;
  });
  if (HYPER.genreMatch && samples.some((s) => s.label === 0)) {
    // the assistant corpus's AI weight is shared out over genre families as the human weight is, so a family
    // written only by the assistant (e.g. essays when no human essays are in training) cannot teach genre = AI
    const human = new Map<string, number>();
    let humanSum = 0;
    const modern = new Map<string, number>();
    let modernSum = 0;
    samples.forEach((s, i) => {
      const f = genreFamily(s.genre);
      if (s.label === 0) {
        human.set(f, (human.get(f) ?? 0) + w[i]);
        humanSum += w[i];
      } else if (s.source === 'ai2026') {
        modern.set(f, (modern.get(f) ?? 0) + w[i]);
        modernSum += w[i];
      }
    });
    samples.forEach((s, i) => {
      if (s.source !== 'ai2026' || s.label !== 1) return;
      const f = genreFamily(s.genre);
      w[i] *= (((human.get(f) ?? 0) / humanSum) * modernSum) / modern.get(f)!;
    });
  }
  let sum = 0;
  for (const x of w) sum += x;
  for (let i = 0; i < w.length; i++) w[i] *= samples.length / sum;
  return w;
}

export function trainLinear(feats: Features[], y: ArrayLike<number>, sw: Float64Array, opts: TrainOptions): RawLinear {
  const N = feats.length;
  const D = N_DENSE;
  const mean = new Float64Array(D);
  const std = new Float64Array(D);
  for (const f of feats) for (let j = 0; j < D; j++) mean[j] += f.dense[j];
  for (let j = 0; j < D; j++) mean[j] /= N;
  for (const f of feats) for (let j = 0; j < D; j++) std[j] += (f.dense[j] - mean[j]) ** 2;
  for (let j = 0; j < D; j++) std[j] = Math.sqrt(std[j] / N) || 1;
  const Z = new Float64Array(N * D);
  for (let i = 0; i < N; i++)
    for (let j = 0; j < D; j++) {
      const v = opts.mask && !opts.mask[j] ? 0 : (feats[i].dense[j] - mean[j]) / std[j];
      Z[i * D + j] = v > Z_CLIP ? Z_CLIP : v < -Z_CLIP ? -Z_CLIP : v;
    }
  const useSparse = opts.useSparse !== false;
  const B = useSparse ? BUCKETS : 0;
  const P = 1 + D + B;
  let swSum = 0;
  for (const x of sw) swSum += x;
  const margins = new Float64Array(N);
  const fg = (w: Float64Array, g: Float64Array): number => {
    g.fill(0);
    let loss = 0;
    for (let i = 0; i < N; i++) {
      let s = w[0];
      const zo = i * D;
      for (let j = 0; j < D; j++) s += w[1 + j] * Z[zo + j];
      if (useSparse) {
        const f = feats[i];
        for (let k = 0; k < f.idx.length; k++) s += w[1 + D + f.idx[k]] * f.val[k];
      }
      margins[i] = s;
      const yi = y[i];
      // logloss with label yi in {0,1}
      const ls = s >= 0 ? Math.log1p(Math.exp(-s)) + (1 - yi) * s : Math.log1p(Math.exp(s)) - yi * s;
      loss += sw[i] * ls;
      const r = (sw[i] * (sigmoid(s) - yi)) / swSum;
      g[0] += r;
      for (let j = 0; j < D; j++) g[1 + j] += r * Z[zo + j];
      if (useSparse) {
        const f = feats[i];
        for (let k = 0; k < f.idx.length; k++) g[1 + D + f.idx[k]] += r * f.val[k];
      }
    }
    loss /= swSum;
    for (let j = 0; j < D; j++) {
      loss += 0.5 * opts.lambdaDense * w[1 + j] ** 2;
      g[1 + j] += opts.lambdaDense * w[1 + j];
    }
    for (let j = 0; j < B; j++) {
      loss += 0.5 * opts.lambdaSparse * w[1 + D + j] ** 2;
      g[1 + D + j] += opts.lambdaSparse * w[1 + D + j];
    }
    return loss;
  };
  const w = lbfgs(fg, new Float64Array(P), opts.maxIter);
  return {
    mean,
    std,
    bias: w[0],
    wDense: w.slice(1, 1 + D),
    wSparse: useSparse ? w.slice(1 + D) : new Float64Array(BUCKETS),
  };
}

/** Platt scaling: fit p = sigmoid(a * logit + b) on held-out logits (weighted Newton). */
export function fitPlatt(logits: number[], y: number[], sw: Float64Array): { a: number; b: number } {
  let a = 1;
  let b = 0;
  const prior = 1e-3;
  for (let it = 0; it < 100; it++) {
    let ga = prior * (a - 1);
    let gb = 0;
    let haa = prior;
    let hab = 0;
    let hbb = 1e-9;
    for (let i = 0; i < logits.length; i++) {
      const p = sigmoid(a * logits[i] + b);
      const r = sw[i] * (p - y[i]);
      const h = sw[i] * p * (1 - p);
      ga += r * logits[i];
      gb += r;
      haa += h * logits[i] * logits[i];
      hab += h * logits[i];
      hbb += h;
    }
    const det = haa * hbb - hab * hab;
    if (Math.abs(det) < 1e-18) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) + Math.abs(db) < 1e-9) break;
  }
  return { a, b };
}

export function toModel(raw: RawLinear, platt: { a: number; b: number }): LinearModel {
  return new LinearModel(raw.mean, raw.std, raw.wDense, Float32Array.from(raw.wSparse), raw.bias, platt);
}

const r6 = (x: number) => Number(x.toPrecision(6));

export function toJson(raw: RawLinear, platt: { a: number; b: number }): LinearModelJson {
  return {
    mean: Array.from(raw.mean, r6),
    std: Array.from(raw.std, r6),
    wDense: Array.from(raw.wDense, r6),
    bias: r6(raw.bias),
    ...encodeSparse(raw.wSparse),
    platt: { a: r6(platt.a), b: r6(platt.b) },
  };
}

/** Round-trip through the serialised form so train/eval score exactly like the shipped runtime. */
export function roundTrip(raw: RawLinear, platt: { a: number; b: number }): LinearModel {
  return LinearModel.fromJson(toJson(raw, platt), BUCKETS);
}

// ---------------------------------------------------------------------------
// Sentence windows
// ---------------------------------------------------------------------------

export interface WindowEx {
  f: Features;
  /** features of the window's centre sentence alone (only with makeWindows(..., withCentre = true)) */
  centre?: Features;
  label: 0 | 1;
  sample: Sample;
}

/** Up to `perDoc` non-overlapping 3-sentence windows per document (deterministic positions). */
export function makeWindows(docs: Doc[], lex: Lexicon, perDoc: number, withCentre = false): WindowEx[] {
  const out: WindowEx[] = [];
  for (const d of docs) {
    const spans = splitSentences(d.norm);
    if (spans.length < 2) continue;
    const nWin = Math.max(1, Math.floor(spans.length / 3));
    const take = Math.min(perDoc, nWin);
    for (let t = 0; t < take; t++) {
      const k = Math.floor((t * nWin) / take) * 3;
      const a = spans[Math.min(k, spans.length - 1)].start;
      const b = spans[Math.min(k + 2, spans.length - 1)].end;
      const text = d.norm.slice(a, b);
      if (wordCount(text) < 8) continue;
      const opts = { buckets: BUCKETS, lexicon: lex, zlib: false, ...sparseOpts() };
      const c = spans[Math.min(k + 1, spans.length - 1)];
      const centre = withCentre ? extract(d.norm.slice(c.start, c.end), opts) : undefined;
      out.push({ f: extract(text, opts), centre, label: d.sample.label, sample: d.sample });
    }
  }
  return out;
}

/**
 * Passages of HYPER.paraChunkSentences sentences (at least 30 words, the runtime's paragraph floor) cut at even
 * places from each text, up to perDoc of them, as texts of their own with their text's label and sample.
 */
export function makeChunks(docs: Doc[], lex: Lexicon, perDoc: number): Doc[] {
  const out: Doc[] = [];
  const n = HYPER.paraChunkSentences;
  const opts = { buckets: BUCKETS, lexicon: lex, zlib: true, lm: null, ...sparseOpts() };
  for (const d of docs) {
    const spans = splitSentences(d.norm);
    const slots = Math.floor(spans.length / n);
    if (slots < 1) continue;
    const take = Math.min(perDoc, slots);
    for (let t = 0; t < take; t++) {
      const k = Math.floor((t * slots) / take) * n;
      const text = d.norm.slice(spans[k].start, spans[Math.min(k + n - 1, spans.length - 1)].end);
      const words = wordCount(text);
      if (words < 30) continue;
      out.push({ sample: d.sample, norm: text, words, f: extract(text, opts) });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// Thresholds
// ---------------------------------------------------------------------------

/**
 * Smallest threshold t such that, on held-out human texts of every source, the share with score >= t is
 * at most `maxFpr` (and pooled at most `pooledFpr`).
 */
export function fprThreshold(scores: number[], samples: Sample[], maxFpr: number, pooledFpr: number): number {
  const bySrc = new Map<string, number[]>();
  const all: number[] = [];
  scores.forEach((s, i) => {
    if (samples[i].label !== 0) return;
    // by genre (HYPER.fprBy 'genre'): the kinds of human writing, not the corpora, must each stay under maxFpr
    const k = HYPER.fprBy === 'genre' ? (samples[i].genre ?? samples[i].source) : samples[i].source;
    if (!bySrc.has(k)) bySrc.set(k, []);
    bySrc.get(k)!.push(s);
    all.push(s);
  });
  // a group too small to hold maxFpr of its texts is judged pooled only
  for (const [k, v] of bySrc) if (v.length * maxFpr < 1) bySrc.delete(k);
  const q = (arr: number[], fpr: number) => {
    const sorted = [...arr].sort((a, b) => b - a);
    const k = Math.floor(fpr * sorted.length);
    // threshold just above the (k+1)-th highest human score: at most k humans at or above it
    return k < sorted.length ? sorted[k] + 1e-6 : 0;
  };
  let t = q(all, pooledFpr);
  for (const arr of bySrc.values()) t = Math.max(t, q(arr, maxFpr));
  return Math.min(t, 0.999);
}

export function quantile(arr: number[], p: number): number {
  if (arr.length === 0) return 0;
  const s = [...arr].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.floor(p * s.length)))];
}

// ---------------------------------------------------------------------------
// Full training pipeline (used for the shipped model and for each eval fold)
// ---------------------------------------------------------------------------

const parseVoiceWeights = (v: string | undefined): Record<string, number> =>
  Object.fromEntries(
    (v ?? '')
      .split(',')
      .filter(Boolean)
      .map((kv) => [kv.split(':')[0], Number(kv.split(':')[1])]),
  );
const envNum = (k: string, d: number) => (process.env[k] !== undefined ? Number(process.env[k]) : d);

/** Hyper-parameters (env overrides exist only for experiments; the shipped model uses the defaults). */
export const HYPER = {
  balanceGenerators: envNum('DET_BALANCE_GEN', 1) === 1,
  useSparse: envNum('DET_SPARSE', 1) === 1,
  /** hashed n-grams in the document model (the sentence-window model keeps them either way) */
  docSparse: envNum('DET_DOC_SPARSE', 1) === 1,
  baseModelWeight: envNum('DET_BASE_WEIGHT', 0),
  /**
   * character-LM features (model/charlm.json). Off since 2.0.0: the LM is built from the reference library, which is
   * now also human training data, and it added at most 0.005 AUROC when it was on.
   */
  charLm: envNum('DET_CHARLM', 0) === 1,
  /**
   * hashed n-grams over word shapes, not the words (ExtractOptions.sparse): topic must not decide authorship. 2.5.0:
   * 'common', the shapes plus the assistant corpus's common words (deriveCommonWords)
   */
  sparseMode: (['words', 'style', 'style2'].includes(process.env.DET_SPARSE_MODE ?? '') ? process.env.DET_SPARSE_MODE : 'common') as SparseMode,
  /** deriveCommonWords: a kept word is in at least this share of the assistant corpus's training documents… */
  commonMinDf: envNum('DET_COMMON_MIN_DF', 0.03),
  /** …and in at least this share of its training genres */
  commonMinGenres: envNum('DET_COMMON_MIN_GENRES', 0.5),
  /** weight of the four public corpora's AI texts (0: trained on the assistant corpus's AI texts only) */
  oldAiWeight: envNum('DET_OLD_AI_WEIGHT', 1),
  /**
   * 'chat': of the public corpora's AI texts, train only on chat assistants' own writing (OUTFOX ChatGPT,
   * fast_detect_gpt GPT-3.5-Turbo and GPT-4), not on l2r's rewrites of human texts nor on completion models
   * (davinci, text-davinci-003, FLAN-T5, SeqXGPT's GPT-3): those sit close to human writing and pull the boundary
   * into it. 'all': every non-base-model AI text.
   */
  oldAi: (process.env.DET_OLD_AI === 'all' ? 'all' : 'chat') as 'all' | 'chat',
  fprBy: (process.env.DET_FPR_BY === 'genre' ? 'genre' : 'source') as 'genre' | 'source',
  /** weight of the assistant corpus's cell relative to each other (source, label) cell: it is what users paste */
  modernWeight: envNum('DET_MODERN_WEIGHT', 5),
  /** per-voice factors on the assistant corpus's training weight, e.g. DET_VOICE_WEIGHTS=polished:0 (experiments only) */
  voiceWeights: parseVoiceWeights(process.env.DET_VOICE_WEIGHTS),
  /**
   * the same for the paragraph model (Trained.para), fitted apart from the document model only where the two differ:
   * the experiment that left the AI edits out of the document model kept them here (model card, "AI edits")
   */
  paraVoiceWeights: parseVoiceWeights(process.env.DET_PARA_VOICE_WEIGHTS),
  /**
   * experiment: fit the paragraph model on passages of HYPER.paraChunkSentences sentences cut from each text (up to
   * HYPER.paraChunksPerDoc of them) instead of on whole texts, since it reads paragraphs (0: off)
   */
  paraChunksPerDoc: envNum('DET_PARA_CHUNKS', 0),
  paraChunkSentences: envNum('DET_PARA_CHUNK_SENTENCES', 4),
  /** the same for the sentence-window model */
  winVoiceWeights: parseVoiceWeights(process.env.DET_WIN_VOICE_WEIGHTS),
  /**
   * share the assistant corpus's weight out over genre families as the human texts' weight is shared (2.1.0): the
   * assistant wrote many essays, letters and explainers that no human text in training matches, and a model that
   * learns "essay = AI" flags human essays of a corpus it has not seen (see the model card)
   */
  genreMatch: envNum('DET_GENRE_MATCH', 1) === 1,
  /** sign-consistency filter also requires agreement on base-LM AI texts (per source) */
  signBase: envNum('DET_SIGN_BASE', 0) === 1,
  /** <0 disables the sign-consistency filter */
  signMargin: envNum('DET_SIGN_MARGIN', 0.02),
  lambdaDense: envNum('DET_LAMBDA_DENSE', 1e-3),
  lambdaSparse: envNum('DET_LAMBDA_SPARSE', 3e-5),
  maxIter: 150,
  winLambdaSparse: 1e-4,
  winPerDoc: 3,
  holdout: 0.2,
  /**
   * hard negatives (2.2.0): the share `hardNegQ` of human training texts that the first fit scores highest weighs
   * `hardNegK` times more in a second fit (1: off). Chosen on the left-out l2r and OUTFOX runs (see the model card)
   */
  hardNegK: envNum('DET_HARDNEG_K', 6),
  hardNegQ: envNum('DET_HARDNEG_Q', 0.1),
  /**
   * topic-paired lexicon (2.3.0): a derived AI phrase must lean AI (in 5+ AI texts, log-odds ≥ 0.3) in each
   * topic-paired corpus in training, not only on average; the assistant corpus has no human side of its own, so its
   * contrast mixes style with topic and era ("remote", "coursework", "insurance")
   */
  lexPaired: envNum('DET_LEX_PAIRED', 1) === 1,
  /** the same for the sentence-window model */
  winHardNeg: envNum('DET_WIN_HARDNEG', 0) === 1,
  /**
   * the 'ai' threshold moves with length (2.4.0; aiThreshold in model.ts): this many log-odds × (√(400 / words) − 1)
   * are added to it, because short human texts reach the top tail far more often than long ones
   */
  lengthSlope: envNum('DET_LENGTH_SLOPE', 1.8),
  aiFpr: 0.01,
  aiPooledFpr: 0.005,
  /**
   * the smallest of the eval's printed margins keeping every left-out human source at or under 1 % (model card, step
   * 6): +2 in 2.5.0, whose l2r fold reached 1.1 % at +1.75
   */
  aiMarginLogit: envNum('DET_AI_MARGIN', 2),
  humanFnr: 0.1,
  sentenceFpr: 0.05,
};

function aurocQuick(pos: number[], neg: number[]): number {
  const all = [...pos.map((s) => [s, 1] as const), ...neg.map((s) => [s, 0] as const)].sort((a, b) => a[0] - b[0]);
  let r = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j < all.length && all[j][0] === all[i][0]) j++;
    for (let k = i; k < j; k++) if (all[k][1] === 1) r += (i + j + 1) / 2;
    i = j;
  }
  return (r - (pos.length * (pos.length + 1)) / 2) / (pos.length * neg.length);
}

/**
 * Invariance filter: keep a dense feature only if its direction (univariate AUROC above / below 0.5, by at least
 * `margin`) agrees on every training source. Returns the mask and the agreed directions.
 */
export function signConsistentMask(docs: Doc[], margin: number): { mask: Uint8Array; dir: Int8Array; auc: number[][] } {
  const mask = new Uint8Array(N_DENSE);
  const dir = new Int8Array(N_DENSE);
  const auc: number[][] = [];
  // groups whose direction must agree: each contrast group's non-base-LM AI texts against its human texts; with
  // HYPER.signBase also a source's base-LM AI texts against its human texts (when it has at least 20 of them)
  const long = docs.filter((d) => d.words >= MIN_WORDS);
  const groups: { pos: Doc[]; neg: Doc[] }[] = [];
  // a family with a handful of texts on one side would veto features on noise
  const minSide = FAMILY_GROUPS ? 30 : 1;
  CONTRAST_GROUPS.forEach((_, g) => {
    const inG = long.filter((d) => contrastGroups(d.sample).includes(g));
    const neg = inG.filter((d) => d.sample.label === 0);
    const pos = inG.filter((d) => d.sample.label === 1 && !isBaseModel(d.sample.generator));
    if (pos.length >= minSide && neg.length >= minSide) groups.push({ pos, neg });
    const base = inG.filter((d) => d.sample.label === 1 && isBaseModel(d.sample.generator));
    if (HYPER.signBase && base.length >= 20 && neg.length) groups.push({ pos: base, neg });
  });
  for (let j = 0; j < N_DENSE; j++) {
    const per = groups.map(({ pos, neg }) =>
      aurocQuick(
        pos.map((d) => d.f.dense[j]),
        neg.map((d) => d.f.dense[j]),
      ),
    );
    auc.push(per);
    const up = per.length > 0 && per.every((a) => a >= 0.5 + margin);
    const down = per.length > 0 && per.every((a) => a <= 0.5 - margin);
    mask[j] = up || down ? 1 : 0;
    dir[j] = up ? 1 : down ? -1 : 0;
  }
  return { mask, dir, auc };
}

/** Sample weights with the share HYPER.hardNegQ of human rows that score highest weighing HYPER.hardNegK times more. */
function hardNegativeWeights(logits: number[], labels: number[], sw: Float64Array): Float64Array {
  const humans = logits.flatMap((z, i) => (labels[i] === 0 ? [{ i, z }] : []));
  humans.sort((a, b) => b.z - a.z || a.i - b.i);
  const out = sw.slice();
  for (let k = 0; k < Math.round(humans.length * HYPER.hardNegQ); k++) out[humans[k].i] *= HYPER.hardNegK;
  return out;
}

export interface Trained {
  lexicon: LexiconResult;
  doc: { raw: RawLinear; platt: { a: number; b: number }; model: LinearModel };
  /** the paragraph model, where it differs from the document model (HYPER.paraVoiceWeights) */
  para: { raw: RawLinear; platt: { a: number; b: number } } | null;
  win: { raw: RawLinear; platt: { a: number; b: number }; model: LinearModel } | null;
  thresholds: Thresholds;
  explain: PatternBaseline;
  stats: Record<string, unknown>;
}

export function trainAll(
  docs: Doc[],
  isHoldout: (s: Sample) => boolean,
  opts: { windows: boolean; winPerDoc?: number; log?: (m: string) => void } = { windows: true },
): Trained {
  const t0 = Date.now();
  const log = (m: string) => (opts.log ?? (() => {}))(`[${((Date.now() - t0) / 1000).toFixed(1)} s] ${m}`);
  // with baseModelWeight 0, base-LM AI texts are excluded from training and calibration altogether
  // mixed documents have no single label: they are only evaluated
  const used = (d: Doc) =>
    d.sample.voice !== 'mixed' &&
    !(HYPER.baseModelWeight === 0 && d.sample.label === 1 && isBaseModel(d.sample.generator)) &&
    !(HYPER.oldAiWeight === 0 && d.sample.label === 1 && d.sample.source !== 'ai2026') &&
    !(HYPER.oldAi === 'chat' && d.sample.label === 1 && d.sample.source !== 'ai2026' && !isChatAssistant(d.sample));
  const train = docs.filter((d) => !isHoldout(d.sample) && used(d));
  const hold = docs.filter((d) => isHoldout(d.sample) && used(d));
  log(`train ${train.length} docs, calibration holdout ${hold.length} docs`);
  if (HYPER.genreMatch) {
    // an unlisted genre is a family with no human weight, so its assistant documents would silently weigh nothing
    const orphans = new Set(train.filter((d) => d.sample.source === 'ai2026' && !GENRE_FAMILY[d.sample.genre ?? '']).map((d) => d.sample.genre));
    if (orphans.size) throw new Error(`Assistant-corpus genres missing from GENRE_FAMILY (they would get no weight): ${[...orphans].join(', ')}`);
  }
  const lex = deriveLexicon(train);
  log(`lexicon: ${lex.ai.length} AI phrases, ${lex.human.length} human phrases`);
  applyLexicon(docs, lex.lexicon);

  let mask: Uint8Array | undefined;
  if (HYPER.signMargin >= 0) {
    const sc = signConsistentMask(train, HYPER.signMargin);
    mask = sc.mask;
    log(`sign-consistent dense features: ${[...mask].filter(Boolean).length}/${N_DENSE}`);
  }
  /** the document model fitted with these per-voice weights on the assistant corpus (HYPER.voiceWeights) */
  const fitDoc = (voiceWeights: Record<string, number>, name: string, data: { train: Doc[]; hold: Doc[] } = { train, hold }) => {
    const { train, hold } = data;
    const sw = balancedWeights(
      train.map((d) => d.sample),
      undefined,
      undefined,
      voiceWeights,
    );
    let raw = trainLinear(
      train.map((d) => d.f),
      train.map((d) => d.sample.label),
      sw,
      { ...HYPER, useSparse: HYPER.useSparse && HYPER.docSparse, mask },
    );
    if (mask) {
      // drop features whose multivariate weight flipped against the agreed direction (collinearity), retrain once
      const sc = signConsistentMask(train, HYPER.signMargin);
      let flipped = 0;
      for (let j = 0; j < N_DENSE; j++)
        if (mask[j] && Math.sign(raw.wDense[j]) !== sc.dir[j]) {
          mask[j] = 0;
          flipped++;
        }
      if (flipped) {
        log(`dropping ${flipped} sign-flipped features and retraining`);
        raw = trainLinear(
          train.map((d) => d.f),
          train.map((d) => d.sample.label),
          sw,
          { ...HYPER, useSparse: HYPER.useSparse && HYPER.docSparse, mask },
        );
      }
    }
    if (HYPER.hardNegK !== 1) {
      // the `ai` band lives in the human texts' top tail, which the average log-loss barely sees: weigh the human
      // training texts the first fit scores highest (formal and expository prose) more, and fit again
      const m = toModel(raw, { a: 1, b: 0 });
      const sw2 = hardNegativeWeights(
        train.map((d) => m.logit(d.f)),
        train.map((d) => d.sample.label),
        sw,
      );
      log(`hard negatives: the top ${HYPER.hardNegQ * 100} % of human texts weigh x${HYPER.hardNegK}`);
      raw = trainLinear(
        train.map((d) => d.f),
        train.map((d) => d.sample.label),
        sw2,
        { ...HYPER, useSparse: HYPER.useSparse && HYPER.docSparse, mask },
      );
    }
    log(`${name} model trained`);
    const model0 = toModel(raw, { a: 1, b: 0 });
    const holdLogits = hold.map((d) => model0.logit(d.f));
    const platt = fitPlatt(
      holdLogits,
      hold.map((d) => d.sample.label),
      balancedWeights(
        hold.map((d) => d.sample),
        undefined,
        undefined,
        voiceWeights,
      ),
    );
    return { raw, platt };
  };
  const { raw, platt } = fitDoc(HYPER.voiceWeights, 'doc');
  const docModel = roundTrip(raw, platt);
  // a text's paragraphs get a model of their own only where its voice weights differ (HYPER.paraVoiceWeights)
  const sameWeights = JSON.stringify(HYPER.paraVoiceWeights) === JSON.stringify(HYPER.voiceWeights);
  const para = HYPER.paraChunksPerDoc
    ? fitDoc(HYPER.paraVoiceWeights, 'paragraph (passages)', {
        train: makeChunks(train, lex.lexicon, HYPER.paraChunksPerDoc),
        hold: makeChunks(hold, lex.lexicon, HYPER.paraChunksPerDoc),
      })
    : sameWeights
      ? null
      : fitDoc(HYPER.paraVoiceWeights, 'paragraph');
  const holdLong = hold.filter((d) => d.words >= MIN_WORDS);
  const holdScores = holdLong.map((d) => docModel.prob(d.f));
  const holdSamples = holdLong.map((d) => d.sample);
  // the 1 % rule is the anchor the margin is added to; the length term (HYPER.lengthSlope) is added to both. Applying
  // it before the rule moved the anchor with the share of short texts in each run's holdout, and the left-out sources'
  // rates with it (OUTFOX with no margin 11.8 % → 23.6 % in the l2r/OUTFOX-left-out runs)
  const aiRule = fprThreshold(holdScores, holdSamples, HYPER.aiFpr, HYPER.aiPooledFpr);
  // domain-shift safety margin in logit space: thresholds calibrated in-domain do not transfer (see model card)
  const ai = Math.min(0.9995, withMargin(aiRule, HYPER.aiMarginLogit));
  const explain = patternBaseline(
    holdLong.filter((d) => d.sample.label === 0),
    docModel,
  );
  // target population for the 'human' band: AI text from instruction-tuned / GPT-3-class models
  const aiScores = holdScores.filter((_, i) => holdSamples[i].label === 1 && !isBaseModel(holdSamples[i].generator));
  const human = Math.max(0.02, Math.min(ai - 0.1, quantile(aiScores, HYPER.humanFnr), 0.5));
  log(`ai threshold by the 1 % FPR rule: ${aiRule.toFixed(4)}; with the +${HYPER.aiMarginLogit} logit margin: ${ai.toFixed(4)}`);
  log(`doc model: platt a=${platt.a.toFixed(3)} b=${platt.b.toFixed(3)}; thresholds ai=${ai.toFixed(4)} human=${human.toFixed(4)}`);

  let win: Trained['win'] = null;
  let sentenceAi = 0.9;
  let sentenceHuman = 0.1;
  if (opts.windows) {
    const wTrain = makeWindows(train, lex.lexicon, opts.winPerDoc ?? HYPER.winPerDoc);
    const wHold = makeWindows(hold, lex.lexicon, opts.winPerDoc ?? HYPER.winPerDoc, true);
    log(`windows: train ${wTrain.length}, holdout ${wHold.length}`);
    const wsw = balancedWeights(
      wTrain.map((w) => w.sample),
      undefined,
      undefined,
      HYPER.winVoiceWeights,
    );
    let wraw = trainLinear(
      wTrain.map((w) => w.f),
      wTrain.map((w) => w.label),
      wsw,
      { ...HYPER, lambdaSparse: HYPER.winLambdaSparse, mask },
    );
    if (HYPER.winHardNeg && HYPER.hardNegK !== 1) {
      const m = toModel(wraw, { a: 1, b: 0 });
      wraw = trainLinear(
        wTrain.map((w) => w.f),
        wTrain.map((w) => w.label),
        hardNegativeWeights(
          wTrain.map((w) => m.logit(w.f)),
          wTrain.map((w) => w.label),
          wsw,
        ),
        { ...HYPER, lambdaSparse: HYPER.winLambdaSparse, mask },
      );
    }
    log('window model trained');
    const w0 = toModel(wraw, { a: 1, b: 0 });
    const wplatt = fitPlatt(
      wHold.map((w) => w0.logit(w.f)),
      wHold.map((w) => w.label),
      balancedWeights(
        wHold.map((w) => w.sample),
        undefined,
        undefined,
        HYPER.winVoiceWeights,
      ),
    );
    const wModel = roundTrip(wraw, wplatt);
    // thresholds on the score the runtime shows: the window and its centre sentence alone, combined
    const ws = wHold.map((w) => combineSentenceScore(wModel.prob(w.f), wModel.prob(w.centre!)));
    sentenceAi = quantile(
      ws.filter((_, i) => wHold[i].label === 0),
      1 - HYPER.sentenceFpr,
    );
    sentenceHuman = quantile(
      ws.filter((_, i) => wHold[i].label === 1 && !isBaseModel(wHold[i].sample.generator)),
      HYPER.sentenceFpr,
    );
    if (sentenceHuman >= sentenceAi) {
      const mid = (sentenceAi + sentenceHuman) / 2;
      sentenceAi = Math.min(0.99, mid + 0.1);
      sentenceHuman = Math.max(0.01, mid - 0.1);
    }
    win = { raw: wraw, platt: wplatt, model: wModel };
    log(`window model: sentenceAi=${sentenceAi.toFixed(4)} sentenceHuman=${sentenceHuman.toFixed(4)}`);
  }
  const thresholds: Thresholds = {
    minWords: MIN_WORDS,
    ai: r6(ai),
    aiLengthSlope: HYPER.lengthSlope,
    human: r6(human),
    sentenceAi: r6(sentenceAi),
    sentenceHuman: r6(sentenceHuman),
    mixedShare: 0.25,
    mixedMinSentences: 6,
  };
  return {
    lexicon: lex,
    doc: { raw, platt, model: docModel },
    para,
    win,
    thresholds,
    explain,
    stats: { trainDocs: train.length, holdoutDocs: hold.length, aiRule },
  };
}

/**
 * What each readable pattern (src/engines/detector/patterns.ts) does to the document model's logit in human writing:
 * its mean and spread over the calibration holdout's human documents, each source weighing the same. The result page
 * names a pattern only when a text is well beyond this.
 */
function patternBaseline(humans: Doc[], model: LinearModel): PatternBaseline {
  const bySource = new Map<string, number>();
  for (const d of humans) bySource.set(d.sample.source, (bySource.get(d.sample.source) ?? 0) + 1);
  const opts = { buckets: BUCKETS, lexicon: EMPTY_LEX, zlib: false, ...sparseOpts(), keys: true };
  const pushes = humans.map((d) => patternPush(extract(d.norm, opts).keys!, model.wSparse).push);
  const wts = humans.map((d) => 1 / bySource.get(d.sample.source)!);
  const total = wts.reduce((a, b) => a + b, 0);
  const humanMean: number[] = [];
  const humanStd: number[] = [];
  PATTERN_IDS.forEach((_, j) => {
    let m = 0;
    pushes.forEach((p, i) => (m += wts[i]! * p[j]!));
    m /= total;
    let v = 0;
    pushes.forEach((p, i) => (v += wts[i]! * (p[j]! - m) ** 2));
    humanMean.push(r6(m));
    humanStd.push(r6(Math.sqrt(v / total)));
  });
  return { patterns: [...PATTERN_IDS], humanMean, humanStd };
}

/** The shipped weights file's content for a trained model (also used in memory by the evaluation). */
export function toWeights(trained: Trained, modelVersion: string, training: Record<string, unknown>): WeightsJson {
  return {
    modelVersion,
    charLm: HYPER.charLm,
    sparseMode: HYPER.sparseMode,
    ...(HYPER.sparseMode === 'common' ? { commonWords: [...commonWords] } : {}),
    buckets: BUCKETS,
    lexicon: { ai: trained.lexicon.ai, human: trained.lexicon.human },
    doc: toJson(trained.doc.raw, trained.doc.platt),
    ...(trained.para ? { para: toJson(trained.para.raw, trained.para.platt) } : {}),
    win: toJson(trained.win!.raw, trained.win!.platt),
    thresholds: trained.thresholds,
    explain: trained.explain,
    training: { hyper: HYPER, ...trained.stats, ...training },
  };
}
