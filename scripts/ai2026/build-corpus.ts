/**
 * Builds datasets/ai-2026/corpus.jsonl.gz from the writers' raw files (`tsx scripts/ai2026/build-corpus.ts DIR…`).
 * Checks every polished and mixed document's human source exists in ../shared/datasets/detection and that a mixed
 * document rebuilds. Deterministic: documents are ordered by genre, voice and a hash of their text.
 *
 * `--append` keeps the records already in the corpus (the first writers' raw files are not kept) and adds the new
 * ones. New documents must be in new genres: ids are numbered per genre, so an old genre's ids, and with them the
 * calibration split (hashed on the id), would otherwise shift.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { hash32, loadDetectionData } from '../detector-data';
import { parseRaw, type RawDoc } from './corpus-lib';
import { assembleMixed, CORPUS_PATH, humanIndex, readCorpus, type CorpusRecord } from './corpus';

const args = process.argv.slice(2);
const append = args.includes('--append');
const kept: CorpusRecord[] = append ? readCorpus() : [];
const keptGenres = new Set(kept.map((r) => r.genre));
const files: string[] = [];
for (const arg of args.filter((a) => a !== '--append')) {
  const walk = (p: string) => {
    if (statSync(p).isDirectory()) for (const f of readdirSync(p).sort()) walk(join(p, f));
    else if (p.endsWith('.txt')) files.push(p);
  };
  walk(arg);
}
const raw: RawDoc[] = [];
const errors: string[] = [];
for (const f of files) {
  const r = parseRaw(readFileSync(f, 'utf8'), f);
  raw.push(...r.docs);
  errors.push(...r.errors);
}
const humans = humanIndex(loadDetectionData());
const words = (t: string) => (t.match(/\S+/g) ?? []).length;
const seen = new Set<string>(kept.filter((r) => r.text).map((r) => r.text!.replace(/\s+/g, ' ').trim()));
const records: CorpusRecord[] = [];
for (const d of raw) {
  if (keptGenres.has(d.genre)) {
    errors.push(`${d.file}: genre ${d.genre} is already in the corpus (--append takes new genres only); dropped`);
    continue;
  }
  const key = d.body.replace(/\s+/g, ' ').trim();
  if (seen.has(key)) {
    errors.push(`${d.file}: duplicate document dropped`);
    continue;
  }
  seen.add(key);
  const rec: CorpusRecord = { id: '', genre: d.genre, voice: d.voice, prompt: d.prompt, words: 0 };
  const kind = d.style ?? d.edit ?? d.mode;
  if (kind) rec.kind = kind;
  if (d.voice === 'polished' || d.voice === 'mixed') {
    if (!humans.has(d.source ?? '')) {
      errors.push(`${d.file}: unknown source ${d.source}; dropped`);
      continue;
    }
    rec.source = d.source;
  }
  if (d.voice === 'mixed') {
    rec.segments = d.body
      .split(/\n\s*\n|\n(?=\[\[H\d+\]\])|(?<=\[\[H\d+\]\])\n/)
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => {
        const m = /^\[\[H(\d+)\]\]$/.exec(p);
        return m ? { h: Number(m[1]) } : { ai: p };
      });
    // merge consecutive assistant paragraphs so each run of them is one span
    const merged: NonNullable<CorpusRecord['segments']> = [];
    for (const s of rec.segments) {
      const last = merged[merged.length - 1];
      if ('ai' in s && last && 'ai' in last) last.ai += '\n\n' + s.ai;
      else merged.push(s);
    }
    rec.segments = merged;
    try {
      rec.words = words(assembleMixed(rec, humans.get(rec.source!)!.text).text);
    } catch (e) {
      errors.push(`${d.file}: ${(e as Error).message}; dropped`);
      continue;
    }
  } else {
    rec.text = d.body;
    rec.words = words(d.body);
  }
  records.push(rec);
}
records.sort((a, b) =>
  a.genre < b.genre ? -1 : a.genre > b.genre ? 1 : a.voice < b.voice ? -1 : a.voice > b.voice ? 1 : hash32(JSON.stringify(a)) - hash32(JSON.stringify(b)),
);
const perGenre = new Map<string, number>();
for (const r of records) {
  const n = (perGenre.get(r.genre) ?? 0) + 1;
  perGenre.set(r.genre, n);
  r.id = `${r.genre}-${String(n).padStart(3, '0')}`;
}
// kept records keep their ids and their place; the new genres follow them
records.unshift(...kept);
mkdirSync(dirname(CORPUS_PATH), { recursive: true });
const gz = gzipSync(records.map((r) => JSON.stringify(r)).join('\n') + '\n', { level: 9 });
writeFileSync(CORPUS_PATH, gz);
const byVoice = new Map<string, number>();
for (const r of records) byVoice.set(r.voice, (byVoice.get(r.voice) ?? 0) + 1);
console.log(
  `${records.length} documents in ${new Set(records.map((r) => r.genre)).size} genres (${[...byVoice].map(([k, v]) => `${k} ${v}`).join(', ')}); ${(gz.length / 1e6).toFixed(2)} MB -> ${CORPUS_PATH}`,
);
if (errors.length) console.log(`${errors.length} problems:\n  ${errors.slice(0, 40).join('\n  ')}`);
