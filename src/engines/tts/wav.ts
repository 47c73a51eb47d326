/**
 * 16-bit PCM mono WAV: writing, reading (any PCM WAV a provider or Flite answers: 8/16/24/32-bit integer or 32-bit
 * float, any channel count, mixed down to mono), resampling and silence. Pure, no Node APIs: the page uses it to
 * assemble the downloaded file from the streamed chunks.
 */

export interface Pcm {
  sampleRate: number;
  /** mono, 16-bit signed */
  samples: Int16Array;
}

export class WavFormatError extends Error {}

const HEADER_BYTES = 44;

/** A RIFF/WAVE file (PCM, mono, 16-bit) holding `samples`. */
export function encodeWav({ sampleRate, samples }: Pcm): Uint8Array {
  const out = new Uint8Array(HEADER_BYTES + samples.length * 2);
  const v = new DataView(out.buffer);
  const ascii = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) out[at + i] = s.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  v.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true); // PCM
  v.setUint16(22, 1, true); // mono
  v.setUint32(24, sampleRate, true);
  v.setUint32(28, sampleRate * 2, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  ascii(36, 'data');
  v.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) v.setInt16(HEADER_BYTES + i * 2, samples[i], true);
  return out;
}

/** Read a PCM WAV (mixed down to mono 16-bit). Anything else (MP3, a JSON error body) is a WavFormatError. */
export function decodeWav(bytes: Uint8Array): Pcm {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new WavFormatError('not a WAV file');
  let format = 0;
  let channels = 0;
  let sampleRate = 0;
  let bits = 0;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = tag(at);
    // streamed WAVs (OpenAI's) carry 0xFFFFFFFF as the data size: read to the end
    let size = v.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ') {
      format = v.getUint16(body, true);
      channels = v.getUint16(body + 2, true);
      sampleRate = v.getUint32(body + 4, true);
      bits = v.getUint16(body + 14, true);
      // WAVE_FORMAT_EXTENSIBLE: the real format is the sub-format GUID's first two bytes
      if (format === 0xfffe && size >= 26) format = v.getUint16(body + 24, true);
    } else if (id === 'data') {
      if (!sampleRate || !channels) throw new WavFormatError('WAV data before its format');
      if (size > bytes.length - body) size = bytes.length - body;
      return { sampleRate, samples: toMono16(v, body, size, format, channels, bits) };
    }
    at = body + size + (size & 1);
  }
  throw new WavFormatError('WAV file without audio data');
}

function toMono16(v: DataView, start: number, size: number, format: number, channels: number, bits: number): Int16Array {
  const bytesPer = bits / 8;
  if (!((format === 1 && [8, 16, 24, 32].includes(bits)) || (format === 3 && bits === 32)))
    throw new WavFormatError(`unsupported WAV encoding (${format}/${bits})`);
  const frames = Math.floor(size / (bytesPer * channels));
  const out = new Int16Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) {
      const at = start + (f * channels + c) * bytesPer;
      let x: number;
      if (format === 3) x = v.getFloat32(at, true);
      else if (bits === 8) x = (v.getUint8(at) - 128) / 128;
      else if (bits === 16) x = v.getInt16(at, true) / 32768;
      else if (bits === 24) x = ((v.getUint8(at) | (v.getUint8(at + 1) << 8) | (v.getInt8(at + 2) << 16)) >> 0) / 8388608;
      else x = v.getInt32(at, true) / 2147483648;
      sum += x;
    }
    out[f] = clamp16((sum / channels) * 32768);
  }
  return out;
}

const clamp16 = (x: number) => Math.max(-32768, Math.min(32767, Math.round(x)));

/**
 * Change the sample rate by linear interpolation, after a box low-pass when going down (enough for speech between
 * 8 and 48 kHz; the point is one rate per answer, not studio quality).
 */
export function resample(pcm: Pcm, rate: number): Pcm {
  if (pcm.sampleRate === rate || pcm.samples.length === 0) return { sampleRate: rate, samples: pcm.samples };
  let src: ArrayLike<number> = pcm.samples;
  const ratio = pcm.sampleRate / rate;
  if (ratio > 1) {
    const w = Math.max(1, Math.round(ratio));
    const f = new Float32Array(src.length);
    let acc = 0;
    for (let i = 0; i < src.length; i++) {
      acc += src[i];
      if (i >= w) acc -= src[i - w];
      f[i] = acc / Math.min(i + 1, w);
    }
    src = f;
  }
  const n = Math.max(1, Math.round(pcm.samples.length / ratio));
  const out = new Int16Array(n);
  for (let i = 0; i < n; i++) {
    const x = i * ratio;
    const k = Math.floor(x);
    const a = src[Math.min(k, src.length - 1)];
    const b = src[Math.min(k + 1, src.length - 1)];
    out[i] = clamp16(a + (b - a) * (x - k));
  }
  return { sampleRate: rate, samples: out };
}

/** `ms` of silence at `rate`. */
export function silence(ms: number, rate: number): Int16Array {
  return new Int16Array(Math.max(0, Math.round((ms / 1000) * rate)));
}

export function concatPcm(parts: readonly Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function durationSeconds(pcm: Pcm): number {
  return pcm.samples.length / pcm.sampleRate;
}

/** Base64 of bytes, in slices (String.fromCharCode on a whole file overflows the stack); Buffer-free for the page. */
export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

export function fromBase64(b64: string): Uint8Array {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
