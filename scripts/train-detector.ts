/**
 * Train the shipped AI-text detector: `npm run train:detector`.
 * Reads ../shared/datasets/detection (or $DETECTION_DATA_DIR), ../shared/datasets/reference and the project's
 * assistant corpus (datasets/ai-2026), writes src/engines/detector/model/weights.json.
 * The held-out genres and the human test split (scripts/ai2026/corpus.ts isEvalOnly) never reach training: the
 * shipped model is the one `npm run eval:detector` measures.
 * Deterministic: same data -> byte-identical weights.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WeightsJson } from '../src/engines/detector/model';
import { DENSE_NAMES } from '../src/engines/detector/features';
import { ALL_SOURCES, detectionDataDir, isHeldOut } from './detector-data';
import { HELD_OUT_GENRES, isEvalOnly, loadAllSamples } from './ai2026/corpus';
import { buildShippedCharLm, shippedCharLmJson } from './detector-charlm';
import { HYPER, deriveCommonWords, featurizeDocs, toWeights, trainAll, useCommonWords } from './detector-trainer';

export const MODEL_VERSION = 'veritext-detector-2.5.1';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'src', 'engines', 'detector', 'model');

const t0 = Date.now();
const dir = detectionDataDir();
console.log(`Loading detection data from ${dir}, the reference library and datasets/ai-2026`);
const all = loadAllSamples();
const samples = all.filter((s) => !isEvalOnly(s));
console.log(`  ${all.length - samples.length} samples kept out for evaluation (held-out genres: ${[...HELD_OUT_GENRES].join(', ')})`);
const counts: Record<string, { human: number; ai: number }> = {};
for (const s of samples) {
  counts[s.source] ??= { human: 0, ai: 0 };
  counts[s.source][s.label ? 'ai' : 'human']++;
}
for (const src of ALL_SOURCES) console.log(`  ${src}: ${counts[src]?.human ?? 0} human, ${counts[src]?.ai ?? 0} AI`);

const lmBuilt = HYPER.charLm ? buildShippedCharLm() : null;
const lmJson = lmBuilt ? shippedCharLmJson(lmBuilt.lm) : null;
if (lmBuilt && lmJson)
  console.log(
    `Char LM: ${lmBuilt.stats.documents} reference documents, ${lmBuilt.stats.characters} characters; ${(lmJson.tables.length / 1024).toFixed(0)} KB (base64 gzip)`,
  );
if (HYPER.sparseMode === 'common') {
  const common = deriveCommonWords(samples);
  useCommonWords(common);
  console.log(`Common words kept in the n-grams: ${common.length} (from the assistant corpus's training genres)`);
}
const docs = featurizeDocs(samples, true, lmBuilt?.lm ?? null);
console.log(`Featurised ${docs.length} docs in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
const trained = trainAll(docs, (s) => isHeldOut(s, HYPER.holdout), { windows: true, log: (m) => console.log('  ' + m) });

const weights: WeightsJson = toWeights(trained, MODEL_VERSION, { sources: counts });
mkdirSync(outDir, { recursive: true });
const json = JSON.stringify(weights) + '\n';
writeFileSync(join(outDir, 'weights.json'), json);
if (lmBuilt && lmJson)
  writeFileSync(
    join(outDir, 'charlm.json'),
    JSON.stringify({ modelVersion: MODEL_VERSION, referenceDocuments: lmBuilt.stats.documents, referenceCharacters: lmBuilt.stats.characters, ...lmJson }) +
      '\n',
  );

console.log(`\nWrote ${join(outDir, 'weights.json')} (${(json.length / 1024).toFixed(0)} KB) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
console.log('Thresholds:', JSON.stringify(weights.thresholds));
const top = DENSE_NAMES.map((n, i) => [n, trained.doc.raw.wDense[i]] as const).sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]));
console.log('Strongest dense weights (standardised; + = AI):');
for (const [n, w] of top.slice(0, 12)) console.log(`  ${n.padEnd(20)} ${w >= 0 ? '+' : ''}${w.toFixed(3)}`);
console.log(
  'Top AI lexicon:',
  trained.lexicon.ai
    .slice(0, 25)
    .map((x) => x[0])
    .join(', '),
);
console.log(
  'Top human lexicon:',
  trained.lexicon.human
    .slice(0, 25)
    .map((x) => x[0])
    .join(', '),
);
