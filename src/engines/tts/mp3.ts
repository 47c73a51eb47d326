/**
 * MP3 encoding in Node (the engine worker, tests, the bench) with LAME compiled to WebAssembly (wasm-media-encoders,
 * MIT; the binary is inlined in the package, nothing is fetched). The page uses mp3-core.ts with the .wasm file.
 */
import { createMp3Encoder } from 'wasm-media-encoders';
import { encodeMp3With, type Mp3Encoder } from './mp3-core';
import type { Pcm } from './wav';

export { MP3_BITRATE, encodeMp3With } from './mp3-core';

let encoder: Promise<Mp3Encoder> | null = null;

/** Encode mono 16-bit PCM as an MP3 file (MPEG audio frames, no ID3 tag). */
export async function encodeMp3(pcm: Pcm): Promise<Uint8Array> {
  return encodeMp3With(await (encoder ??= createMp3Encoder()), pcm);
}

/** MPEG audio frame headers found walking `bytes` frame by frame from the start (for tests and checks). */
export function mp3Frames(bytes: Uint8Array): { frames: number; sampleRate: number | null; bitrateKbps: number | null } {
  // MPEG-1, -2 and -2.5 Layer III bit-rate and sample-rate tables
  const RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };
  const BR_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  const BR_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
  let at = 0;
  let frames = 0;
  let sampleRate: number | null = null;
  let bitrateKbps: number | null = null;
  while (at + 4 <= bytes.length) {
    const b1 = bytes[at + 1];
    const b2 = bytes[at + 2];
    if (bytes[at] !== 0xff || (b1 & 0xe0) !== 0xe0 || ((b1 >> 1) & 3) !== 1) break;
    const version = (b1 >> 3) & 3;
    const br = (version === 3 ? BR_V1 : BR_V2)[(b2 >> 4) & 15];
    const sr = RATES[version]?.[(b2 >> 2) & 3];
    if (!br || !sr) break;
    const pad = (b2 >> 1) & 1;
    const len = Math.floor(((version === 3 ? 144 : 72) * br * 1000) / sr) + pad;
    frames++;
    sampleRate = sr;
    bitrateKbps = br;
    at += len;
  }
  return { frames, sampleRate, bitrateKbps };
}
