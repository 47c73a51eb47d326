/**
 * `npm run bench:keywords` — keyphrase quality on ../shared/datasets/keywords (read from there, never copied):
 * Inspec (2,000 computer-science abstracts) and 500N-KPCrowd (500 news articles).
 *
 * - F1@5 and F1@10 (macro over documents) of the engine (src/engines/keywords) and of a plain YAKE-style baseline
 *   computed in the same run, after lower-casing and Porter stemming, exact match of whole phrases.
 *   Target: the engine's F1@10 ≥ 1.15 × the baseline's on both data sets.
 * - Hashtag precision: the share of the Instagram hashtags whose words are an Inspec gold keyphrase.
 * - Meta descriptions: the share of extractive descriptions within 120–158 characters (and the pixel limit) that
 *   contain the focus keyphrase (the top gold keyphrase that occurs in the text, else the top extracted one).
 *
 * Split: documents sorted by file name; even positions are the dev split (the engine's weights were tuned on it with
 * BENCH_TUNE=1), odd positions the held-out split the figures are reported on. BENCH_SPLIT=dev|test|all picks one.
 * BENCH_DOCS caps documents per data set (default all). BENCH_PARAMS='{"yakeWeight":0.3}' overrides engine weights.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { analyze, DEFAULT_PARAMS, extractKeyphrases, stemKey, yakeBaseline, type RankParams } from '../src/engines/keywords';
import { generateHashtags } from '../src/engines/hashtags';
import { extractMetaDescription, metaDescriptionChecks } from '../src/engines/meta-description';

const ROOT = resolve(process.env.KEYWORDS_DATA ?? join(import.meta.dirname, '../../shared/datasets/keywords'));
const SPLIT = (process.env.BENCH_SPLIT ?? 'test') as 'dev' | 'test' | 'all';
const MAX_DOCS = Number(process.env.BENCH_DOCS ?? Infinity);
const OVERRIDE: Partial<RankParams> = process.env.BENCH_PARAMS ? JSON.parse(process.env.BENCH_PARAMS) : {};

interface Doc {
  id: string;
  text: string;
  gold: string[];
}

function loadSet(name: string, split: typeof SPLIT): Doc[] {
  const dir = join(ROOT, name);
  const files = readdirSync(join(dir, 'docsutf8'))
    .filter((f) => f.endsWith('.txt'))
    .sort();
  const docs: Doc[] = [];
  files.forEach((f, i) => {
    if (split === 'dev' && i % 2 !== 0) return;
    if (split === 'test' && i % 2 !== 1) return;
    const id = f.slice(0, -4);
    const keyFile = join(dir, 'keys', id + '.key');
    if (!existsSync(keyFile)) return;
    const gold = [
      ...new Set(
        readFileSync(keyFile, 'utf8')
          .split('\n')
          .map((l) => l.replace(/\s+/g, ' ').trim())
          .filter(Boolean),
      ),
    ];
    docs.push({ id, text: readFileSync(join(dir, 'docsutf8', f), 'utf8'), gold });
  });
  return docs.slice(0, MAX_DOCS);
}

/** F1 of the first k distinct stemmed predictions against the stemmed gold set. */
function f1At(pred: string[], gold: Set<string>, k: number): number {
  const seen = new Set<string>();
  for (const p of pred) {
    const key = stemKey(p);
    if (key && !seen.has(key)) seen.add(key);
    if (seen.size === k) break;
  }
  if (!seen.size || !gold.size) return 0;
  let hits = 0;
  for (const s of seen) if (gold.has(s)) hits++;
  const p = hits / seen.size;
  const r = hits / gold.size;
  return p + r ? (2 * p * r) / (p + r) : 0;
}

interface Scores {
  f5: number;
  f10: number;
}

function evaluate(docs: Doc[], rank: (text: string) => string[]): Scores {
  let f5 = 0;
  let f10 = 0;
  for (const d of docs) {
    const gold = new Set(d.gold.map(stemKey).filter(Boolean));
    const pred = rank(d.text);
    f5 += f1At(pred, gold, 5);
    f10 += f1At(pred, gold, 10);
  }
  return { f5: f5 / docs.length, f10: f10 / docs.length };
}

const engine = (params: Partial<RankParams>) => (text: string) => extractKeyphrases(text, { max: 15, params }).keyphrases.map((k) => k.phrase);
const baseline = (text: string) => yakeBaseline(text, 15).map((c) => text.slice(c.words[0]!.start, c.words[c.words.length - 1]!.end));

const pct = (x: number) => (100 * x).toFixed(1);

/** BENCH_TUNE=1: a small grid over the weights on the dev split (each document tagged once), best first. */
function tune(sets: [string, Doc[]][]): void {
  const prepared = sets.map(([name, docs]) => {
    const items = docs.map((d) => ({ text: d.text, gold: new Set(d.gold.map(stemKey).filter(Boolean)), analysis: analyze(d.text) }));
    const base = items.reduce((s, d) => s + f1At(baseline(d.text), d.gold, 10), 0) / items.length;
    return { name, items, base };
  });
  const grid: Partial<RankParams>[] = [];
  for (const lengthWeight of [0, 0.3])
    for (const adaptFrom of [120, 150, 200])
      for (const adaptTo of [300, 450])
        for (const positionBias of [0, 0.5]) for (const yakeWeight of [0, 0.2]) grid.push({ lengthWeight, adaptFrom, adaptTo, positionBias, yakeWeight });
  const results = grid.map((p) => {
    const f10 = prepared.map(({ items }) => {
      let s = 0;
      for (const d of items)
        s += f1At(
          extractKeyphrases(d.text, { max: 15, params: p, analysis: d.analysis }).keyphrases.map((k) => k.phrase),
          d.gold,
          10,
        );
      return s / items.length;
    });
    // the objective: the smaller of the two ratios to the baseline (the target holds on both)
    return { p, f10, score: Math.min(...f10.map((f, i) => f / prepared[i]!.base)) };
  });
  results.sort((a, b) => b.score - a.score);
  console.log(`dev baseline F1@10: ${prepared.map((x) => `${x.name} ${pct(x.base)}`).join('  ')}`);
  for (const r of results.slice(0, 10))
    console.log(JSON.stringify(r.p), r.f10.map((f, i) => `${prepared[i]!.name} ${pct(f)}`).join('  '), `min ratio ${r.score.toFixed(2)}`);
}

function hashtagPrecision(docs: Doc[]): { precision: number; tags: number } {
  let hits = 0;
  let tags = 0;
  for (const d of docs) {
    const gold = new Set(d.gold.map(stemKey));
    const { keyphrases } = extractKeyphrases(d.text, { max: 30 });
    for (const h of generateHashtags(keyphrases, { platform: 'instagram' }).hashtags) {
      tags++;
      if (gold.has(stemKey(h.words.join(' ')))) hits++;
    }
  }
  return { precision: tags ? hits / tags : 0, tags };
}

function metaShare(docs: Doc[]): { share: number; withinLength: number; n: number } {
  let ok = 0;
  let within = 0;
  for (const d of docs) {
    const lower = d.text.toLowerCase();
    const focusGold = d.gold.find((g) => g.length > 2 && lower.includes(g.toLowerCase()));
    const r = extractMetaDescription(d.text, { focus: focusGold });
    const focus = focusGold ?? r.focus;
    const c = metaDescriptionChecks(r.description, focus);
    if (c.withinLength) within++;
    if (c.withinLength && c.hasFocus) ok++;
  }
  return { share: ok / docs.length, withinLength: within / docs.length, n: docs.length };
}

function main(): void {
  if (!existsSync(ROOT)) {
    console.error(`No data set at ${ROOT} (set KEYWORDS_DATA).`);
    process.exit(1);
  }
  const names = ['inspec', '500N-KPCrowd'];
  if (process.env.BENCH_TUNE) {
    tune(names.map((n) => [n, loadSet(n, 'dev')]));
    return;
  }
  const params = { ...DEFAULT_PARAMS, ...OVERRIDE };
  console.log(`keyphrases, split=${SPLIT} (documents sorted by name; odd positions = held-out test, even = dev used for tuning)`);
  console.log(`engine weights: ${JSON.stringify(params)}\n`);
  let pass = true;
  const rows: string[] = [];
  for (const name of names) {
    const docs = loadSet(name, SPLIT);
    const t0 = performance.now();
    const base = evaluate(docs, baseline);
    const t1 = performance.now();
    const mine = evaluate(docs, engine(params));
    const t2 = performance.now();
    const ratio = base.f10 ? mine.f10 / base.f10 : Infinity;
    pass &&= ratio >= 1.15;
    rows.push(
      `${name.padEnd(13)} docs ${String(docs.length).padStart(4)}  baseline F1@5 ${pct(base.f5)}  F1@10 ${pct(base.f10)}  |  engine F1@5 ${pct(mine.f5)}  F1@10 ${pct(mine.f10)}  |  F1@10 ratio ${ratio.toFixed(2)}×  (${((t2 - t1) / docs.length).toFixed(1)} ms/doc; baseline ${((t1 - t0) / docs.length).toFixed(1)} ms/doc)`,
    );
  }
  for (const r of rows) console.log(r);
  console.log(`target F1@10 ≥ 1.15 × baseline on both: ${pass ? 'met' : 'NOT met'}\n`);

  const inspec = loadSet('inspec', SPLIT);
  const h = hashtagPrecision(inspec);
  console.log(`hashtags (Instagram) on Inspec ${SPLIT}: precision ${pct(h.precision)} % of ${h.tags} tags are a gold keyphrase`);
  for (const name of names) {
    const m = metaShare(loadSet(name, SPLIT));
    console.log(
      `meta descriptions on ${name} ${SPLIT}: ${pct(m.share)} % within length and containing the focus keyphrase (${pct(m.withinLength)} % within length; ${m.n} docs)`,
    );
  }
}

main();
