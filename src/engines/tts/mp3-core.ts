/**
 * MP3 encoding of mono PCM with a LAME encoder from wasm-media-encoders (MIT), however it was loaded: Node uses the
 * binary inlined in the package (mp3.ts); the page loads the package's .wasm file from this server, because its
 * Content-Security-Policy refuses `data:` URLs.
 */
import type { WasmMediaEncoder } from 'wasm-media-encoders';
import type { Pcm } from './wav';

/** Constant bit rate for speech: 48 kb/s is clear for 16–24 kHz mono voice and about 0.36 MB a minute. */
export const MP3_BITRATE = 48;
const SLICE = 16_384;

export type Mp3Encoder = WasmMediaEncoder<'audio/mpeg'>;

/** Encode mono 16-bit PCM as an MP3 file (MPEG audio frames, no ID3 tag). */
export function encodeMp3With(enc: Mp3Encoder, { sampleRate, samples }: Pcm): Uint8Array {
  enc.configure({ sampleRate, channels: 1, bitrate: MP3_BITRATE });
  const parts: Uint8Array[] = [];
  const f = new Float32Array(SLICE);
  for (let at = 0; at < samples.length; at += SLICE) {
    const n = Math.min(SLICE, samples.length - at);
    for (let i = 0; i < n; i++) f[i] = samples[at + i] / 32768;
    // the encoder owns the returned view: copy it before the next call
    parts.push(enc.encode([f.subarray(0, n)]).slice());
  }
  parts.push(enc.finalize().slice());
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
