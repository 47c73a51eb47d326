/**
 * Builds the starter reference library that a fresh install imports (src/db/starter-library/):
 *
 *   npx tsx scripts/build-starter-library.ts [--from ../shared/datasets/reference]
 *
 * A deterministic subset of the public-domain corpus described in its README.md (books from Project
 * Gutenberg, US presidential speeches, the CIA World Factbook), each document cut to at most
 * MAX_WORDS words at paragraph boundaries, written as gzipped JSONL lines {title, reference, licence, text}.
 * Kept small (≈4 MB of text) so the first start indexes it in well under a minute on PGlite.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const MAX_WORDS = 3000;
const MAX_BYTES = 4 * 1024 * 1024;

const { values } = parseArgs({ options: { from: { type: 'string', default: '../shared/datasets/reference' } } });
const root = resolve(values.from!);
const out = resolve('src/db/starter-library/library.jsonl.gz');

interface IndexLine {
  id: string;
  file: string;
  title: string;
  words: number;
  source_url_or_ref: string;
  licence: string;
  author?: string;
  section?: number;
  sections?: number;
  president?: string;
  date?: string;
  pg_ebook?: number;
}
export interface LibraryRecord {
  title: string;
  reference: string;
  licence: string;
  text: string;
}

function readIndex(folder: string): IndexLine[] {
  return readFileSync(join(root, folder, 'index.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as IndexLine);
}

/** The first MAX_WORDS words of a text, cut at a paragraph (or, failing that, sentence) boundary. */
function cut(text: string): string {
  const paras = text.split(/\n\s*\n/);
  const kept: string[] = [];
  let n = 0;
  for (const p of paras) {
    const w = p.trim() ? p.trim().split(/\s+/).length : 0;
    if (n + w > MAX_WORDS) {
      if (kept.length === 0) kept.push(p.trim().split(/\s+/).slice(0, MAX_WORDS).join(' '));
      break;
    }
    kept.push(p);
    n += w;
  }
  return kept.join('\n\n').trim();
}

const firstRef = (s: string) => s.split(';')[0].trim();

const records: LibraryRecord[] = [];

// Books: the first section and one from the middle of each of the 85 works.
const books = readIndex('public_domain_books');
for (const b of books) {
  const mid = Math.max(1, Math.ceil((b.sections ?? 1) / 2));
  if (b.section !== 1 && b.section !== mid) continue;
  records.push({
    title: `${b.title}${b.author ? ` — ${b.author}` : ''} (section ${b.section} of ${b.sections})`,
    reference: `${firstRef(b.source_url_or_ref)} (section ${b.section})`,
    licence: b.licence,
    text: cut(readFileSync(join(root, b.file), 'utf8')),
  });
}
// Speeches: every 6th, in date order.
readIndex('us_presidential_speeches').forEach((s, i) => {
  if (i % 6 !== 0) return;
  records.push({
    title: `${s.title}${s.president ? ` — ${s.president}` : ''}${s.date ? `, ${s.date}` : ''}`,
    reference: firstRef(s.source_url_or_ref),
    licence: s.licence,
    text: cut(readFileSync(join(root, s.file), 'utf8')),
  });
});
// Factbook: every 5th country.
readIndex('cia_world_factbook').forEach((f, i) => {
  if (i % 5 !== 0) return;
  records.push({
    title: f.title,
    reference: f.source_url_or_ref,
    licence: f.licence,
    text: cut(readFileSync(join(root, f.file), 'utf8')),
  });
});

const refs = new Set<string>();
for (const r of records) {
  if (refs.has(r.reference)) throw new Error(`duplicate reference ${r.reference}`);
  refs.add(r.reference);
}
const jsonl = records.map((r) => JSON.stringify(r)).join('\n') + '\n';
const bytes = records.reduce((n, r) => n + Buffer.byteLength(r.text), 0);
if (bytes > MAX_BYTES) throw new Error(`library text is ${bytes} bytes, over ${MAX_BYTES}`);
const gz = gzipSync(jsonl, { level: 9 });
writeFileSync(out, gz);
const words = records.reduce((n, r) => n + r.text.split(/\s+/).length, 0);
console.log(
  `${records.length} documents, ${words.toLocaleString('en-US')} words, ${(bytes / 1e6).toFixed(2)} MB text, ${(gz.length / 1e6).toFixed(2)} MB gzipped -> ${out}`,
);
