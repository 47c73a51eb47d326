/**
 * The offline code explainer's speed: parse + outline + walk-through of a 300-line file per language, after warm-up.
 * Each language's file is its fixture (tests/fixtures/code) repeated until it reaches 300 lines.
 *
 *   npx tsx bench/code.ts [runs]        (default 30 runs per language)
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { explainCode, languageForFilename } from '../src/engines/code';

const DIR = path.join(import.meta.dirname, '../tests/fixtures/code');
const RUNS = Number(process.argv[2] ?? 30);
const LINES = 300;

function to300(src: string): string {
  const lines = src.replace(/\n$/, '').split('\n');
  const out: string[] = [];
  while (out.length < LINES) out.push(...lines);
  return out.slice(0, LINES).join('\n') + '\n';
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

console.log(`parse + outline + walk-through of a ${LINES}-line file, ${RUNS} runs after 3 warm-up runs (ms)`);
console.log(['language'.padEnd(12), 'p50'.padStart(7), 'p95'.padStart(7), 'first'.padStart(8), 'symbols'.padStart(8)].join(' '));
// the fixtures are stored as <name>.<ext>.txt, so the project's linters leave them as they are
for (const file of readdirSync(DIR).sort()) {
  const lang = languageForFilename(file.replace(/\.txt$/, ''));
  if (!lang) continue;
  // the Vue file is trimmed, not repeated: a component has one template and one script
  const code = lang === 'vue' ? readFileSync(path.join(DIR, file), 'utf8') : to300(readFileSync(path.join(DIR, file), 'utf8'));
  let t = performance.now();
  const first = await explainCode(code, { language: lang });
  const firstMs = performance.now() - t;
  for (let i = 0; i < 3; i++) await explainCode(code, { language: lang });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t = performance.now();
    await explainCode(code, { language: lang });
    times.push(performance.now() - t);
  }
  console.log(
    [
      lang.padEnd(12),
      pct(times, 50).toFixed(1).padStart(7),
      pct(times, 95).toFixed(1).padStart(7),
      firstMs.toFixed(0).padStart(8),
      String(first.symbols.length).padStart(8),
    ].join(' '),
  );
}

// Detection from content alone (no hint, no file name): up to four parsers tried.
const sample = to300(readFileSync(path.join(DIR, 'word_stats.py.txt'), 'utf8'));
const det: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t = performance.now();
  await explainCode(sample);
  det.push(performance.now() - t);
}
console.log(`auto-detected python (300 lines), p50 ${pct(det, 50).toFixed(1)} ms, p95 ${pct(det, 95).toFixed(1)} ms`);
