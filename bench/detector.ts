/**
 * `npm run bench:detector` — times detect() on 1,000-word documents (single core), and LZMA compression of the
 * same texts (pure-JS `lzma` package; Node has no LZMA built in). LZMA compression time is the cost floor of a
 * ZipPy-style compression detector.
 *
 * Documents: concatenated texts from ../shared/datasets/detection when present, otherwise committed sample text
 * repeated to 1,000 words.
 */
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { detect } from '../src/engines/detector/index';
import { hasDetectionData, loadDetectionData } from '../scripts/detector-data';

const require = createRequire(import.meta.url);
const lzma = require('lzma') as { compress: (s: string, mode: number) => number[] };

const N_DOCS = Number(process.env.BENCH_DOCS ?? 100);
const WORDS = 1000;

function makeDocs(): { docs: string[]; origin: string } {
  if (hasDetectionData()) {
    const samples = loadDetectionData().filter((s) => s.source === 'l2r_data' || s.source === 'outfox');
    // deterministic interleave of human and AI texts, concatenated into 1,000-word documents
    const docs: string[] = [];
    let buf: string[] = [];
    let words = 0;
    for (let i = 0; docs.length < N_DOCS && i < samples.length * 7; i++) {
      const s = samples[(i * 7919) % samples.length];
      for (const w of s.text.split(/\s+/)) {
        if (!w) continue;
        buf.push(w);
        if (++words === WORDS) {
          docs.push(buf.join(' '));
          buf = [];
          words = 0;
          break;
        }
      }
    }
    return { docs, origin: 'datasets (l2r_data + outfox texts, concatenated)' };
  }
  const base =
    'The committee met on Tuesday to discuss the budget. Several members raised concerns about the cost of the new bridge, ' +
    'which had doubled since the first estimate. "We were told it would be finished by spring," said one resident. ' +
    'Others argued that delays were unavoidable given the weather. ';
  const w = base.split(/\s+/).filter(Boolean);
  const docs = Array.from({ length: N_DOCS }, (_, k) => Array.from({ length: WORDS }, (_, i) => w[(i + k) % w.length]).join(' '));
  return { docs, origin: 'committed sample text (datasets absent)' };
}

function pctl(a: number[], p: number): number {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
}

const { docs, origin } = makeDocs();
console.log(`Documents: ${docs.length} × ${WORDS} words from ${origin}`);
// warm-up
for (let i = 0; i < 5; i++) detect(docs[i % docs.length]);

const det: number[] = [];
const t0 = performance.now();
for (const d of docs) {
  const s = performance.now();
  detect(d);
  det.push(performance.now() - s);
}
const detTotal = performance.now() - t0;

const LZMA_MODE = 9; // ZipPy uses preset 9-level LZMA
lzma.compress(docs[0], LZMA_MODE);
const lz: number[] = [];
let bytesIn = 0;
let bytesOut = 0;
for (const d of docs) {
  const s = performance.now();
  const out = lzma.compress(d, LZMA_MODE);
  lz.push(performance.now() - s);
  bytesIn += Buffer.byteLength(d);
  bytesOut += out.length;
}

const row = (name: string, a: number[], total: number) =>
  `| ${name} | ${pctl(a, 0.5).toFixed(2)} | ${pctl(a, 0.95).toFixed(2)} | ${(a.length / (total / 1000)).toFixed(1)} |`;
console.log('\n| operation (1,000-word doc, 1 core) | p50 ms | p95 ms | docs/s |');
console.log('|---|---:|---:|---:|');
console.log(row('detect()', det, detTotal));
console.log(
  row(
    `LZMA compress (lzma@2.3.2 pure JS, mode ${LZMA_MODE})`,
    lz,
    lz.reduce((a, b) => a + b, 0),
  ),
);
console.log(
  `\nRatio LZMA / detect (p50): ${(pctl(lz, 0.5) / pctl(det, 0.5)).toFixed(2)}×  — LZMA ratio ${(bytesOut / bytesIn).toFixed(3)}. ` +
    'A ZipPy-style detector compresses prelude+sample per document, so its cost is at least the LZMA row.',
);
