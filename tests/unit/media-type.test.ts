import { describe, expect, it } from 'vitest';
import { sniffMedia } from '../../src/server/services/media-type';

const bytes = (...parts: (string | number[])[]) => {
  const out: number[] = [];
  for (const p of parts) out.push(...(typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p));
  while (out.length < 32) out.push(0);
  return Uint8Array.from(out);
};
/** an ISO-BMFF `ftyp` box with a major brand and compatible brands */
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 0, 0], ...compatible);
};

describe('sniffMedia: the type of an upload by its content', () => {
  it('recognises each image format by its magic bytes', () => {
    expect(sniffMedia(bytes([0xff, 0xd8, 0xff, 0xe0]))?.mime).toBe('image/jpeg');
    expect(sniffMedia(bytes([0x89], 'PNG\r\n\x1a\n'))?.mime).toBe('image/png');
    expect(sniffMedia(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))?.mime).toBe('image/webp');
    expect(sniffMedia(ftyp('heic', 'mif1', 'heic'))?.mime).toBe('image/heic');
    // an iPhone HEIC whose major brand is mif1
    expect(sniffMedia(ftyp('mif1', 'heic'))?.mime).toBe('image/heic');
    expect(sniffMedia(ftyp('avif', 'mif1'))?.mime).toBe('image/avif');
  });

  it('recognises each audio format by its magic bytes', () => {
    expect(sniffMedia(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))?.mime).toBe('audio/wav');
    expect(sniffMedia(bytes('OggS', [0]))?.mime).toBe('audio/ogg');
    expect(sniffMedia(bytes([0x1a, 0x45, 0xdf, 0xa3]))?.mime).toBe('audio/webm');
    expect(sniffMedia(bytes('ID3', [4, 0]))?.mime).toBe('audio/mpeg');
    // an MP3 without a tag: MPEG-1 layer III, 128 kbit/s, 44.1 kHz
    expect(sniffMedia(bytes([0xff, 0xfb, 0x90, 0x64]))?.mime).toBe('audio/mpeg');
    expect(sniffMedia(ftyp('M4A ', 'isom'))).toMatchObject({ kind: 'audio', ext: 'm4a' });
  });

  it('refuses what it does not know, whatever the file is called', () => {
    expect(sniffMedia(bytes('#!/bin/sh\nrm -rf /\n'))).toBeNull();
    expect(sniffMedia(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffMedia(bytes('%PDF-1.7'))).toBeNull();
    // a frame sync with an invalid bitrate is not an MP3
    expect(sniffMedia(bytes([0xff, 0xfb, 0xf0, 0x64]))).toBeNull();
    // too short to tell
    expect(sniffMedia(Uint8Array.from([0xff, 0xd8, 0xff]))).toBeNull();
    // a RIFF that is neither WAVE nor WEBP (AVI)
    expect(sniffMedia(bytes('RIFF', [1, 2, 3, 4], 'AVI LIST'))).toBeNull();
    expect(sniffMedia(ftyp('qt  '))).toBeNull();
  });
});
