import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMp3Encoder, createOggEncoder } from 'wasm-media-encoders';
import { concatPcm, encodeWav, silence, synthesizePiece, type Pcm } from '../../src/engines/tts';
import {
  addNoise,
  AudioFormatError,
  decodeToMono16k,
  decoderFor,
  Mono16k,
  normalizeWords,
  parseSphinxOutput,
  pooledWer,
  power,
  silenceCuts,
  sphinxAvailability,
  srtTime,
  telephone,
  toSrt,
  toTxt,
  toVtt,
  TooLongError,
  transcribeOffline,
  vttTime,
  wavSlice,
  wordErrors,
  wordsToSegments,
} from '../../src/engines/stt';

const SENTENCE = 'The quick brown fox jumps over the lazy dog, and then it runs away into the quiet forest.';
const tmp = mkdtempSync(join(tmpdir(), 'veritext-stt-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const f32 = (pcm: Pcm) => Float32Array.from(pcm.samples, (x) => x / 32768);
const tone = (hz: number, seconds: number, rate = 16_000, amp = 8000): Pcm => ({
  sampleRate: rate,
  samples: Int16Array.from({ length: Math.round(seconds * rate) }, (_, i) => Math.round(amp * Math.sin((2 * Math.PI * hz * i) / rate))),
});

describe('word error rate', () => {
  it('counts substitutions, deletions and insertions after normalisation', () => {
    expect(normalizeWords('Hello, World! It’s a well-known “fact”.')).toEqual(['hello', 'world', "it's", 'a', 'well', 'known', 'fact']);
    expect(wordErrors('the cat sat on the mat', 'the cat sat on the mat')).toMatchObject({ wer: 0, words: 6 });
    expect(wordErrors('the cat sat on the mat', 'the bat sat on mat')).toMatchObject({ substitutions: 1, deletions: 1, insertions: 0, words: 6 });
    expect(wordErrors('a b', 'a x b y')).toMatchObject({ insertions: 2, wer: 1 });
    expect(wordErrors('', '')).toMatchObject({ wer: 0 });
    expect(pooledWer([wordErrors('a b c d', 'a b c d'), wordErrors('e f', 'x f')])).toBeCloseTo(1 / 6);
  });
});

describe('subtitle formats', () => {
  const segs = [
    { start: 0.13, end: 2.81, text: 'The quick brown fox' },
    { start: 3725.5, end: 3727.0049, text: 'jumped --> over\nthe dog' },
  ];
  it('writes SRT and WebVTT cues with their clocks', () => {
    expect(srtTime(3725.5)).toBe('01:02:05,500');
    expect(vttTime(0.0049)).toBe('00:00:00.005');
    expect(toSrt(segs)).toBe('1\n00:00:00,130 --> 00:00:02,810\nThe quick brown fox\n\n2\n01:02:05,500 --> 01:02:07,005\njumped -> over the dog\n');
    expect(toVtt(segs)).toBe('WEBVTT\n\n00:00:00.130 --> 00:00:02.810\nThe quick brown fox\n\n01:02:05.500 --> 01:02:07.005\njumped -> over the dog\n');
  });
  it('writes plain text with a paragraph after a long pause', () => {
    expect(toTxt([...segs.slice(0, 1), { start: 2.9, end: 3, text: 'sat' }, { start: 9, end: 10, text: 'Later' }])).toBe('The quick brown fox sat\n\nLater\n');
  });
  it('groups words into segments at pauses and splits long runs at their longest gap', () => {
    const w = (word: string, start: number, end = start + 0.3) => ({ word, start, end });
    const words = [
      w('i', 0),
      w('think', 0.35),
      w('so', 0.7),
      w('then', 2),
      ...Array.from({ length: 16 }, (_, i) => w(`w${i}`, 2.4 + i * 0.35 + (i === 9 ? 0.2 : 0))),
    ];
    const segs2 = wordsToSegments(words);
    expect(segs2[0]).toEqual({ start: 0, end: 1, text: 'I think so' });
    expect(segs2.length).toBe(3);
    // the run of 17 words after the pause is split where the speaker paused longest (before w9), not in the middle
    expect(segs2[1].text).toBe('Then w0 w1 w2 w3 w4 w5 w6 w7 w8');
    expect(segs2[2].text.startsWith('w9')).toBe(true);
    // a lone word the recogniser stretched over 9 s, and two such words, are segments, not a crash
    expect(wordsToSegments([w('hmm', 0, 9)])).toEqual([{ start: 0, end: 9, text: 'Hmm' }]);
    expect(wordsToSegments([w('hmm', 0, 9), w('yes', 9.1, 18)]).map((s) => s.text)).toEqual(['Hmm', 'yes']);
  });
});

describe('PCM helpers', () => {
  it('converts any rate and channel count to 16 kHz mono, streaming, and stops at the length limit', () => {
    const src = tone(440, 2, 44_100);
    const m = new Mono16k();
    const ch = f32(src);
    for (let at = 0; at < ch.length; at += 10_000) m.push([ch.subarray(at, at + 10_000), ch.subarray(at, at + 10_000)], 44_100);
    const out = m.result();
    expect(out.sampleRate).toBe(16_000);
    expect(Math.abs(out.samples.length - 32_000)).toBeLessThan(3);
    expect(power(out.samples) / power(src.samples)).toBeGreaterThan(0.9);
    const short = new Mono16k(1);
    expect(() => short.push([ch], 44_100)).toThrow(TooLongError);
  });

  it('adds noise at the asked SNR, the same noise for the same seed', () => {
    const clean = tone(300, 1);
    const a = addNoise(clean, 10, 42);
    const b = addNoise(clean, 10, 42);
    expect(a.samples).toEqual(b.samples);
    const noise = a.samples.map((x, i) => x - clean.samples[i]);
    const snr = 10 * Math.log10(power(clean.samples) / power(noise));
    expect(snr).toBeGreaterThan(9.7);
    expect(snr).toBeLessThan(10.3);
    expect(addNoise(clean, 10, 43).samples).not.toEqual(a.samples);
  });

  it('the 8 kHz condition keeps the phone band and removes what is above 4 kHz', () => {
    const low = telephone(tone(1000, 1));
    const high = telephone(tone(6000, 1));
    expect(low.at8k.sampleRate).toBe(8000);
    expect(low.back.sampleRate).toBe(16_000);
    expect(low.back.samples.length).toBe(16_000);
    expect(power(low.back.samples) / power(tone(1000, 1).samples)).toBeGreaterThan(0.8);
    // more than 40 dB down
    expect(power(high.back.samples) / power(tone(6000, 1).samples)).toBeLessThan(1e-4);
  });

  it('cuts long audio in its pauses, never longer than the maximum', () => {
    const speech = tone(200, 3);
    const parts: Int16Array[] = [];
    for (let i = 0; i < 10; i++) parts.push(speech.samples, silence(500, 16_000));
    const pcm = { sampleRate: 16_000, samples: concatPcm(parts) };
    const cuts = silenceCuts(pcm, { minSec: 5, maxSec: 8 });
    expect(cuts[0]).toBe(0);
    expect(cuts[cuts.length - 1]).toBe(pcm.samples.length);
    for (let i = 1; i < cuts.length; i++) expect(cuts[i] - cuts[i - 1]).toBeLessThanOrEqual(8 * 16_000);
    // every inner cut falls in a pause: silence around it
    for (const c of cuts.slice(1, -1)) expect(Math.max(...Array.from(pcm.samples.subarray(c - 800, c + 800), Math.abs))).toBe(0);
  });
});

describe('decoding uploads', () => {
  const speech = synthesizePiece('Decoding test, one two three.', 'echo');

  it('reads WAV, MP3 and Ogg Vorbis to 16 kHz mono of the same length', async () => {
    const mp3 = await createMp3Encoder();
    mp3.configure({ sampleRate: 16_000, channels: 1, bitrate: 48 });
    const mp3Bytes = new Uint8Array([...mp3.encode([f32(speech)]), ...mp3.finalize()]);
    const ogg = await createOggEncoder();
    ogg.configure({ sampleRate: 16_000, channels: 1, vbrQuality: 3 });
    const oggBytes = new Uint8Array([...ogg.encode([f32(speech)]), ...ogg.finalize()]);
    const seconds = speech.samples.length / 16_000;
    for (const [bytes, fmt] of [
      [encodeWav(speech), 'wav'],
      [mp3Bytes, 'mp3'],
      [oggBytes, 'oga'],
    ] as const) {
      expect(decoderFor(bytes)).toBe(fmt);
      const pcm = await decodeToMono16k(bytes, 60);
      expect(pcm.sampleRate).toBe(16_000);
      expect(Math.abs(pcm.samples.length / 16_000 - seconds)).toBeLessThan(0.15);
    }
  });

  it('refuses what is not audio, audio with no sound, and audio past the length limit', async () => {
    await expect(decodeToMono16k(new TextEncoder().encode('this is not audio at all, only text'), 60)).rejects.toThrow(AudioFormatError);
    await expect(decodeToMono16k(encodeWav({ sampleRate: 16_000, samples: new Int16Array(10) }), 60)).rejects.toThrow(AudioFormatError);
    await expect(decodeToMono16k(encodeWav(speech).subarray(0, 30), 60)).rejects.toThrow(AudioFormatError);
    await expect(decodeToMono16k(encodeWav({ sampleRate: 16_000, samples: concatPcm([speech.samples, speech.samples]) }), 1)).rejects.toThrow(TooLongError);
  });
});

describe('PocketSphinx', () => {
  it('parses utterances and word times, dropping fillers and pronunciation variants', () => {
    const out = parseSphinxOutput(
      [
        'hello there',
        '<s> 0.000 0.110 1.0',
        'hello 0.120 0.570 0.55',
        'there(2) 0.580 0.930 0.99',
        '<sil> 0.94 0.96 0.4',
        '</s> 0.97 1.2 1.0',
        '',
        'again',
        '<s> 4.0 4.1 1',
        '[NOISE] 4.1 4.2 1',
        'again 4.2 4.6 0.9',
        '</s> 4.6 4.8 1',
        'INFO: junk',
      ].join('\n'),
    );
    expect(out).toEqual([
      {
        start: 0,
        end: 1.2,
        words: [
          { word: 'hello', start: 0.12, end: 0.57, confidence: 0.55 },
          { word: 'there', start: 0.58, end: 0.93, confidence: 0.99 },
        ],
      },
      { start: 4, end: 4.8, words: [{ word: 'again', start: 4.2, end: 4.6, confidence: 0.9 }] },
    ]);
  });

  const avail = sphinxAvailability();
  it.runIf(avail.ok)(
    'transcribes a sentence spoken by the offline voices with a low word error rate, in pieces, leaving no files',
    async () => {
      const clean = synthesizePiece(SENTENCE, 'nova');
      const pcm = { sampleRate: 16_000, samples: concatPcm([clean.samples, silence(800, 16_000), synthesizePiece(SENTENCE, 'echo').samples]) };
      const dir = mkdtempSync(join(tmp, 'job-'));
      const progress: number[] = [];
      // pieces of at most 6 s, so this 11 s recording is recognised in two: offsets must line up
      const cuts = silenceCuts(pcm, { minSec: 3, maxSec: 6 });
      expect(cuts.length).toBeGreaterThan(2);
      const out = await transcribeOffline(pcm, { tmpDir: dir, cuts, onProgress: (p) => void progress.push(p.done / p.total) });
      const hyp = out.segments.map((s) => s.text).join(' ');
      expect(wordErrors(`${SENTENCE} ${SENTENCE}`, hyp).wer).toBeLessThan(0.25);
      expect(progress.at(-1)).toBe(1);
      expect(out.segments[0].start).toBeGreaterThanOrEqual(0);
      for (let i = 1; i < out.segments.length; i++) expect(out.segments[i].start).toBeGreaterThanOrEqual(out.segments[i - 1].end - 0.01);
      expect(out.segments.at(-1)!.end).toBeLessThanOrEqual(pcm.samples.length / 16_000 + 0.05);
      // the second sentence is timed in the whole file, after the first one
      const secondFox = out.words.filter((w) => w.word === 'fox')[1];
      expect(secondFox?.start).toBeGreaterThan(clean.samples.length / 16_000);
      expect(readdirSync(dir)).toEqual([]);
    },
    60_000,
  );

  it.runIf(avail.ok)('stops the recogniser when the job is cancelled', async () => {
    const pcm = synthesizePiece(`${SENTENCE} ${SENTENCE} ${SENTENCE}`, 'alloy');
    const dir = mkdtempSync(join(tmp, 'cancel-'));
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 150);
    await expect(transcribeOffline(pcm, { tmpDir: dir, signal: ac.signal })).rejects.toThrow(/cancel/i);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a 16-bit WAV slice holds exactly the samples asked for', () => {
    const pcm = tone(100, 1);
    const wav = wavSlice(pcm, 100, 300);
    expect(wav.length).toBe(44 + 400);
    expect(new Int16Array(wav.buffer, 44, 200)).toEqual(pcm.samples.subarray(100, 300));
  });
});
