/**
 * Shared loader for the detection corpora (train + eval + bench).
 * Reads ../shared/datasets/detection (or $DETECTION_DATA_DIR). Nothing is copied into the repo.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fnv1a32 } from '../src/engines/text/hash';

export type SourceName = 'l2r_data' | 'outfox' | 'fast_detect_gpt' | 'seqxgpt' | 'reference' | 'ai2026';
/** The four public detection corpora. */
export const SOURCES: SourceName[] = ['l2r_data', 'outfox', 'fast_detect_gpt', 'seqxgpt'];
/** Every source the detector trains on: the four corpora, public-domain prose (human) and the project's assistant corpus (AI). */
export const ALL_SOURCES: SourceName[] = [...SOURCES, 'reference', 'ai2026'];

export interface Sample {
  text: string;
  /** 1 = AI-generated, 0 = human-written */
  label: 0 | 1;
  source: SourceName;
  /** sub-domain within the source (l2r domain, fdg dataset, outfox 'essays', seqxgpt 'mixed') */
  domain: string;
  generator: string;
  attack: string;
  /** samples sharing a group (paired rewrite / shared prefix / same prompt) must stay on one side of a split */
  group: string;
  /** genre in the assistant corpus's genre names (see scripts/ai2026/corpus-lib.ts humanGenre); splits are by genre */
  genre?: string;
  /** assistant corpus only: how the text was made */
  voice?: 'default' | 'styled' | 'polished' | 'mixed';
  /** assistant corpus: the style instruction (styled) or the edit asked for (polished) */
  kind?: string;
  /** mixed documents: character ranges of `text` written by the assistant */
  aiSpans?: [number, number][];
  /** polished and mixed documents: the human text they were made from */
  original?: string;
}

const here = dirname(fileURLToPath(import.meta.url));

export function detectionDataDir(): string {
  if (process.env.DETECTION_DATA_DIR) return resolve(process.env.DETECTION_DATA_DIR);
  return resolve(here, '..', '..', 'shared', 'datasets', 'detection');
}

export function hasDetectionData(dir = detectionDataDir()): boolean {
  return existsSync(join(dir, 'l2r_data')) || existsSync(join(dir, 'outfox'));
}

function readJson(p: string): unknown {
  return JSON.parse(readFileSync(p, 'utf8'));
}

function readJsonl(p: string): Record<string, unknown>[] {
  return readFileSync(p, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const L2R_SKIP = new Set(['TravelTourism', 'Code']);

function loadL2r(dir: string): Sample[] {
  const base = join(dir, 'l2r_data');
  if (!existsSync(base)) return [];
  const out: Sample[] = [];
  for (const domain of readdirSync(base).sort()) {
    if (L2R_SKIP.has(domain)) continue;
    const ddir = join(base, domain);
    if (!existsSync(join(ddir, 'human.json'))) continue;
    for (const file of readdirSync(ddir).sort()) {
      if (!file.endsWith('.json')) continue;
      const gen = file.replace(/\.json$/, '');
      const arr = readJson(join(ddir, file)) as string[];
      arr.forEach((text, i) => {
        if (typeof text !== 'string' || !text.trim()) return;
        out.push({
          text,
          label: gen === 'human' ? 0 : 1,
          source: 'l2r_data',
          domain,
          generator: gen,
          attack: 'none',
          // AI texts are rewrites of the human text with the same index
          group: `l2r:${domain}:${i}`,
        });
      });
    }
  }
  return out;
}

function loadOutfox(dir: string): Sample[] {
  const p = join(dir, 'outfox', 'outfox_valid_test.jsonl');
  if (!existsSync(p)) return [];
  const seen = new Set<string>();
  const out: Sample[] = [];
  for (const r of readJsonl(p)) {
    const text = String(r.text ?? '');
    if (!text.trim() || seen.has(text)) continue;
    seen.add(text);
    const label = r.label === 'human' ? 0 : 1;
    out.push({
      text,
      label,
      source: 'outfox',
      domain: 'essays',
      generator: String(r.generator ?? (label ? 'ai' : 'human')),
      attack: r.attack ? String(r.attack) : 'none',
      group: `outfox:${String(r.prompt ?? '').slice(0, 200)}`,
    });
  }
  return out;
}

function loadFastDetect(dir: string): Sample[] {
  const base = join(dir, 'fast_detect_gpt');
  if (!existsSync(base)) return [];
  const out: Sample[] = [];
  const seenHuman = new Set<string>();
  const seenAi = new Set<string>();
  for (const exp of readdirSync(base).sort()) {
    const ddir = join(base, exp, 'data');
    if (!existsSync(ddir)) continue;
    for (const file of readdirSync(ddir).sort()) {
      if (!file.endsWith('.raw_data.json')) continue;
      const stem = file.replace('.raw_data.json', '');
      const us = stem.indexOf('_');
      const domain = stem.slice(0, us);
      const gen = stem.slice(us + 1);
      const d = readJson(join(ddir, file)) as { original: string[]; sampled: string[] };
      d.original.forEach((orig, i) => {
        // group by the human text's opening: the AI text continues it, and the same human text recurs across files
        const group = `fdg:${orig.split(/\s+/).slice(0, 12).join(' ')}`;
        if (orig.trim() && !seenHuman.has(orig)) {
          seenHuman.add(orig);
          out.push({ text: orig, label: 0, source: 'fast_detect_gpt', domain, generator: 'human', attack: 'none', group });
        }
        const s = d.sampled[i];
        if (typeof s === 'string' && s.trim() && !seenAi.has(s)) {
          seenAi.add(s);
          out.push({ text: s, label: 1, source: 'fast_detect_gpt', domain, generator: gen, attack: 'none', group });
        }
      });
    }
  }
  return out;
}

function loadSeqx(dir: string): Sample[] {
  const base = join(dir, 'seqxgpt', 'SeqXGPT', 'dataset', 'document-level detection dataset');
  if (!existsSync(base)) return [];
  const out: Sample[] = [];
  for (const file of readdirSync(base).sort()) {
    if (!file.endsWith('_lines.jsonl')) continue;
    const gen = file.replace('_lines.jsonl', '');
    readJsonl(join(base, file)).forEach((r, i) => {
      const text = String(r.text ?? '');
      if (!text.trim()) return;
      out.push({
        text,
        label: gen === 'human' ? 0 : 1,
        source: 'seqxgpt',
        domain: 'mixed',
        generator: gen,
        attack: 'none',
        group: `seqx:${gen}:${i}`,
      });
    });
  }
  return out;
}

export function loadDetectionData(dir = detectionDataDir()): Sample[] {
  if (!hasDetectionData(dir)) {
    throw new Error(`Detection datasets not found at ${dir} (set DETECTION_DATA_DIR)`);
  }
  return [...loadL2r(dir), ...loadOutfox(dir), ...loadFastDetect(dir), ...loadSeqx(dir)];
}

/** Deterministic group-level splits hash with the engines' FNV-1a (the split must never change). */
export const hash32 = fnv1a32;

/** Group-level split: returns true when the sample's group falls into the held-out fraction. */
export function isHeldOut(s: Sample, fraction: number, seed = 17): boolean {
  return (hash32(`${seed}|${s.group}`) % 10000) / 10000 < fraction;
}

export function wordCount(text: string): number {
  const m = text.match(/\S+/g);
  return m ? m.length : 0;
}

/**
 * Deterministic subsample for fast iteration (EVAL_MAX_PER_SOURCE): keeps whole groups, chosen by hash, until about
 * `maxPerSource` samples of each source are kept. Final numbers must come from a full run.
 */
export function subsamplePerSource(samples: Sample[], maxPerSource: number): Sample[] {
  if (!(maxPerSource > 0)) return samples;
  const out: Sample[] = [];
  for (const src of SOURCES) {
    const ss = samples.filter((s) => s.source === src);
    if (ss.length <= maxPerSource) {
      out.push(...ss);
      continue;
    }
    const frac = maxPerSource / ss.length;
    out.push(...ss.filter((s) => (hash32(`sub|${s.group}`) % 100000) / 100000 < frac));
  }
  return out;
}
