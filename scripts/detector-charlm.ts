/**
 * Builds the detector's character n-gram language model from the public-domain reference library
 * (../shared/datasets/reference, or $REFERENCE_DATA_DIR): books, US presidential speeches, CIA World Factbook.
 * Deterministic (sorted file order, no randomness). Used by train-detector (writes model/charlm.json) and by
 * eval-detector (builds the same model in memory; it never sees the detection corpora).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { normalise } from '../src/engines/detector/features';
import { LM_BITS, LM_ORDERS, buildCounts, charLmToJson, type CharLmJson, type CharLmTables } from '../src/engines/detector/charlm';

const here = dirname(fileURLToPath(import.meta.url));
export const REFERENCE_FOLDERS = ['public_domain_books', 'us_presidential_speeches', 'cia_world_factbook'];

export function referenceDataDir(): string {
  if (process.env.REFERENCE_DATA_DIR) return resolve(process.env.REFERENCE_DATA_DIR);
  return resolve(here, '..', '..', 'shared', 'datasets', 'reference');
}

export function* referenceTexts(dir = referenceDataDir()): Generator<string> {
  for (const sub of REFERENCE_FOLDERS) {
    const d = join(dir, sub);
    if (!existsSync(d)) throw new Error(`Reference corpus folder missing: ${d}`);
    for (const f of readdirSync(d).sort()) if (f.endsWith('.txt')) yield normalise(readFileSync(join(d, f), 'utf8'));
  }
}

export function buildShippedCharLm(): { lm: CharLmTables; stats: { documents: number; characters: number } } {
  let documents = 0;
  let characters = 0;
  const it = (function* () {
    for (const t of referenceTexts()) {
      documents++;
      characters += t.length;
      yield t;
    }
  })();
  const lm = buildCounts(it, LM_ORDERS, LM_BITS);
  return { lm, stats: { documents, characters } };
}

export function shippedCharLmJson(lm: CharLmTables): CharLmJson {
  return charLmToJson(lm, (b) => gzipSync(b, { level: 9 }));
}
