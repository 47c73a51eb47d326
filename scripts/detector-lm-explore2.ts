/** One-off exploration 2: positional / sentence-level aggregates of char-LM surprise. Not part of the pipeline. */
import { normalise } from '../src/engines/detector/features';
import { lmStats, toSymbols, LM_LOW } from '../src/engines/detector/charlm';
import { buildShippedCharLm } from './detector-charlm';
import { loadDetectionData, subsamplePerSource, SOURCES } from './detector-data';
import { isBaseModel } from './detector-trainer';
import { auroc } from './eval-detector';

const { lm } = buildShippedCharLm();
const samples = subsamplePerSource(loadDetectionData(), Number(process.env.N ?? 600));
const rows = samples.map((s) => {
  const sym = toSymbols(normalise(s.text));
  const pp = new Float64Array(sym.length).fill(NaN);
  lmStats(lm, sym, LM_LOW, 1, pp); // pp = lp + H (surprise relative to expectation; higher = more predictable than expected)
  const onset: number[] = [];
  const mid: number[] = [];
  const sentMeans: number[] = [];
  let acc = 0;
  let k = 0;
  const all: number[] = [];
  for (let i = 0; i < sym.length; i++) {
    const v = pp[i];
    if (Number.isNaN(v)) continue;
    all.push(v);
    if (sym[i - 1] === 26) onset.push(v);
    else if (sym[i] < 26) mid.push(v);
    acc += v;
    k++;
    if ((sym[i] === 28 || sym[i] === 33) && sym[i + 1] === 26 && k > 20) {
      sentMeans.push(acc / k);
      acc = 0;
      k = 0;
    }
  }
  const mean = (a: number[]) => (a.length ? a.reduce((x, y) => x + y, 0) / a.length : 0);
  const sd = (a: number[]) => {
    const m = mean(a);
    return Math.sqrt(mean(a.map((x) => (x - m) ** 2)));
  };
  const sorted = [...all].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.floor(p * (sorted.length - 1))] ?? 0;
  const st: Record<string, number> = {
    onset: mean(onset),
    mid: mean(mid),
    onsetMinusMid: mean(onset) - mean(mid),
    sentSd: sd(sentMeans),
    q10: q(0.1),
    q50: q(0.5),
    q90: q(0.9),
    lowShare: all.filter((x) => x < -3).length / Math.max(1, all.length),
    onsetSd: sd(onset),
  };
  return { s, st };
});
const keys = Object.keys(rows[0].st);
console.log(['feature', ...SOURCES.flatMap((s) => [s.slice(0, 6) + ':chat', s.slice(0, 6) + ':base'])].join('\t'));
for (const k of keys) {
  const out = [k.padEnd(13)];
  for (const src of SOURCES) {
    const hs = rows.filter((r) => r.s.source === src && r.s.label === 0).map((r) => r.st[k]);
    const chat = rows.filter((r) => r.s.source === src && r.s.label === 1 && !isBaseModel(r.s.generator)).map((r) => r.st[k]);
    const base = rows.filter((r) => r.s.source === src && r.s.label === 1 && isBaseModel(r.s.generator)).map((r) => r.st[k]);
    out.push(chat.length ? auroc(chat, hs).toFixed(3) : '  -  ', base.length ? auroc(base, hs).toFixed(3) : '  -  ');
  }
  console.log(out.join('\t'));
}
