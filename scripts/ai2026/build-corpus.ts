/**
 * Builds datasets/ai-2026/corpus.jsonl.gz from the writers' raw files (`tsx scripts/ai2026/build-corpus.ts DIR…`).
 * Checks every polished and mixed document's human source exists in ../shared/datasets/detection and that a mixed
 * document rebuilds. Deterministic: documents are ordered by genre, voice and a hash of their text.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { hash32, loadDetectionData } from '../detector-data';
import { parseRaw, type RawDoc } from './corpus-lib';
import { assembleMixed, CORPUS_PATH, humanIndex, type CorpusRecord } from './corpus';

const files: string[] = [];
for (const arg of process.argv.slice(2)) {
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
const seen = new Set<string>();
const records: CorpusRecord[] = [];
for (const d of raw) {
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
mkdirSync(dirname(CORPUS_PATH), { recursive: true });
const gz = gzipSync(records.map((r) => JSON.stringify(r)).join('\n') + '\n', { level: 9 });
writeFileSync(CORPUS_PATH, gz);
const byVoice = new Map<string, number>();
for (const r of records) byVoice.set(r.voice, (byVoice.get(r.voice) ?? 0) + 1);
console.log(
  `${records.length} documents in ${perGenre.size} genres (${[...byVoice].map(([k, v]) => `${k} ${v}`).join(', ')}); ${(gz.length / 1e6).toFixed(2)} MB -> ${CORPUS_PATH}`,
);
if (errors.length) console.log(`${errors.length} problems:\n  ${errors.slice(0, 40).join('\n  ')}`);
