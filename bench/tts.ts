/**
 * Text-to-speech figures (npm run bench:tts): the real-time factor, audio seconds per compute second, of each offline
 * voice on one core (synthesis on this thread, one sentence at a time, as the worker pool runs it), and of the MP3
 * encoder. Sentences: the first 8–35-word sentences of the U.S. presidential speeches in ../shared/datasets/reference
 * (public domain), or of the committed starter library when the datasets are absent.
 *
 *   BENCH_SENTENCES=40   sentences per voice (default 40)
 *
 * Intelligibility (WER of the offline voices transcribed by the offline speech-to-text) needs the speech-to-text
 * engine of issue 16 §3, which is not built yet: this bench says so rather than print a number.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { encodeMp3, fliteSynthesize, FLITE_VOICES, OFFLINE_VOICES, synthesizePiece, TTS_VOICES, type Pcm } from '../src/engines/tts';
import { splitSentences } from '../src/engines/text';

const N = Number(process.env.BENCH_SENTENCES ?? 40);
const root = fileURLToPath(new URL('..', import.meta.url));
const speechesDir = join(root, '../shared/datasets/reference/us_presidential_speeches');

function sentences(): { list: string[]; origin: string } {
  let texts: string[];
  let origin: string;
  if (existsSync(speechesDir)) {
    texts = readdirSync(speechesDir)
      .filter((f) => f.endsWith('.txt'))
      .sort()
      .map((f) => readFileSync(join(speechesDir, f), 'utf8'));
    origin = 'reference library: us_presidential_speeches';
  } else {
    const lines = gunzipSync(readFileSync(join(root, 'src/db/starter-library/library.jsonl.gz')))
      .toString('utf8')
      .split('\n')
      .filter(Boolean);
    texts = lines.map((l) => String((JSON.parse(l) as { text?: string }).text ?? ''));
    origin = 'starter library (datasets absent)';
  }
  const list: string[] = [];
  // one sentence from each document in turn, so the set spans the collection
  for (let pass = 0; list.length < N && pass < 50; pass++) {
    for (const t of texts) {
      const s = splitSentences(t)
        .map((x) => x.text.replace(/\s+/g, ' '))
        .filter((x) => {
          const w = x.split(' ').length;
          return w >= 8 && w <= 35 && /^[A-Z]/.test(x);
        })[pass];
      if (s) list.push(s);
      if (list.length >= N) break;
    }
  }
  return { list, origin };
}

function measure(speak: (s: string) => Pcm, list: string[]) {
  let audio = 0;
  let compute = 0;
  for (const s of list) {
    const t0 = performance.now();
    const pcm = speak(s);
    compute += (performance.now() - t0) / 1000;
    audio += pcm.samples.length / pcm.sampleRate;
  }
  return { audio, compute, rtf: audio / compute };
}

const { list, origin } = sentences();
console.log(`Text to speech, offline (Flite via WASI), ${list.length} sentences from the ${origin}, one core`);
console.log(`mean sentence: ${(list.reduce((n, s) => n + s.split(' ').length, 0) / list.length).toFixed(1)} words\n`);

// compile the module once before timing
fliteSynthesize('Warm up.', { voice: 'slt' });

console.log('Flite speaker   audio s   compute s   real-time factor');
for (const v of FLITE_VOICES) {
  const r = measure((s) => fliteSynthesize(s, { voice: v }), list);
  console.log(`${v.padEnd(14)} ${r.audio.toFixed(1).padStart(8)} ${r.compute.toFixed(2).padStart(11)} ${r.rtf.toFixed(1).padStart(14)}x`);
}

console.log('\nSPEC voice (offline rendering)          audio s   compute s   real-time factor');
let all: Pcm[] = [];
for (const v of TTS_VOICES) {
  const o = OFFLINE_VOICES[v];
  const spoken: Pcm[] = [];
  const r = measure((s) => {
    const p = synthesizePiece(s, v);
    spoken.push(p);
    return p;
  }, list);
  if (v === 'alloy') all = spoken;
  const what = `${v} (${o.flite}${o.pitchHz ? ` @${o.pitchHz} Hz` : ''}${o.pace !== 1 ? ` ×${o.pace}` : ''})`;
  console.log(`${what.padEnd(38)} ${r.audio.toFixed(1).padStart(8)} ${r.compute.toFixed(2).padStart(11)} ${r.rtf.toFixed(1).padStart(14)}x`);
}

const samples = new Int16Array(all.reduce((n, p) => n + p.samples.length, 0));
let at = 0;
for (const p of all) {
  samples.set(p.samples, at);
  at += p.samples.length;
}
const t0 = performance.now();
const mp3 = await encodeMp3({ sampleRate: 16_000, samples });
const secs = (performance.now() - t0) / 1000;
console.log(
  `\nMP3 (LAME wasm, 48 kb/s): ${(samples.length / 16_000).toFixed(1)} s of audio in ${secs.toFixed(2)} s = ${(samples.length / 16_000 / secs).toFixed(0)}x real time, ` +
    `${(mp3.length / 1024).toFixed(0)} KB (WAV ${((samples.length * 2) / 1024).toFixed(0)} KB)`,
);
console.log('\nIntelligibility (word error rate through the offline recogniser): npm run bench:stt');
