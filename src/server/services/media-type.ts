/**
 * What an uploaded media file is, read from its first bytes, never from its name or the browser's declared type:
 * a script renamed photo.png must not reach an image decoder as a PNG, and a phone's HEIC sent as "image.jpg" is
 * still recognised.
 */
export type MediaKind = 'image' | 'audio';

export interface MediaType {
  kind: MediaKind;
  /** e.g. 'image/jpeg' */
  mime: string;
  /** e.g. 'jpg' */
  ext: string;
}

/** An uploaded media file, its type sniffed from its content. */
export interface MediaFile extends MediaType {
  /** The name the browser gave (display only). */
  name: string;
  bytes: Buffer;
}

/** Human names of what each kind accepts, for the 415 message. */
export const MEDIA_FORMATS: Record<MediaKind, string> = {
  image: 'JPEG, PNG, WebP, HEIC or AVIF',
  audio: 'MP3, WAV, M4A, OGG or WebM',
};

const ascii = (b: Uint8Array, at: number, s: string): boolean => {
  if (b.length < at + s.length) return false;
  for (let i = 0; i < s.length; i++) if (b[at + i] !== s.charCodeAt(i)) return false;
  return true;
};

/** ISO-BMFF brands (the `ftyp` box) of each family: HEIF stills, AVIF, and MPEG-4 audio. */
const HEIF_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];
const AVIF_BRANDS = ['avif', 'avis'];
const M4A_BRANDS = ['M4A ', 'M4B ', 'mp42', 'isom', 'mp41', 'iso2', 'dash', 'MSNV', '3gp4', '3gp5', '3g2a'];

function sniffIsoBmff(b: Uint8Array): MediaType | null {
  if (!ascii(b, 4, 'ftyp') || b.length < 16) return null;
  const size = Math.min(((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) >>> 0, b.length, 256);
  const brands: string[] = [];
  // the major brand, then the compatible brands after the minor version
  for (let at = 8; at + 4 <= size; at += at === 8 ? 8 : 4) brands.push(String.fromCharCode(b[at], b[at + 1], b[at + 2], b[at + 3]));
  if (brands.some((x) => AVIF_BRANDS.includes(x))) return { kind: 'image', mime: 'image/avif', ext: 'avif' };
  if (brands.some((x) => HEIF_BRANDS.includes(x))) return { kind: 'image', mime: 'image/heic', ext: 'heic' };
  if (brands.some((x) => M4A_BRANDS.includes(x))) return { kind: 'audio', mime: 'audio/mp4', ext: 'm4a' };
  return null;
}

/** An MPEG audio frame header (layer III or II, a valid bitrate and rate): an MP3 without an ID3 tag starts with one. */
function isMpegFrame(b: Uint8Array, at: number): boolean {
  if (b.length < at + 4) return false;
  if (b[at] !== 0xff || (b[at + 1] & 0xe0) !== 0xe0) return false;
  const layer = (b[at + 1] >> 1) & 3;
  const bitrate = b[at + 2] >> 4;
  const rate = (b[at + 2] >> 2) & 3;
  return layer !== 0 && bitrate !== 0 && bitrate !== 15 && rate !== 3;
}

/** The type of `bytes` by their magic numbers, or null when it is none this server reads. */
export function sniffMedia(bytes: Uint8Array): MediaType | null {
  const b = bytes;
  if (b.length < 12) return null;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { kind: 'image', mime: 'image/jpeg', ext: 'jpg' };
  if (b[0] === 0x89 && ascii(b, 1, 'PNG\r\n\x1a\n')) return { kind: 'image', mime: 'image/png', ext: 'png' };
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return { kind: 'image', mime: 'image/webp', ext: 'webp' };
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE')) return { kind: 'audio', mime: 'audio/wav', ext: 'wav' };
  if (ascii(b, 0, 'OggS')) return { kind: 'audio', mime: 'audio/ogg', ext: 'ogg' };
  // EBML: WebM (and Matroska) audio from MediaRecorder
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return { kind: 'audio', mime: 'audio/webm', ext: 'webm' };
  if (ascii(b, 0, 'ID3') || isMpegFrame(b, 0)) return { kind: 'audio', mime: 'audio/mpeg', ext: 'mp3' };
  return sniffIsoBmff(b);
}
