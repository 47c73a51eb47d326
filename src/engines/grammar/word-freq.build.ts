/**
 * Builds word-freq.txt.gz, the word frequencies the spelling ranker uses (spelling.ts): every word of the
 * public-domain reference library (../shared/datasets/reference: Gutenberg books, U.S. presidential speeches, the CIA
 * World Factbook; 8.45 M words, public domain, so the list may ship), lower-cased, seen at least MIN_COUNT times.
 *
 *   npx tsx src/engines/grammar/word-freq.build.ts [reference-dir]
 *
 * Deterministic: the same library gives the same file (sorted by count, then word; gzip without a timestamp).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const MIN_COUNT = 3;
const root = fileURLToPath(new URL('../../..', import.meta.url));
const dir = process.argv[2] ?? join(root, '../shared/datasets/reference');
const counts = new Map<string, number>();
for (const sub of ['public_domain_books', 'us_presidential_speeches', 'cia_world_factbook']) {
  for (const f of readdirSync(join(dir, sub)).filter((x) => x.endsWith('.txt'))) {
    for (const m of readFileSync(join(dir, sub, f), 'utf8').matchAll(/[A-Za-z]+(?:'[A-Za-z]+)?/g)) {
      const w = m[0].toLowerCase();
      counts.set(w, (counts.get(w) ?? 0) + 1);
    }
  }
}
const rows = [...counts].filter(([, n]) => n >= MIN_COUNT).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
const out = fileURLToPath(new URL('./word-freq.txt.gz', import.meta.url));
// gzip's header has no name or time when given a buffer, so the output is byte-for-byte reproducible
writeFileSync(out, gzipSync(rows.map(([w, n]) => `${w}\t${n}`).join('\n') + '\n', { level: 9 }));
console.log(`${rows.length} words (of ${counts.size}) -> ${out}`);
