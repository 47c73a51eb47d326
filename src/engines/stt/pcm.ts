/**
 * PCM helpers for speech to text. Pure, no Node APIs (the page imports the WAV writer from engines/tts/wav.ts, the
 * bench and the tests these):
 *
 * - Mono16k: a streaming mixer and resampler to 16 kHz mono 16-bit, fed decoder output chunk by chunk, so a long file
 *   is never held at its source rate (an hour of 48 kHz stereo float is 1.4 GB; at 16 kHz mono 16-bit it is 115 MB).
 * - addNoise: white Gaussian noise at a signal-to-noise ratio, from a seeded generator (the bench's noisy condition).
 * - telephone: down to 8 kHz through a proper low-pass, then back up (the bench's 8 kHz condition).
 * - silenceCuts: where to cut long audio into chunks, at the quietest moment near each target length.
 */
import type { Pcm } from '../tts/wav';

/** The rate the recogniser's acoustic model was trained at (CMU en-us, 16 kHz wideband). */
export const STT_SAMPLE_RATE = 16_000;

const clamp16 = (x: number) => (x >= 32767 ? 32767 : x <= -32768 ? -32768 : Math.round(x));

/**
 * Mixes channels down and resamples to 16 kHz as chunks arrive. Going down, a moving average over one output period
 * (carried across chunks) is the anti-alias filter: crude, but speech above 8 kHz is not what the model listens to,
 * and it keeps the cost at a few operations per input sample. Linear interpolation between filtered samples, with the
 * fractional position carried across chunks, so chunk boundaries leave no seam.
 */
export class Mono16k {
  private out: Int16Array;
  private length = 0;
  private ratio = 0;
  private rate = 0;
  /** the filter's recent inputs (a ring) and its running sum */
  private ring = new Float32Array(1);
  private ringAt = 0;
  private ringSum = 0;
  private seen = 0;
  /** the previous filtered input sample, and the input position of the next output sample relative to it */
  private prev = 0;
  private pos = 0;
  private started = false;

  constructor(
    /** refuse (throw TooLongError) once this many seconds have been produced */
    private readonly maxSeconds = Infinity,
    initialSeconds = 60,
  ) {
    this.out = new Int16Array(Math.min(initialSeconds, maxSeconds === Infinity ? initialSeconds : maxSeconds + 1) * STT_SAMPLE_RATE);
  }

  /** Push a decoded chunk (one Float32Array per channel, -1..1). Its rate must not change mid-stream. */
  push(channels: readonly Float32Array[], sampleRate: number): void {
    const n = channels[0]?.length ?? 0;
    if (!n) return;
    if (!Number.isFinite(sampleRate) || sampleRate < 1000 || sampleRate > 384_000) throw new AudioFormatError(`unusable sample rate ${sampleRate}`);
    if (!this.rate) {
      this.rate = sampleRate;
      this.ratio = sampleRate / STT_SAMPLE_RATE;
      this.ring = new Float32Array(Math.max(1, Math.round(this.ratio)));
    } else if (sampleRate !== this.rate) throw new AudioFormatError('the sample rate changes within the file');
    const k = channels.length;
    const w = this.ring.length;
    for (let i = 0; i < n; i++) {
      let x = 0;
      for (let c = 0; c < k; c++) x += channels[c][i];
      x = (x / k) * 32768;
      if (!Number.isFinite(x)) x = 0;
      // moving average over the last w inputs
      this.ringSum += x - this.ring[this.ringAt];
      this.ring[this.ringAt] = x;
      this.ringAt = (this.ringAt + 1) % w;
      this.seen++;
      const y = this.ringSum / Math.min(this.seen, w);
      if (!this.started) {
        this.started = true;
        this.prev = y;
        this.emit(y);
        this.pos = this.ratio;
        continue;
      }
      // output samples that fall between the previous input (at 0) and this one (at 1)
      while (this.pos <= 1) {
        this.emit(this.prev + (y - this.prev) * this.pos);
        this.pos += this.ratio;
      }
      this.pos -= 1;
      this.prev = y;
    }
  }

  private emit(v: number): void {
    if (this.length === this.out.length) {
      if (this.length >= this.maxSeconds * STT_SAMPLE_RATE) throw new TooLongError(this.maxSeconds);
      const next = new Int16Array(Math.min(this.out.length * 2, Math.ceil(this.maxSeconds * STT_SAMPLE_RATE) + 1));
      next.set(this.out);
      this.out = next;
    }
    this.out[this.length++] = clamp16(v);
    if (this.length > this.maxSeconds * STT_SAMPLE_RATE) throw new TooLongError(this.maxSeconds);
  }

  /** The audio so far (a copy trimmed to its length). */
  result(): Pcm {
    return { sampleRate: STT_SAMPLE_RATE, samples: this.out.slice(0, this.length) };
  }
}

/** The decoded audio is longer than the caller allows. */
export class TooLongError extends Error {
  constructor(readonly maxSeconds: number) {
    super(`longer than ${maxSeconds} s`);
  }
}

/** The file could not be decoded as audio. */
export class AudioFormatError extends Error {}

/** Convert one whole PCM buffer to 16 kHz mono (the streaming converter run once). */
export function toMono16k(pcm: Pcm): Pcm {
  if (pcm.sampleRate === STT_SAMPLE_RATE) return pcm;
  const m = new Mono16k(Infinity, Math.ceil(pcm.samples.length / pcm.sampleRate) + 1);
  const f = new Float32Array(pcm.samples.length);
  for (let i = 0; i < f.length; i++) f[i] = pcm.samples[i] / 32768;
  m.push([f], pcm.sampleRate);
  return m.result();
}

/** mulberry32: a small seeded generator (the same noise on every run, so the figures are reproducible). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mean power (mean square, in 16-bit units²) of the samples. */
export function power(samples: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < samples.length; i++) s += samples[i] * samples[i];
  return samples.length ? s / samples.length : 0;
}

/**
 * The audio with white Gaussian noise added at `snrDb` below the speech: noise power = signalPower / 10^(snr/10).
 * `signalPower` defaults to the power of `pcm` itself; pass the power of the speech alone when `pcm` holds pauses.
 */
export function addNoise(pcm: Pcm, snrDb: number, seed: number, signalPower = power(pcm.samples)): Pcm {
  const rnd = seededRandom(seed);
  const sigma = Math.sqrt(signalPower / 10 ** (snrDb / 10));
  const out = new Int16Array(pcm.samples.length);
  for (let i = 0; i < out.length; i += 2) {
    // Box–Muller: two independent standard normals per pair of uniforms
    const u = 1 - rnd();
    const v = rnd();
    const r = Math.sqrt(-2 * Math.log(u));
    out[i] = clamp16(pcm.samples[i] + sigma * r * Math.cos(2 * Math.PI * v));
    if (i + 1 < out.length) out[i + 1] = clamp16(pcm.samples[i + 1] + sigma * r * Math.sin(2 * Math.PI * v));
  }
  return { sampleRate: pcm.sampleRate, samples: out };
}

/**
 * Windowed-sinc low-pass (Blackman window, `taps` odd) at `cutoffHz`: the telephone condition must really lose the band
 * above 4 kHz, which the moving average of the streaming resampler would let alias back in.
 */
export function lowPass(pcm: Pcm, cutoffHz: number, taps = 101): Pcm {
  const fc = cutoffHz / pcm.sampleRate;
  const m = taps - 1;
  const h = new Float64Array(taps);
  let sum = 0;
  for (let i = 0; i < taps; i++) {
    const x = i - m / 2;
    const sinc = x === 0 ? 2 * Math.PI * fc : Math.sin(2 * Math.PI * fc * x) / x;
    const w = 0.42 - 0.5 * Math.cos((2 * Math.PI * i) / m) + 0.08 * Math.cos((4 * Math.PI * i) / m);
    h[i] = sinc * w;
    sum += h[i];
  }
  for (let i = 0; i < taps; i++) h[i] /= sum;
  const s = pcm.samples;
  const out = new Int16Array(s.length);
  for (let n = 0; n < s.length; n++) {
    let acc = 0;
    for (let i = 0; i < taps; i++) {
      const k = n + i - m / 2;
      if (k >= 0 && k < s.length) acc += h[i] * s[k];
    }
    out[n] = clamp16(acc);
  }
  return { sampleRate: pcm.sampleRate, samples: out };
}

/** Every other sample / each sample twice with interpolation: exact 2:1 rate changes for the telephone condition. */
function decimate2(pcm: Pcm): Pcm {
  const out = new Int16Array(Math.floor(pcm.samples.length / 2));
  for (let i = 0; i < out.length; i++) out[i] = pcm.samples[2 * i];
  return { sampleRate: pcm.sampleRate / 2, samples: out };
}

function interpolate2(pcm: Pcm): Pcm {
  const s = pcm.samples;
  const out = new Int16Array(s.length * 2);
  for (let i = 0; i < s.length; i++) {
    out[2 * i] = s[i];
    out[2 * i + 1] = i + 1 < s.length ? Math.round((s[i] + s[i + 1]) / 2) : s[i];
  }
  return { sampleRate: pcm.sampleRate * 2, samples: out };
}

/**
 * 16 kHz audio as it would arrive over an 8 kHz channel (a phone line, an 8 kHz recording): low-passed at 3.6 kHz,
 * sampled at 8 kHz, and brought back to 16 kHz for the recogniser. The 8 kHz signal is returned too.
 */
export function telephone(pcm: Pcm): { at8k: Pcm; back: Pcm } {
  if (pcm.sampleRate !== STT_SAMPLE_RATE) throw new Error('telephone() expects 16 kHz audio');
  const at8k = decimate2(lowPass(pcm, 3600));
  const back = lowPass(interpolate2(at8k), 3900);
  return { at8k, back };
}

/**
 * Sample indices to cut `pcm` at so that no piece is longer than `maxSec`: for each piece, the quietest 200 ms window
 * (lowest energy) between `minSec` and `maxSec` after its start, cut at that window's middle. A pause between words
 * is found in any real speech within a few seconds, so words are not cut in half. Returns the piece boundaries,
 * starting with 0 and ending with the length.
 */
export function silenceCuts(pcm: Pcm, { minSec, maxSec }: { minSec: number; maxSec: number }): number[] {
  const { samples, sampleRate } = pcm;
  const frame = Math.round(sampleRate * 0.01);
  const frames = Math.ceil(samples.length / frame);
  // energy of each 10 ms frame
  const energy = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let e = 0;
    const end = Math.min(samples.length, (f + 1) * frame);
    for (let i = f * frame; i < end; i++) e += samples[i] * samples[i];
    energy[f] = e;
  }
  const win = 20; // 200 ms
  const cuts = [0];
  let start = 0;
  while (samples.length - start > maxSec * sampleRate) {
    const lo = Math.floor((start + minSec * sampleRate) / frame);
    const hi = Math.min(frames - win, Math.floor((start + maxSec * sampleRate) / frame) - win);
    let best = -1;
    let bestE = Infinity;
    let e = 0;
    for (let f = lo; f < lo + win; f++) e += energy[f] ?? 0;
    for (let f = lo; f <= hi; f++) {
      if (e < bestE) [bestE, best] = [e, f];
      e += (energy[f + win] ?? 0) - energy[f];
    }
    const cut = best < 0 ? start + Math.round(maxSec * sampleRate) : (best + win / 2) * frame;
    cuts.push(cut);
    start = cut;
  }
  cuts.push(samples.length);
  return cuts;
}
