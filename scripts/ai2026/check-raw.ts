/** Checks writers' raw files: `tsx scripts/ai2026/check-raw.ts DIR…` prints counts per genre and voice, and errors. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseRaw, type RawDoc } from './corpus-lib';

const files: string[] = [];
for (const arg of process.argv.slice(2)) {
  if (!statSync(arg).isDirectory()) files.push(arg);
  else for (const f of readdirSync(arg).sort()) if (f.endsWith('.txt')) files.push(join(arg, f));
}
const all: RawDoc[] = [];
let errors: string[] = [];
for (const f of files) {
  const r = parseRaw(readFileSync(f, 'utf8'), f);
  all.push(...r.docs);
  errors = errors.concat(r.errors);
}
const counts = new Map<string, number>();
for (const d of all) counts.set(`${d.genre}/${d.voice}`, (counts.get(`${d.genre}/${d.voice}`) ?? 0) + 1);
for (const [k, v] of [...counts].sort()) console.log(`${k.padEnd(44)} ${v}`);
const words = all.map((d) => (d.body.replace(/^\[\[H\d+\]\]$/gm, '').match(/\S+/g) ?? []).length);
console.log(
  `docs ${all.length}; AI words per doc: min ${Math.min(...words)}, median ${words.sort((a, b) => a - b)[words.length >> 1]}, max ${Math.max(...words)}`,
);
if (errors.length) {
  console.log(`${errors.length} errors:`);
  for (const e of errors.slice(0, 50)) console.log(`  ${e}`);
  process.exitCode = 1;
} else console.log('no errors');
