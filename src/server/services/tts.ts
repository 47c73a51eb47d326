/**
 * Text to speech. The text is cut into sentences (engines/tts speechPieces); each piece is spoken in turn and, when
 * the page streams, sent at once as a WAV chunk, so playback starts after the first sentence and memory holds one
 * piece at a time. A JSON answer (API callers, uploads) keeps the pieces and returns the whole file, WAV or MP3.
 *
 * Engines: the offline Flite voices, each piece a job in the engine worker pool (never on the event loop); or, when
 * TTS_BASE_URL is set, an OpenAI-compatible `/audio/speech` server with the same six voice names, asked for WAV a
 * paragraph or so at a time. A provider that fails before any audio was sent is replaced by the offline voices for
 * the whole request (with a notice); once audio has gone out, a failure ends the request (and refunds it).
 */
import { TTS_JSON_MAX_MINUTES, type TtsChunk, type TtsInput, type TtsResponse, type TtsStatus } from '../../shared/api/tts';
import { countWords } from '../../shared/limits';
import {
  concatPcm,
  decodeWav,
  encodeWav,
  estimateMinutes,
  groupPieces,
  OFFLINE_SAMPLE_RATE,
  PROVIDER_SAMPLE_RATE,
  resample,
  silence,
  speechPieces,
  WavFormatError,
  WORDS_PER_MINUTE,
  type Pcm,
  type SpeechPiece,
} from '../../engines/tts';
import type { Env } from '../env';
import { runEngine } from '../engine-pool';
import { AppError } from '../errors';
import type { ToolCall } from '../tool-route';
import { toolDisabledMessage } from '../../shared/settings';
import { getSettings } from './settings';
import * as throttle from './throttle';

/** Node's native base64 (the engines' portable one is for the page). */
const base64 = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('base64');

/** Characters per provider call: a paragraph or so (OpenAI accepts up to 4,096). */
const PROVIDER_CHUNK_CHARS = 1000;
/** A provider answer larger than this is refused (a minute of 24 kHz WAV is about 2.9 MB). */
const PROVIDER_MAX_BYTES = 32 * 1024 * 1024;

export interface TtsResult extends Omit<TtsResponse, 'text'> {
  /** for the usage event */
  engineName: string;
}

export interface TtsProvider {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

export function ttsProvider(env: Env): TtsProvider | null {
  if (!env.TTS_BASE_URL) return null;
  return { baseUrl: env.TTS_BASE_URL.replace(/\/+$/, ''), apiKey: env.TTS_API_KEY, model: env.TTS_MODEL ?? 'tts-1', timeoutMs: env.TTS_TIMEOUT_MS };
}

/** Whole minutes of audio a request is priced at (Audio Pack credit): the text at 150 words a minute, at its speed. */
export function audioMinutesOf(input: Pick<TtsInput, 'text' | 'speed'>): number {
  return Math.max(1, Math.ceil(estimateMinutes(countWords(input.text), input.speed || 1, WORDS_PER_MINUTE)));
}

const OFFLINE_LABEL = 'Offline (Flite)';
const providerLabel = (p: TtsProvider) => `${p.model} at ${new URL(p.baseUrl).host}`;

/** The engine requests are sent to (a provider's failure still falls back to offline per request). */
export function ttsStatus(env: Env): TtsStatus {
  const p = ttsProvider(env);
  return p ? { engine: p.model, engineLabel: providerLabel(p) } : { engine: 'offline', engineLabel: OFFLINE_LABEL };
}

export async function synthesizeSpeech(call: ToolCall<TtsInput>): Promise<TtsResult> {
  const { input, signal } = call;
  const pieces = speechPieces(input.text);
  if (!pieces.length) throw new AppError('unprocessable', 'There is nothing to read aloud in this text: it has no words or numbers.');
  const provider = ttsProvider(call.ctx.env);
  const keep = call.onDelta === null;
  // one JSON body holds the whole file: bounded, so a long text is streamed instead of held in memory
  if (keep && estimateMinutes(countWords(input.text), input.speed, WORDS_PER_MINUTE) > TTS_JSON_MAX_MINUTES)
    throw new AppError(
      'payload_too_large',
      `This text is about ${Math.round(estimateMinutes(countWords(input.text), input.speed, WORDS_PER_MINUTE))} minutes of speech; one JSON answer holds at most ${TTS_JSON_MAX_MINUTES} minutes. Ask for server-sent events (Accept: text/event-stream) to receive it sentence by sentence.`,
    );
  const kept: Int16Array[] = [];
  let sent = 0;
  let samples = 0;

  const run = async (plan: SpeechPiece[], rate: number, speak: (p: SpeechPiece) => Promise<Pcm>) => {
    for (let i = 0; i < plan.length; i++) {
      signal.throwIfAborted();
      const piece = plan[i];
      const pcm = resample(await speak(piece), rate);
      const pause = piece.paragraphEnd && i < plan.length - 1 ? silence(input.pauseMs, rate) : new Int16Array(0);
      const chunk = pause.length ? concatPcm([pcm.samples, pause]) : pcm.samples;
      samples += chunk.length;
      if (keep) kept.push(chunk);
      else {
        const body: TtsChunk = {
          index: i,
          total: plan.length,
          text: piece.text,
          paragraphEnd: piece.paragraphEnd,
          sampleRate: rate,
          seconds: chunk.length / rate,
          audio: base64(encodeWav({ sampleRate: rate, samples: chunk })),
        };
        call.onDelta!(JSON.stringify(body));
        sent++;
      }
    }
    return plan.length;
  };

  let engine = 'offline';
  let engineLabel = OFFLINE_LABEL;
  let rate = OFFLINE_SAMPLE_RATE;
  let notice: string | undefined;
  let chunks: number;
  const offline = (p: SpeechPiece) =>
    runEngine('ttsPiece', { text: p.text, voice: input.voice, speed: input.speed }, { signal, label: 'The speech synthesiser' });

  if (provider) {
    try {
      rate = PROVIDER_SAMPLE_RATE;
      chunks = await run(groupPieces(pieces, PROVIDER_CHUNK_CHARS), rate, (p) => providerSpeech(provider, p.text, input, signal));
      engine = provider.model;
      engineLabel = providerLabel(provider);
    } catch (err) {
      if (signal.aborted || !(err instanceof ProviderError)) throw err;
      call.log.warn({ reason: err.reason, sent }, 'speech provider failed');
      // once audio has been sent, switching voices mid-recording would be worse than failing (the charge is refunded)
      if (sent > 0) throw new AppError(err.code, `The speech provider failed part-way through (${err.reason}). Please try again.`);
      notice = `The speech provider failed (${err.reason}), so the offline voices were used instead.`;
      kept.length = 0;
      samples = 0;
      rate = OFFLINE_SAMPLE_RATE;
      chunks = await run(pieces, rate, offline);
    }
  } else {
    chunks = await run(pieces, rate, offline);
  }

  const result: TtsResult = {
    engine,
    engineName: engine === 'offline' ? 'offline:flite' : engine,
    engineLabel,
    voice: input.voice,
    speed: input.speed,
    pauseMs: input.pauseMs,
    sampleRate: rate,
    chunks,
    durationSeconds: Math.round((samples / rate) * 100) / 100,
    ...(notice ? { notice } : {}),
  };
  if (keep) {
    const pcm: Pcm = { sampleRate: rate, samples: concatPcm(kept) };
    kept.length = 0;
    const bytes =
      input.format === 'mp3'
        ? await runEngine('ttsMp3', pcm, { signal, label: 'The MP3 encoder', budgetMs: 20_000 + Math.ceil(pcm.samples.length / rate) * 100 })
        : encodeWav(pcm);
    result.audio = base64(bytes);
    result.format = input.format;
  }
  return result;
}

/** A provider call that failed; `reason` finishes a sentence ("it answered 500"). */
export class ProviderError extends AppError {
  constructor(
    code: 'upstream_failed' | 'upstream_timeout',
    readonly reason: string,
  ) {
    super(code, `The speech provider failed: ${reason}.`);
  }
}

/** One call of an OpenAI-compatible `POST /audio/speech`, answered as WAV. */
export async function providerSpeech(p: TtsProvider, text: string, input: Pick<TtsInput, 'voice' | 'speed'>, signal: AbortSignal): Promise<Pcm> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (p.apiKey) headers.authorization = `Bearer ${p.apiKey}`;
  let res: Response;
  try {
    res = await fetch(`${p.baseUrl}/audio/speech`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: p.model, input: text, voice: input.voice, response_format: 'wav', speed: input.speed }),
      signal: AbortSignal.any([signal, AbortSignal.timeout(p.timeoutMs)]),
    });
  } catch (err) {
    if (signal.aborted) throw err;
    if ((err as Error).name === 'TimeoutError') throw new ProviderError('upstream_timeout', `it took longer than ${Math.round(p.timeoutMs / 1000)} s`);
    throw new ProviderError('upstream_failed', 'it could not be reached');
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    throw new ProviderError('upstream_failed', `it answered ${res.status}`);
  }
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > PROVIDER_MAX_BYTES) {
    await res.body?.cancel().catch(() => {});
    throw new ProviderError('upstream_failed', 'its answer was too large');
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.length > PROVIDER_MAX_BYTES) throw new ProviderError('upstream_failed', 'its answer was too large');
  try {
    return decodeWav(bytes);
  } catch (err) {
    if (err instanceof WavFormatError) throw new ProviderError('upstream_failed', 'its answer was not WAV audio');
    throw err;
  }
}

/** What a voice preview says. */
export const PREVIEW_TEXT = (voice: string) => `Hello, I am ${voice[0].toUpperCase()}${voice.slice(1)}. This is how I sound reading your text.`;
/** Previews a client address may ask for a minute (they are not metered, so they are rate-limited). */
const PREVIEWS_PER_MINUTE = 30;
/** A preview is the same bytes every time for a given engine and voice: kept once spoken (6 voices, ~100 KB each). */
const previews = new Map<string, Uint8Array>();

/** A short WAV of `voice` saying PREVIEW_TEXT, with the configured provider if any, else offline. */
export async function previewVoice(ctx: ToolCall<unknown>['ctx'], voice: TtsInput['voice'], address: string, signal: AbortSignal): Promise<Uint8Array> {
  if ((await getSettings(ctx.db)).disabledTools.includes('text_to_speech')) throw new AppError('service_unavailable', toolDisabledMessage('Text to Speech'));
  const rate = await throttle.consume(ctx.db, `tts-preview:${address}`, PREVIEWS_PER_MINUTE, 60_000);
  if (!rate.ok)
    throw new AppError('rate_limited', 'Too many previews. Please wait a minute and try again.', undefined, { 'retry-after': String(rate.retryAfter) });
  const provider = ttsProvider(ctx.env);
  const key = `${provider ? provider.model : 'offline'}:${voice}`;
  const cached = previews.get(key);
  if (cached) return cached;
  const text = PREVIEW_TEXT(voice);
  let pcm: Pcm | null = null;
  if (provider) pcm = await providerSpeech(provider, text, { voice, speed: 1 }, signal).catch(() => null);
  // a provider that failed is not cached as its voice: the offline preview answers this time only
  const answeredBy = pcm ? key : `offline:${voice}`;
  pcm ??= await runEngine('ttsPiece', { text, voice, speed: 1 }, { signal, label: 'The speech synthesiser' });
  const wav = encodeWav(pcm);
  previews.set(answeredBy, wav);
  return wav;
}
