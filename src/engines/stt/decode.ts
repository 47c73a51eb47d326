/**
 * Any uploaded audio (WAV, MP3, Ogg Vorbis/Opus, WebM/Opus, M4A/MP4 with AAC or Opus, FLAC) to 16 kHz mono 16-bit,
 * with audio-decode (MIT; wasm decoders: FAAD2 for AAC, libopus, a Vorbis and an MP3 decoder, all inside npm, nothing
 * fetched). The file is fed to the decoder in slices and each decoded slice goes straight into the 16 kHz converter,
 * so memory is bounded by the 16 kHz result, and that by `maxSeconds`: a small file that decodes to hours of audio
 * (a "decompression bomb") stops at the limit instead of filling memory.
 *
 * Async CPU work (wasm): run it in the engine worker pool, never on the server's event loop.
 */
import { decodeChunked } from 'audio-decode';
import { AudioFormatError, Mono16k, silenceCuts, STT_SAMPLE_RATE, TooLongError } from './pcm';
import { CHUNK_MAX_SECONDS, CHUNK_MIN_SECONDS } from './chunks';
import type { Pcm } from '../tts/wav';

/** The containers audio-decode recognises by content (audio-type's names). */
type DecodeFormat = Parameters<typeof decodeChunked>[1];

const SLICE = 64 * 1024;

const ascii = (b: Uint8Array, at: number, s: string) => b.length >= at + s.length && [...s].every((c, i) => b[at + i] === c.charCodeAt(0));

/**
 * Which of audio-decode's decoders reads `bytes`, by their first bytes (the server has already refused anything that
 * is not audio by content, services/media-type.ts; this picks the decoder, e.g. Opus or Vorbis inside an Ogg file).
 */
export function decoderFor(b: Uint8Array): DecodeFormat | null {
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) return 'wav';
  if (ascii(b, 0, 'fLaC')) return 'flac';
  // the first Ogg page carries the codec's identification header at byte 28
  if (ascii(b, 0, 'OggS')) return ascii(b, 28, 'OpusHead') ? 'opus' : ascii(b, 29, 'vorbis') ? 'oga' : ascii(b, 29, 'FLAC') ? 'flac' : null;
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return 'webm';
  if (ascii(b, 4, 'ftyp')) return 'm4a';
  if (ascii(b, 0, 'ID3') || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0)) return 'mp3';
  return null;
}

async function* slices(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += SLICE) yield bytes.subarray(at, at + SLICE);
}

/**
 * Decode `bytes` to 16 kHz mono. Throws AudioFormatError when it is not audio this decoder reads (or is damaged),
 * TooLongError past `maxSeconds`. A file that decodes to (almost) nothing is an AudioFormatError too.
 */
export async function decodeToMono16k(bytes: Uint8Array, maxSeconds: number): Promise<Pcm> {
  const format = decoderFor(bytes);
  if (!format) throw new AudioFormatError('not an audio format this server can decode');
  const out = new Mono16k(maxSeconds);
  try {
    for await (const chunk of decodeChunked(slices(bytes), format)) out.push(chunk.channelData, chunk.sampleRate);
  } catch (err) {
    if (err instanceof TooLongError || err instanceof AudioFormatError) throw err;
    throw new AudioFormatError(`the ${format} audio could not be decoded (${err instanceof Error ? err.message : String(err)})`);
  }
  const pcm = out.result();
  // less than a tenth of a second: a header with no sound, or a stream the decoder gave up on
  if (pcm.samples.length < STT_SAMPLE_RATE / 10) throw new AudioFormatError(`the ${format} file holds no audio`);
  return pcm;
}

/** Provider pieces: at most 5 minutes (16 kHz WAV: 9.6 MB, under OpenAI's 25 MB per file). */
export const PROVIDER_CHUNK_MIN_SECONDS = 240;
export const PROVIDER_CHUNK_MAX_SECONDS = 300;

/**
 * An upload decoded for transcription, as the engine worker hands it back: a plain union rather than a thrown error,
 * because an error's class does not survive the thread boundary and the route must tell "not audio" (422) from
 * "too long" (413).
 */
export type DecodedUpload =
  { ok: true; pcm: Pcm; seconds: number; offlineCuts: number[]; providerCuts: number[] } | { ok: false; kind: 'format' | 'too_long'; message: string };

/** Decode an upload and find where to cut it, for the offline recogniser's pieces and for a provider's. */
export async function decodeForTranscription(bytes: Uint8Array, maxSeconds: number): Promise<DecodedUpload> {
  try {
    const pcm = await decodeToMono16k(bytes, maxSeconds);
    return {
      ok: true,
      pcm,
      seconds: pcm.samples.length / STT_SAMPLE_RATE,
      offlineCuts: silenceCuts(pcm, { minSec: CHUNK_MIN_SECONDS, maxSec: CHUNK_MAX_SECONDS }),
      providerCuts: silenceCuts(pcm, { minSec: PROVIDER_CHUNK_MIN_SECONDS, maxSec: PROVIDER_CHUNK_MAX_SECONDS }),
    };
  } catch (err) {
    if (err instanceof TooLongError) return { ok: false, kind: 'too_long', message: err.message };
    if (err instanceof AudioFormatError) return { ok: false, kind: 'format', message: err.message };
    throw err;
  }
}
