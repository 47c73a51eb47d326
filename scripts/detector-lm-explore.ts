/** One-off exploration: univariate AUROC of char-LM statistics per source (chat vs base-LM AI). Not part of the pipeline. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { normalise } from '../src/engines/detector/features';
import { buildCounts, lmStats, toSymbols } from '../src/engines/detector/charlm';
import { loadDetectionData, subsamplePerSource, SOURCES } from './detector-data';
import { isBaseModel } from './detector-trainer';
import { auroc } from './eval-detector';

const refDir = resolve('..', 'shared', 'datasets', 'reference');
function* refTexts() {
  for (const sub of ['public_domain_books', 'us_presidential_speeches', 'cia_world_factbook']) {
    for (const f of readdirSync(join(refDir, sub)).sort()) if (f.endsWith('.txt')) yield normalise(readFileSync(join(refDir, sub, f), 'utf8'));
  }
}
const ORD = Number(process.env.ORD ?? 6);
const LOW = Number(process.env.LOW ?? 2);
const t0 = Date.now();
const lm = buildCounts(refTexts(), ORD, (process.env.BITSL ?? '12,16,19,20,20').split(',').map(Number).slice(0, ORD));
console.error(`built in ${(Date.now() - t0) / 1000}s`);
const samples = subsamplePerSource(loadDetectionData(), Number(process.env.N ?? 600));
const rows = samples.map((s) => ({ s, st: lmStats(lm, toSymbols(normalise(s.text)), LOW, Number(process.env.STRIDE ?? 1)) }));
console.error(`scored in ${(Date.now() - t0) / 1000}s`);
const keys = Object.keys(rows[0].st).filter((k) => k !== 'n');
const hdr = ['feature', ...SOURCES.flatMap((s) => [s.slice(0, 6) + ':chat', s.slice(0, 6) + ':base'])];
console.log(hdr.join('\t'));
for (const k of keys) {
  const out = [k.padEnd(9)];
  for (const src of SOURCES) {
    const hs = rows.filter((r) => r.s.source === src && r.s.label === 0).map((r) => r.st[k]);
    const chat = rows.filter((r) => r.s.source === src && r.s.label === 1 && !isBaseModel(r.s.generator)).map((r) => r.st[k]);
    const base = rows.filter((r) => r.s.source === src && r.s.label === 1 && isBaseModel(r.s.generator)).map((r) => r.st[k]);
    out.push(chat.length ? auroc(chat, hs).toFixed(3) : '  -  ', base.length ? auroc(base, hs).toFixed(3) : '  -  ');
  }
  console.log(out.join('\t'));
}
// per generator for the most interesting
for (const k of (process.env.GENK ?? 'curv,binoc').split(',')) {
  const line: string[] = [k];
  for (const src of SOURCES) {
    const hs = rows.filter((r) => r.s.source === src && r.s.label === 0).map((r) => r.st[k]);
    const gens = [...new Set(rows.filter((r) => r.s.source === src && r.s.label === 1).map((r) => r.s.generator))];
    for (const g of gens)
      line.push(
        `${src.slice(0, 4)}/${g}=${auroc(
          rows.filter((r) => r.s.source === src && r.s.generator === g && r.s.label === 1).map((r) => r.st[k]),
          hs,
        ).toFixed(2)}`,
      );
  }
  console.log(line.join(' '));
}
