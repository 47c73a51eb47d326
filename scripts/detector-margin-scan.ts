/**
 * Reads the dumps of `EVAL_DUMP=dir EVAL_LOSO_SOURCES=l2r_data,outfox npm run eval:detector` (one directory per
 * variant) and prints, for each, the share of held-out default-voice documents (and fresh-genre ones, and styled) in
 * the `ai` band at the smallest margin (0.01 logit grid) that keeps every left-out source's human documents at or
 * under 1 % (and 0.5 %, 2 %). It is how model variants are compared on the left-out runs before a full eval: one
 * left-out document can decide the eval's printed margin grid, the fine grid is less noisy.
 *
 *   tsx scripts/detector-margin-scan.ts /tmp/exp/base /tmp/exp/variant
 *
 * With SCAN_GATES=1 it also reads each dump with a second condition on top of the band (a "gate" on the sentence
 * scores: their median logit, or the share of words in sentences of the `sentenceAi` band), the margin found again
 * with the gate in place: whether the sentences can vouch for a document the band alone cannot call.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { aiThreshold, withMargin } from '../src/engines/detector/model';
import { isFreshGenre } from './ai2026/corpus';
import type { Sample } from './detector-data';

const MIN_WORDS = 150;
interface Row {
  s: Sample;
  text: string;
  r: { score: number; wordCount: number; verdict: string; sentences?: { start: number; end: number; score: number; band?: string }[] };
}
type Gate = (x: Row) => boolean;
const logit = (p: number) => Math.log(p / (1 - p));
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

function rows(file: string): Row[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Row)
    .filter((x) => x.r.wordCount >= MIN_WORDS);
}

/** The 1 % rule's threshold of a dumped model: its `ai` threshold without the margin the trainer added. */
function ruleOf(weightsFile: string, margin: number): number {
  const w = JSON.parse(readFileSync(weightsFile, 'utf8')) as { thresholds: { ai: number; aiLengthSlope?: number } };
  return sigmoid(logit(w.thresholds.ai) - margin);
}

const inBand = (x: Row, rule: number, m: number, slope: number, gate?: Gate) =>
  x.r.score >= aiThreshold({ ai: withMargin(rule, m), aiLengthSlope: slope }, x.r.wordCount) && (!gate || gate(x));
const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : 'n/a');

const sentenceLogits = (x: Row) => (x.r.sentences ?? []).map((s) => logit(Math.min(0.9999, Math.max(0.0001, s.score))));
function medianSentenceLogit(x: Row): number {
  const l = sentenceLogits(x).sort((a, b) => a - b);
  return l.length ? l[Math.floor(l.length / 2)] : -Infinity;
}
function aiSentenceWordShare(x: Row): number {
  const ss = x.r.sentences ?? [];
  const words = (s: { start: number; end: number }) => x.text.slice(s.start, s.end).split(/\s+/).filter(Boolean).length;
  const total = ss.reduce((n, s) => n + words(s), 0);
  return total ? ss.filter((s) => s.band === 'ai').reduce((n, s) => n + words(s), 0) / total : 0;
}
const GATES: [string, Gate][] = [
  ...[-1, 0, 0.5, 1].map((g): [string, Gate] => [`median sentence logit ≥ ${g}`, (x) => medianSentenceLogit(x) >= g]),
  ...[0.1, 0.2, 0.3].map((q): [string, Gate] => [`words in \`ai\` sentences ≥ ${q * 100} %`, (x) => aiSentenceWordShare(x) >= q]),
];

const margin = Number(process.env.DET_AI_MARGIN ?? 2);
const slope = Number(process.env.DET_LENGTH_SLOPE ?? 1.8);
for (const dir of process.argv.slice(2)) {
  const held = rows(join(dir, 'scored.jsonl'));
  const rule = ruleOf(join(dir, 'weights.json'), margin);
  const folds = readdirSync(dir)
    .filter((f) => /^loso-.*\.jsonl$/.test(f))
    .map((f) => {
      const src = f.slice(5, -6);
      const hs = rows(join(dir, f)).filter((x) => x.s.label === 0);
      return { src, hs, rule: ruleOf(join(dir, `weights-${src}.json`), margin) };
    });
  const ai = (voice: string, fresh: boolean) => held.filter((x) => x.s.source === 'ai2026' && x.s.voice === voice && isFreshGenre(x.s) === fresh);
  const def = ai('default', false);
  const freshDef = ai('default', true);
  const styled = ai('styled', false);
  const humans = held.filter((x) => x.s.label === 0);
  console.log(`\n${dir}: ${def.length} default, ${freshDef.length} fresh default, ${styled.length} styled, ${humans.length} held-out humans`);
  for (const cap of [0.005, 0.01, 0.02]) {
    let m = 0;
    for (; m < 6; m += 0.01) if (folds.every((f) => f.hs.filter((x) => inBand(x, f.rule, m, slope)).length <= cap * f.hs.length)) break;
    const share = (xs: Row[]) => pct(xs.filter((x) => inBand(x, rule, m, slope)).length, xs.length);
    const fpr = folds.map((f) => `${f.src} ${pct(f.hs.filter((x) => inBand(x, f.rule, m, slope)).length, f.hs.length)}`).join(', ');
    console.log(
      `  left-out ≤ ${(cap * 100).toFixed(1)} %: margin +${m.toFixed(2)} → default ${share(def)}, fresh default ${share(freshDef)}, styled ${share(styled)}, held-out humans ${share(humans)} (${fpr})`,
    );
  }
  for (const m of [1.5, 1.75, 2, 2.25]) {
    const fpr = folds.map((f) => `${f.src} ${pct(f.hs.filter((x) => inBand(x, f.rule, m, slope)).length, f.hs.length)}`).join(', ');
    console.log(`  printed margin +${m}: default ${pct(def.filter((x) => inBand(x, rule, m, slope)).length, def.length)} (${fpr})`);
  }
  if (process.env.SCAN_GATES === '1') {
    for (const [name, gate] of GATES) {
      let m = 0;
      for (; m < 6; m += 0.01) if (folds.every((f) => f.hs.filter((x) => inBand(x, f.rule, m, slope, gate)).length <= 0.01 * f.hs.length)) break;
      const share = (xs: Row[]) => pct(xs.filter((x) => inBand(x, rule, m, slope, gate)).length, xs.length);
      console.log(`  gate ${name}, left-out ≤ 1 %: margin +${m.toFixed(2)} → default ${share(def)}, fresh default ${share(freshDef)}, styled ${share(styled)}`);
    }
  }
  if (!existsSync(join(dir, 'loso-l2r_data.jsonl'))) console.log('  (no l2r fold in this dump)');
}
