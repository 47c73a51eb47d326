/**
 * Speech to text. One code path for every upload, short or long:
 *
 *   request:  the file (typed by its content) is decoded to 16 kHz mono in the engine worker pool (audio-decode,
 *             wasm), which also finds where to cut it at pauses; its length prices it (started minutes) before
 *             anything is charged. Undecodable → 422, too long → 413.
 *   run:      the plan's size and length limits, then a background job (services/media-jobs.ts) holding the charge;
 *             the answer is the job id at once.
 *   job:      piece by piece, the offline recogniser (PocketSphinx, a child process per piece, at most two at a time
 *             in this process) or, when STT_BASE_URL is set, an OpenAI-compatible /audio/transcriptions server
 *             (pieces of at most 5 minutes as WAV, verbose_json for timed segments). Progress after each piece.
 *             A provider that fails before its first piece is replaced by the offline recogniser (with a notice);
 *             one that fails later fails the job (refunded) rather than mix two engines in one transcript.
 *
 * Kept after the request: the transcript only (the job's result). The audio stays in memory, its pieces in a
 * temporary folder removed when the job ends, whatever the outcome.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { sphinxAvailability, SphinxError, STT_SAMPLE_RATE, toTxt, transcribeOffline, wavSlice, type DecodedUpload } from '../../engines/stt';
import type { Pcm } from '../../engines/tts/wav';
import { STT_MAX_MINUTES, STT_PLAN_LIMITS, type SttInput, type SttJobAnswer, type SttLimitTier, type SttStatus, type Transcript } from '../../shared/api/stt';
import type { Env } from '../env';
import { runEngine } from '../engine-pool';
import { AppError } from '../errors';
import type { ServerContext } from '../context';
import type { ToolCall } from '../tool-route';
import type { MediaFile } from './media-type';
import type { MediaCost } from './tool-gate';
import { runningJobsOf, startJob, type JobReport } from './media-jobs';

export const STT_TOOL = 'speech_to_text';
const OFFLINE_ENGINE = 'offline:pocketsphinx';
const OFFLINE_LABEL = 'Offline (PocketSphinx, English)';
/** Unfinished transcriptions one account may have at once. */
export const MAX_JOBS_PER_USER = 2;

export interface SttProvider {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

export function sttProvider(env: Env): SttProvider | null {
  if (!env.STT_BASE_URL) return null;
  return { baseUrl: env.STT_BASE_URL.replace(/\/+$/, ''), apiKey: env.STT_API_KEY, model: env.STT_MODEL ?? 'whisper-1', timeoutMs: env.STT_TIMEOUT_MS };
}

const providerLabel = (p: SttProvider) => `${p.model} at ${new URL(p.baseUrl).host}`;

/** Whether and how this server transcribes, for the page before the first upload. */
export function sttStatus(env: Env): SttStatus {
  const p = sttProvider(env);
  const offline = sphinxAvailability();
  if (p)
    return { available: true, engine: p.model, engineLabel: providerLabel(p), languages: 'the languages the provider recognises', limits: STT_PLAN_LIMITS };
  return {
    available: offline.ok,
    ...(offline.ok ? {} : { reason: offline.reason }),
    engine: 'offline',
    engineLabel: OFFLINE_LABEL,
    languages: 'English',
    limits: STT_PLAN_LIMITS,
  };
}

/** Refuse at once (503) when neither a provider nor the offline recogniser is there: the tool must not pretend. */
export function sttAvailable(ctx: ServerContext): void {
  const s = sttStatus(ctx.env);
  if (!s.available) throw new AppError('not_configured', `Speech to text ${s.reason ?? 'is not available on this server'}.`);
}

/** The limits of the caller's plan (staff: the largest). */
export function limitsFor(caller: ToolCall<unknown>['caller']): { tier: SttLimitTier; maxBytes: number; maxMinutes: number } {
  const tier: SttLimitTier = !caller.plan ? 'staff' : caller.plan.plan === 'agency' ? 'agency' : 'pro';
  return { tier, ...STT_PLAN_LIMITS[tier] };
}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The decoded audio of an upload, kept between pricing it and running the job (the same request). */
const decoded = new WeakMap<MediaFile, Extract<DecodedUpload, { ok: true }>>();

/**
 * What the request costs: its started minutes, from the decoded audio. Decoding here (in the pool) means a file that
 * is not audio, or is longer than any plan takes, is refused before anything is charged.
 */
export async function sttCost(_input: SttInput, file: MediaFile): Promise<MediaCost> {
  const mbs = file.bytes.length / 1024 / 1024;
  const out = await runEngine(
    'sttDecode',
    { bytes: new Uint8Array(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength), maxSeconds: STT_MAX_MINUTES * 60 },
    // compressed audio decodes at tens of times real time: 30 s plus 3 s per MB is generous on a busy server
    { label: 'The audio decoder', budgetMs: 30_000 + Math.ceil(mbs) * 3000 },
  );
  if (!out.ok && out.kind === 'too_long')
    throw new AppError(
      'payload_too_large',
      `This recording is longer than ${STT_MAX_MINUTES} minutes, the most Speech to Text takes in one file. Please split it.`,
    );
  if (!out.ok)
    throw new AppError(
      'unprocessable',
      `This file could not be decoded as audio (${out.message}). Upload an MP3, WAV, M4A, OGG or WebM recording, or record in the browser.`,
    );
  decoded.set(file, out);
  return { kind: 'audio', units: Math.max(1, Math.ceil(out.seconds / 60)) };
}

/** Recogniser runs at once in this process: one per core, at most two (each is a single-threaded process). */
const MAX_RUNNING = Math.max(1, Math.min(2, availableParallelism()));
let active = 0;
const waiting: (() => void)[] = [];

async function takeTurn(signal: AbortSignal): Promise<() => void> {
  if (active >= MAX_RUNNING) {
    await new Promise<void>((resolve, reject) => {
      const go = () => {
        signal.removeEventListener('abort', stop);
        resolve();
      };
      const stop = () => {
        waiting.splice(waiting.indexOf(go), 1);
        reject(signal.reason);
      };
      waiting.push(go);
      signal.addEventListener('abort', stop, { once: true });
    });
  }
  active++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    active--;
    waiting.shift()?.();
  };
}

/** The tool's run: check the plan's limits, then start the job and answer its id. */
export async function startTranscription(call: ToolCall<SttInput>): Promise<SttJobAnswer> {
  const file = call.file;
  const audio = file ? decoded.get(file) : undefined;
  if (!file || !audio) throw new AppError('bad_request', 'Choose an audio file to upload.');
  const user = call.caller.user;
  if (!user) throw new AppError('unauthorized', 'Please log in to use Speech to Text.');
  const limits = limitsFor(call.caller);
  const planName = call.caller.plan?.planName;
  if (file.bytes.length > limits.maxBytes)
    throw new AppError(
      'payload_too_large',
      `This file is ${mb(file.bytes.length)}; the ${planName ?? 'staff'} plan takes files up to ${mb(limits.maxBytes)}` +
        (limits.tier === 'pro' ? ' (Agency: 100 MB). Compressed audio (MP3, M4A) is much smaller than WAV.' : '.'),
    );
  if (audio.seconds > limits.maxMinutes * 60)
    throw new AppError(
      'payload_too_large',
      `This recording is ${Math.ceil(audio.seconds / 60)} minutes long; the ${planName ?? 'staff'} plan takes up to ${limits.maxMinutes} minutes per file.`,
    );
  if ((await runningJobsOf(call.ctx, user.id, STT_TOOL)) >= MAX_JOBS_PER_USER)
    throw new AppError('rate_limited', `You already have ${MAX_JOBS_PER_USER} transcriptions running. Please wait for one to finish.`);

  const hold = call.holdCharge();
  const jobId = await startJob(call.ctx, { userId: user.id, tool: STT_TOOL, hold, log: call.log, stage: 'Waiting for the recogniser' }, (report) =>
    transcribeJob(call.ctx, audio, report),
  );
  decoded.delete(file);
  return { jobId, status: 'running', durationSec: round2(audio.seconds), minutes: Math.max(1, Math.ceil(audio.seconds / 60)) };
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const minutesLabel = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/** The job: recognise the audio piece by piece and build the transcript. */
async function transcribeJob(
  ctx: ServerContext,
  audio: Extract<DecodedUpload, { ok: true }>,
  report: JobReport,
): Promise<{ result: Transcript; engine: string }> {
  const release = await takeTurn(report.signal);
  const dir = await mkdtemp(join(tmpdir(), 'veritext-stt-'));
  try {
    const total = audio.seconds;
    const progress = (done: number) => report.progress(done / total, `Transcribing: ${minutesLabel(done)} of ${minutesLabel(total)}`);
    await progress(0);
    const provider = sttProvider(ctx.env);
    let notice: string | undefined;
    if (provider) {
      try {
        const segments = await providerTranscript(provider, audio.pcm, audio.providerCuts, report.signal, progress);
        return { engine: provider.model, result: transcript(segments, provider.model, providerLabel(provider), total) };
      } catch (err) {
        if (!(err instanceof ProviderError) || !err.beforeFirstPiece || !sphinxAvailability().ok) throw err;
        notice = `The speech-to-text provider failed (${err.reason}), so the offline recogniser (English only) was used instead.`;
      }
    }
    const out = await transcribeOffline(audio.pcm, {
      tmpDir: dir,
      cuts: audio.offlineCuts,
      signal: report.signal,
      // at most 4× real time plus a minute, whatever the load: a stuck job ends and is refunded
      budgetMs: 60_000 + total * 4000,
      onProgress: (p) => progress(p.seconds),
    }).catch((err: unknown) => {
      if (err instanceof SphinxError) throw new AppError(err.kind === 'timeout' ? 'service_unavailable' : 'internal', sphinxMessage(err));
      throw err;
    });
    return { engine: OFFLINE_ENGINE, result: transcript(out.segments, 'offline', OFFLINE_LABEL, total, notice) };
  } finally {
    release();
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

function sphinxMessage(err: SphinxError): string {
  if (err.kind === 'timeout') return `The offline recogniser ran out of time (${err.message}). The server may be busy: please try again later.`;
  if (err.kind === 'unavailable') return `Speech to text ${err.message}.`;
  return `The offline recogniser failed (${err.message}). Nothing was charged; please try again.`;
}

function transcript(segments: Transcript['segments'], engine: string, engineLabel: string, durationSec: number, notice?: string): Transcript {
  const none = segments.length === 0 ? 'No speech was recognised in this recording.' : undefined;
  const notes = [notice, none].filter(Boolean).join(' ');
  return { segments, text: toTxt(segments).trim(), engine, engineLabel, durationSec: round2(durationSec), ...(notes ? { notice: notes } : {}) };
}

/** A provider call that failed; `reason` finishes a sentence ("it answered 500"). */
export class ProviderError extends AppError {
  constructor(
    code: 'upstream_failed' | 'upstream_timeout',
    readonly reason: string,
    readonly beforeFirstPiece: boolean,
  ) {
    super(code, `The speech-to-text provider failed: ${reason}. Nothing was charged; please try again.`);
  }
}

/** The part of OpenAI's verbose_json the transcript needs (whisper servers answer the same shape). */
const VerboseJson = z.object({
  text: z.string().default(''),
  segments: z
    .array(z.object({ start: z.coerce.number(), end: z.coerce.number(), text: z.string() }))
    .nullish()
    .transform((s) => s ?? []),
});

/** Largest provider answer read (a 5-minute piece's verbose_json is tens of KB). */
const PROVIDER_MAX_ANSWER = 8 * 1024 * 1024;

/** Transcribe through an OpenAI-compatible `POST /audio/transcriptions`, one WAV piece at a time. */
export async function providerTranscript(
  p: SttProvider,
  pcm: Pcm,
  cuts: number[],
  signal: AbortSignal,
  onProgress: (secondsDone: number) => Promise<void>,
): Promise<Transcript['segments']> {
  const segments: Transcript['segments'] = [];
  for (let i = 0; i < cuts.length - 1; i++) {
    signal.throwIfAborted();
    const [from, to] = [cuts[i], cuts[i + 1]];
    const offset = from / STT_SAMPLE_RATE;
    const fail = (code: 'upstream_failed' | 'upstream_timeout', reason: string) => new ProviderError(code, reason, i === 0);
    const form = new FormData();
    form.append('file', new Blob([wavSlice(pcm, from, to)], { type: 'audio/wav' }), `piece-${i + 1}.wav`);
    form.append('model', p.model);
    form.append('response_format', 'verbose_json');
    let res: Response;
    try {
      res = await fetch(`${p.baseUrl}/audio/transcriptions`, {
        method: 'POST',
        headers: p.apiKey ? { authorization: `Bearer ${p.apiKey}` } : {},
        body: form,
        signal: AbortSignal.any([signal, AbortSignal.timeout(p.timeoutMs)]),
      });
    } catch (err) {
      if (signal.aborted) throw err;
      if ((err as Error).name === 'TimeoutError') throw fail('upstream_timeout', `it took longer than ${Math.round(p.timeoutMs / 1000)} s`);
      throw fail('upstream_failed', 'it could not be reached');
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw fail('upstream_failed', `it answered ${res.status}`);
    }
    const raw = await res.text();
    if (raw.length > PROVIDER_MAX_ANSWER) throw fail('upstream_failed', 'its answer was too large');
    let body: z.infer<typeof VerboseJson>;
    try {
      body = VerboseJson.parse(JSON.parse(raw));
    } catch {
      throw fail('upstream_failed', 'its answer was not the verbose_json transcript asked for');
    }
    const pieceEnd = (to - from) / STT_SAMPLE_RATE;
    const got = body.segments
      .filter((s) => s.text.trim())
      .map((s) => ({
        start: round3(offset + clamp(s.start, 0, pieceEnd)),
        end: round3(offset + clamp(Math.max(s.end, s.start), 0, pieceEnd)),
        text: s.text.trim(),
      }));
    // a server that answers text without segments: the piece is one segment
    if (!got.length && body.text.trim()) got.push({ start: round3(offset), end: round3(offset + pieceEnd), text: body.text.trim() });
    segments.push(...got);
    await onProgress(to / STT_SAMPLE_RATE);
  }
  return segments;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Number.isFinite(x) ? x : lo));
