/**
 * The pool of worker threads that runs the offline engines (detector, humanizer, rewriter, summarizer, shortener), so
 * that no input, however hostile, blocks the server's event loop: health checks and other requests go on while an
 * engine works.
 *
 * - Lazy: no thread starts before the first call; at most `size` threads (min(2, cores)); calls beyond wait in a queue.
 * - Each thread has a heap limit (`resourceLimits`): a call that needs more fails alone with 422 (the input is the
 *   problem), and the thread is replaced.
 * - Each call has a time budget: a call still running at its end has its thread terminated (and replaced) and answers
 *   503; a call that waited too long for a free thread answers 503 too (the server is busy).
 * - The request's abort signal cancels the call: queued, it leaves the queue; running, its thread is terminated.
 *
 * Threads run TypeScript through tsx (src/server/workers/ts-worker.mjs), under `tsx src/server/index.ts` as under vitest.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { DetectionResult } from '../engines/detector';
import type { HumanizeResult, HumanizerStyle } from '../engines/humanizer';
import type { RewriteResult, RewriterTone } from '../engines/rewriter';
import type { IndexedDocument } from '../engines/plagiarism';
import type { ShortenResult } from '../engines/sentence-shortener';
import type { ExplainOptions, ExplainOutcome } from '../engines/code';
import type { AnalyzeInput } from '../engines/seo-score';
import type { HashtagOptions, HashtagResult } from '../engines/hashtags';
import type { KeyphraseOptions, KeyphraseResult } from '../engines/keywords';
import type { MetaDescriptionResult, MetaOptions } from '../engines/meta-description';
import type { SeoReport } from '../shared/api/seo-score';
import type { SummarizeResult, SummaryFormat, SummaryLength } from '../engines/summarizer';
import type { Pcm } from '../engines/tts/wav';
import type { TtsVoice } from '../engines/tts/voices';
import type { CaptionJobResult } from '../engines/vision';
import type { DeepfakeJobResult } from '../engines/deepfake';
import type { DecodedUpload } from '../engines/stt/decode';
import { AppError } from './errors';

/** Every job a worker runs: its arguments and its result (both cross the thread boundary by structured clone). */
export interface EngineJobs {
  detect: { args: { text: string }; result: DetectionResult };
  /** detector scores of several texts in one call (the humanizer's before/after reading) */
  detectScores: { args: { texts: string[] }; result: number[] };
  humanize: { args: { text: string; style: HumanizerStyle }; result: HumanizeResult };
  rewrite: { args: { text: string; tone: RewriterTone }; result: RewriteResult };
  summarize: { args: { text: string; length: SummaryLength; format: SummaryFormat }; result: SummarizeResult };
  shorten: { args: { text: string }; result: ShortenResult };
  /** the plagiarism index of one reference document (fingerprints, MinHash, LSH bands) */
  indexDocument: { args: { text: string }; result: IndexedDocument };
  /** keyphrases of a text (wink-nlp tagging, TextRank + YAKE ranking) */
  keyphrases: { args: { text: string; opts: KeyphraseOptions }; result: KeyphraseResult };
  /** hashtags from a text's keyphrases (`max` keyphrases considered) */
  hashtags: { args: { text: string; max: number; opts: HashtagOptions }; result: HashtagResult };
  /** the extractive meta descriptions of a text */
  metaDescription: { args: { text: string; opts: MetaOptions }; result: MetaDescriptionResult };
  /** the SEO score analyzer's report of one page */
  seoScore: { args: AnalyzeInput; result: SeoReport };
  /** one piece of text spoken offline (Flite), 16 kHz mono */
  ttsPiece: { args: { text: string; voice: TtsVoice; speed: number }; result: Pcm };
  /** MP3 of mono PCM (LAME in wasm) */
  ttsMp3: { args: Pcm; result: Uint8Array };
  /** the offline code explainer: language, outline, imports, complexity, walk-through (tree-sitter) */
  explainCode: { args: { code: string; opts: ExplainOptions }; result: ExplainOutcome };
  /** an uploaded image decoded (bounded), its people, objects, text and colours found, and the offline caption */
  captionImage: { args: { bytes: Uint8Array; jpeg: boolean }; result: CaptionJobResult };
  /** an uploaded image checked for AI generation and manipulation: content credentials, metadata, JPEG, ELA, faces */
  deepfakeScan: { args: { bytes: Uint8Array; faces: boolean; providerCopy: boolean }; result: DeepfakeJobResult };
  /** an uploaded audio file decoded to 16 kHz mono (bounded by maxSeconds), with where to cut it into pieces */
  sttDecode: { args: { bytes: Uint8Array; maxSeconds: number }; result: DecodedUpload };
  /** tests only: busy for `ms` */
  spin: { args: { ms: number }; result: number };
  /** tests only: allocates until the heap limit ends the thread */
  hog: { args: Record<string, never>; result: never };
}
export type EngineJob = keyof EngineJobs;

export interface EnginePoolOptions {
  /** threads (default min(2, cores)) */
  size?: number;
  /** time budget of one call once it runs, in ms (default 20 s) */
  budgetMs?: number;
  /** how long a call may wait for a free thread (thread start included), in ms (default 30 s) */
  queueMs?: number;
  /** heap limit of each thread, in MB (default 1,024) */
  maxHeapMb?: number;
}

export interface EngineCallOptions {
  signal?: AbortSignal;
  /** overrides the pool's budget for this call */
  budgetMs?: number;
  /** what the user called, for messages ("The humanizer took longer than …") */
  label?: string;
}

interface Job {
  id: number;
  name: EngineJob;
  args: unknown;
  label: string;
  budgetMs: number;
  signal?: AbortSignal;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  onAbort?: () => void;
  timer?: NodeJS.Timeout;
  queueTimer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  job: Job | null;
}

const BOOT = new URL('./workers/ts-worker.mjs', import.meta.url);
const ENTRY = new URL('./workers/engine-worker.ts', import.meta.url).href;

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

export class EnginePool {
  readonly size: number;
  readonly budgetMs: number;
  private readonly queueMs: number;
  private readonly maxHeapMb: number;
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(opts: EnginePoolOptions = {}) {
    this.size = Math.max(1, Math.floor(opts.size ?? Math.min(2, availableParallelism())));
    this.budgetMs = opts.budgetMs ?? 20_000;
    this.queueMs = opts.queueMs ?? 30_000;
    this.maxHeapMb = opts.maxHeapMb ?? 1024;
  }

  /** Threads started and alive (for tests and figures). */
  get threads(): number {
    return this.slots.size;
  }

  /** Calls running on a thread now (the Real-time Monitor). */
  get running(): number {
    return [...this.slots].filter((s) => s.job).length;
  }

  /** Calls waiting for a free thread. */
  get queued(): number {
    return this.queue.length;
  }

  run<K extends EngineJob>(name: K, args: EngineJobs[K]['args'], opts: EngineCallOptions = {}): Promise<EngineJobs[K]['result']> {
    if (this.closed) return Promise.reject(new AppError('service_unavailable', 'The server is shutting down. Please try again.'));
    if (opts.signal?.aborted) return Promise.reject(abortError());
    return new Promise((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        name,
        args,
        label: opts.label ?? 'The engine',
        budgetMs: opts.budgetMs ?? this.budgetMs,
        signal: opts.signal,
        resolve: resolve as (v: unknown) => void,
        reject,
      };
      if (job.signal) {
        job.onAbort = () => this.cancel(job);
        job.signal.addEventListener('abort', job.onAbort, { once: true });
      }
      // a long wait for a free thread means the server is saturated: say so rather than queue forever
      job.queueTimer = setTimeout(() => {
        const i = this.queue.indexOf(job);
        if (i < 0) return;
        this.queue.splice(i, 1);
        this.settle(job, new AppError('service_unavailable', `${job.label} is busy with other requests. Please try again in a moment.`));
      }, this.queueMs);
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Terminate every thread; pending calls fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, new AppError('service_unavailable', 'The server is shutting down. Please try again.'));
    await Promise.all([...this.slots].map((s) => this.kill(s, new AppError('service_unavailable', 'The server is shutting down. Please try again.'))));
  }

  private dispatch(): void {
    while (this.queue.length) {
      const slot = [...this.slots].find((s) => s.ready && !s.job);
      if (!slot) {
        // start a thread if there is room and none is already starting for this queue
        const starting = [...this.slots].filter((s) => !s.ready).length;
        if (this.slots.size < this.size && starting < this.queue.length) this.spawn();
        return;
      }
      const job = this.queue.shift()!;
      clearTimeout(job.queueTimer);
      slot.job = job;
      slot.worker.ref();
      const overBudget = new AppError(
        'service_unavailable',
        `${job.label} took longer than ${seconds(job.budgetMs)} on this text and was stopped. Try a shorter text, or try again later.`,
      );
      job.timer = setTimeout(() => void this.kill(slot, overBudget), job.budgetMs);
      slot.worker.postMessage({ id: job.id, job: job.name, args: job.args });
    }
  }

  private spawn(): void {
    const worker = new Worker(BOOT, {
      workerData: { entry: ENTRY },
      // the parent's flags minus those about its own entry (`tsx -e`, `--input-type`) and its heap (`resourceLimits` sets
      // the worker's), which a worker refuses with ERR_WORKER_INVALID_EXEC_ARGV
      execArgv: process.execArgv.filter((a) => !/^--(?:input-type|eval|print)\b|^-[ep]$|^--max-(?:old|semi)-space-size\b/.test(a)),
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 8 },
    });
    const slot: Slot = { worker, ready: false, job: null };
    this.slots.add(slot);
    worker.on('message', (m: { ready?: true; id?: number; ok?: boolean; result?: unknown; error?: string }) => {
      if (m.ready) {
        slot.ready = true;
        this.dispatch();
        // an idle thread must not keep a CLI or a test process alive
        if (!slot.job) worker.unref();
        return;
      }
      const job = slot.job;
      if (!job || job.id !== m.id) return;
      slot.job = null;
      worker.unref();
      this.settle(job, m.ok ? null : new Error(`${job.name}: ${m.error}`), m.result);
      this.dispatch();
    });
    worker.on('error', (err: Error & { code?: string }) => {
      const oom = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      const label = slot.job?.label ?? 'The engine';
      void this.kill(
        slot,
        oom
          ? new AppError('unprocessable', `${label} needs more memory for this text than one request may use. Please shorten or simplify the text.`)
          : new AppError('service_unavailable', `${label} failed unexpectedly. Please try again.`),
        err,
      );
    });
    worker.on('exit', () => void this.kill(slot, new AppError('service_unavailable', 'The engine stopped unexpectedly. Please try again.')));
  }

  /** Remove a thread (terminating it), fail its call, and start a replacement for the queue if needed. */
  private async kill(slot: Slot, reason: Error, cause?: Error): Promise<void> {
    if (!this.slots.delete(slot)) return;
    const job = slot.job;
    slot.job = null;
    if (job) this.settle(job, reason);
    // a thread that failed before it was ready cannot run the queue: fail the queue rather than retry forever
    if (!slot.ready && cause && !this.slots.size) {
      process.emitWarning(`engine worker failed to start: ${cause.message}`);
      for (const q of this.queue.splice(0)) this.settle(q, new AppError('service_unavailable', 'The engine could not start. Please try again later.'));
    }
    await slot.worker.terminate().catch(() => {});
    if (!this.closed) this.dispatch();
  }

  private cancel(job: Job): void {
    const i = this.queue.indexOf(job);
    if (i >= 0) {
      this.queue.splice(i, 1);
      this.settle(job, abortError());
      return;
    }
    // running: stopping the thread is the only way to stop synchronous work
    for (const slot of this.slots) if (slot.job === job) void this.kill(slot, abortError());
  }

  private settle(job: Job, err: Error | null, result?: unknown): void {
    clearTimeout(job.timer);
    clearTimeout(job.queueTimer);
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    if (err) job.reject(err);
    else job.resolve(result);
  }
}

function abortError(): Error {
  return new DOMException('The request was cancelled.', 'AbortError');
}

let shared: EnginePool | null = null;
let sharedOptions: EnginePoolOptions = {};

/** Set the shared pool's size, budget or heap limit (before its first call; a running pool is replaced). */
export function configureEnginePool(opts: EnginePoolOptions): void {
  sharedOptions = { ...sharedOptions, ...opts };
  if (shared) {
    void shared.close();
    shared = null;
  }
}

/** The process's shared pool, created on first use. */
export function enginePool(): EnginePool {
  return (shared ??= new EnginePool(sharedOptions));
}

/** Run an engine job on the shared pool. */
export function runEngine<K extends EngineJob>(name: K, args: EngineJobs[K]['args'], opts?: EngineCallOptions): Promise<EngineJobs[K]['result']> {
  return enginePool().run(name, args, opts);
}
