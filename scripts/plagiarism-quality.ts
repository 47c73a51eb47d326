/**
 * Quick quality + latency measurement of the plagiarism engine (not the 100k benchmark).
 *
 *   npx tsx scripts/plagiarism-quality.ts [--docs 2000] [--trials 300] [--seed 7]
 *
 * - Index ~2,000 ~500-word chunks of ../shared/datasets/reference (books, speeches, Factbook) in the
 *   InMemoryFingerprintStore. A set of held-out books is never indexed: it supplies "host" text.
 * - Plant a copied passage of 40–60 words (from an indexed chunk) into ~1,000 words of host text:
 *   exact, and with every 8th word replaced. Recall = the right source is reported with a passage
 *   covering >= 50 % of the planted words.
 * - False matches = share of unrelated texts (held-out book text, and modern human text from
 *   ../shared/datasets/detection/l2r_data when present) that get any source reported.
 * - Latency of checkText for a 1,000-word document (p50 / p95).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  InMemoryFingerprintStore,
  addToStore,
  checkText,
  guaranteeThreshold,
  DEFAULT_PARAMS,
  tokenize,
  type PlagiarismParams,
} from '../src/engines/plagiarism/index';

const args = process.argv.slice(2);
const arg = (name: string, def: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const N_DOCS = arg('docs', 2000);
const TRIALS = arg('trials', 300);
const SEED = arg('seed', 7);
const MIN_WORDS = arg('min-words', DEFAULT_PARAMS.minPassageWords);
const params: Partial<PlagiarismParams> = { minPassageWords: MIN_WORDS, lookupAllKgrams: !args.includes('--winnowed-query') };

const REF = join(process.cwd(), '..', 'shared', 'datasets', 'reference');
const REF2 = '/work/shared/datasets/reference';
const refDir = existsSync(REF) ? REF : REF2;
const detDir = join(refDir, '..', 'detection', 'l2r_data');

function mulberry32(a: number) {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = mulberry32(SEED);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];

interface Doc {
  id: string;
  title: string;
  reference: string;
  text: string;
  group: string;
}

function readIndex(folder: string): Array<{ id: string; file: string; title: string; source_url_or_ref: string; pg_ebook?: number }> {
  const p = join(refDir, folder, 'index.jsonl');
  if (!existsSync(p)) return [];
  return readFileSync(p, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/** Split into ~500-word chunks on paragraph (else sentence) boundaries; chunks are exact substrings. */
function chunk(text: string, target = 500): string[] {
  const paras = text.split(/\n\s*\n/);
  const out: string[] = [];
  let cur: string[] = [];
  let words = 0;
  const push = () => {
    if (cur.length) out.push(cur.join('\n\n'));
    cur = [];
    words = 0;
  };
  for (const para of paras) {
    const w = para.split(/\s+/).filter(Boolean).length;
    if (w > target * 1.5) {
      // split a long paragraph on sentence ends
      const sents = para.match(/[^.!?]+[.!?]+["')\]]*\s*|[^.!?]+$/g) ?? [para];
      for (const s of sents) {
        cur.push(s.trim());
        words += s.split(/\s+/).filter(Boolean).length;
        if (words >= target) push();
      }
      continue;
    }
    cur.push(para);
    words += w;
    if (words >= target) push();
  }
  if (words > 100) push();
  return out;
}

// ---------- load corpus ----------
const t0 = performance.now();
const books = readIndex('public_domain_books');
const bookIds = [...new Set(books.map((b) => b.pg_ebook))].sort((a, b) => (a ?? 0) - (b ?? 0));
// hold out ~1 in 6 books entirely for host / unrelated text
const heldOut = new Set(bookIds.filter((_, i) => i % 6 === 3));
const allChunks: Doc[] = [];
const hostChunks: string[] = [];
for (const folder of ['public_domain_books', 'us_presidential_speeches', 'cia_world_factbook']) {
  for (const e of readIndex(folder)) {
    const text = readFileSync(join(refDir, e.file), 'utf8');
    const parts = chunk(text);
    if (folder === 'public_domain_books' && heldOut.has(e.pg_ebook)) {
      hostChunks.push(...parts);
      continue;
    }
    parts.forEach((c, i) => allChunks.push({ id: `${e.id}#${i}`, title: e.title, reference: e.source_url_or_ref, text: c, group: folder }));
  }
}
// deterministic sample of N_DOCS chunks
const idx = allChunks.map((_, i) => i);
for (let i = idx.length - 1; i > 0; i--) {
  const j = Math.floor(rnd() * (i + 1));
  [idx[i], idx[j]] = [idx[j], idx[i]];
}
const docs = idx.slice(0, N_DOCS).map((i) => allChunks[i]);
const byId = new Map(docs.map((d) => [d.id, d]));
const tLoad = performance.now() - t0;

// ---------- index ----------
const store = new InMemoryFingerprintStore();
const t1 = performance.now();
let words = 0;
for (const d of docs) words += (await addToStore(store, d.id, d.text, params)).tokenCount;
const tIndex = performance.now() - t1;
const loadSource = async (id: string) => {
  const d = byId.get(id);
  return d ? { text: d.text, title: d.title, reference: d.reference } : null;
};

// ---------- helpers ----------
/** ~n words of host text (exact substring cut at word boundaries) from consecutive held-out chunks */
function hostText(n: number): string {
  const start = Math.floor(rnd() * hostChunks.length);
  let s = '';
  for (let i = 0; tokenize(s).tokens.length < n && i < hostChunks.length; i++) s += (s ? '\n\n' : '') + hostChunks[(start + i) % hostChunks.length];
  const t = tokenize(s);
  return t.tokens.length > n ? s.slice(0, t.ends[n - 1]) : s;
}

const wordRe = /\S+/g;
function spaceWords(text: string): Array<{ w: string; start: number; end: number }> {
  const out: Array<{ w: string; start: number; end: number }> = [];
  for (const m of text.matchAll(wordRe)) out.push({ w: m[0], start: m.index!, end: m.index! + m[0].length });
  return out;
}

const vocabulary = [
  ...new Set(
    hostChunks
      .slice(0, 50)
      .join(' ')
      .toLowerCase()
      .match(/[a-z]{3,}/g) ?? [],
  ),
];

interface Plant {
  text: string;
  docId: string;
  start: number;
  end: number;
}
function plant(len: number, edited: boolean): Plant {
  // a source chunk long enough
  let d: Doc;
  let sw: ReturnType<typeof spaceWords>;
  do {
    d = pick(docs);
    sw = spaceWords(d.text);
  } while (sw.length < len + 10);
  const a = Math.floor(rnd() * (sw.length - len));
  let piece: string[] = sw.slice(a, a + len).map((x) => x.w);
  if (edited) {
    piece = piece.map((w, i) => {
      if ((i + 1) % 8 !== 0) return w;
      let r: string;
      do r = pick(vocabulary);
      while (r === w.toLowerCase());
      return r;
    });
  }
  const passage = piece.join(' ');
  const host = hostText(1000 - len);
  const hw = spaceWords(host);
  const at = hw.length ? hw[Math.floor(rnd() * hw.length)].start : 0;
  const text = host.slice(0, at) + passage + ' ' + host.slice(at);
  return { text, docId: d.id, start: at, end: at + passage.length };
}

const pct = (xs: number[], p: number) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};

async function recall(edited: boolean, trials: number, lenMin: number, lenMax: number) {
  let found = 0;
  let extraPassages = 0;
  let coverSum = 0;
  const lat: number[] = [];
  for (let t = 0; t < trials; t++) {
    const len = lenMin + Math.floor(rnd() * (lenMax - lenMin + 1));
    const pl = plant(len, edited);
    const s0 = performance.now();
    const rep = await checkText(store, pl.text, loadSource, params);
    lat.push(performance.now() - s0);
    const plantedLen = pl.end - pl.start;
    let best = 0;
    for (const src of rep.sources) {
      for (const ps of src.passages) {
        const ov = Math.max(0, Math.min(ps.submitted.end, pl.end) - Math.max(ps.submitted.start, pl.start));
        if (src.docId === pl.docId) best = Math.max(best, ov / plantedLen);
        if (ov === 0) extraPassages++;
      }
    }
    coverSum += best;
    if (best >= 0.5) found++;
  }
  return { recall: found / trials, meanCover: coverSum / trials, extraPassages, lat };
}

// ---------- run ----------
const exact = await recall(false, TRIALS, 40, 60);
const edited = await recall(true, TRIALS, 40, 60);
const edited40 = await recall(true, Math.floor(TRIALS / 2), 40, 40);

// unrelated: held-out book text (~1,000 words) and modern human text
const unrelated: string[] = [];
for (let i = 0; i < TRIALS; i++) unrelated.push(hostText(1000));
if (existsSync(detDir)) {
  for (const dom of ['NewsArticle', 'AcademicResearch', 'LiteratureCreativeWriting', 'Religious', 'GovernmentPublic', 'LegalDocument', 'ProductReview']) {
    const p = join(detDir, dom, 'human.json');
    if (!existsSync(p)) continue;
    const xs = JSON.parse(readFileSync(p, 'utf8')) as string[];
    unrelated.push(...xs.slice(0, 40));
  }
}
let falseDocs = 0;
let falseWords = 0;
let unrelatedWords = 0;
const falseExamples: string[] = [];
for (const u of unrelated) {
  const rep = await checkText(store, u, loadSource, params);
  unrelatedWords += rep.wordCount;
  if (rep.sources.length > 0) {
    falseDocs++;
    falseWords += Math.round((rep.similarity * rep.wordCount) / 100);
    const ps = rep.sources[0].passages[0];
    if (ps && falseExamples.length < 5)
      falseExamples.push(`${rep.sources[0].docId}: "${u.slice(ps.submitted.start, ps.submitted.end).replace(/\s+/g, ' ').slice(0, 160)}"`);
  }
}

// latency on 1,000-word unrelated + planted documents
const lat = [...exact.lat, ...edited.lat];

const r3 = (x: number) => x.toFixed(3);
console.log(
  `corpus: ${docs.length} indexed chunks (${words} words, ${store.postingCount()} fingerprints, ${(store.postingCount() / words).toFixed(3)}/word); host chunks ${hostChunks.length}; load ${(tLoad / 1000).toFixed(1)} s, index ${(tIndex / 1000).toFixed(1)} s (${Math.round(docs.length / (tIndex / 1000))} docs/s)`,
);
console.log(
  `params: k=${DEFAULT_PARAMS.k} w=${DEFAULT_PARAMS.w} t=${guaranteeThreshold()} minPassageWords=${MIN_WORDS} lookupAllKgrams=${params.lookupAllKgrams} gapRun=${DEFAULT_PARAMS.gapRun} perms=${DEFAULT_PARAMS.permutations} bands=${DEFAULT_PARAMS.bands}`,
);
console.log(`recall exact (40–60 words):              ${r3(exact.recall)}  mean coverage ${r3(exact.meanCover)}  extra passages ${exact.extraPassages}`);
console.log(`recall edited, every 8th word (40–60):   ${r3(edited.recall)}  mean coverage ${r3(edited.meanCover)}  extra passages ${edited.extraPassages}`);
console.log(`recall edited, every 8th word (40):      ${r3(edited40.recall)}  mean coverage ${r3(edited40.meanCover)}`);
console.log(
  `false matches on unrelated texts:         ${falseDocs}/${unrelated.length} = ${r3(falseDocs / unrelated.length)} (words ${falseWords}/${unrelatedWords})`,
);
for (const e of falseExamples) console.log(`  e.g. ${e}`);
console.log(`latency checkText, 1,000-word doc:        p50 ${pct(lat, 0.5).toFixed(1)} ms, p95 ${pct(lat, 0.95).toFixed(1)} ms (in-memory store)`);
