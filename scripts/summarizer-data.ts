/**
 * The summarizer benchmark's documents and scoring, shared by bench/summarizer.ts and scripts/summarizer-tune.ts.
 * Documents: datasets/summaries/references.jsonl (model-written references, see its README); their texts are read
 * from ../shared/datasets (SUMMARIES_DATA) and checked against the recorded sha1, never copied into the repository.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { factCoverage, rouge } from '../src/engines/summarizer/rouge';
import { splitSentences } from '../src/engines/text';

const root = fileURLToPath(new URL('..', import.meta.url));
const DATA = process.env.SUMMARIES_DATA ?? join(root, '../shared/datasets');

export interface Ref {
  id: string;
  source: string;
  path: string;
  split: 'dev' | 'heldout';
  words: number;
  sha1: string;
  summary: string;
  summary_words: number;
  late_facts: string[];
}

export interface Doc extends Ref {
  text: string;
}

const jsonCache = new Map<string, string[]>();
function readSource(path: string): string {
  const [file, item] = path.split('#');
  if (item === undefined) return readFileSync(join(DATA, file!), 'utf8');
  let list = jsonCache.get(file!);
  if (!list) jsonCache.set(file!, (list = JSON.parse(readFileSync(join(DATA, file!), 'utf8')) as string[]));
  return list[Number(item)]!;
}

export function loadDocs(): Doc[] {
  const refs = readFileSync(join(root, 'datasets/summaries/references.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Ref);
  return refs.map((r) => {
    const text = readSource(r.path);
    const sha1 = createHash('sha1').update(text).digest('hex').slice(0, 12);
    if (sha1 !== r.sha1) throw new Error(`${r.id}: the source text changed (sha1 ${sha1}, expected ${r.sha1})`);
    return { ...r, text };
  });
}

const WORD = /\S+/g;
/** The text cut to at most `n` whitespace-separated words. */
export function cutWords(text: string, n: number): string {
  let count = 0;
  for (const m of text.matchAll(WORD)) if (++count > n) return text.slice(0, m.index).trimEnd();
  return text;
}
export const wordCount = (t: string): number => t.match(WORD)?.length ?? 0;

export interface Output {
  summary: string;
  /** the extracted spans, to measure where in the document the summary comes from */
  spans: { start: number; end: number }[];
}

export function leadSentences(text: string, k: number): Output {
  const spans = splitSentences(text).slice(0, k);
  return { summary: spans.map((s) => s.text).join(' '), spans };
}

export function leadWords(text: string, n: number): Output {
  const cut = cutWords(text, n);
  return { summary: cut, spans: [{ start: 0, end: cut.length }] };
}

/** Mean relative position of the extracted characters (0 = start of the document, 1 = end). */
function meanPosition(text: string, spans: { start: number; end: number }[]): number {
  let sum = 0;
  let len = 0;
  for (const s of spans) {
    sum += ((s.start + s.end) / 2) * (s.end - s.start);
    len += s.end - s.start;
  }
  return len ? sum / len / Math.max(1, text.length) : 0;
}

export interface Row {
  r1: number;
  r2: number;
  rl: number;
  facts: number;
  words: number;
  pos: number;
}

/** ROUGE F1s, late-fact coverage, length and mean position of one output, cut to `budget` words when given. */
export function score(doc: Doc, out: Output, budget?: number): Row {
  const summary = budget === undefined ? out.summary : cutWords(out.summary, budget);
  const s = rouge(summary, doc.summary);
  return {
    r1: s.rouge1.f,
    r2: s.rouge2.f,
    rl: s.rougeL.f,
    facts: factCoverage(doc.late_facts, summary),
    words: wordCount(summary),
    pos: meanPosition(doc.text, out.spans),
  };
}

export const mean = (rows: Row[], k: keyof Row): number => rows.reduce((a, r) => a + r[k], 0) / Math.max(1, rows.length);
