/**
 * Leave-one-source-out evaluation of the detector: `npm run eval:detector`.
 * For each source (l2r_data, outfox, fast_detect_gpt, seqxgpt) the full training pipeline (lexicon, models,
 * calibration, thresholds) runs on the OTHER sources only; the left-out source is only scored.
 * Writes docs/detector-eval.md (generated).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { extract, normalise, splitSentences } from '../src/engines/detector/features';
import { combineSentenceScore, type LinearModel, type Thresholds } from '../src/engines/detector/model';
import { decideVerdict, type Verdict } from '../src/engines/detector/index';
import { SOURCES, isHeldOut, loadDetectionData, detectionDataDir, subsamplePerSource, type SourceName } from './detector-data';
import { BUCKETS, HYPER, MIN_WORDS, applyLexicon, featurizeDocs, trainAll, type Doc } from './detector-trainer';
import type { Lexicon } from '../src/engines/detector/features';
import { buildShippedCharLm } from './detector-charlm';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const only = process.env.EVAL_SOURCES ? (process.env.EVAL_SOURCES.split(',') as SourceName[]) : SOURCES;

interface Scored {
  doc: Doc;
  score: number;
  verdict: Verdict;
}

export function auroc(pos: number[], neg: number[]): number {
  if (!pos.length || !neg.length) return NaN;
  const all = [...pos.map((s) => [s, 1] as const), ...neg.map((s) => [s, 0] as const)].sort((a, b) => a[0] - b[0]);
  let rankSumPos = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j < all.length && all[j][0] === all[i][0]) j++;
    const avg = (i + j + 1) / 2;
    for (let k = i; k < j; k++) if (all[k][1] === 1) rankSumPos += avg;
    i = j;
  }
  return (rankSumPos - (pos.length * (pos.length + 1)) / 2) / (pos.length * neg.length);
}

/** TPR at the threshold that keeps FPR <= fpr on these negatives (oracle threshold on the evaluated set). */
export function tprAtFpr(pos: number[], neg: number[], fpr: number): number {
  if (!pos.length || !neg.length) return NaN;
  const s = [...neg].sort((a, b) => b - a);
  const k = Math.floor(fpr * s.length);
  const t = k < s.length ? s[k] : -Infinity;
  return pos.filter((p) => p > t).length / pos.length;
}

function sentenceShares(norm: string, model: LinearModel, lex: Lexicon, t: Thresholds) {
  const spans = splitSentences(norm);
  let aiW = 0;
  let huW = 0;
  let totW = 0;
  for (let i = 0; i < spans.length; i++) {
    const lo = Math.max(0, i - 1);
    const hi = Math.min(spans.length - 1, i + 1);
    const opts = { buckets: BUCKETS, lexicon: lex, zlib: false };
    const pWin = model.prob(extract(norm.slice(spans[lo].start, spans[hi].end), opts));
    const p = lo === hi ? pWin : combineSentenceScore(pWin, model.prob(extract(norm.slice(spans[i].start, spans[i].end), opts)));
    const n = (norm.slice(spans[i].start, spans[i].end).match(/\S+/g) ?? []).length;
    totW += n;
    if (p >= t.sentenceAi) aiW += n;
    else if (p <= t.sentenceHuman) huW += n;
  }
  return { aiShare: totW ? aiW / totW : 0, humanShare: totW ? huW / totW : 0, n: spans.length };
}

const pct = (x: number) => (Number.isNaN(x) ? 'n/a' : `${(100 * x).toFixed(1)} %`);
const f3 = (x: number) => (Number.isNaN(x) ? 'n/a' : x.toFixed(3));

function metricsRow(label: string, rows: Scored[], aiT: number): string {
  const pos = rows.filter((r) => r.doc.sample.label === 1);
  const neg = rows.filter((r) => r.doc.sample.label === 0);
  const ps = pos.map((r) => r.score);
  const ns = neg.map((r) => r.score);
  const fpAi = neg.filter((r) => r.verdict === 'ai').length;
  const fpMixed = neg.filter((r) => r.verdict === 'mixed').length;
  const hUnc = neg.filter((r) => r.verdict === 'uncertain').length;
  const tpAi = pos.filter((r) => r.verdict === 'ai').length;
  const aUnc = pos.filter((r) => r.verdict === 'uncertain').length;
  void aiT;
  return `| ${label} | ${neg.length} | ${pos.length} | ${f3(auroc(ps, ns))} | ${pct(tprAtFpr(ps, ns, 0.01))} | ${pct(tprAtFpr(ps, ns, 0.05))} | ${neg.length ? `${pct(fpAi / neg.length)} (${fpAi})` : 'n/a'} | ${neg.length ? pct(fpMixed / neg.length) : 'n/a'} | ${neg.length ? pct(hUnc / neg.length) : 'n/a'} | ${pos.length ? pct(tpAi / pos.length) : 'n/a'} | ${pos.length ? pct(aUnc / pos.length) : 'n/a'} |`;
}

const HEADER =
  '| slice | human n | AI n | AUROC | TPR @1 % FPR | TPR @5 % FPR | human FPR at shipped ai threshold (n) | human → mixed | human → uncertain | AI → ai | AI → uncertain |\n' +
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|';

function bucketOf(words: number): string {
  if (words < 100) return '<100 words';
  if (words < 300) return '100–300 words';
  if (words < 600) return '300–600 words';
  return '>600 words';
}
const BUCKET_ORDER = ['<100 words', '100–300 words', '300–600 words', '>600 words'];

function main() {
  const t0 = Date.now();
  // EVAL_MAX_PER_SOURCE=N: deterministic group-level subsample for fast iteration; such runs never write the docs
  const maxPer = Number(process.env.EVAL_MAX_PER_SOURCE ?? 0);
  const samples = subsamplePerSource(loadDetectionData(detectionDataDir()), maxPer);
  if (maxPer > 0) console.error(`EVAL_MAX_PER_SOURCE=${maxPer}: subsampled run (for iteration only; docs are not written)`);
  console.error(`Loaded ${samples.length} samples; featurising...`);
  // EVAL_FEATURE_CACHE=file (experiments only): reuse the featurised docs of an earlier run with the same code and data
  const cache = process.env.EVAL_FEATURE_CACHE;
  let docs: Doc[];
  if (cache && existsSync(cache)) {
    docs = v8.deserialize(readFileSync(cache)) as Doc[];
    console.error(`Loaded ${docs.length} featurised docs from ${cache}`);
  } else {
    // the character LM is trained on the public-domain reference library only (never on detection data), so it is
    // the same in every fold; it is rebuilt here exactly as train:detector builds it
    const { lm } = buildShippedCharLm();
    console.error(`Char LM built from the reference library (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    // DET_NO_LM=1 (experiments only): without the LM features, i.e. the 1.0.1 feature set
    docs = featurizeDocs(samples, true, process.env.DET_NO_LM === '1' ? null : lm);
    if (cache) writeFileSync(cache, v8.serialize(docs));
  }
  const summary: string[] = [];
  const sections: string[] = [];
  summary.push('| left-out source | human n | AI n | AUROC | TPR @1 % FPR | TPR @5 % FPR | human FPR at shipped ai threshold (n) | human → mixed | human → uncertain | AI → ai | AI → uncertain |');
  summary.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const thresholdsUsed: string[] = [];
  for (const left of only) {
    console.error(`\n=== leave out ${left} (${((Date.now() - t0) / 1000).toFixed(0)} s) ===`);
    const trainDocs = docs.filter((d) => d.sample.source !== left);
    const testDocs = docs.filter((d) => d.sample.source === left);
    const tr = trainAll(trainDocs, (s) => isHeldOut(s, HYPER.holdout), {
      windows: process.env.EVAL_NO_WINDOWS !== '1',
      winPerDoc: 2,
      log: (m) => console.error('  ' + m),
    });
    applyLexicon(testDocs, tr.lexicon.lexicon);
    const t = tr.thresholds;
    thresholdsUsed.push(`| ${left} | ${t.ai.toFixed(4)} | ${t.human.toFixed(4)} | ${t.sentenceAi.toFixed(3)} | ${t.sentenceHuman.toFixed(3)} |`);
    const rows: Scored[] = testDocs.map((doc) => {
      const score = Math.round(tr.doc.model.prob(doc.f) * 10000) / 10000;
      let verdict: Verdict;
      if (doc.words < t.minWords) verdict = 'uncertain';
      else if (score <= t.human) verdict = 'human';
      else if (!tr.win) verdict = decideVerdict({ score, wordCount: doc.words, aiShare: 0, humanShare: 0, sentenceCount: 0 }, t);
      else {
        const sh = sentenceShares(doc.norm, tr.win!.model, tr.lexicon.lexicon, t);
        verdict = decideVerdict({ score, wordCount: doc.words, aiShare: sh.aiShare, humanShare: sh.humanShare, sentenceCount: sh.n }, t);
      }
      return { doc, score, verdict };
    });
    const line = metricsRow(left, rows, t.ai);
    summary.push(line);
    console.error(HEADER + '\n' + line);

    const sec: string[] = [`### Left out: ${left}`, '', HEADER, metricsRow('all', rows, t.ai)];
    const humans = rows.filter((r) => r.doc.sample.label === 0);
    // per generator (each vs all humans of the source)
    const gens = [...new Set(rows.filter((r) => r.doc.sample.label === 1).map((r) => r.doc.sample.generator))].sort();
    for (const g of gens) sec.push(metricsRow(`generator: ${g}`, [...humans, ...rows.filter((r) => r.doc.sample.generator === g && r.doc.sample.label === 1)], t.ai).replace(/\| \d+ \| (\d+) \|/, '| (all) | $1 |'));
    const attacks = [...new Set(rows.filter((r) => r.doc.sample.label === 1).map((r) => r.doc.sample.attack))].sort();
    if (attacks.length > 1)
      for (const a of attacks) sec.push(metricsRow(`attack: ${a}`, [...humans, ...rows.filter((r) => r.doc.sample.attack === a && r.doc.sample.label === 1)], t.ai).replace(/\| \d+ \| (\d+) \|/, '| (all) | $1 |'));
    const domains = [...new Set(rows.map((r) => r.doc.sample.domain))].sort();
    if (domains.length > 1) for (const d of domains) sec.push(metricsRow(`domain: ${d}`, rows.filter((r) => r.doc.sample.domain === d), t.ai));
    for (const b of BUCKET_ORDER) {
      const rb = rows.filter((r) => bucketOf(r.doc.words) === b);
      if (rb.length) sec.push(metricsRow(`length ${b}`, rb, t.ai));
    }
    sections.push(sec.join('\n'));
  }
  const secs = ((Date.now() - t0) / 1000).toFixed(0);
  const md = [
    '# Detector evaluation (generated by `npm run eval:detector` — do not edit by hand)',
    '',
    `Leave-one-source-out: for each row, lexicon, models, calibration and thresholds were trained on the other sources only (${HYPER.holdout * 100} % group holdout of those sources for calibration); the left-out source was never seen. Texts under ${MIN_WORDS} words are always 'uncertain'. "human FPR at shipped ai threshold" = share of the left-out source's human texts that get the verdict 'ai' with the thresholds that fold's pipeline chose (the same rule that picked the shipped threshold). TPR @x % FPR uses an oracle threshold on the left-out source (a ranking metric, not a shipped setting). Eval run took ${secs} s.`,
    '',
    '## Summary',
    '',
    ...summary,
    '',
    '## Thresholds chosen per fold (from the training sources\' holdout only)',
    '',
    '| left-out source | ai | human | sentenceAi | sentenceHuman |',
    '|---|---:|---:|---:|---:|',
    ...thresholdsUsed,
    '',
    '## Breakdowns',
    '',
    ...sections.flatMap((s) => [s, '']),
  ].join('\n');
  if (only === SOURCES && !(maxPer > 0)) {
    writeFileSync(join(root, 'docs', 'detector-eval.md'), md);
    // copy the summary into the model card between markers, so the card's numbers always come from this script
    const cardPath = join(root, 'docs', 'detector.md');
    if (existsSync(cardPath)) {
      const card = readFileSync(cardPath, 'utf8');
      const begin = '<!-- EVAL:BEGIN (generated by npm run eval:detector) -->';
      const end = '<!-- EVAL:END -->';
      const i = card.indexOf(begin);
      const j = card.indexOf(end);
      if (i >= 0 && j > i) {
        const block = [begin, '', ...summary, '', "Thresholds each fold's pipeline chose (from its training sources only):", '', '| left-out source | ai | human | sentenceAi | sentenceHuman |', '|---|---:|---:|---:|---:|', ...thresholdsUsed, '', `(Eval run: ${secs} s. Full breakdowns by generator, attack, domain and length: [detector-eval.md](detector-eval.md).)`, ''].join('\n');
        writeFileSync(cardPath, card.slice(0, i) + block + card.slice(j));
      }
    }
  }
  console.log(md);
  console.error(`\nDone in ${secs} s${only === SOURCES && !(maxPer > 0) ? '; wrote docs/detector-eval.md' : ''}`);
}

if (process.argv[1]?.endsWith("eval-detector.ts")) main();
