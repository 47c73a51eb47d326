/**
 * Long audio in chunks: cut at pauses (pcm.ts silenceCuts) into pieces of at most CHUNK_MAX_SECONDS, each written to
 * a temporary 16 kHz WAV, recognised, and deleted at once, so progress can be reported piece by piece and a cancelled
 * job stops within one piece. Words keep their times in the whole file (each piece's offset added).
 */
import { unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Pcm } from '../tts/wav';
import { wordsToSegments, type TimedWord, type TranscriptSegment } from './format';
import { silenceCuts, STT_SAMPLE_RATE } from './pcm';
import { runSphinx, SphinxError } from './sphinx';
import { CHUNK_MAX_SECONDS, CHUNK_MIN_SECONDS } from './chunks';

/** A 16-bit mono WAV of samples [from, to) of `pcm`, as one copy (header + the samples' bytes; little-endian hosts). */
export function wavSlice(pcm: Pcm, from = 0, to = pcm.samples.length): Uint8Array<ArrayBuffer> {
  const n = Math.max(0, to - from);
  const out = new Uint8Array(44 + n * 2);
  const v = new DataView(out.buffer);
  const tag = (at: number, s: string) => [...s].forEach((c, i) => (out[at + i] = c.charCodeAt(0)));
  tag(0, 'RIFF');
  v.setUint32(4, 36 + n * 2, true);
  tag(8, 'WAVE');
  tag(12, 'fmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, pcm.sampleRate, true);
  v.setUint32(28, pcm.sampleRate * 2, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  tag(36, 'data');
  v.setUint32(40, n * 2, true);
  const body = new Int16Array(out.buffer, 44, n);
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] === 1) body.set(pcm.samples.subarray(from, to));
  else for (let i = 0; i < n; i++) v.setInt16(44 + i * 2, pcm.samples[from + i], true);
  return out;
}

export interface ChunkProgress {
  /** pieces finished */
  done: number;
  total: number;
  /** seconds of audio finished */
  seconds: number;
}

export interface OfflineTranscribeOptions {
  /** A folder of the caller's for the pieces' WAV files (each is deleted after use; the caller removes the folder). */
  tmpDir: string;
  signal?: AbortSignal;
  onProgress?: (p: ChunkProgress) => void | Promise<void>;
  /** Whole-job budget (ms). */
  budgetMs?: number;
  /** Each piece's own budget (ms) for a piece of `seconds` (default: a minute plus 6× its length). */
  pieceBudgetMs?: (seconds: number) => number;
  /** Piece boundaries (sample indices, from 0 to the length), if already computed off the event loop. */
  cuts?: number[];
}

export interface OfflineTranscript {
  segments: TranscriptSegment[];
  words: TimedWord[];
}

/** Transcribe 16 kHz mono audio with PocketSphinx, piece by piece. */
export async function transcribeOffline(pcm: Pcm, opts: OfflineTranscribeOptions): Promise<OfflineTranscript> {
  if (pcm.sampleRate !== STT_SAMPLE_RATE) throw new Error('transcribeOffline expects 16 kHz audio');
  const cuts = opts.cuts ?? silenceCuts(pcm, { minSec: CHUNK_MIN_SECONDS, maxSec: CHUNK_MAX_SECONDS });
  const started = Date.now();
  const words: TimedWord[] = [];
  const total = cuts.length - 1;
  for (let i = 0; i < total; i++) {
    opts.signal?.throwIfAborted();
    const [from, to] = [cuts[i], cuts[i + 1]];
    const seconds = (to - from) / STT_SAMPLE_RATE;
    const left = opts.budgetMs === undefined ? Infinity : opts.budgetMs - (Date.now() - started);
    if (left <= 0) throw new SphinxError(`the transcription took longer than its ${Math.round(opts.budgetMs! / 1000)} s budget`, 'timeout');
    const path = join(opts.tmpDir, `piece-${i}.wav`);
    await writeFile(path, wavSlice(pcm, from, to));
    try {
      // generous: the recogniser runs at about 3× real time on an idle core, much slower on noisy audio or a busy server
      const pieceBudget = opts.pieceBudgetMs?.(seconds) ?? 60_000 + seconds * 6000;
      const utterances = await runSphinx(path, { signal: opts.signal, timeoutMs: Math.min(left, pieceBudget) });
      const offset = from / STT_SAMPLE_RATE;
      for (const u of utterances) for (const w of u.words) words.push({ word: w.word, start: w.start + offset, end: w.end + offset });
    } finally {
      await unlink(path).catch(() => {});
    }
    await opts.onProgress?.({ done: i + 1, total, seconds: to / STT_SAMPLE_RATE });
  }
  return { segments: wordsToSegments(words), words };
}
