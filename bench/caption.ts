/**
 * Image caption generator figures (npm run bench:caption), offline engine, on this thread as one engine worker runs it.
 *
 * 1. Object recall of the offline caption, on images with known contents taken from npm packages in node_modules.
 *    The only photographs with known contents shipped inside the installed packages are the screenshots of
 *    @vladmandic/human's own assets (MIT): its "Extracted Faces" grid (108 face crops, one person each, by how the
 *    screenshot was made), its sample photos of people, and autocannon's test photo (people in a street). Every one of
 *    them shows people; no other COCO class (cars, dogs, cups, …) has a labelled image in node_modules, so the recall
 *    printed is the recall of PEOPLE only. The labels (person present: yes) were checked by eye on every crop.
 *    False detections are counted on the images known to hold no object at all (the rendered text below).
 * 2. OCR character accuracy (1 − CER) on rendered text: sentences of the public-domain reference library
 *    (../shared/datasets/reference) drawn in 6 fonts × 4 sizes × 5 backgrounds (white, dark, coloured, gradient,
 *    grey noise saved as JPEG). Typographic quotes and dashes are folded to ASCII and whitespace collapsed on both
 *    sides before the edit distance.
 * Each image's latency (decode + models + OCR + caption) is printed.
 * 3. Memory: a real server (tsx src/server/index.ts, its own engine pool of two threads) is sent two uploads at once,
 *    a 24-megapixel JPEG just under 10 MB and a 110-megapixel PNG (the largest the decoder accepts, flat colour so it
 *    fits in 10 MB), four rounds; the server's resident memory (VmRSS, all threads) is sampled every 50 ms.
 *
 *   BENCH_TEXT_IMAGES=120   rendered text images (default 120)
 *   BENCH_CAPTION_PORT=3649 port of the server of part 3
 *   BENCH_CAPTION_PARTS=123 which parts to run
 *   BENCH_CAPTION_ROUNDS=4  rounds of part 3
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { splitSentences } from '../src/engines/text';
import { captionImage, closeOcr, type ImageCaptionAnalysis } from '../src/engines/vision';
import { CAPTION_MIN_SCORE, FACE_CAPTION_MIN_SCORE } from '../src/engines/vision/caption';
import { textImage } from '../tests/helpers/caption-images';
import { startProcess } from './lib';

const TEXT_N = Number(process.env.BENCH_TEXT_IMAGES ?? 120);
const PARTS = process.env.BENCH_CAPTION_PARTS ?? '123';
const PORT = Number(process.env.BENCH_CAPTION_PORT ?? 3649);
const ROUNDS = Number(process.env.BENCH_CAPTION_ROUNDS ?? 4);
const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const humanAssets = join(require.resolve('@vladmandic/human'), '../../assets');

interface Labelled {
  name: string;
  bytes: Buffer;
}

async function crop(file: string, left: number, top: number, width: number, height: number): Promise<Buffer> {
  return sharp(file).extract({ left, top, width, height }).png().toBuffer();
}

/** Photos of people inside npm packages (see the header for what is known about each). */
async function peopleImages(): Promise<Labelled[]> {
  const out: Labelled[] = [];
  const facematch = join(humanAssets, 'screenshot-facematch.jpg');
  // the "Extracted Faces" grid: 18 columns × 6 rows of face crops, rows found by their black gutters
  const rowTops = [283, 395, 508, 620, 732, 845];
  for (const [r, top] of rowTops.entries())
    for (let c = 0; c < 18; c++) {
      const left = Math.round((c * 1920) / 18);
      out.push({ name: `facematch-grid r${r + 1}c${c + 1}`, bytes: await crop(facematch, left, top, Math.min(106, 1920 - left), 106) });
    }
  out.push({ name: 'facematch selected face', bytes: await crop(facematch, 0, 22, 165, 170) });
  const samples = join(humanAssets, 'samples.jpg');
  const strip = [
    [0, 157],
    [166, 316],
    [326, 535],
    [545, 633],
    [641, 788],
    [797, 902],
    [911, 1122],
    [1130, 1272],
  ];
  for (const [i, [a, b]] of strip.entries()) out.push({ name: `samples strip ${i + 1}`, bytes: await crop(samples, a, 0, b - a + 1, 150) });
  out.push({ name: 'samples group photo', bytes: await crop(samples, 0, 195, 1280, 963) });
  const facedetect = join(humanAssets, 'screenshot-facedetect.jpg');
  const groups = [
    [0, 103],
    [105, 305],
    [307, 505],
    [507, 706],
    [708, 799],
  ];
  for (const [i, [a, b]] of groups.entries()) out.push({ name: `facedetect group ${i + 1}`, bytes: await crop(facedetect, a, 82, b - a + 1, 166) });
  for (let i = 0; i < 5; i++) out.push({ name: `facedetect face ${i + 1}`, bytes: await crop(facedetect, 7 + i * 157, 344, 150, 157) });
  out.push({ name: 'faceid webcam', bytes: await crop(join(humanAssets, 'screenshot-faceid.jpg'), 14, 142, 140, 140) });
  out.push({ name: 'vrm webcam inset', bytes: await crop(join(humanAssets, 'screenshot-vrm.jpg'), 475, 3, 238, 240) });
  out.push({ name: 'autocannon j5 street', bytes: readFileSync(require.resolve('autocannon/test/j5.jpeg')) });
  return out;
}

const fold = (s: string) =>
  s
    .replace(/[‘’‛′]/g, "'")
    .replace(/[“”„″]/g, '"')
    .replace(/[–—‒]/g, '-')
    .replace(/…/g, '...')
    .replace(/\s+/g, ' ')
    .trim();

/** Sentences of the reference library, one per document in turn, 40–160 characters, Latin-1 only. */
function referenceSentences(n: number): { list: string[]; origin: string } {
  const base = join(root, '../shared/datasets/reference');
  const dirs = ['us_presidential_speeches', 'public_domain_books', 'cia_world_factbook'].map((d) => join(base, d)).filter(existsSync);
  if (!dirs.length) throw new Error(`the reference library is not at ${base}`);
  const docs = dirs.flatMap((d) =>
    readdirSync(d)
      .filter((f) => f.endsWith('.txt'))
      .sort()
      .slice(0, 60)
      .map((f) => join(d, f)),
  );
  const list: string[] = [];
  for (let pass = 0; list.length < n && pass < 40; pass++)
    for (const f of docs) {
      const s = splitSentences(readFileSync(f, 'utf8'))
        .map((x) => fold(x.text))
        .filter((x) => x.length >= 40 && x.length <= 160 && /^[A-Z]/.test(x) && /^[\x20-\x7e]+$/.test(x))[pass * 7];
      if (s) list.push(s);
      if (list.length >= n) break;
    }
  return { list, origin: dirs.map((d) => d.split('/').pop()).join(', ') };
}

function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

const FONTS = ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono', 'Liberation Sans', 'Liberation Serif', 'Liberation Mono'];
const SIZES = [18, 24, 32, 48];
const BACKGROUNDS = [
  { name: 'white', background: '#ffffff', color: '#111111' },
  { name: 'dark', background: '#1e293b', color: '#f8fafc' },
  { name: 'yellow', background: '#fde68a', color: '#1e3a8a' },
  { name: 'gradient', background: '#ffffff', gradientTo: '#93c5fd', color: '#000000' },
  { name: 'noise-jpeg', noise: 0.35, color: '#000000', format: 'jpeg' as const },
];

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)] ?? 0;

async function analyse(bytes: Buffer): Promise<ImageCaptionAnalysis> {
  const r = await captionImage(bytes);
  if (!r.ok) throw new Error(r.message);
  return r.analysis;
}

/** Whether a threshold's caption would name people: a person box at ≥ t, or a face at the caption's face bar. */
const peopleAt = (a: ImageCaptionAnalysis, t: number) =>
  a.detections.some((d) => (d.kind === 'person' && d.confidence >= t) || (d.kind === 'face' && d.confidence >= FACE_CAPTION_MIN_SCORE));
const objectsAt = (a: ImageCaptionAnalysis, t: number) => a.detections.filter((d) => (d.kind === 'person' || d.kind === 'object') && d.confidence >= t).length;

const THRESHOLDS = [0.25, 0.3, 0.35, 0.4, 0.5];

type Run = { name: string; a: ImageCaptionAnalysis; ms: number };
type TextRun = Run & { font: string; size: number; bg: string; cer: number; edits: number; chars: number };

async function peoplePart(): Promise<Run[]> {
  const people = await peopleImages();
  console.log(`1. People in ${people.length} photos from npm packages (@vladmandic/human assets, autocannon test photo)`);
  console.log('   No other COCO class has a labelled image inside node_modules: the recall below is of PEOPLE only.\n');
  const runs: Run[] = [];
  for (const img of people) {
    const t = performance.now();
    const a = await analyse(img.bytes);
    const ms = performance.now() - t;
    runs.push({ name: img.name, a, ms });
    console.log(`   ${img.name.padEnd(28)} ${String(Math.round(ms)).padStart(5)} ms  ${a.people ? '✓' : '✗'}  ${a.styles.short.caption.slice(0, 90)}`);
  }
  return runs;
}

async function textPart(): Promise<TextRun[]> {
  const { list, origin } = referenceSentences(TEXT_N);
  console.log(`\n2. OCR on ${list.length} rendered sentences (${origin}): ${FONTS.length} fonts × ${SIZES.length} sizes × ${BACKGROUNDS.length} backgrounds\n`);
  const runs: TextRun[] = [];
  for (const [i, sentence] of list.entries()) {
    const font = FONTS[i % FONTS.length];
    const size = SIZES[Math.floor(i / FONTS.length) % SIZES.length];
    const bg = BACKGROUNDS[Math.floor(i / (FONTS.length * SIZES.length)) % BACKGROUNDS.length];
    const { bytes } = await textImage(sentence, { font, size, ...bg, width: 1000 });
    const t = performance.now();
    const a = await analyse(bytes);
    const ms = performance.now() - t;
    const ref = fold(sentence);
    const got = fold(a.ocr.text);
    const d = levenshtein(got, ref);
    const name = `${font} ${size}px ${bg.name}`;
    runs.push({ name, font, size, bg: bg.name, a, ms, cer: d / ref.length, edits: d, chars: ref.length });
    console.log(
      `   ${name.padEnd(34)} ${String(Math.round(ms)).padStart(5)} ms  CER ${pct(d / ref.length).padStart(7)}  ${d ? `“${got.slice(0, 60)}”` : 'exact'}`,
    );
  }
  return runs;
}

function results(peopleRuns: Run[], textRuns: TextRun[]): void {
  console.log('\nRESULTS');
  if (peopleRuns.length) {
    const found = peopleRuns.filter((r) => r.a.people > 0).length;
    const faces = peopleRuns.filter((r) => r.a.detections.some((d) => d.kind === 'face' && d.confidence >= FACE_CAPTION_MIN_SCORE)).length;
    console.log(
      `People recall of the offline caption: ${found}/${peopleRuns.length} = ${pct(found / peopleRuns.length)} (caption threshold ${CAPTION_MIN_SCORE}; a face counts as a person)`,
    );
    console.log(`  faces detected (≥ ${FACE_CAPTION_MIN_SCORE}): ${faces}/${peopleRuns.length} = ${pct(faces / peopleRuns.length)}`);
    console.log('  (people only: no labelled image of any other COCO class exists in node_modules)');
    console.log('  object threshold   people recall   images of text with a false object');
    for (const t of THRESHOLDS) {
      const rec = peopleRuns.filter((r) => peopleAt(r.a, t)).length / peopleRuns.length;
      const fp = textRuns.filter((r) => objectsAt(r.a, t) > 0).length;
      const labels = [
        ...new Set(
          textRuns.flatMap((r) => r.a.detections.filter((d) => (d.kind === 'person' || d.kind === 'object') && d.confidence >= t).map((d) => d.label)),
        ),
      ];
      console.log(`  ${t.toFixed(2).padStart(16)}   ${pct(rec).padStart(13)}   ${fp}/${textRuns.length}${labels.length ? ` (${labels.join(', ')})` : ''}`);
    }
    const quoted = peopleRuns.filter((r) => r.a.ocr.text).length;
    console.log(`  photos where the caption quotes text: ${quoted}/${peopleRuns.length} (the crops carry some real overlay labels, e.g. '41.6%')`);
  }
  if (textRuns.length) {
    const edits = textRuns.reduce((z, r) => z + r.edits, 0);
    const chars = textRuns.reduce((z, r) => z + r.chars, 0);
    const mean = textRuns.reduce((z, r) => z + r.cer, 0) / textRuns.length;
    console.log(
      `OCR character accuracy (1 − CER) on ${textRuns.length} images: ${pct(1 - edits / chars)} (${edits} edits / ${chars} characters); mean per image ${pct(1 - mean)}`,
    );
    console.log(`  exact: ${textRuns.filter((r) => r.edits === 0).length}/${textRuns.length} images; per group, mean per image:`);
    for (const [label, pick] of [
      ...FONTS.map((f) => [f, (r: TextRun) => r.font === f] as const),
      ...SIZES.map((z) => [`${z}px`, (r: TextRun) => r.size === z] as const),
      ...BACKGROUNDS.map((b) => [b.name, (r: TextRun) => r.bg === b.name] as const),
    ]) {
      const rs = textRuns.filter(pick);
      if (rs.length) console.log(`  ${label.padEnd(18)} ${pct(1 - rs.reduce((z, r) => z + r.cer, 0) / rs.length).padStart(7)}  (${rs.length} images)`);
    }
  }
  const all = [...peopleRuns, ...textRuns].map((r) => r.ms);
  if (all.length) {
    console.log(
      `Latency per image (models loaded): median ${Math.round(median(all))} ms, p90 ${Math.round(p90(all))} ms, max ${Math.round(Math.max(...all))} ms over ${all.length} images`,
    );
    if (peopleRuns.length && textRuns.length)
      console.log(
        `  photos: median ${Math.round(median(peopleRuns.map((r) => r.ms)))} ms; text images: median ${Math.round(median(textRuns.map((r) => r.ms)))} ms`,
      );
  }
}

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

/** A 24-megapixel photo-like JPEG just under 10 MB. */
async function bigJpeg(): Promise<Buffer> {
  const w = 6000;
  const h = 4000;
  const px = Buffer.alloc(w * h * 3);
  let seed = 7;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const n = ((seed >>> 24) - 128) * 0.35;
      const i = (y * w + x) * 3;
      // (a Buffer wraps values outside 0..255 rather than clamping them)
      px[i] = clamp(128 + 100 * Math.sin(x / 150) + n);
      px[i + 1] = clamp(128 + 100 * Math.cos(y / 110) + n);
      px[i + 2] = clamp(128 + 90 * Math.sin((x + y) / 200) + n);
    }
  // the best quality that stays under the 10 MB upload limit
  for (let q = 90; ; q -= 2) {
    const out = await sharp(px, { raw: { width: w, height: h, channels: 3 } })
      .jpeg({ quality: q })
      .toBuffer();
    if (out.length <= 10 * 1024 * 1024 - 4096) return out;
  }
}

/** A 110-megapixel PNG of flat colour blocks (just under the decoder's 120-megapixel limit). */
async function hugePng(): Promise<Buffer> {
  const w = 11_000;
  const h = 10_000;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#e0e7ff"/><rect x="1000" y="1000" width="4000" height="3000" fill="#1e3a8a"/><rect x="6000" y="5000" width="4000" height="4000" fill="#f59e0b"/></svg>`;
  return sharp(Buffer.from(svg), { limitInputPixels: false }).png({ compressionLevel: 9 }).toBuffer();
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

async function memoryPart(): Promise<void> {
  const jpeg = await bigJpeg();
  const png = await hugePng();
  console.log(`\n3. Memory: two uploads at once to a real server (engine pool: 2 threads), ${ROUNDS} rounds`);
  console.log(`   JPEG 6000 × 4000, ${(jpeg.length / 1048576).toFixed(1)} MB; PNG 11000 × 10000, ${(png.length / 1048576).toFixed(1)} MB`);
  const dataDir = mkdtempSync(join(tmpdir(), 'veritext-caption-bench-'));
  const base = `http://127.0.0.1:${PORT}`;
  const server = startProcess(['--import', 'tsx', 'src/server/index.ts'], {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    APP_ORIGIN: base,
    DATA_DIR: dataDir,
    SIGNUPS_PER_ADDRESS_PER_HOUR: '0',
    GRAMMAR_PRELOAD: 'false',
    STARTER_LIBRARY: 'false',
  });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        /* not up yet */
      }
      if (i > 1200) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const user = { username: `capbench${Date.now()}`, email: `capbench${Date.now()}@example.test`, password: 'bench-password-1' };
    const reg = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(user),
    });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
    const cookie = reg.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const pid = server.child.pid!;
    const idle = rssMb(pid);
    const send = async (bytes: Buffer, name: string, type: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
      const t = performance.now();
      const res = await fetch(`${base}/api/tools/image-caption-generator`, { method: 'POST', body: form, headers: { cookie, origin: base } });
      const body = (await res.json()) as { caption?: string; message?: string };
      return { status: res.status, ms: performance.now() - t, caption: body.caption ?? body.message };
    };
    let peak = idle;
    for (let round = 1; round <= ROUNDS; round++) {
      let roundPeak = 0;
      const timer = setInterval(() => (roundPeak = Math.max(roundPeak, rssMb(pid))), 50);
      const [a, b] = await Promise.all([send(jpeg, 'big.jpg', 'image/jpeg'), send(png, 'huge.png', 'image/png')]);
      clearInterval(timer);
      roundPeak = Math.max(roundPeak, rssMb(pid));
      peak = Math.max(peak, roundPeak);
      console.log(
        `   round ${round}: JPEG ${a.status} in ${Math.round(a.ms)} ms, PNG ${b.status} in ${Math.round(b.ms)} ms; peak RSS ${Math.round(roundPeak)} MB` +
          (round === 1 ? ` (models loading in both threads)` : ''),
      );
      if (a.status !== 200 || b.status !== 200) console.log(`     ${a.caption} / ${b.caption}`);
    }
    console.log(`Server RSS: ${Math.round(idle)} MB idle, peak ${Math.round(peak)} MB with two concurrent 10 MB-class images (limit 2,048 MB)`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log('Image caption generator, offline engine (Human on tfjs-wasm + tesseract.js), one engine thread\n');
// warm up: model loading is not part of any image's latency
if (PARTS.includes('1') || PARTS.includes('2'))
  await analyse(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .png()
      .toBuffer(),
  );
const peopleRuns = PARTS.includes('1') ? await peoplePart() : [];
const textRuns = PARTS.includes('2') ? await textPart() : [];
results(peopleRuns, textRuns);
await closeOcr();
if (PARTS.includes('3')) await memoryPart();
