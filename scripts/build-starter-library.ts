/**
 * Builds the reference libraries that a fresh install imports (src/db/starter-library/):
 *
 *   npx tsx scripts/build-starter-library.ts [--from ../shared/datasets/reference] [--full]
 *
 * Without --full: a deterministic subset of the public-domain corpus described in its README.md (books from Project
 * Gutenberg, US presidential speeches, the CIA World Factbook), each document cut to at most MAX_WORDS words at
 * paragraph boundaries, written as gzipped JSONL lines {title, reference, licence, text} (library.jsonl.gz, ≈4 MB of
 * text: indexed in seconds; tests and STARTER_LIBRARY=small use it).
 *
 * With --full: all 3,945 documents, whole, as brotli-compressed JSONL (full-library.jsonl.br). The documents of the
 * small library come first, under the same references, so an import that is interrupted or that follows an
 * install of the small library resumes where it stands instead of starting over. Brotli at quality 11 with a 16 MB
 * window takes the 48.7 MB of text to about 13 MB (gzip -9: 17.7 MB) and Node decompresses it in under a second
 * without a dependency.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const MAX_WORDS = 3000;
const MAX_BYTES = 4 * 1024 * 1024;

const { values } = parseArgs({ options: { from: { type: 'string', default: '../shared/datasets/reference' }, full: { type: 'boolean', default: false } } });
const root = resolve(values.from!);
const out = resolve(values.full ? 'src/db/starter-library/full-library.jsonl.br' : 'src/db/starter-library/library.jsonl.gz');

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

if (values.full) {
  // Every other document, whole. The small set's documents stay first, whole too (they were cut above).
  const small = new Set(records.map((r) => r.reference));
  const full: LibraryRecord[] = [];
  const rest: LibraryRecord[] = [];
  for (const b of books) {
    const rec = {
      title: `${b.title}${b.author ? ` — ${b.author}` : ''} (section ${b.section} of ${b.sections})`,
      reference: `${firstRef(b.source_url_or_ref)} (section ${b.section})`,
      licence: b.licence,
      text: readFileSync(join(root, b.file), 'utf8').trim(),
    };
    (small.has(rec.reference) ? full : rest).push(rec);
  }
  for (const s of readIndex('us_presidential_speeches')) {
    const rec = {
      title: `${s.title}${s.president ? ` — ${s.president}` : ''}${s.date ? `, ${s.date}` : ''}`,
      reference: firstRef(s.source_url_or_ref),
      licence: s.licence,
      text: readFileSync(join(root, s.file), 'utf8').trim(),
    };
    (small.has(rec.reference) ? full : rest).push(rec);
  }
  for (const f of readIndex('cia_world_factbook')) {
    const rec = { title: f.title, reference: f.source_url_or_ref, licence: f.licence, text: readFileSync(join(root, f.file), 'utf8').trim() };
    (small.has(rec.reference) ? full : rest).push(rec);
  }
  // the small set's order, then the rest in corpus order
  const order = new Map(records.map((r, i) => [r.reference, i]));
  full.sort((a, b) => order.get(a.reference)! - order.get(b.reference)!);
  records.length = 0;
  records.push(...full, ...rest);
}

const refs = new Set<string>();
for (const r of records) {
  if (refs.has(r.reference)) throw new Error(`duplicate reference ${r.reference}`);
  refs.add(r.reference);
}
const jsonl = records.map((r) => JSON.stringify(r)).join('\n') + '\n';
const bytes = records.reduce((n, r) => n + Buffer.byteLength(r.text), 0);
if (!values.full && bytes > MAX_BYTES) throw new Error(`library text is ${bytes} bytes, over ${MAX_BYTES}`);
const gz = values.full
  ? brotliCompressSync(jsonl, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_LGWIN]: 24, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(jsonl) },
    })
  : gzipSync(jsonl, { level: 9 });
writeFileSync(out, gz);
const words = records.reduce((n, r) => n + r.text.split(/\s+/).length, 0);
console.log(
  `${records.length} documents, ${words.toLocaleString('en-US')} words, ${(bytes / 1e6).toFixed(2)} MB text, ${(gz.length / 1e6).toFixed(2)} MB compressed -> ${out}`,
);
