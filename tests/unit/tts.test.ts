import { describe, expect, it } from 'vitest';
import {
  concatPcm,
  decodeWav,
  encodeMp3,
  encodeWav,
  fliteSynthesize,
  groupPieces,
  mp3Frames,
  OFFLINE_VOICES,
  resample,
  silence,
  speechPieces,
  synthesizePiece,
  TTS_VOICES,
  WavFormatError,
  type Pcm,
} from '../../src/engines/tts';
import { fliteText } from '../../src/engines/tts/text';

const SENTENCE = 'The quick brown fox jumps over the lazy dog, and then it runs away into the quiet forest.';

/** Median fundamental frequency (Hz) of the voiced 40 ms frames, by normalised autocorrelation. */
function medianF0({ samples, sampleRate }: Pcm): number {
  const s = Float32Array.from(samples, (x) => x / 32768);
  const win = Math.round(sampleRate * 0.04);
  const hop = Math.round(sampleRate * 0.01);
  const found: number[] = [];
  for (let st = 0; st + win < s.length; st += hop) {
    let e = 0;
    for (let i = 0; i < win; i++) e += s[st + i] ** 2;
    if (e / win < 1e-3) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = Math.round(sampleRate / 400); lag <= Math.round(sampleRate / 60); lag++) {
      let c = 0;
      let a = 0;
      let b = 0;
      for (let i = 0; i < win - lag; i++) {
        c += s[st + i] * s[st + i + lag];
        a += s[st + i] ** 2;
        b += s[st + i + lag] ** 2;
      }
      c /= Math.sqrt(a * b) + 1e-9;
      if (c > best) [best, bestLag] = [c, lag];
    }
    if (best > 0.6) found.push(sampleRate / bestLag);
  }
  found.sort((x, y) => x - y);
  return found[Math.floor(found.length / 2)];
}

const seconds = (p: Pcm) => p.samples.length / p.sampleRate;

describe('offline voices', () => {
  const spoken = Object.fromEntries(TTS_VOICES.map((v) => [v, synthesizePiece(SENTENCE, v)])) as Record<(typeof TTS_VOICES)[number], Pcm>;
  const f0 = Object.fromEntries(TTS_VOICES.map((v) => [v, medianF0(spoken[v])])) as Record<(typeof TTS_VOICES)[number], number>;

  it('renders every SPEC voice differently: a distinct speaker or pitch each', () => {
    const keys = TTS_VOICES.map((v) => `${OFFLINE_VOICES[v].flite}@${OFFLINE_VOICES[v].pitchHz ?? 'own'}`);
    expect(new Set(keys).size).toBe(TTS_VOICES.length);
    // voices that share a speaker are at least 20 Hz apart in measured pitch
    for (const a of TTS_VOICES)
      for (const b of TTS_VOICES)
        if (a < b && OFFLINE_VOICES[a].flite === OFFLINE_VOICES[b].flite) expect(Math.abs(f0[a] - f0[b]), `${a} vs ${b}`).toBeGreaterThan(20);
  });

  it('keeps the sex of each voice: the female voices are pitched well above the male ones', () => {
    for (const female of ['fable', 'nova', 'shimmer'] as const) expect(f0[female], female).toBeGreaterThan(140);
    for (const male of ['echo', 'onyx'] as const) expect(f0[male], male).toBeLessThan(115);
    expect(f0.shimmer).toBeGreaterThan(f0.nova);
    expect(f0.nova).toBeGreaterThan(f0.fable);
  });

  it('speaks at 16 kHz with real signal, longer for longer text, shorter when faster', () => {
    for (const v of TTS_VOICES) {
      expect(spoken[v].sampleRate).toBe(16_000);
      expect(seconds(spoken[v]), v).toBeGreaterThan(3);
      expect(Math.max(...spoken[v].samples.map(Math.abs)), v).toBeGreaterThan(3000);
    }
    const short = synthesizePiece('The quick brown fox.', 'nova');
    expect(seconds(spoken.nova)).toBeGreaterThan(seconds(short) * 2.5);
    const fast = synthesizePiece(SENTENCE, 'nova', 2);
    const slow = synthesizePiece(SENTENCE, 'nova', 0.5);
    expect(seconds(fast) / seconds(spoken.nova)).toBeCloseTo(0.5, 1);
    expect(seconds(slow) / seconds(spoken.nova)).toBeCloseTo(2, 1);
    // the speed is clamped to 0.5–2
    expect(seconds(synthesizePiece(SENTENCE, 'nova', 10))).toBeCloseTo(seconds(fast), 1);
  });

  it('gives no samples for text with nothing Flite can pronounce, and reads typographic punctuation', () => {
    expect(fliteSynthesize('\u4f60\u597d', { voice: 'slt' }).samples.length).toBe(0);
    expect(fliteText('“Café” — it’s…')).toBe('"Cafe" , it\'s...');
    // a text starting with a dash is spoken, not read as an option
    expect(seconds(fliteSynthesize('-voice awb is not an option here', { voice: 'rms' }))).toBeGreaterThan(1);
  });
});

describe('speech pieces', () => {
  it('follows paragraphs and sentences, marking paragraph ends', () => {
    const pieces = speechPieces('Dr. Smith went home. He slept!\n\n\nNew paragraph here.\r\n\r\n...\n\nLast one');
    expect(pieces).toEqual([
      { text: 'Dr. Smith went home.', paragraphEnd: false },
      { text: 'He slept!', paragraphEnd: true },
      { text: 'New paragraph here.', paragraphEnd: true },
      { text: 'Last one', paragraphEnd: true },
    ]);
  });

  it('cuts a long sentence at clause boundaries into pieces of at most 400 characters', () => {
    const long = Array.from({ length: 40 }, (_, i) => `clause number ${i} goes on a while`).join(', ') + '.';
    const pieces = speechPieces(long);
    expect(pieces.length).toBeGreaterThan(3);
    for (const p of pieces) expect(p.text.length).toBeLessThanOrEqual(400);
    expect(pieces.map((p) => p.text).join(' ')).toBe(long);
    expect(pieces.at(-1)!.paragraphEnd).toBe(true);
    // no spaces at all: a hard cut
    expect(speechPieces('x'.repeat(1000)).map((p) => p.text.length)).toEqual([400, 400, 200]);
  });

  it('groups pieces within a paragraph for a provider, never across a paragraph end', () => {
    const pieces = speechPieces('One. Two. Three.\n\nFour. Five.');
    expect(groupPieces(pieces, 12)).toEqual([
      { text: 'One. Two.', paragraphEnd: false },
      { text: 'Three.', paragraphEnd: true },
      { text: 'Four. Five.', paragraphEnd: true },
    ]);
  });
});

describe('WAV and MP3', () => {
  const tone = (rate: number, secs: number, hz = 440): Pcm => ({
    sampleRate: rate,
    samples: Int16Array.from({ length: Math.round(rate * secs) }, (_, i) => Math.round(10_000 * Math.sin((2 * Math.PI * hz * i) / rate))),
  });

  it('writes a valid 16-bit mono PCM header and reads it back', () => {
    const pcm = tone(16_000, 0.5);
    const wav = encodeWav(pcm);
    const v = new DataView(wav.buffer);
    const tag = (at: number) => String.fromCharCode(...wav.subarray(at, at + 4));
    expect([tag(0), tag(8), tag(12), tag(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(v.getUint32(4, true)).toBe(wav.length - 8);
    expect([v.getUint16(20, true), v.getUint16(22, true), v.getUint32(24, true), v.getUint32(28, true), v.getUint16(32, true), v.getUint16(34, true)]).toEqual([
      1, 1, 16_000, 32_000, 2, 16,
    ]);
    expect(v.getUint32(40, true)).toBe(pcm.samples.length * 2);
    expect(decodeWav(wav)).toEqual(pcm);
  });

  it('reads stereo, 24-bit and float WAVs (mixed to mono), and refuses what is not WAV', () => {
    const header = (format: number, channels: number, bits: number, frames: number) => {
      const bytesPer = bits / 8;
      const b = new Uint8Array(44 + frames * channels * bytesPer);
      const v = new DataView(b.buffer);
      b.set(
        [...'RIFF'].map((c) => c.charCodeAt(0)),
        0,
      );
      b.set(
        [...'WAVEfmt '].map((c) => c.charCodeAt(0)),
        8,
      );
      v.setUint32(16, 16, true);
      v.setUint16(20, format, true);
      v.setUint16(22, channels, true);
      v.setUint32(24, 8000, true);
      v.setUint16(34, bits, true);
      b.set(
        [...'data'].map((c) => c.charCodeAt(0)),
        36,
      );
      v.setUint32(40, frames * channels * bytesPer, true);
      return { b, v };
    };
    const stereo = header(1, 2, 16, 2);
    stereo.v.setInt16(44, 1000, true);
    stereo.v.setInt16(46, 3000, true);
    expect(Array.from(decodeWav(stereo.b).samples)).toEqual([2000, 0]);
    const deep = header(1, 1, 24, 1);
    deep.b.set([0x00, 0x00, 0xc0], 44); // -0.5
    expect(Array.from(decodeWav(deep.b).samples)).toEqual([-16384]);
    const float = header(3, 1, 32, 1);
    float.v.setFloat32(44, 0.25, true);
    expect(Array.from(decodeWav(float.b).samples)).toEqual([8192]);
    expect(() => decodeWav(new Uint8Array([0xff, 0xfb, 0x90, 0]))).toThrow(WavFormatError);
    expect(() => decodeWav(header(2, 1, 4, 0).b)).toThrow(WavFormatError);
  });

  it('resamples to the asked rate, keeping the length in time and the pitch', () => {
    const up = resample(tone(16_000, 1, 300), 24_000);
    expect(up.samples.length).toBe(24_000);
    const down = resample(tone(24_000, 1, 300), 16_000);
    expect(down.samples.length).toBe(16_000);
    // upward zero crossings of a 300 Hz tone: 300 a second either way
    const crossings = (p: Pcm) => p.samples.reduce((n, x, i) => n + (i > 0 && p.samples[i - 1] < 0 && x >= 0 ? 1 : 0), 0);
    expect(Math.abs(crossings(up) - 300)).toBeLessThan(3);
    expect(Math.abs(crossings(down) - 300)).toBeLessThan(3);
  });

  it('pauses are silence of the asked length', () => {
    expect(silence(600, 16_000).length).toBe(9600);
    expect(silence(600, 16_000).every((x) => x === 0)).toBe(true);
    expect(concatPcm([new Int16Array([1, 2]), silence(0, 16_000), new Int16Array([3])])).toEqual(new Int16Array([1, 2, 3]));
  });

  it('encodes MP3 as a run of valid MPEG-2 Layer III frames covering the audio', async () => {
    const pcm = synthesizePiece(SENTENCE, 'echo');
    const mp3 = await encodeMp3(pcm);
    const f = mp3Frames(mp3);
    expect(f.sampleRate).toBe(16_000);
    expect(f.bitrateKbps).toBe(48);
    // 576 samples a frame at 16 kHz; the frames walk cleanly to the end of the file
    expect(f.frames).toBeGreaterThanOrEqual(Math.floor(pcm.samples.length / 576));
    expect(f.frames).toBeLessThan(pcm.samples.length / 576 + 10);
    expect(mp3.length).toBeLessThan(encodeWav(pcm).length / 4);
    // the encoder is reused: a second file is whole too
    expect(mp3Frames(await encodeMp3(tone(16_000, 1))).frames).toBeGreaterThan(25);
  });
});
